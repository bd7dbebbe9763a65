"""The classic role set of 狼人杀 (002, issue 4): one scenario per role against the roles it touches, the named and
custom boards, the sheriff, every side's win, and 1,000 random games per board (BANSHA_LONG=1; fewer by default).

Driven exactly as the QQ layer drives the engine: `Game.new` + `apply(game, Input.make(...))`; roles are looked up
in the seeded deal, and where a scenario needs a particular deal (the thief's two spares both wolves, …) the test
searches the seeds for one."""

from __future__ import annotations

import re

import pytest
from longrun import LONG
from werewolf_classic import Classic, lovers_table, seed_where
from werewolf_play import audit, options_for, play
from werewolf_table import Table

from plugins.bansha.engine import Game, Input, Refusal, apply, get
from plugins.bansha.engine.core.phases import parse_options
from plugins.bansha.engine.game import ENDED
from plugins.werewolf.boards import BOARD_BY_NAME, BOARDS, parse_custom
from plugins.werewolf.order import NIGHT_ORDER, NIGHT_PHASES
from plugins.werewolf.roles import ROLES
from plugins.werewolf.terms import (
    BADGE,
    CUPID,
    DAY,
    ELECT,
    ELECT_VOTE,
    GOAT,
    HUNTER,
    LAST_WORDS,
    NIGHT,
    PK,
    THIEF,
    TIE,
    WITCH,
)

RULES = get("狼人杀")
T0 = 1_700_000_000.0


# --- boards ---------------------------------------------------------------------------------------------


def test_named_boards_accept_their_head_counts_and_refuse_others_clearly():
    assert RULES.check_players({"板子": "预女猎白"}, 12) is None
    assert RULES.check_players({"板子": "预女猎守"}, 12) is None
    assert RULES.check_players({"板子": "9人标准"}, 9) is None
    for n in range(9, 13):
        assert RULES.check_players({"板子": "丘比特局"}, n) is None
    why = RULES.check_players({"板子": "丘比特局"}, 8)
    assert "丘比特局" in why and "9～12 人" in why and "8 人" in why
    assert RULES.check_players({"板子": "盗贼局"}, 8) is None  # 10 cards, two of them spares
    assert RULES.max_players({"板子": "全角色"}) == 18
    assert set(RULES.boards) >= {"预女猎白", "预女猎守", "9人标准", "丘比特局", "6人预女", "12人预女猎守"}
    opts = parse_options(
        ["板子=丘比特局", "警长票权=1.5", "警长选民=警下", "偷看风险=指认", "偷看概率=50"], RULES.all_options()
    )
    assert opts["警长票权"] == "1.5" and opts["偷看概率"] == 50
    with pytest.raises(Refusal):
        parse_options(["板子=丘比特"], RULES.all_options())


def test_custom_board_parses_and_refuses_bad_role_lists_with_the_valid_names():
    board = parse_custom("狼人*3，预言家、女巫,猎人,平民×3")
    assert board.size == 9 and sorted(board.deck()) == sorted(["狼人"] * 3 + ["平民"] * 3 + ["预言家", "女巫", "猎人"])
    opts = {"板子": "自定义", "角色": "狼人*3,预言家,女巫,猎人,平民*3"}
    assert RULES.check_players(opts, 9) is None
    assert "需要 9 人" in RULES.check_players(opts, 8)
    unknown = RULES.check_players({"板子": "自定义", "角色": "狼人*2,法师,平民*3"}, 6)
    assert "法师" in unknown and "预言家" in unknown and "吹笛者" in unknown  # the valid names are listed
    assert "至少要有一只狼" in RULES.check_players({"板子": "自定义", "角色": "预言家,平民*5"}, 6)
    assert "只能有一个" in RULES.check_players({"板子": "自定义", "角色": "狼人*2,预言家*2,平民*2"}, 6)
    assert "两张平民" in RULES.check_players({"板子": "自定义", "角色": "狼人*2,盗贼,预言家,平民"}, 3)
    assert "只在 板子=自定义" in RULES.check_players({"角色": "狼人*2,平民*4"}, 6)
    thief = {"板子": "自定义", "角色": "狼人*2,盗贼,预言家,女巫,平民*4"}  # 9 cards, 7 players
    assert RULES.check_players(thief, 7) is None and "两张是盗贼的底牌" in RULES.check_players(thief, 9)
    # sign-up to a broken custom board is refused with the reason
    game = Game.new(1, RULES, group=1, owner=1, seed=1, options={"板子": "自定义", "角色": "狼人,巫师"})
    with pytest.raises(Refusal) as err:
        apply(game, Input.make("join", 1001, T0, name="P1"))
    assert "巫师" in err.value.message


def test_custom_board_plays_and_the_board_is_announced_without_who_has_what():
    t = Classic("自定义", seed=3, 角色="狼人*2,预言家,女巫,丘比特,平民*2")
    start = t.group_all()
    assert "板子：自定义（狼人×2、预言家、女巫、丘比特、平民×2）" in start
    assert "人狼恋" in start
    for s in range(1, 8):
        assert f"{s}号 P{s}：" not in start and not re.search(rf"{s}号[^，。\n]*{t.state.roles[s]}", start)
    assert sorted(t.state.roles[1:]) == sorted(["狼人", "狼人", "预言家", "女巫", "丘比特", "平民", "平民"])
    assert t.phase == CUPID


def test_thief_board_announces_the_two_spare_cards():
    t = Classic("盗贼局", seed=2)
    assert "共 10 张牌" in t.group_all() and "底牌" in t.group_all()
    assert len(t.state.spares) == 2 and t.state.roles.count("盗贼") == 1
    assert sorted(t.state.roles[1:] + t.state.spares) == sorted(BOARD_BY_NAME["盗贼局"].deck(8))


