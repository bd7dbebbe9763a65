"""Scenario tests of the 狼人杀 ruleset (002), driven through the engine exactly as the QQ layer drives it:
`Game.new` + `apply(game, Input.make(...))`, with roles looked up in `game.state` after a seeded deal."""

from __future__ import annotations

import pytest
from werewolf_table import RULES, T0, Table, assert_no_role_leak, table

from plugins.bansha.engine import Ctx, Game, Input, Refusal, apply
from plugins.bansha.engine.core.phases import parse_options
from plugins.bansha.engine.game import ENDED
from plugins.werewolf import rules  # noqa: F401  # registers the ruleset
from plugins.werewolf.boards import BOARD_BY_NAME, BOARDS
from plugins.werewolf.terms import DAY, HUNTER, LAST_WORDS, NIGHT, PK, WITCH


def test_boards_cover_6_to_18_and_include_the_12_player_board():
    # issue 4 (the classic set) extended the head counts from 6–12 to 6–18 (002: 通常的版本需要8-18人参与)
    assert {n for b in BOARDS for n in b.sizes} == set(range(6, 19))
    for b in BOARDS:
        for n in b.sizes:
            assert len(b.deck(n)) == n + b.spares
        assert b.has("狼人") and b.has("平民") and b.has("预言家")
    yunv = BOARD_BY_NAME["12人预女猎白"]
    assert sorted(yunv.deck()) == sorted(["狼人"] * 4 + ["平民"] * 4 + ["预言家", "女巫", "猎人", "白痴"])


def test_check_players_and_max_players():
    assert RULES.check_players({}, 5) and "6 到 18" in RULES.check_players({}, 5)
    assert RULES.check_players({}, 19)
    for n in range(6, 19):
        assert RULES.check_players({}, n) is None
    assert "12 人" in RULES.check_players({"板子": "12人预女猎白"}, 9)
    assert RULES.check_players({"板子": "9人预女守"}, 9) is None
    assert RULES.max_players({}) == 18
    assert RULES.max_players({"板子": "7人预女猎"}) == 7


def test_start_refused_when_head_count_does_not_fit_the_board():
    game = Game.new(1, RULES, group=1, owner=1, seed=1, options={"板子": "12人预女猎白"})
    for i in range(1, 10):
        apply(game, Input.make("join", 1000 + i, T0, name=f"P{i}"))
    with pytest.raises(Refusal) as err:
        apply(game, Input.make("start", 1, T0))
    assert "12人预女猎白" in err.value.message and "9 人" in err.value.message
    # sign-up is capped by the board
    game = Game.new(2, RULES, group=1, owner=1, seed=1, options={"板子": "6人预女"})
    for i in range(1, 7):
        apply(game, Input.make("join", 1000 + i, T0, name=f"P{i}"))
    with pytest.raises(Refusal):
        apply(game, Input.make("join", 2000, T0, name="late"))


def test_options_parse_with_the_declared_specs():
    opts = parse_options(["板子=9人预女守", "查验结果=身份", "PK=开", "夜晚=90s"], list(RULES.options))
    assert opts["板子"] == "9人预女守" and opts["查验结果"] == "身份" and opts["PK"] is True and opts["夜晚"] == 90
    with pytest.raises(Refusal):
        parse_options(["板子=13人"], list(RULES.options))
    with pytest.raises(Refusal):
        parse_options(["查验结果=颜色"], list(RULES.options))


def test_deal_default_board_by_head_count_and_private_role_messages():
    t = Table(9, seed=3)
    assert t.state.board == "9人预女猎"
    assert sorted(t.state.roles[1:]) == sorted(BOARD_BY_NAME["9人预女猎"].deck())
    for s in range(1, 10):
        role_msgs = [e for e in t.events if e.tag == "role"]
        mine = [e for e in role_msgs if e.audience.seat == s]
        assert len(mine) == 1 and f"【{t.state.roles[s]}】" in mine[0].text
    assert all(e.audience.kind == "seat" for e in t.events if e.tag == "role")
    wolf = t.one("狼人")
    intro = next(e.text for e in t.events if e.tag == "role" and e.audience.seat == wolf)
    for mate in t.who("狼人"):
        if mate != wolf:
            assert f"{mate}号" in intro
    assert t.phase == NIGHT and t.state.day == 1
    assert RULES.phase_label(t.state) == "第1夜"
    assert_no_role_leak(t)


def test_same_seed_same_deal():
    assert Table(9, seed=42).state.roles == Table(9, seed=42).state.roles
    assert any(Table(9, seed=42).state.roles != Table(9, seed=s).state.roles for s in range(43, 50))


# --- wolves ----------------------------------------------------------------------------------


