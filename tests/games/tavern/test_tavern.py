"""Scenario tests of 酒馆圣杯 (001), driven through the engine as the QQ layer drives it:
`Game.new` + `apply(game, Input.make(...))`: the deal, the day's grail, 指认 and orders at dusk, initiative, scoring
and the end. Seats are looked up by class and faction after the seeded deal; the dice of a night are scripted
(tests/support/tavern_table.py) so every hit, save and roll is exact. Combat and each class's skills:
test_tavern_combat.py."""

from __future__ import annotations

from tavern_table import RULES, Table

from plugins.bansha.engine import Game, Input, apply
from plugins.bansha.engine.game import ENDED
from plugins.tavern.combat import dex_mod
from plugins.tavern.order import DAY, DUSK, NIGHT_ORDER, TURN_ORDER

# --- the deal and the flow ------------------------------------------------------------------------------


def test_fifteen_players_three_factions_as_listed():
    assert RULES.check_players({}, 15) is None
    assert "15" in RULES.check_players({}, 14) and RULES.check_players({}, 16)
    t = Table(seed=4)
    st = t.state
    by_faction = {f: sorted(st.classes[s] for s in range(1, 16) if st.factions[s] == f) for f in ("守序", "中立", "混乱")}
    assert by_faction == {
        "守序": sorted(["战士", "武僧", "牧师", "法师", "圣武士"]),
        "中立": sorted(["野蛮人", "法师", "战士", "游荡者", "德鲁伊"]),
        "混乱": sorted(["野蛮人", "术士", "游侠", "游荡者", "吟游诗人"]),
    }
    assert st.phase == DAY and RULES.phase_label(st) == "第1轮 白天（分配圣杯）"
    assert NIGHT_ORDER[1].key == "投先攻" and TURN_ORDER[0].key == "伤愈检定"


def test_roles_are_told_privately_and_never_in_the_group():
    t = Table(seed=4)
    events = t.started
    wiz = t.who("法师", "守序")
    mine = [e for e in events if e.audience.kind == "seat" and e.audience.seat == wiz]
    assert mine and mine[0].tag == "role" and "职业【法师】" in mine[0].text and "守序阵营" in mine[0].text
    assert "2个ID指认特质（「施法」）" in mine[0].text
    for e in events:
        if e.audience.kind == "group":
            assert "职业【" not in e.text and f"{wiz}号 P{wiz}：" not in e.text


# --- 白天: the grail game ------------------------------------------------------------------------------------


def test_grail_goes_to_the_number_nearest_the_mean_and_only_the_winner_is_told():
    t = Table()
    t.act(2, "圣杯", 71)
    t.act(5, "圣杯", 83)
    t.act(9, "圣杯", 95)  # mean 83
    t.to_dusk()
    assert "获得了本轮的圣杯" in t.seat_text(5)
    assert all("圣杯" not in t.seat_text(s) for s in (2, 9))
    group = t.group_text()
    assert "圣杯已经分配" in group and not any(x in group for x in ("71", "83", "95", "5号"))
    assert t.state.grail == 5 and t.state.points[t.state.factions[5]] == 1
    assert "平均数 83.00" in t.log() and "2号=71" in t.log()


def test_grail_tie_is_broken_by_a_die():
    t = Table()
    t.act(3, "圣杯", 40)
    t.act(8, "圣杯", 60)
    t.act(11, "圣杯", 50)  # mean 50: 11 wins outright
    t.to_dusk()
    assert t.state.grail == 11
    t.resolve()
    t.act(3, "圣杯", 40)
    t.act(8, "圣杯", 60)  # mean 50: 3 and 8 are both 10 away
    t.to_dusk(rolls=[2])
    assert t.state.grail == 8 and "获得了本轮的圣杯" in t.seat_text(8) and not t.seat_text(3)
    assert "圣杯平手，掷 d2=2 → 8号" in t.log()


def test_grail_numbers_are_checked_and_can_be_replaced():
    t = Table()
    for bad in ((0,), (101,), ("abc",), ()):
        assert "1 到 100" in t.refused(1, "圣杯", *bad) or "找不到" in t.refused(1, "圣杯", *bad)
    assert "私聊" in t.refused(1, "圣杯", 30, via="group")
    t.act(1, "圣杯", 30)
    assert "改为数字 70" in "".join(e.text for e in t.act(1, "圣杯", 70))
    t.act(2, "圣杯", 72)  # mean 71: both 1 away, the die picks
    t.to_dusk(rolls=[1])
    assert t.state.grail == 1


def test_nobody_submitting_means_no_grail_that_round():
    t = Table()
    t.to_dusk()
    assert t.state.grail == 0 and "没有人提交数字" in t.group_text()
    assert sum(t.state.points.values()) == 0


# --- 黄昏: 指认 ---------------------------------------------------------------------------------------------