# --- the night order ------------------------------------------------------------------------------------


def test_one_night_order_covers_every_night_role_and_the_first_night_runs_it_in_sequence():
    night_roles = {r.name for r in ROLES.values() for s in r.skills if set(s.phases) & set(NIGHT_PHASES)}
    listed = {step.role for step in NIGHT_ORDER}
    assert night_roles - {"狼人", "白狼王"} <= listed and "狼人" in listed and "长老" in listed
    assert [s.role for s in NIGHT_ORDER][:2] == ["盗贼", "丘比特"]  # 002: 盗贼将最先被唤醒
    order = [s.role for s in NIGHT_ORDER]
    assert order.index("吹笛者") > order.index("女巫")  # 002: 吹笛者将在女巫之后被唤醒
    assert order.index("女巫") > order.index("狼人")  # she saves the wolves' victim


def test_first_night_sub_phases_in_order_on_the_full_board():
    seed = seed_where("全角色", lambda s: "丘比特" in s.roles)
    t = Classic("全角色", seed)
    assert t.phase == THIEF
    t.deadline()
    assert t.phase == CUPID
    t.act(t.one("丘比特"), "连线", 1, 2)
    assert t.phase == NIGHT
    t.deadline()
    assert t.phase == WITCH
    t.deadline()
    assert t.phase in (LAST_WORDS, ELECT, BADGE, HUNTER, DAY)
    assert t.state.day == 1


# --- 狼人自爆 --------------------------------------------------------------------------------------------


def test_wolf_self_destructs_by_day_no_last_words_no_vote_night_falls():
    t = Classic("9人预女猎", seed=5)
    t.to_day(kill=None)
    wolf, villager = t.one("狼人"), t.one("平民")
    t.vote(villager, wolf)
    assert "需要在群里公开使用" in t.refused_act(wolf, "自爆")
    assert "没有名为「自爆」" in t.refused_act(villager, "自爆", via="group")
    ev = t.explode(wolf)
    assert not t.state.alive[wolf] and t.state.fates[wolf] == "第1天自爆"
    assert f"{wolf}号 P{wolf} 自爆" in t.group_text(ev) and "直接进入黑夜" in t.group_text(ev)
    assert t.phase == NIGHT and t.state.day == 2  # no 遗言, no vote: the vote against him never counted
    assert "被投票放逐" not in t.group_text(ev)
    assert "只能在" in t.refused_act(t.living("狼人")[0], "自爆", via="group")  # not at night
    assert "不是你发表遗言" in t.refused("lastwords", wolf, text="…")


def test_self_destruct_during_the_election_loses_the_badge_or_postpones_it():
    t = Classic("9人标准", seed=6)
    t.night(kill=None)
    t.skip_words()
    assert t.phase == ELECT
    t.stand(1)
    t.explode(t.one("狼人"))
    assert t.phase == NIGHT and t.state.elect_done and not t.state.sheriff
    assert "警徽流失" in t.group_all()
    t2 = Classic("9人标准", seed=6, 竞选自爆="顺延")
    t2.night(kill=None)
    t2.skip_words()
    t2.explode(t2.one("狼人"))
    assert "顺延" in t2.group_all() and t2.phase == NIGHT
    t2.night(kill=None)
    t2.skip_words()
    assert t2.phase == ELECT and t2.state.day == 2  # the election runs again, once
    t2.explode(t2.living("狼人")[0])
    assert t2.state.elect_done and not t2.state.sheriff


# --- 白狼王 -----------------------------------------------------------------------------------------------


def test_white_wolf_king_takes_a_hunter_who_still_shoots_and_cannot_take_a_wolf():
    t = Classic("白狼王守卫", seed=7)
    t.to_day(kill=None)
    king, hunter, wolf = t.one("白狼王"), t.one("猎人"), t.one("狼人")
    assert "不能带走狼队友" in t.refused_act(king, "自爆", wolf, via="group")
    ev = t.explode(king, hunter)
    assert "白狼王" in t.group_text(ev) and f"带走了 {hunter}号" in t.group_text(ev)
    assert t.state.fates[king] == "第1天自爆" and t.state.fates[hunter] == "第1天被白狼王带走"
    assert t.phase == LAST_WORDS and t.state.speakers == [hunter]  # the king has none, his victim does
    t.deadline()
    assert t.phase == HUNTER  # killed by a wolf: "被狼人杀掉" → he may shoot
    t.act(hunter, "开枪", wolf)
    t.skip_words()
    assert t.phase == NIGHT and not t.state.alive[wolf]


def test_white_wolf_king_may_explode_alone():
    t = Classic("白狼王守卫", seed=8)
    t.to_day(kill=None)
    king = t.one("白狼王")
    ev = t.explode(king)
    assert "白狼王" not in t.group_text(ev) and not t.state.alive[king] and t.phase == NIGHT


# --- 警长 -------------------------------------------------------------------------------------------------