def test_wolves_kill_by_majority_and_each_proposal_goes_to_the_other_wolves():
    t = table("9人预女猎", seed=1)
    w1, w2, w3 = t.who("狼人")
    a, b = t.good()[:2]
    t.act(t.one("预言家"), "查验", w1)
    ev = t.act(w1, "杀人", a)
    team = [e for e in ev if e.audience.kind == "team"]
    assert len(team) == 1 and team[0].audience.team == "狼群" and set(team[0].audience.members) == {w2, w3}
    assert f"选择杀 {a}号" in team[0].text
    assert not t.group_text(ev)
    t.act(w2, "杀人", b)
    t.act(w3, "杀人", a)
    assert t.phase == WITCH and t.state.kill == a
    t.pass_(t.one("女巫"))
    assert t.phase in (LAST_WORDS, DAY)
    assert not t.state.alive[a] and t.state.alive[b]
    dawn = t.group_text()
    assert f"{a}号 P{a}" in dawn and "狼人" not in dawn and "杀害" not in dawn
    assert t.state.fates[a] == "第1夜被狼人杀害"
    assert f"第1夜 狼人决定杀害 {a}号" in t.judge_text()
    assert_no_role_leak(t)


def test_wolves_tie_goes_to_the_most_recent_choice_and_a_wolf_may_change():
    t = table("9人预女猎", seed=2)
    w1, w2, w3 = t.who("狼人")
    a, b = t.good()[:2]
    t.act(w1, "杀人", a)
    t.act(w2, "杀人", b)
    t.act(w1, "杀人", b)  # a change: w1 now also picks b
    t.act(w1, "杀人", a)  # and back: a 1, b 1 -> the most recent of the tied is a
    t.pass_(w3)  # passing adds no weight
    t.finish(NIGHT)
    assert t.phase == WITCH and t.state.kill == a
    team = [e.text for e in t.last if e.audience.kind == "team"]
    assert team == [f"【狼群】今晚的决定：杀害 {a}号 P{a}。"]


def test_all_wolves_passing_is_a_peaceful_night():
    t = table("9人预女猎", seed=3)
    t.act(t.one("预言家"), "查验", t.one("平民"))
    t.wolves_kill(None)
    assert t.phase == WITCH and t.state.kill == 0
    assert "今晚狼人没有杀人" in t.seat_text(t.one("女巫"))
    t.pass_(t.one("女巫"))
    assert "平安夜" in t.group_text() and len(t.state.living()) == 9


def test_a_wolf_who_passes_withdraws_its_choice():
    t = table("9人预女猎", seed=4)
    w1, w2, w3 = t.who("狼人")
    a = t.good()[0]
    t.act(w1, "杀人", a)
    t.pass_(w1)
    assert w1 not in t.state.wolf_choice
    assert t.refused("pass", w1, skill="").startswith("你已经放弃")
    t.pass_(w2)
    t.pass_(w3)
    t.finish(NIGHT)
    assert t.phase == WITCH and t.state.kill == 0


def test_wolves_cannot_pick_a_wolf_and_only_living_wolves_chat():
    t = table("9人预女猎", seed=5)
    w1, w2, w3 = t.who("狼人")
    assert "狼队友" in t.refused_act(w1, "杀人", w2)
    ev = t.chat(w1, "刀5号？")
    team = [e for e in ev if e.audience.kind == "team"]
    assert team and set(team[0].audience.members) == {w2, w3} and "刀5号？" in team[0].text
    assert not t.group_text(ev)
    villager = t.one("平民")
    assert "没有可以聊天" in t.refused("chat", villager, text="hi")
    # a dead wolf is out of the channel: exile w3 on day 1
    t.night(kill=None)
    t.skip_words()
    t.day_vote(w3)
    t.skip_words()
    assert not t.state.alive[w3]
    assert "出局的狼人" in t.refused("chat", w3, text="hi")
    ev = t.chat(w1, "还在")
    assert {m for e in ev if e.audience.kind == "team" for m in e.audience.members} == {w2}


# --- seer -------------------------------------------------------------------------------------


def test_seer_learns_good_or_wolf_privately_and_the_judge_logs_it():
    t = table("9人预女猎", seed=6)
    seer, wolf = t.one("预言家"), t.one("狼人")
    ev = t.act(seer, "查验", wolf)
    assert [e.audience.kind for e in ev if e.tag == "check"] == ["seat"]
    assert f"{wolf}号 P{wolf} 是【狼人】" in t.seat_text(seer, ev)
    assert not t.group_text(ev)
    assert f"第1夜 {seer}号 P{seer}（预言家）查验 {wolf}号 P{wolf}：狼人" in t.judge_text()
    assert "你今晚已经行动过" in t.refused_act(seer, "验", wolf)
    t.night(kill=None)
    t.skip_words()
    t.day_vote("弃权")
    villager = t.one("平民")
    ev = t.act(seer, "预言", villager)
    assert "是【好人】" in t.seat_text(seer, ev)
    assert f"第1夜 {wolf}号：狼人" in RULES.role_text(t.state, seer)