def test_identify_confirms_right_claims_privately_and_ignores_wrong_ones():
    """The text's own example: 牧师 A asks whether B and C are 神圣 and whether B is 守序; only
    「B 拥有神圣」 is answered, so C is not 神圣 and B is not 守序."""
    t = Table()
    a = t.who("牧师")
    b = t.who("德鲁伊")  # 神圣, 中立
    c = t.who("法师", "守序")
    t.to_dusk()
    t.act(a, "指认", b, "神圣")
    t.act(a, "指认", c, "神圣")
    t.act(a, "指认", b, "守序阵营")
    assert "用完" in t.refused(a, "指认", c, "守序")
    assert not any(e.tag == "check" for e in t.last), "入夜 mode: no answer before the night"
    t.resolve()
    checks = [e for e in t.last if e.tag == "check"]
    assert [(e.audience.seat, e.text) for e in checks] == [(a, f"指认确认：{b}号 P{b} 拥有「神圣」特质。")]


def test_identify_kind_must_fit_the_class_rule():
    t = Table()
    cleric, monk = t.who("牧师"), t.who("武僧")
    t.to_dusk()
    assert "不能再指认职业「法师」" in t.refused(cleric, "指认", monk, "法师")
    assert "特质、职业或阵营" in t.refused(cleric, "指认", monk)
    assert "不能再指认阵营「混乱」" in t.refused(monk, "指认", cleric, "混乱")  # 武僧: only 守序
    t.act(monk, "指认", cleric, "守序")


def test_identify_answers_at_once_with_the_option():
    t = Table(指认反馈="立即")
    rogue = t.who("游荡者", "混乱")
    bard = t.who("吟游诗人")
    t.to_dusk()
    t.act(rogue, "指认", bard, "吟游诗人")
    assert any(e.tag == "check" and "是「吟游诗人」" in e.text for e in t.last)
    t.act(rogue, "指认", bard, "法师")
    assert not any(e.tag == "check" for e in t.last)


# --- orders ---------------------------------------------------------------------------------------------------


def test_a_standard_order_replaces_the_last_and_ends_the_submission():
    t = Table()
    fighter = t.who("战士", "守序")
    t.to_dusk()
    assert fighter in RULES.pending(t.state)
    t.act(fighter, "攻击", 3 if fighter != 3 else 4)
    assert fighter not in RULES.pending(t.state)
    t.act(fighter, "攻击", 5 if fighter != 5 else 6)
    orders = t.state.orders[fighter].cmds
    assert len(orders) == 1 and orders[0].target in (5, 6)
    t.pass_(fighter, "攻击")
    assert fighter in RULES.pending(t.state) and not t.state.orders[fighter].cmds


def test_a_free_order_beyond_the_actions_is_refused():
    t = Table()
    bard = t.who("吟游诗人")
    t.to_dusk()
    t.act(bard, "鼓舞勇气", bard)
    t.act(bard, "攻击", 1 if bard != 1 else 2)
    t.act(bard, "鼓舞勇气", 3 if bard != 3 else 4)  # the same skill again replaces it
    assert len(t.state.orders[bard].cmds) == 2


# --- 夜晚: initiative -----------------------------------------------------------------------------------------


def test_initiative_ties_go_to_the_higher_dex_modifier_then_to_a_die():
    t = Table()
    st = t.state
    fighter, rogue = t.who("战士", "守序"), t.who("游荡者", "混乱")
    cleric, paladin = t.who("牧师"), t.who("圣武士")
    assert dex_mod(st, fighter) == 1 and dex_mod(st, rogue) == 3 and dex_mod(st, cleric) == dex_mod(st, paladin) == 1
    t.to_dusk()
    others = [s for s in st.living() if s not in (fighter, rogue, cleric, paladin)]
    d20 = {s: 14 - i - dex_mod(st, s) for i, s in enumerate(others)}  # totals 14 … 4, all different
    d20.update({fighter: 14, rogue: 12, cleric: 17, paladin: 17})  # 15 vs 15; 18 vs 18
    lo, hi = sorted((cleric, paladin))
    # lo rolls 10, hi rolls 90; then the dice a wrong rule would need to split 15/15 (favouring the fighter)
    wrong = [90, 10] if fighter < rogue else [10, 90]
    t.game.rng.queue = [d20[s] for s in st.living()] + [10, 90] + wrong
    mark = t.mark()
    t.deadline()
    assert t.game.rng.queue == wrong, "the 15s are split by 敏捷调整值, without a die"
    t.game.rng.queue = []
    log = t.log(mark)
    assert f"先攻：{rogue}号 P{rogue} d20=12 +敏捷3 =15" in log
    order = next(line for line in log.splitlines() if "先攻顺序" in line).split("：")[1].split(" > ")
    assert order[:4] == [f"{hi}号", f"{lo}号", f"{rogue}号", f"{fighter}号"]
    assert f"{lo}号 d100=10，{hi}号 d100=90" in log