def test_sheriff_elected_by_everyone_counts_double_and_speaks_last():
    t = Classic("9人标准", seed=9)
    t.night(kill=None)
    t.skip_words()
    assert t.phase == ELECT and "警长竞选" in t.group_text()
    assert "群里公开" in t.refused_act(1, "上警")  # by PM: refused
    t.stand(1)
    t.stand(2)
    t.stand(3)
    ev = t.act(3, "退水", via="group")
    assert "3号 P3 退水" in t.group_text(ev)
    assert "退水，不能再次上警" in t.refused_act(3, "上警", via="group")
    t.deadline()
    assert t.phase == ELECT_VOTE and t.state.election.candidates == [1, 2]
    assert "只能投给候选人" in t.refused_act(4, "投票", 3, via="group")
    for s in range(1, 10):
        t.vote(s, 1 if s != 2 else 2)  # 全体: candidates vote too
    assert t.state.sheriff == 1 and t.phase == DAY
    assert "1号 P1 当选警长" in t.group_all()
    assert "警长：1号" in RULES.public_status(t.state)
    order = next(e.text for e in t.events if e.text.startswith("发言顺序"))
    assert order.startswith("发言顺序：2号→3号") and "9号→1号（警长 1号 P1 最后发言" in order
    t.vote(1, 5)
    t.vote(2, 6)
    t.vote(3, 6)
    for s in range(4, 10):
        t.vote(s, "弃权")
    # 5: 2 votes (the sheriff's), 6: 2 votes → a tie the sheriff decides
    assert "5号 P5：2票" in t.group_text() and "6号 P6：2票" in t.group_text()
    assert t.phase == TIE


def test_sheriff_breaks_a_tie_or_declines_and_the_decline_falls_back_to_pk():
    t = Classic("9人标准", seed=10, PK=True)
    t.night(kill=None)
    t.skip_words()
    t.elect(1)
    t.day_vote({s: (2 if s <= 4 else 3 if s <= 8 else "弃权") for s in range(1, 10)})
    # 2: 1号(×2)+2+3+4 = 5; 3: 5,6,7,8 = 4 → no tie: exile 2
    assert not t.state.alive[2]
    t.skip_words()
    t.night(kill=None)
    t.skip_words()
    assert t.phase == DAY
    votes = {1: 3, 4: 3, 5: 4, 6: 4, 7: 4, 3: "弃权", 8: "弃权", 9: "弃权"}
    t.day_vote(votes)  # 3: 2+1 = 3, 4: 3 → tie
    assert t.phase == TIE and t.state.candidates == [3, 4]
    assert "只能从平票的" in t.refused_act(1, "决断", 5)
    ev = t.act(1, "决断", 4)
    assert "警长 1号 P1 决定放逐 4号 P4" in t.group_text(ev) and not t.state.alive[4]
    t.skip_words()
    t.night(kill=None)
    t.skip_words()
    t.day_vote({1: 3, 5: 3, 6: 7, 7: 7, 8: 7, 3: "弃权", 9: "弃权"})  # 3: 3, 7: 3 → tie
    assert t.phase == TIE
    t.pass_(1)  # the sheriff declines: PK=开
    assert t.phase == PK and t.state.candidates == [3, 7]


def test_dead_sheriff_passes_the_badge_or_tears_it_and_time_out_tears():
    t = Classic("9人标准", seed=11)
    t.night(kill=None)
    t.skip_words()
    chief = t.one("预言家")
    t.elect(chief)
    t.day_vote("弃权")
    t.night(kill=chief)
    assert t.phase == BADGE and RULES.pending(t.state) == {chief}
    heir = t.one("平民")
    ev = t.act(chief, "移交", heir)
    assert f"将警徽移交给 {heir}号" in t.group_text(ev) and t.state.sheriff == heir
    t.skip_words()
    t.day_vote("弃权")
    t.night(kill=heir)
    assert t.phase == BADGE
    t.act(heir, "撕警徽")
    assert not t.state.sheriff and t.state.badge.torn and "撕毁了警徽" in t.group_all()
    # a sheriff who lets the time run out tears it
    t2 = Classic("9人标准", seed=11)
    t2.night(kill=None)
    t2.skip_words()
    t2.elect(chief)
    t2.day_vote(chief)
    assert t2.phase == BADGE
    t2.deadline()
    assert t2.state.badge.torn and "没有移交" in t2.group_all()


def test_sheriff_options_non_candidates_only_and_weight_one_and_a_half():
    t = Classic("9人标准", seed=12, 警长选民="警下", 警长票权="1.5")
    t.night(kill=None)
    t.skip_words()
    t.stand(1)
    t.stand(2)
    t.deadline()
    assert RULES.pending(t.state) == set(range(3, 10))
    assert "上警（包括已退水）的玩家不能投警长票" in t.refused_act(1, "投票", 2, via="group")
    for s in range(3, 10):
        t.vote(s, 1 if s < 5 else 2)
    assert t.state.sheriff == 2
    t.vote(2, 5)
    t.vote(1, 6)
    for s in range(3, 10):
        t.vote(s, "弃权")
    assert "5号 P5：1.5票" in t.group_text() and not t.state.alive[5]


def test_election_tie_runs_off_once_then_the_badge_is_lost():
    t = Classic("9人标准", seed=13)
    t.night(kill=None)
    t.skip_words()
    t.stand(1)
    t.stand(2)
    t.deadline()
    for s in range(1, 10):
        t.vote(s, "弃权" if s == 9 else 1 if s % 2 else 2)  # 1: 1,3,5,7; 2: 2,4,6,8
    assert t.phase == ELECT_VOTE and t.state.elect_round == 2 and "再投一次" in t.group_text()
    for s in range(1, 10):
        t.vote(s, "弃权" if s == 9 else 1 if s % 2 else 2)
    assert t.phase == DAY and not t.state.sheriff and "警徽流失" in t.group_all()


def test_single_candidate_is_elected_and_idiot_sheriff_loses_the_badge_on_flipping():
    t = Classic("预女猎白", seed=14)
    t.night(kill=None)
    t.skip_words()
    idiot = t.one("白痴")
    t.stand(idiot)
    t.deadline()
    assert t.state.sheriff == idiot and "直接当选" in t.group_all()
    t.day_vote(idiot)
    assert t.state.alive[idiot] and t.state.revealed(idiot) and not t.state.sheriff
    assert "警徽随之撕毁" in t.group_all()