def test_seer_role_mode_option():
    t = table("9人预女猎", seed=6, 查验结果="身份")
    seer, witch = t.one("预言家"), t.one("女巫")
    ev = t.act(seer, "查验", witch)
    assert "是【女巫】" in t.seat_text(seer, ev)


# --- witch ------------------------------------------------------------------------------------


def test_witch_learns_the_target_and_saves():
    t = table("9人预女猎", seed=7)
    witch = t.one("女巫")
    a = [s for s in t.good() if s != witch][0]
    t.wolves_kill(a)
    t.finish(NIGHT)
    assert t.phase == WITCH
    assert f"今晚被狼人杀害的是 {a}号" in t.seat_text(witch)
    assert "女巫" in RULES.phase_label(t.state)
    assert not any(f"{a}号" in e.text for e in t.last if e.audience.kind == "group")
    t.act(witch, "救药")
    assert t.state.alive[a] and "平安夜" in t.group_text()
    assert f"第1夜 {witch}号 P{witch}（女巫）使用灵药救 {a}号 P{a}" in t.judge_text()


def test_witch_poison_kills_and_the_guard_does_not_stop_it():
    t = table("9人预女守", seed=8)
    witch, guard = t.one("女巫"), t.one("守卫")
    a = [s for s in t.good() if s not in (witch, guard)][0]
    t.act(guard, "守护", a)
    t.act(t.one("预言家"), "查验", a)
    t.wolves_kill(None)
    assert t.phase == WITCH
    t.act(witch, "毒", a)
    assert not t.state.alive[a] and t.state.fates[a] == "第1夜被女巫毒死"
    assert "毒" not in t.group_text()


def test_witch_uses_at_most_one_potion_a_night_and_each_once_a_game():
    t = table("9人预女猎", seed=9)
    witch = t.one("女巫")
    a, b = [s for s in t.good() if s != witch][:2]
    t.wolves_kill(a)
    t.finish(NIGHT)
    t.act(witch, "灵药", a)
    # the save closed her turn: night over
    t.skip_words()
    assert t.phase == DAY
    t.day_vote("弃权")
    t.wolves_kill(b)
    t.finish(NIGHT)
    assert t.phase == WITCH
    assert "使用次数已经用完" in t.refused_act(witch, "灵药")
    t.act(witch, "毒药", t.one("狼人"))
    assert not t.state.alive[b]


def test_witch_cannot_use_both_potions_in_one_night():
    # 论坛 tempo keeps the witch's sub-phase open after her first potion, so she can try the second
    t = table("9人预女猎", seed=10, 节奏="论坛", 开门="00:00")
    witch = t.one("女巫")
    a = [s for s in t.good() if s != witch][0]
    t.wolves_kill(a)
    t.deadline()
    assert t.phase == WITCH
    t.act(witch, "救", a)
    assert t.phase == WITCH
    assert "每晚只能用一瓶药" in t.refused_act(witch, "毒药", t.one("狼人"))
    assert "使用次数已经用完" in t.refused_act(witch, "灵药", a)


def test_witch_self_save_forbidden_on_a_board_with_a_guard():
    t = table("9人预女守", seed=11)
    witch, guard = t.one("女巫"), t.one("守卫")
    t.act(guard, "守护", guard)
    t.wolves_kill(witch)
    t.finish(NIGHT)
    assert "不能自救" in t.seat_text(witch)
    assert "不能自救" in t.refused_act(witch, "灵药")
    assert "不能自救" in t.refused_act(witch, "灵药", witch)
    t.act(witch, "毒药", t.one("狼人"))  # she may still poison
    assert not t.state.alive[witch]


def test_witch_self_save_allowed_without_a_guard():
    t = table("9人预女猎", seed=11)
    witch = t.one("女巫")
    t.wolves_kill(witch)
    t.finish(NIGHT)
    t.act(witch, "灵药", witch)
    assert t.state.alive[witch]


def test_witch_is_not_told_the_target_after_using_the_save():
    t = table("9人预女猎", seed=12)
    witch = t.one("女巫")
    a, b = [s for s in t.good() if s != witch][:2]
    t.night(kill=a, save=True)
    t.skip_words()
    t.day_vote("弃权")
    t.wolves_kill(b)
    t.finish(NIGHT)
    assert t.phase == WITCH
    msg = t.seat_text(witch)
    assert "不再得知" in msg and f"{b}号" not in msg
    assert "今晚狼人杀害的是" not in RULES.role_text(t.state, witch)
    assert not t.state.witch_told
    t.pass_(witch)
    assert not t.state.alive[b]