# --- scoring and the end --------------------------------------------------------------------------------------------------


def test_killing_a_teammate_gives_two_points_to_each_other_faction():
    t = Table()
    st = t.state
    fighter, wiz = t.who("战士", "守序"), t.who("法师", "守序")
    t.round(orders=[(fighter, "攻击", wiz)], first=[wiz, fighter], rolls=[1, 4])
    assert st.wounded(wiz)
    t.round(orders=[(fighter, "攻击", wiz)], first=[fighter, wiz], rolls=[1, 1])
    assert not st.alive[wiz] and st.points == {"守序": 0, "中立": 2, "混乱": 2}


def test_fifteen_points_end_the_game_and_survivors_add_two_each():
    t = Table()
    st = t.state
    holder = t.who("野蛮人", "混乱")
    st.points["混乱"] = 14  # a shortcut to the last point
    t.to_dusk(grail=holder)
    assert t.game.status == ENDED and t.game.outcome.winner == "混乱阵营"
    text = t.game.outcome.text
    assert "混乱阵营达到 15 分" in text and "混乱阵营 15+5×2=25" in text and "守序阵营 0+5×2=10" in text
    assert "黄昏" not in t.group_text()
    assert set(t.game.outcome.seats) == {s for s in range(1, 16) if st.factions[s] == "混乱"}


def test_a_faction_outnumbering_all_others_ends_the_game():
    t = Table()
    st = t.state
    chaos = [s for s in range(1, 16) if st.factions[s] == "混乱"]
    for s in chaos:
        t.red(s)
    assert "混乱阵营 灭亡" in t.group_text() and t.game.status != ENDED
    t.red(next(s for s in range(1, 16) if st.factions[s] == "中立"))
    assert t.game.status == ENDED
    assert "守序阵营存活人数（5）多于其余阵营之和（4）" in t.game.outcome.text and t.game.outcome.winner == "守序阵营"


def test_equal_totals_share_the_victory():
    t = Table()
    st = t.state
    st.points.update({"守序": 14, "中立": 13})  # a shortcut to the last point
    t.red(t.who("法师", "守序"))
    t.to_dusk(grail=t.who("战士", "守序"))  # 守序 15 + 4×2 = 中立 13 + 5×2
    assert t.game.outcome.winner == "守序阵营、中立阵营" and "共同获胜" in t.game.outcome.text
    assert "守序阵营 15+4×2=23" in t.game.outcome.text


# --- refusals and the audit record ------------------------------------------------------------------------------------------


def test_refusals_leave_the_game_unchanged_and_say_why_in_chinese():
    t = Table()
    fighter = t.who("战士", "守序")
    assert "黄昏" in t.refused(fighter, "攻击", 2)
    assert "没有名为「魔法飞弹」的技能" in t.refused(fighter, "魔法飞弹", 2)
    t.to_dusk()
    assert "自己" in t.refused(fighter, "攻击", fighter)
    assert "强制" in t.refused(fighter, "武器专攻")
    assert "没有名为「放开」" in t.refused(fighter, "放开")  # only a class that can grapple has it
    assert "没有在擒抱" in t.refused(t.who("武僧"), "放开")
    assert "白天" in t.refused(fighter, "圣杯", 50)


def test_every_roll_of_a_night_is_in_the_record():
    t = Table()
    fighter, wiz = t.who("战士", "守序"), t.who("法师", "中立")
    t.to_dusk()
    t.act(fighter, "攻击", wiz)
    mark = t.mark()
    t.resolve(first=[fighter], rolls=[1, 4])
    log = t.log(mark)
    assert log.count("先攻：") == 15 and "d100=1 ≤" in log and "1d8(4)" in log
    assert "圣杯" not in "".join(e.text for e in t.last if e.audience.kind == "group" and "退出" in e.text)


def test_forum_tempo_day_ends_at_guanmen_and_dusk_an_hour_later():
    from datetime import datetime
    from zoneinfo import ZoneInfo

    def at(hh: int, mm: int = 0) -> float:
        return datetime(2027, 3, 1, hh, mm, tzinfo=ZoneInfo("Asia/Shanghai")).timestamp()

    game = Game.new(1, RULES, group=1, owner=1, seed=3, options={"节奏": "论坛", "关门": "22:00"})
    for i in range(1, 16):
        apply(game, Input.make("join", 1000 + i, at(10), name=f"P{i}"))
    apply(game, Input.make("start", 1, at(10)))
    assert game.deadline == at(22)
    events = apply(game, Input.make("deadline", 0, at(22), phase_no=game.phase_no))
    assert game.state.phase == DUSK and game.deadline == at(23)
    assert not any("未投票" in e.text for e in events), "there is no vote in this game"