# --- 长老 -------------------------------------------------------------------------------------------------


def test_elder_survives_the_first_wolf_attack_and_dies_on_the_second():
    t = Classic("长老局", seed=15)
    elder = t.one("长老")
    t.night(kill=elder)
    assert t.state.alive[elder] and "平安夜" in t.group_text(t.events[-12:])
    assert "挡下了这一次" in t.seat_all(elder) and "挡下过一次" in RULES.role_text(t.state, elder)
    t.skip_words()
    t.no_election()
    t.day_vote("弃权")
    t.night(kill=elder)
    assert not t.state.alive[elder] and t.state.fates[elder] == "第2夜被狼人杀害"
    assert not t.state.cursed  # killed by the wolves: no curse


def test_elder_saved_by_the_witch_keeps_his_extra_life():
    t = Classic("长老局", seed=16)
    elder = t.one("长老")
    t.night(kill=elder, save=True)
    assert t.state.alive[elder] and t.state.elder_hits == 0  # 灵药 saves one life: the attack never landed
    t.skip_words()
    t.no_election()
    t.day_vote("弃权")
    t.night(kill=elder)
    assert t.state.alive[elder] and t.state.elder_hits == 1


def test_elder_exiled_by_the_village_strips_every_power_and_the_revealed_idiot_leaves():
    t = Classic("长老局", seed=17)
    elder, idiot, seer, witch, hunter = (t.one(r) for r in ("长老", "白痴", "预言家", "女巫", "猎人"))
    t.to_day(kill=None)
    t.day_vote(idiot)
    assert t.state.revealed(idiot)
    t.night(kill=None)
    t.skip_words()
    t.day_vote(elder)
    text = t.group_all()
    assert "是长老，被好人误杀" in text and f"已翻牌的白痴 {idiot}号" in text
    assert not t.state.alive[idiot] and t.state.fates[idiot] == "第2天因长老被误杀而离场"
    t.skip_words()
    assert t.phase == NIGHT
    assert "没有名为「查验」" in t.refused_act(seer, "查验", t.one("狼人"))
    assert "失去特殊能力" in RULES.role_text(t.state, witch)
    t.wolves_kill(hunter)
    assert t.phase == NIGHT and not RULES.pending(t.state)  # the night runs its length: every power is gone
    t.deadline()
    assert t.phase == WITCH and not RULES.pending(t.state)  # she has nothing left to do
    t.deadline()
    assert not t.state.alive[hunter] and t.phase != HUNTER  # the hunter lost his shot too


def test_elder_shot_or_poisoned_is_a_village_kill_too():
    t = Classic("长老局", seed=18)
    elder = t.one("长老")
    t.night(kill=None, poison=elder)
    assert not t.state.alive[elder] and t.state.cursed
    t2 = Classic("长老局", seed=19)
    elder, hunter = t2.one("长老"), t2.one("猎人")
    t2.to_day(kill=None)
    t2.day_vote(hunter)
    t2.deadline()
    t2.act(hunter, "开枪", elder)
    assert t2.state.cursed and "被好人误杀" in t2.group_all()


# --- 丘比特 and the lovers ------------------------------------------------------------------------------


def test_cupid_links_two_lovers_who_learn_each_other_privately():
    t = Classic("丘比特局", seed=21)
    cupid = t.one("丘比特")
    other = t.one("平民")
    ev = t.act(cupid, "连线", cupid, other)  # self allowed
    assert t.state.lovers == sorted([cupid, other])
    for s in (cupid, other):
        mine = [e for e in ev if e.audience.kind == "seat" and e.audience.seat == s and "恋人" in e.text]
        assert mine and all(e.tag == "role" for e in mine)
    assert "恋人" not in t.group_text(ev) and f"{other}号" not in t.group_text(ev)
    assert t.phase == NIGHT
    assert "你的恋人" in RULES.role_text(t.state, other)


def test_cupid_who_does_not_choose_gets_a_random_pair():
    t = Classic("丘比特局", seed=22)
    t.deadline()
    assert t.phase == NIGHT and len(t.state.lovers) == 2 and "随机连线" in t.seat_all(t.one("丘比特"))


def test_a_lover_dies_of_grief_and_a_hunter_lover_cannot_shoot():
    t = Classic("丘比特局", seed=23)
    hunter, villager = t.one("猎人"), t.one("平民")
    t.first_night(link=(hunter, villager))
    t.night(kill=None)
    t.skip_words()
    t.no_election()
    t.day_vote({s: ("弃权" if s == hunter else villager) for s in t.state.living()})
    assert not t.state.alive[hunter] and t.state.fates[hunter] == "第1天殉情"
    assert f"{hunter}号 P{hunter} 殉情" in t.group_all()
    assert "殉情而死，不能开枪" in t.seat_all(hunter)
    assert t.phase == LAST_WORDS and set(t.state.speakers) == {villager, hunter}
    t.skip_words()
    assert t.phase == NIGHT  # no shot