def test_witch_phase_runs_to_its_deadline_when_the_witch_is_dead():
    t = table("9人预女猎", seed=13)
    witch = t.one("女巫")
    t.night(kill=witch)
    t.skip_words()
    t.day_vote("弃权")
    t.act(t.one("预言家"), "查验", t.one("狼人"))
    t.wolves_kill(t.living("平民")[0])
    assert t.phase == WITCH  # entered even with a dead witch, so the table cannot tell
    assert not RULES.pending(t.state) and RULES.keep_open(t.state)
    t.deadline()
    assert t.phase != WITCH


# --- guard ------------------------------------------------------------------------------------


def test_guard_blocks_the_kill_and_cannot_guard_the_same_seat_two_nights_running():
    t = table("9人预女守", seed=14)
    guard, witch = t.one("守卫"), t.one("女巫")
    a = [s for s in t.good() if s not in (guard, witch)][0]
    t.act(guard, "守", a)
    t.wolves_kill(a)
    t.finish(NIGHT)
    assert f"今晚被狼人杀害的是 {a}号" in t.seat_text(witch)  # she learns the target, not the guard
    t.pass_(witch)
    assert t.state.alive[a] and "平安夜" in t.group_text()
    t.skip_words()
    t.day_vote("弃权")
    assert "不能连续两晚守护同一个人" in t.refused_act(guard, "守护", a)
    t.act(guard, "守护", guard)  # self is allowed
    t.night(kill=None)
    t.skip_words()
    t.day_vote("弃权")
    t.act(guard, "守护", a)  # a night in between: allowed again


def test_guard_may_guard_again_after_a_night_without_guarding():
    t = table("9人预女守", seed=15)
    guard = t.one("守卫")
    a = t.one("平民")
    t.act(guard, "守护", a)
    t.night(kill=None)
    t.skip_words()
    t.day_vote("弃权")
    t.pass_(guard)
    t.night(kill=None)
    t.skip_words()
    t.day_vote("弃权")
    t.act(guard, "守护", a)
    assert t.state.guarded == a


def test_guarded_and_saved_seat_still_dies():
    t = table("9人预女守", seed=16)
    guard, witch = t.one("守卫"), t.one("女巫")
    a = [s for s in t.good() if s not in (guard, witch)][0]
    t.act(guard, "守护", a)
    t.wolves_kill(a)
    t.finish(NIGHT)
    t.act(witch, "灵药")
    assert not t.state.alive[a]
    assert t.state.fates[a] == "第1夜被狼人杀害（同守同救）"
    assert "同守同救" in t.judge_text() and "同守同救" not in t.group_text(t.events)


# --- hunter -------------------------------------------------------------------------------------


def test_hunter_killed_by_wolves_shoots_and_the_shot_player_leaves_last_words():
    t = table("9人预女猎", seed=17)
    hunter = t.one("猎人")
    t.night(kill=hunter)
    assert t.phase == LAST_WORDS and t.state.speakers == [hunter]  # first night: 遗言 first
    t.say_last_words(hunter, "我是猎人")
    assert t.phase == HUNTER and RULES.pending(t.state) == {hunter}
    assert "开枪" in t.seat_text(hunter)
    target = t.one("狼人")
    ev = t.act(hunter, "枪", target)
    assert not t.state.alive[target] and t.state.fates[target] == "第1天被猎人枪杀"
    assert f"{hunter}号 P{hunter} 发动猎人技能，开枪带走了 {target}号 P{target}" in t.group_text(ev)
    assert t.phase == LAST_WORDS and t.state.speakers == [target]
    t.say_last_words(target, "唉")
    assert t.phase == DAY
    assert "只能在猎人开枪使用" in t.refused_act(hunter, "开枪", t.one("平民"))
    assert "你已经开过枪了" in RULES.role_text(t.state, hunter)


def test_hunter_exiled_by_vote_shoots():
    t = table("9人预女猎", seed=18)
    hunter = t.one("猎人")
    t.night(kill=None)
    t.skip_words()
    t.day_vote(hunter)
    assert t.phase == LAST_WORDS and t.state.speakers == [hunter]
    t.pass_(hunter)
    assert t.phase == HUNTER
    villager = t.one("平民")
    t.act(hunter, "开枪", villager, via="group")
    assert not t.state.alive[villager]
    t.skip_words()
    assert t.phase == NIGHT


def test_hunter_may_pass_and_cannot_shoot_outside_his_phase():
    t = table("9人预女猎", seed=19)
    hunter = t.one("猎人")
    assert "只能在猎人开枪使用" in t.refused_act(hunter, "开枪", t.one("狼人"))
    t.night(kill=None)
    t.skip_words()
    t.day_vote(hunter)
    assert t.phase == LAST_WORDS
    t.pass_(hunter)  # no last words
    assert t.phase == HUNTER
    t.pass_(hunter)  # no shot
    assert t.phase == NIGHT and len(t.state.living()) == 8