def test_lovers_never_vote_for_or_harm_each_other():
    t, wolf, villager = lovers_table(mixed=True)
    assert "恋人之间不能" in t.refused_act(wolf, "杀人", villager)
    t.wolves_kill(None)
    t.finish(NIGHT)
    witch = t.one("女巫")
    t.pass_(witch)
    t.skip_words()
    t.no_election()
    assert "恋人之间不能" in t.refused_act(villager, "投票", wolf, via="group")
    t.vote(villager, "弃权")  # abstaining is fine
    # two good lovers: the same, and the witch may not poison her lover
    t2 = Classic("丘比特局", seed=20)
    witch, other = t2.one("女巫"), t2.one("平民")
    t2.first_night(link=(witch, other))
    t2.wolves_kill(None)
    t2.finish(NIGHT)
    assert t2.phase == WITCH and "恋人之间不能" in t2.refused_act(witch, "毒药", other)
    t2.pass_(witch)
    t2.skip_words()
    t2.no_election()
    assert "恋人之间不能" in t2.refused_act(other, "投票", witch, via="group")
    t2.vote(other, t2.one("狼人"))


def test_lovers_relay_private_messages_and_nobody_else_can():
    t, wolf, villager = lovers_table(mixed=True)
    ev = t.send("relay", t.qq(wolf), target=str(villager), text="我是狼，别投我")
    assert [e.audience for e in ev if e.audience.kind == "seat"][0].seat == villager
    cupid = t.one("丘比特")
    t.send("relay", t.qq(cupid), target=str(wolf), text="我是丘比特")  # 人狼恋: cupid is one of the side
    assert "只有恋人之间" in t.refused("relay", t.one("预言家"), target=str(wolf), text="hi")
    ev = t.send("chat", t.qq(villager), text="hi")  # the lovers' channel (issue 13: /队聊 恋人)
    assert any(e.audience.kind == "team" and wolf in e.audience.members and "【恋人】" in e.text for e in ev)


def test_mixed_lovers_and_cupid_win_as_a_third_side():
    t = Classic("自定义", seed=24, 角色="狼人*2,丘比特,预言家,平民*2")
    w1, w2 = t.who("狼人")
    v1, v2 = t.who("平民")
    seer, cupid = t.one("预言家"), t.one("丘比特")
    t.act(cupid, "连线", w1, v1)
    assert t.state.mixed_love and RULES.faction_of(t.state, cupid) == "人狼恋阵营"
    assert "人狼恋" in t.seat_all(w1) and "人狼恋" in t.seat_all(v1) and "人狼恋" in t.seat_all(cupid)
    t.act(seer, "查验", w2)
    t.wolves_kill(None)
    t.finish(NIGHT)
    t.skip_words()
    t.no_election()
    t.day_vote({s: ("弃权" if s == w2 else w2) for s in t.state.living()})
    assert not t.state.alive[w2] and t.game.status != ENDED  # the wolves' camp is out; 好人 and 人狼恋 remain
    t.skip_words()
    t.wolves_kill(seer)  # w1 still kills at night, now for his own side
    t.finish(NIGHT)
    # every 神民 of the good camp is out (屠边): the lovers are the last side standing
    assert t.game.status == ENDED and t.game.outcome.winner == "人狼恋阵营"
    assert set(t.game.outcome.seats) == {w1, v1, cupid} and t.state.alive[v2]


def test_mixed_lovers_win_when_nobody_else_is_left():
    t = Classic("自定义", seed=24, 角色="狼人,丘比特,预言家,平民")
    wolf, villager, seer, cupid = t.one("狼人"), t.one("平民"), t.one("预言家"), t.one("丘比特")
    t.act(cupid, "连线", wolf, villager)
    t.act(seer, "查验", cupid)
    t.act(wolf, "杀人", seer)
    assert t.game.status == ENDED and t.game.outcome.winner == "人狼恋阵营"
    assert "消灭了其他所有玩家" in t.game.outcome.text


def test_wolves_cannot_win_by_slaughter_while_the_mixed_lovers_live():
    t = Classic("自定义", seed=25, 角色="狼人*2,丘比特,预言家,平民*2")
    w1, w2 = t.who("狼人")
    v1, v2 = t.who("平民")
    seer, cupid = t.one("预言家"), t.one("丘比特")
    t.act(cupid, "连线", w1, v1)
    t.wolves_kill(seer)  # 屠边: every 神民 of the good camp is out (the cupid belongs to the lovers now)
    t.finish(NIGHT)
    assert t.game.status != ENDED  # the lovers are still in the running
    t.skip_words()
    t.no_election()
    t.day_vote({s: ("弃权" if s == w1 else v1) for s in t.state.living()})  # the good lover out, w1 of grief
    assert not t.state.alive[w1]
    assert t.game.status == ENDED and t.game.outcome.winner == "狼人阵营"
    assert "人狼恋也已出局" in t.game.outcome.text


# --- 小女孩 ----------------------------------------------------------------------------------------------


def test_little_girl_peeks_and_sees_the_pack_without_faces():
    t = Classic("小女孩局", seed=26, 偷看概率=0)
    girl = t.one("小女孩")
    wolves = t.who("狼人")
    target = t.one("平民")
    t.act(wolves[0], "杀人", target)
    ev = t.act(girl, "偷看")
    t.act(wolves[1], "杀人", target)
    chat = t.chat(wolves[2], "今晚刀谁")  # /狼聊 reaches the pack, and the peeking girl without the speaker
    assert [e.text for e in chat if e.audience.kind == "seat" and e.audience.seat == girl] == ["【偷看】某只狼：今晚刀谁"]
    assert not t.group_text(chat)
    peeks = [e for e in t.events if e.tag == "peek"]
    assert peeks and all(e.audience.kind == "seat" and e.audience.seat == girl for e in peeks)
    assert any(f"杀 {target}号" in e.text for e in peeks)
    for e in peeks:
        named = {int(m) for m in re.findall(r"(?<!\d)(\d+)号", e.text)}
        assert not named & set(wolves), e.text
    assert not t.group_text(ev)
    t.pass_(wolves[2])
    t.finish(NIGHT)
    assert t.state.kill == target and not t.state.caught


def test_little_girl_caught_dies_instead_of_the_target_and_the_guard_cannot_save_her():
    t = Classic("小女孩局", seed=27, 偷看概率=100)
    girl, guard, witch = t.one("小女孩"), t.one("守卫"), t.one("女巫")
    target = t.one("平民")
    t.act(guard, "守护", girl)  # accepted, but 002: 守卫不可以守护小女孩
    t.act(girl, "偷看")
    t.wolves_kill(target)
    t.finish(NIGHT)
    assert t.phase == WITCH and t.state.kill == girl
    assert f"发现了偷看的小女孩 {girl}号" in "\n".join(e.text for e in t.events if e.audience.kind == "team")
    assert f"今晚被狼人杀害的是 {girl}号" in t.seat_text(witch)
    t.pass_(witch)
    assert not t.state.alive[girl] and t.state.alive[target]
    assert "守护" in t.judge_text() and "无效" in t.judge_text()


def test_guard_refused_on_the_little_girl_with_the_option():
    t = Classic("小女孩局", seed=28, 守护小女孩="拒绝")
    assert "不可以守护小女孩" in t.refused_act(t.one("守卫"), "守护", t.one("小女孩"))


def test_little_girl_accusation_mode():
    t = Classic("小女孩局", seed=29, 偷看风险="指认")
    girl, w = t.one("小女孩"), t.who("狼人")
    t.act(girl, "偷看")
    t.act(w[0], "指认", girl)
    assert any("怀疑" in e.text for e in t.events if e.tag == "peek")
    t.wolves_kill(t.one("平民"))
    t.finish(NIGHT)
    assert t.state.caught == girl and t.state.kill == girl
    # a wrong accusation (or no peek) catches nobody and the wolves are told
    t2 = Classic("小女孩局", seed=29, 偷看风险="指认")
    w2 = t2.who("狼人")
    t2.act(w2[0], "指认", t2.one("预言家"))
    t2.wolves_kill(t2.one("平民"))
    t2.finish(NIGHT)
    assert not t2.state.caught and "没有被抓到偷看" in "\n".join(e.text for e in t2.events if e.audience.kind == "team")
    assert "没有名为「指认」" in Classic("小女孩局", seed=29).refused_act(w2[0], "指认", 1)  # 概率 mode: no such skill


# --- 替罪羊 ----------------------------------------------------------------------------------------------


def test_scapegoat_dies_on_a_tie_and_names_the_next_days_voters():
    t = Classic("替罪羊局", seed=30)
    goat = t.one("替罪羊")
    t.to_day(kill=None)
    others = [s for s in t.state.living() if s != goat]
    t.day_vote({s: "弃权" if i == 0 else others[i % 2] for i, s in enumerate(sorted(t.state.living()))})  # 4 : 4
    assert not t.state.alive[goat] and t.state.fates[goat] == "第1天因平票作为替罪羊被处决"
    assert "替罪羊" in t.group_all() and t.phase == GOAT and RULES.pending(t.state) == {goat}
    a, b = others[2], others[3]
    ev = t.act(goat, "指定", a, b)
    assert f"只有 {a}号、{b}号 可以投票" in t.group_text(ev)
    t.skip_words()
    t.night(kill=None)
    t.skip_words()
    assert t.phase == DAY and RULES.pending(t.state) == {a, b}
    c = next(s for s in t.state.living() if s not in (a, b))
    assert "不在其中" in t.refused_act(c, "投票", a, via="group")
    t.vote(a, c)
    t.vote(b, c)
    assert not t.state.alive[c] and t.state.fates[c] == "第2天被投票放逐"  # two votes were enough


def test_scapegoat_whose_voters_all_die_leaves_a_day_without_a_vote():
    t = Classic("替罪羊局", seed=31)
    goat = t.one("替罪羊")
    t.to_day(kill=None)
    others = [s for s in t.state.living() if s != goat and t.state.roles[s] != "狼人"]
    t.day_vote({s: "弃权" if i == 0 else others[i % 2] for i, s in enumerate(sorted(t.state.living()))})  # 4 : 4
    lone = others[2]
    t.act(goat, "指定", lone)
    t.skip_words()
    t.night(kill=lone)
    t.skip_words()
    assert t.phase == DAY and not RULES.pending(t.state) and RULES.keep_open(t.state)
    t.deadline()
    assert "今天无人被放逐" in t.group_all() and t.phase == NIGHT


# --- 吹笛者 ----------------------------------------------------------------------------------------------


def test_piper_charms_two_a_night_and_the_charmed_learn_each_other():
    t = Classic("吹笛者局", seed=32)
    piper = t.one("吹笛者")
    a, b, c = t.who("平民")[:2] + [t.one("猎人")]
    assert "不能以自己为目标" in t.refused_act(piper, "迷惑", piper, a)
    t.act(piper, "迷惑", a, b)
    t.night(kill=None)
    assert t.state.charmed == [a, b]
    for s in (a, b):
        msg = [e for e in t.events if e.tag == "charm" and e.audience.seat == s]
        assert msg and f"{a}号" in msg[-1].text and f"{b}号" in msg[-1].text
    assert not any(e.tag == "charm" for e in t.events if e.audience.kind != "seat")
    t.skip_words()
    t.no_election()
    t.day_vote("弃权")
    assert "已经被迷惑了" in t.refused_act(piper, "迷惑", a, c)
    t.act(piper, "迷惑", c, t.one("预言家"))
    t.night(kill=None)
    last = [e for e in t.events if e.tag == "charm" and e.audience.seat == a][-1]
    assert f"{c}号" in last.text