def test_poisoned_hunter_cannot_shoot():
    t = table("9人预女猎", seed=20)
    hunter, witch = t.one("猎人"), t.one("女巫")
    t.night(kill=hunter, poison=hunter)
    assert not t.state.alive[hunter]
    assert "被女巫毒死" in t.state.fates[hunter]
    assert "不能开枪" in t.seat_text(hunter)
    assert t.phase == LAST_WORDS  # first night: 遗言 ...
    t.deadline()
    assert t.phase == DAY  # ... but no shot
    assert not any("猎人开枪" in e.text for e in t.events if e.audience.kind == "group")
    assert f"第1夜 {witch}号 P{witch}（女巫）使用毒药毒 {hunter}号 P{hunter}" in t.judge_text()


def test_hunter_poisoned_on_a_later_night_gets_no_phase():
    t = table("9人预女猎", seed=21)
    hunter = t.one("猎人")
    t.night(kill=None)
    t.skip_words()
    t.day_vote("弃权")
    t.night(kill=None, poison=hunter)
    assert t.phase == DAY and not t.state.alive[hunter]


# --- idiot --------------------------------------------------------------------------------------


def test_idiot_survives_the_vote_then_cannot_vote_and_dies_on_a_second_exile():
    t = table("10人预女猎白", seed=22)
    idiot = t.one("白痴")
    t.night(kill=None)
    t.skip_words()
    ev_before = len(t.events)
    t.day_vote(idiot)
    reveal = [e for e in t.events[ev_before:] if e.tag == "reveal"]
    assert reveal and "白痴" in reveal[0].text and reveal[0].audience.kind == "group"
    assert t.state.alive[idiot] and t.state.revealed(idiot)
    assert t.phase == NIGHT  # no last words: he did not leave
    assert "已翻牌的白痴" in RULES.public_status(t.state)
    t.night(kill=None)
    t.skip_words()
    assert idiot not in RULES.pending(t.state)
    assert "不能投票" in t.refused("act", idiot, skill="投票", words=("1",), via="group", reason="")
    assert "翻牌" in RULES.role_text(t.state, idiot)
    t.day_vote(idiot)
    assert not t.state.alive[idiot] and t.state.fates[idiot] == "第2天被投票放逐"
    assert_no_role_leak(t)


def test_idiot_killed_at_night_just_dies():
    t = table("10人预女猎白", seed=23)
    idiot = t.one("白痴")
    t.night(kill=idiot)
    assert not t.state.alive[idiot]


# --- day: votes, ties, PK -----------------------------------------------------------------------


def test_votes_are_public_with_reasons_and_changes_follow_the_option():
    t = table("9人预女猎", seed=24, 改票次数=1)
    t.night(kill=None)
    t.skip_words()
    assert t.phase == DAY and "/改票 可改 1 次" in t.group_text()
    a, b, c = 1, 2, 3
    ev = t.vote(a, b, reason="发言很怪")
    assert f"{a}号 P{a} 投票：{b}号 P{b}，理由：发言很怪" in t.group_text(ev)
    ev = t.act(a, "改票", c, via="group")
    assert f"{a}号 P{a} 改票：{c}号 P{c}" in t.group_text(ev)
    assert "改过 1 次" in t.refused_act(a, "改票", b, via="group")
    assert "还没有投票" in t.refused_act(b, "改票", a, via="group")
    ev = t.vote(b, "弃权")
    assert f"{b}号 P{b} 投票：弃权" in t.group_text(ev)
    assert f"{a}号 P{a} 投票 {b}号 P{b}，理由：发言很怪" in t.judge_text()
    # quick tempo default: a new vote simply replaces the old one
    t2 = table("9人预女猎", seed=24)
    t2.night(kill=None)
    t2.skip_words()
    t2.vote(a, b)
    t2.vote(a, c)
    t2.act(a, "改票", b, via="group")
    assert t2.state.box.votes[a] == b


def test_vote_by_pm_and_a_judge_proxy_vote_are_announced_in_the_group():
    t = table("9人预女猎", seed=24)
    t.night(kill=None)
    t.skip_words()
    ev = t.act(1, "投票", 2, via="pm")
    assert "1号 P1 投票：2号 P2" in t.group_text(ev)
    ev = t.send("act", t.qq(3), skill="投票", words=("2",), via="group", reason="", proxy=True, judge=1)
    assert "【代投】3号 P3 投票：2号 P2" in t.group_text(ev)


def test_most_votes_is_exiled_and_the_tally_is_published():
    t = table("9人预女猎", seed=25)
    t.night(kill=None)
    t.skip_words()
    votes = {s: (2 if s != 2 else 3) for s in range(1, 10)}
    t.day_vote(votes)
    text = t.group_text(t.events[-30:])
    assert "计票：2号 P2：8票；3号 P3：1票" in text
    assert not t.state.alive[2] and t.state.fates[2] == "第1天被投票放逐"