def test_piper_wins_alone_when_every_living_player_is_charmed():
    t = Classic("自定义", seed=33, 角色="狼人,吹笛者,预言家,平民*2")
    wolf, piper, seer = t.one("狼人"), t.one("吹笛者"), t.one("预言家")
    v1, v2 = t.who("平民")
    t.act(piper, "迷惑", v1, v2)
    t.act(seer, "查验", piper)
    t.act(wolf, "杀人", seer)
    assert t.game.status != ENDED
    t.skip_words()
    t.no_election()
    t.day_vote("弃权")
    t.act(piper, "迷惑", wolf)  # the only one left
    t.act(wolf, "杀人", v1)
    assert t.phase == NIGHT  # the dead seer's sub-phase runs its length
    t.deadline()
    assert t.game.status == ENDED and t.game.outcome.winner == "吹笛者" and t.game.outcome.seats == (piper,)


def test_charm_does_not_pass_between_lovers():
    seed = seed_where("经典局", lambda s: True)
    t = Classic("经典局", seed)
    a, b = t.who("平民")[0], t.one("猎人")
    t.act(t.one("丘比特"), "连线", a, b)
    t.act(t.one("吹笛者"), "迷惑", a, t.one("预言家"))
    t.deadline()
    t.deadline()
    assert a in t.state.charmed and b not in t.state.charmed


def test_good_cannot_win_while_the_piper_lives():
    t = Classic("自定义", seed=34, 角色="狼人,吹笛者,预言家,平民*2")
    wolf, piper = t.one("狼人"), t.one("吹笛者")
    t.act(t.one("预言家"), "查验", wolf)
    t.act(piper, "迷惑", *t.who("平民"))
    t.wolves_kill(None)
    t.skip_words()
    t.no_election()
    t.day_vote(wolf)
    assert not t.state.alive[wolf] and t.game.status != ENDED  # the 吹笛者 is still in the running
    t.skip_words()
    t.night(kill=None)
    t.skip_words()
    t.day_vote({s: piper for s in t.state.living() if s != piper} | {piper: "弃权"})
    assert t.game.status == ENDED and t.game.outcome.winner == "好人阵营" and "吹笛者全部出局" in t.game.outcome.text


# --- 盗贼 ------------------------------------------------------------------------------------------------


def test_thief_sees_the_spares_and_swaps_into_a_role_he_plays_that_night():
    seed = seed_where("盗贼局", lambda s: "预言家" in s.spares)
    t = Classic("盗贼局", seed)
    thief = t.one("盗贼")
    spares = list(t.state.spares)
    assert f"1.【{spares[0]}】 2.【{spares[1]}】" in t.seat_all(thief)
    i = spares.index("预言家") + 1
    t.act(thief, "交换", i)
    assert t.state.roles[thief] == "预言家" and "盗贼" in t.state.spares
    assert t.phase == NIGHT
    t.act(thief, "查验", 1 if thief != 1 else 2)  # he checks on the same night
    assert "查验结果" in t.seat_all(thief)
    assert RULES.cast(t.state)[thief - 1].role == "预言家" and "盗贼换得此牌" in RULES.cast(t.state)[thief - 1].fate


def test_thief_must_take_a_wolf_when_both_spares_are_wolves():
    seed = seed_where("盗贼局", lambda s: s.spares == ["狼人", "狼人"])
    t = Classic("盗贼局", seed)
    thief = t.one("盗贼")
    assert "必须交换" in t.seat_all(thief)
    assert "必须交换" in t.refused("pass", thief, skill="")
    t.deadline()  # time runs out: the bot picks one for him
    assert t.state.roles[thief] == "狼人" and thief in t.state.wolves()
    mates = [w for w in t.state.wolves() if w != thief]
    told = [e for e in t.events if e.audience.kind == "team" and "盗贼" in e.text]
    assert told and set(told[-1].audience.members) == set(mates)
    assert t.phase == NIGHT and "狼人请杀人" in t.seat_all(thief)


def test_thief_who_keeps_his_card_is_a_plain_villager():
    seed = seed_where("盗贼局", lambda s: "狼人" not in s.spares)
    t = Classic("盗贼局", seed)
    thief = t.one("盗贼")
    t.pass_(thief)
    assert t.state.roles[thief] == "盗贼" and t.phase == NIGHT
    assert t.state.kind(thief) == "villager" and not RULES.pending(t.state) & {thief}


# --- the guard and the witch on the same seat (同守同救) still hold with the new roles ---------------------


def test_guard_and_witch_on_the_same_target_still_dies():
    t = Classic("白狼王守卫", seed=35)
    target = t.one("平民")
    t.night(kill=target, guard=target, save=True)
    assert not t.state.alive[target] and "同守同救" in t.state.fates[target]


# --- leaks ------------------------------------------------------------------------------------------------


def test_scenario_games_never_leak_to_the_group_and_every_help_text_renders():
    def observe(game, inp, events):
        audit(game, events)
        state = game.state
        if state is not None:
            assert RULES.public_status(state)
            for seat in range(1, state.n + 1):
                assert f"{seat}号" in RULES.help_text(state, seat)

    for board in ("全角色", "经典局", "盗贼局"):
        for seed in range(3):
            n = BOARD_BY_NAME[board].sizes[seed % len(BOARD_BY_NAME[board].sizes)]
            play(board, n, seed, observe=observe)


# --- the judge's red card with the new roles -------------------------------------------------------------


def red_card(t: Table, seat: int):
    return t.send("judge", 1, sub="红牌", target=str(seat), reason="辱骂")


def test_red_card_on_a_lover_takes_the_other_and_on_the_sheriff_loses_the_badge():
    t = Classic("丘比特局", seed=36, n=12)
    a, b = t.who("平民")[:2]
    t.first_night(link=(a, b))
    ev = red_card(t, a)
    assert not t.state.alive[b] and t.state.fates[b] == "第1夜殉情" and f"{b}号 P{b} 殉情" in t.group_text(ev)
    t.wolves_kill(None)
    t.finish(NIGHT)
    t.finish(WITCH)
    assert t.phase == LAST_WORDS and t.state.speakers == [b]  # the first night's dead speak; the red-carded not
    t.skip_words()
    chief = t.one("预言家")
    t.elect(chief)
    ev = red_card(t, chief)
    assert not t.state.sheriff and "警徽流失" in t.group_text(ev) and t.phase == DAY


def test_curse_on_the_good_side_only_leaves_the_piper_his_charm():
    for scope, keeps in (("仅好人", True), ("除狼人外", False)):
        t = Classic("经典局", seed=37, 长老诅咒=scope)
        elder, piper = t.one("长老"), t.one("吹笛者")
        t.first_night()
        t.to_day(kill=None)
        t.day_vote({s: ("弃权" if s == t.state.lover_of(elder) else elder) for s in t.state.living()})
        assert t.state.cursed
        assert any(s.name == "迷惑" for s in RULES.skills_of(t.state, piper)) is keeps
        assert not any(s.name == "查验" for s in RULES.skills_of(t.state, t.one("预言家")))


def test_forum_tempo_sheriff_phases_have_their_own_lengths():
    t = Classic("9人标准", seed=38, 节奏="论坛", 开门="00:00")
    t.deadline()
    t.deadline()
    t.skip_words()
    assert t.phase == ELECT and t.game.deadline == t.clock + 120 * 60
    t.stand(1)
    t.stand(2)
    t.deadline()
    assert t.phase == ELECT_VOTE and t.game.deadline == t.clock + 120 * 60
    t.act(3, "投票", 1, via="group", reason="稳")
    t.deadline()
    assert t.state.sheriff == 1 and t.phase == DAY


# --- 1,000 random games per board -----------------------------------------------------------------------

GAMES = 1000 if LONG else 25
CUSTOM_BOARDS = {
    "自定义·全角色小局": "狼人*2,白狼王,预言家,女巫,猎人,白痴,守卫,长老,丘比特,小女孩,替罪羊,吹笛者,盗贼,平民*3",
    "自定义·无女巫": "狼人*2,预言家,丘比特,吹笛者,平民*3",
}


def _one_game(board: str, seed: int) -> None:
    if board in CUSTOM_BOARDS:
        b = parse_custom(CUSTOM_BOARDS[board])
        opts = dict(options_for("自定义", seed), 角色=CUSTOM_BOARDS[board])
        n = b.size
    else:
        b = BOARD_BY_NAME[board]
        opts = options_for(board, seed)
        n = b.sizes[seed % len(b.sizes)]
    ends = []
    game, _, refusals = play(
        board if board not in CUSTOM_BOARDS else "自定义",
        n,
        seed,
        options=opts,
        observe=lambda g, i, evs: ends.extend(e for e in evs if e.tag == "end"),
    )
    assert refusals == 0
    outcome = game.outcome
    assert outcome is not None and outcome.winner in RULES.factions
    assert sum(1 for e in ends if e.text == outcome.text) == 1  # exactly one announcement of one winner
    state = game.state
    camp = {s: RULES.faction_of(state, s) for s in range(1, n + 1)}
    assert outcome.seats and all(camp[s] == outcome.winner for s in outcome.seats)


@pytest.mark.long
@pytest.mark.parametrize("board", [b.name for b in BOARDS] + list(CUSTOM_BOARDS))
def test_random_games_per_board_end_with_exactly_one_winner(board):
    for seed in range(GAMES):
        _one_game(board, seed)


def test_a_bad_custom_board_is_refused_when_the_game_is_opened():
    from plugins.werewolf.rules import WerewolfRuleset

    rules = WerewolfRuleset()
    assert "未知角色" in rules.check_options({"板子": "自定义", "角色": "狼人*2,巫师"})
    assert "至少要有一只狼" in rules.check_options({"板子": "自定义", "角色": "预言家,平民*5"})
    assert rules.check_options({"板子": "自定义", "角色": "狼人*2,预言家,女巫,平民*3"}) is None
    assert rules.check_options({}) is None


def test_a_powerless_piper_alone_with_his_wolf_lover_ends_the_game_for_the_wolves():
    """Simulator regression (经典局, seed 786): a 吹笛者 who lost his charm to the 长老's curse and the wolf he loves
    are the last two alive and can never target each other. 002 gives such a pair no side of its own (only a wolf
    and a 平民 form the 人狼恋), so the game ends for the wolves, the last side that can still win."""
    from plugins.bansha.engine.agents.heuristic import heuristic_action
    from plugins.bansha.engine.agents.play import play_game

    options = {"板子": "经典局", "节奏": "快速", "潜水": False, "未投票黄牌": False, "投票理由": "可选"}
    game = play_game(RULES, 14, 786, options=options, agent=heuristic_action, max_steps=3000).game
    state = game.state
    assert game.outcome is not None and game.outcome.winner == "狼人阵营", game.outcome
    assert set(state.living()) == set(state.lovers) and state.powerless(state.piper)
    assert "再也无法获胜" in game.outcome.text and state.piper not in game.outcome.seats