def test_tie_exiles_nobody_by_default():
    t = table("9人预女猎", seed=26)
    t.night(kill=None)
    t.skip_words()
    votes = {s: (1 if s <= 4 else 2 if s <= 8 else 0) for s in range(1, 10)}
    votes = {s: ("弃权" if v == 0 else v) for s, v in votes.items()}
    t.day_vote(votes)
    assert "平票，今天无人被放逐" in t.group_text(t.events[-30:])
    assert len(t.state.living()) == 9 and t.phase == NIGHT


def test_pk_option_revotes_between_the_tied_and_a_second_tie_exiles_nobody():
    t = table("9人预女猎", seed=27, PK=True)
    t.night(kill=None)
    t.skip_words()
    votes = {s: (1 if s <= 4 else 2 if s <= 8 else "弃权") for s in range(1, 10)}
    t.day_vote(votes)
    assert t.phase == PK and t.state.candidates == [1, 2]
    assert RULES.pending(t.state) == set(range(3, 10))
    assert "PK 的候选人" in t.refused("act", 1, skill="投票", words=("2",), via="group", reason="")
    assert "PK 只能投给" in t.refused("act", 3, skill="投票", words=("4",), via="group", reason="")
    t.day_vote({s: (1 if s % 2 else 2) for s in range(3, 10)})  # 1 gets 3,5,7,9 -> 4 votes; 2 gets 3
    assert not t.state.alive[1]
    # a second PK that ties
    t2 = table("9人预女猎", seed=27, PK=True)
    t2.night(kill=None)
    t2.skip_words()
    t2.day_vote({s: (1 if s <= 4 else 2 if s <= 8 else "弃权") for s in range(1, 10)})
    t2.day_vote({3: 1, 4: 2, 5: "弃权", 6: "弃权", 7: "弃权", 8: "弃权", 9: "弃权"})
    t2.finish(PK)
    assert len(t2.state.living()) == 9 and t2.phase == NIGHT


def test_day_closes_early_when_everyone_voted_else_at_the_deadline():
    t = table("9人预女猎", seed=28)
    t.night(kill=None)
    t.skip_words()
    for s in range(1, 9):
        t.vote(s, "弃权")
    assert t.phase == DAY and RULES.pending(t.state) == {9}
    t.vote(9, "弃权")
    assert t.phase == NIGHT
    t.night(kill=None)
    t.skip_words()
    t.vote(1, 2)
    t.deadline()
    assert "未投票 2号、3号、4号" in t.judge_text()
    assert not t.state.alive[2]


def test_night_closes_early_once_every_night_role_acted():
    t = table("9人预女猎", seed=29)
    t.act(t.one("预言家"), "查验", t.one("平民"))
    assert t.phase == NIGHT
    t.wolves_kill(t.one("平民"))
    assert t.phase == WITCH


def test_night_runs_to_its_deadline_when_the_seer_is_dead():
    t = table("9人预女猎", seed=30)
    seer = t.one("预言家")
    t.night(kill=seer)
    t.skip_words()
    t.day_vote("弃权")
    t.wolves_kill(t.one("平民"))
    assert t.phase == NIGHT and not RULES.pending(t.state) and RULES.keep_open(t.state)
    t.deadline()
    assert t.phase == WITCH


# --- last words ---------------------------------------------------------------------------------


def test_last_words_for_the_first_night_and_for_the_exiled_only():
    t = table("9人预女猎", seed=31)
    a, b = t.one("平民"), t.who("平民")[1]
    t.night(kill=a)
    assert t.phase == LAST_WORDS and t.state.speakers == [a]
    assert "不是你发表遗言" in t.refused("lastwords", b, text="我也想说")
    ev = t.say_last_words(a, "[CQ:at,qq=all] 我是好人")
    assert "【遗言】" in t.group_text(ev) and "我是好人" in t.group_text(ev)
    assert t.phase == DAY  # early close once said
    assert "不是你发表遗言" in t.refused("lastwords", a, text="再说一句")
    t.day_vote(b)
    assert t.phase == LAST_WORDS and t.state.speakers == [b]
    t.deadline()  # silence is allowed
    assert t.phase == NIGHT
    c = t.one("预言家")
    t.night(kill=c)
    assert t.phase == DAY and not t.state.alive[c]  # a later night's dead: no 遗言
    assert "不是你发表遗言" in t.refused("lastwords", c, text="说")


# --- wins (屠边) -------------------------------------------------------------------------------------


def test_good_wins_when_every_wolf_is_out():
    t = table("6人预女", seed=32)
    w1, w2 = t.who("狼人")
    t.night(kill=None, poison=w1)
    assert t.game.status != ENDED
    t.skip_words()
    t.day_vote(w2)
    assert t.game.status == ENDED
    assert t.game.outcome.winner == "好人阵营" and set(t.game.outcome.seats) == set(
        t.who("平民") + t.who("预言家") + t.who("女巫")
    )
    end = [e.text for e in t.last if e.tag == "end"]
    assert any("好人阵营获胜" in x for x in end) and any("演员表" in x for x in end)


def test_wolves_win_when_every_villager_is_out():
    t = table("6人预女", seed=33)
    v1, v2 = t.who("平民")
    t.night(kill=v1)
    t.skip_words()
    t.day_vote(v2)
    assert t.game.status == ENDED and t.game.outcome.winner == "狼人阵营"
    assert "平民全部出局" in t.game.outcome.text
    assert set(t.game.outcome.seats) == set(t.who("狼人"))


def test_wolves_win_when_every_god_is_out():
    t = table("6人预女", seed=34)
    seer, witch = t.one("预言家"), t.one("女巫")
    t.night(kill=seer)
    t.skip_words()
    t.day_vote(witch)
    assert t.game.status == ENDED and t.game.outcome.winner == "狼人阵营"
    assert "神民全部出局" in t.game.outcome.text


def test_both_sides_out_in_the_same_night_is_a_wolf_win():
    t = table("6人预女", seed=35)
    w1, w2 = t.who("狼人")
    v1, v2 = t.who("平民")
    t.night(kill=v1)
    t.skip_words()
    t.day_vote(w1)
    assert t.game.status != ENDED
    t.skip_words()
    t.night(kill=v2, poison=w2)
    assert t.game.status == ENDED
    assert t.game.outcome.winner == "狼人阵营" and "同时" in t.game.outcome.text


def test_the_game_ends_at_once_and_a_hunter_whose_death_ends_it_does_not_shoot():
    t = table("7人预女猎", seed=36)
    seer, witch, hunter = t.one("预言家"), t.one("女巫"), t.one("猎人")
    t.night(kill=seer, poison=None)
    t.skip_words()
    t.day_vote(witch)
    t.skip_words()
    assert t.game.status != ENDED
    t.night(kill=hunter)
    assert t.game.status == ENDED and t.game.outcome.winner == "狼人阵营"


# --- refusals leave everything unchanged ------------------------------------------------------------


def test_refusals_change_nothing():
    t = table("9人预女守", seed=37)
    seer, guard, witch = t.one("预言家"), t.one("守卫"), t.one("女巫")
    villager, wolf = t.one("平民"), t.one("狼人")
    assert "不能以自己为目标" in t.refused_act(seer, "查验", seer)
    assert "没有名为「查验」" in t.refused_act(villager, "查验", seer)  # not your skill
    assert "只能在女巫行动使用" in t.refused_act(witch, "毒药", wolf)  # wrong phase
    assert "只能在白天" in t.refused_act(villager, "投票", wolf, via="group")
    assert "私聊" in t.refused_act(seer, "查验", wolf, via="group")  # a night skill in the group
    assert "找不到" in t.refused_act(seer, "查验", "nobody")
    assert "找不到" in t.refused_act(seer, "查验", 99)
    assert "只能在女巫行动使用" in t.refused_act(witch, "灵药")
    assert "你现在没有需要放弃" in t.refused("pass", villager, skill="")
    assert "不是你发表遗言的时间" in t.refused("lastwords", villager, text="x")
    assert "没有可以聊天" in t.refused("chat", seer, text="x")
    t.act(guard, "守护", villager)
    t.wolves_kill(villager)
    t.finish(NIGHT)
    t.pass_(witch)
    t.skip_words()
    t.day_vote({s: (wolf if s != wolf else villager) for s in t.state.living()})
    t.skip_words()
    assert not t.state.alive[wolf]
    assert "已经出局" in t.refused_act(seer, "查验", wolf)  # dead target
    assert "已经出局" in t.refused_act(wolf, "杀人", villager)  # dead actor
    assert "不是你发表遗言的时间" in t.refused("lastwords", wolf, text="迟到的遗言")
    assert "不是这局游戏的玩家" in t.refused("act", 50, skill="查验", words=("1",), via="pm", reason="")


def test_wrong_phase_night_skill_by_day():
    t = table("9人预女猎", seed=38)
    t.night(kill=None)
    t.skip_words()
    assert "只能在夜晚使用" in t.refused_act(t.one("预言家"), "查验", t.one("狼人"))


# --- red card, status, role text, cast -------------------------------------------------------------


def red_card(t: Table, seat: int):
    return t.send("judge", 1, sub="红牌", target=str(seat), reason="辱骂")


def test_red_card_removes_a_seat_without_words_or_skills():
    t = table("9人预女猎", seed=39)
    seer, hunter = t.one("预言家"), t.one("猎人")
    ev = red_card(t, seer)
    assert not t.state.alive[seer] and t.state.fates[seer] == "第1夜被法官罚下"
    assert all("预言家" not in e.text for e in ev if e.audience.kind == "group")
    assert "已经出局" in t.refused_act(seer, "查验", 1)
    t.night(kill=None)
    assert t.phase == DAY  # no 遗言 for the red-carded seat, even on the first night
    # a hunter red-carded alive never gets his shot
    red_card(t, hunter)
    assert not t.state.alive[hunter] and t.phase == DAY
    t.day_vote("弃权")
    assert t.phase == NIGHT


def test_red_card_on_a_dead_hunter_in_his_shot_phase_cancels_the_shot():
    # the platform only sends living seats off, but the hook itself strips a dead seat's pending 遗言 and shot
    t = table("9人预女猎", seed=39)
    hunter = t.one("猎人")
    t.night(kill=None)
    t.skip_words()
    t.day_vote(hunter)
    t.pass_(hunter)
    assert t.phase == HUNTER
    ctx = Ctx(t.game, RULES, t.clock)
    RULES.remove(ctx, t.state, hunter, "被红牌罚下")
    assert not RULES.pending(t.state)
    assert t.state.fates[hunter] == "第1天被投票放逐"  # already out: the fate stays


def test_two_red_cards_in_one_faction_lose_with_the_option():
    t = table("9人预女猎", seed=39, 红牌判负=True)
    w1, w2, _ = t.who("狼人")
    red_card(t, w1)
    assert t.game.status != ENDED
    red_card(t, w2)
    assert t.game.status == ENDED and t.game.outcome.winner == "好人阵营"


def test_role_text_cast_and_public_status():
    t = table("9人预女猎", seed=40)
    wolf, witch = t.one("狼人"), t.one("女巫")
    text = RULES.role_text(t.state, wolf)
    assert "狼人" in text and all(f"{m}号" in text for m in t.who("狼人") if m != wolf)
    assert "灵药：未使用" in RULES.role_text(t.state, witch)
    help_text = RULES.help_text(t.state, witch)
    assert "灵药" in help_text and "毒药" in help_text
    a = [s for s in t.good() if s != witch][0]
    t.night(kill=a)
    assert "灵药：未使用" in RULES.role_text(t.state, witch)
    assert a not in RULES.ring(t.state) and len(RULES.ring(t.state)) == 8  # /状态's living 电梯楼
    assert "存活" not in RULES.public_status(t.state)  # shown once: not again among the public statuses
    rows = {r.seat: r for r in RULES.cast(t.state)}
    assert rows[a].fate == "第1夜被狼人杀害" and rows[wolf].fate == "存活" and rows[wolf].faction == "狼人阵营"
    assert rows[witch].faction == "好人阵营·神民"


def test_scenario_games_never_leak_a_living_role_to_the_group():
    for seed in range(41, 46):
        t = table("12人预女猎守", seed=seed, PK=True)
        hunter = t.one("猎人")
        t.night(kill=hunter, check=t.one("狼人"), guard=t.one("平民"))
        t.skip_words()
        t.day_vote(t.one("狼人"))
        t.skip_words()
        assert_no_role_leak(t)


def test_forum_tempo_phase_lengths_and_forum_votes():
    t = table("9人预女猎", seed=50, 节奏="论坛", 开门="00:00", 关门="22:00")
    start = t.clock
    assert t.game.deadline == start + 30 * 60  # night: 30 minutes after the (first) close
    t.wolves_kill(t.one("平民"))
    assert t.phase == NIGHT  # no early close in 论坛
    t.deadline()
    # before the first 关门 there is no "last close": the offset counts from the sub-phase's start
    assert t.phase == WITCH and t.game.deadline == t.clock + 45 * 60
    t.deadline()
    assert t.phase == LAST_WORDS and t.game.deadline == t.clock + 60 * 60  # an hour from dawn
    t.deadline()
    assert t.phase == DAY
    # forum votes need a reason and a second /投票 is refused (the platform's forum rules)
    voter, target, other = [s for s in range(1, 10) if t.state.alive[s]][:3]
    assert "理由" in t.refused_act(voter, "投票", target, via="group")
    t.vote(voter, target, reason="划水")
    assert "改票" in t.refused("act", voter, skill="投票", words=(str(other),), via="group", reason="再投")
    t.deadline()
    if t.phase == LAST_WORDS:
        assert t.game.deadline == t.clock + 60 * 60


def test_forum_fixed_length_phase_spec():
    """Engine extension used here: a 论坛 PhaseSpec `forum="=N"` lasts N minutes from its start,
    unless the judge set the phase's option."""
    from plugins.bansha.engine import PhaseSpec
    from plugins.bansha.engine.core.phases import phase_deadline

    spec = PhaseSpec("w", "遗言", seconds=60, option="遗言", forum="=60")
    assert phase_deadline(spec, {"节奏": "论坛"}, 1000.0, 10.0) == 1000.0 + 3600
    assert phase_deadline(spec, {"节奏": "论坛", "遗言": 600}, 1000.0, 10.0) == 1000.0 + 600
    assert phase_deadline(spec, {"节奏": "快速"}, 1000.0, None) == 1000.0 + 60
