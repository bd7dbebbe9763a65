"""Scenario tests of 酒馆圣杯 (001), driven through the engine as the QQ layer drives it:
`Game.new` + `apply(game, Input.make(...))`. Seats are looked up by class and faction after the seeded
deal; the dice of a night are scripted (see `Loaded`) so every hit, save and roll is exact."""

from __future__ import annotations

from dataclasses import dataclass, field

import scenario

from plugins.bansha.engine import Game, Input, Rng, apply, get
from plugins.bansha.engine.game import ENDED
from plugins.tavern.combat import armor_class, attack_bonus, dex_bonus, dex_mod, fortitude, reflex, will
from plugins.tavern.order import DAY, DUSK, NIGHT_ORDER, TURN_ORDER

RULES = get("酒馆")
T0 = 1_700_000_000.0


@dataclass
class Loaded(Rng):
    """The game's RNG with scripted results for `randint` (every die of the rules goes through it);
    the deal's shuffle and anything unscripted still come from the seeded stream."""

    queue: list[int] = field(default_factory=list)

    def randint(self, a: int, b: int) -> int:
        if self.queue:
            v = self.queue.pop(0)
            assert a <= v <= b, f"scripted roll {v} does not fit a {a}–{b} die"
            return v
        return super().randint(a, b)


class Table(scenario.Table):
    """A 15-seat game whose dice the test scripts (`Loaded`)."""

    def __init__(self, seed: int = 1, **options):
        super().__init__(RULES, 15, seed, options)

    def new_game(self, ruleset, seed, options):
        game = super().new_game(ruleset, seed, options)
        game.rng = Loaded(state=game.rng.state)
        return game

    def red(self, seat: int):
        return self.card("红牌", seat)

    def refused(self, seat: int, skill: str, *words, via: str = "pm") -> str:
        return self.refused_act(seat, skill, *words, via=via)

    def who(self, cls: str, faction: str | None = None) -> int:
        st = self.state
        return next(s for s in range(1, 16) if st.classes[s] == cls and (faction is None or st.factions[s] == faction))

    def other(self, cls: str, not_faction: str) -> int:
        st = self.state
        return next(s for s in range(1, 16) if st.classes[s] == cls and st.factions[s] != not_faction)

    # --- whole steps ---
    def to_dusk(self, grail: int | None = None, rolls=()):
        """Close the day; `grail` alone submits a number, so it gets the grail."""
        assert self.state.phase == DAY
        if grail:
            self.act(grail, "圣杯", 50)
        self.game.rng.queue = list(rolls)
        self.deadline()
        assert not self.game.rng.queue
        assert self.game.status == ENDED or self.state.phase == DUSK

    def resolve(self, first=(), rolls=()):
        """Close the dusk: the night resolves with `first` taking the first initiative places (the rest in seat
        order, no ties), then the scripted `rolls` in the order the rules ask for them."""
        st = self.state
        assert st.phase == DUSK
        living = st.living()
        order = list(first) + [s for s in living if s not in first]
        d20 = {s: 20 - i - dex_mod(st, s) for i, s in enumerate(order)}
        self.game.rng.queue = [d20[s] for s in living] + list(rolls)
        self.deadline()
        assert not self.game.rng.queue, f"unused scripted rolls {self.game.rng.queue}"

    def round(self, grail: int | None = None, orders=(), first=(), rolls=()):
        """One whole round: day (with an optional grail winner), dusk orders, the night."""
        self.to_dusk(grail)
        for seat, skill, *words in orders:
            self.act(seat, skill, *words)
        self.resolve(first, rolls)


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
    assert NIGHT_ORDER[1] == "投先攻" and TURN_ORDER[0] == "伤愈检定"


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


# --- hits, spells and saves -------------------------------------------------------------------------------------


def test_a_melee_attack_hits_when_d100_is_at_most_ab_minus_ac():
    t = Table()
    fighter = t.who("战士", "守序")
    wizard = t.who("法师", "中立")
    assert attack_bonus(t.state, fighter) == 80 and armor_class(t.state, wizard) == 10  # 75+5 武器专攻; 5+5
    mark = t.mark()
    t.round(orders=[(fighter, "攻击", wizard)], first=[fighter], rolls=[70, 3])
    assert "d100=70 ≤ AB80−AC10=70 → 命中" in t.log(mark)
    assert t.state.hp[wizard] == 1
    assert "你昨夜受到 3 点伤害，剩余生命值 1/4" in t.seat_text(wizard)
    assert not t.seat_text(fighter), "the attacker is not told whether he hit"
    assert "昨夜战况：没有人退出游戏" in t.group_text() and "伤害" not in t.group_text()
    mark = t.mark()
    t.round(orders=[(fighter, "攻击", wizard)], first=[fighter], rolls=[71])
    assert "d100=71 > AB80−AC10=70 → 未命中" in t.log(mark) and t.state.hp[wizard] == 1


def test_will_opposed_spells_and_saving_throws():
    t = Table()
    st = t.state
    wiz, wiz2 = t.who("法师", "守序"), t.who("法师", "中立")
    barb, sorc, rogue = t.who("野蛮人", "中立"), t.who("术士"), t.who("游荡者", "中立")
    assert (will(st, wiz), will(st, barb), reflex(st, rogue), fortitude(st, barb)) == (80, 0, 60, 70)
    mark = t.mark()
    t.round(orders=[(wiz, "魔法飞弹", barb), (sorc, "灼热射线", rogue), (wiz2, "魔法飞弹", wiz)],
            first=[wiz, sorc, wiz2], rolls=[80, 3, 60, 1])
    log = t.log(mark)
    assert "意志对抗 d100=80 ≤ 80−0=80 → 成功" in log and st.hp[barb] == 12 - 4  # 1d4+1
    assert f"{sorc}号 P{sorc}→{rogue}号 P{rogue} 反射检定 d100=60 ≤ 60 → 通过" in log and st.hp[rogue] == 6
    assert "d100=1 > 80−80=0 → 失败" in log and st.hp[wiz] == 4
    t.round(orders=[(sorc, "灼热射线", rogue)], first=[sorc], rolls=[61, 2])
    assert st.hp[rogue] == 6 - 3


# --- the five conditions -------------------------------------------------------------------------------------------


def test_stunned_loses_ten_ab_and_all_dex_until_the_end_of_the_next_night():
    t = Table()
    st = t.state
    wiz, fighter = t.who("法师", "中立"), t.who("战士", "守序")
    t.round(orders=[(wiz, "七彩喷射", fighter)], first=[wiz], rolls=[60])  # 80 − 20
    assert st.has(fighter, "眩晕")
    assert (attack_bonus(st, fighter), armor_class(st, fighter), dex_mod(st, fighter)) == (70, 15, 0)
    t.to_dusk()
    assert "用完" in t.refused(wiz, "七彩喷射", fighter)  # 全局: once a game
    assert "眩晕" in RULES.role_text(st, fighter)
    t.resolve()
    assert not st.has(fighter, "眩晕") and attack_bonus(st, fighter) == 80


def test_shaken_loses_five_dex_but_not_below_zero():
    t = Table()
    st = t.state
    bard, druid = t.who("吟游诗人"), t.who("德鲁伊")
    monk, fighter = t.who("武僧"), t.who("战士", "守序")
    # 惊惧之歌: 60 − 40 = 20; 纠缠术: the fighter's reflex 20 fails on 21
    t.round(orders=[(bard, "惊惧之歌", monk), (druid, "纠缠术", fighter)], first=[bard, druid], rolls=[20, 21])
    assert st.has(monk, "震慑") and st.has(fighter, "震慑")
    assert dex_bonus(st, monk) == 10 and armor_class(st, monk) == 15 and dex_mod(st, monk) == 2
    assert dex_bonus(st, fighter) == 0


def test_grapple_voids_both_sides_orders_until_a_struggle_or_a_release():
    t = Table()
    st = t.state
    monk, wiz = t.who("武僧"), t.who("法师", "中立")
    target = t.who("野蛮人", "混乱")
    t.round(orders=[(monk, "擒抱", wiz)], first=[monk], rolls=[55])  # touch: 60 − 5
    assert st.grapples == {monk: wiz} and dex_bonus(st, wiz) == 0
    assert "你擒抱住了" in t.seat_text(monk)
    assert not t.seat_text(wiz) and "擒抱" not in RULES.role_text(st, wiz), "the grappled is never told"
    assert "反射 20%" in RULES.role_text(st, wiz), "/身份 shows the class's numbers, not the lost dex"
    t.to_dusk()
    assert "你正擒抱着" in t.seat_text(monk)
    t.act(wiz, "魔法飞弹", target)
    t.act(monk, "攻击", target)
    mark = t.mark()
    t.resolve(first=[wiz, monk], rolls=[1])  # struggle: 30 − 50 < 1
    log = t.log(mark)
    assert "强韧对抗 d100=1 > 30−50=-20 → 失败，指令无效" in log
    assert "没有放开，指令无效" in log and st.hp[target] == 12
    t.to_dusk()
    t.act(monk, "放开")
    t.act(monk, "攻击", target)
    mark = t.mark()
    t.resolve(first=[monk, wiz], rolls=[100])
    assert "放开了" in t.log(mark) and "AB60−AC20" in t.log(mark) and st.grapples == {}


def test_a_grappled_seat_that_breaks_free_carries_out_its_order():
    t = Table()
    st = t.state
    monk, barb = t.who("武僧"), t.who("野蛮人", "混乱")
    wiz = t.who("法师", "中立")
    t.round(orders=[(monk, "擒抱", barb)], first=[monk], rolls=[50])  # 60 − 10
    assert st.grapples == {monk: barb}
    mark = t.mark()
    t.round(orders=[(barb, "攻击", wiz)], first=[barb], rolls=[20, 100])  # 70 − 50 = 20
    assert "→ 挣脱" in t.log(mark) and f"→{wiz}号" in t.log(mark)
    assert "挣脱了你的擒抱" in t.seat_text(monk) and st.grapples == {}


def test_the_standard_action_turns_free_when_a_free_one_is_needed():
    t = Table()
    monk, fighter = t.who("武僧"), t.who("战士", "中立")
    holder, other = t.who("德鲁伊"), t.who("术士")
    t.round(orders=[(monk, "擒抱", fighter)], first=[monk], rolls=[55])  # 60 − 5
    # the struggle takes the free action; the theft then takes the standard one; 攻击 has nothing left
    mark = t.mark()
    t.round(grail=holder, orders=[(fighter, "动作如潮", holder), (fighter, "攻击", other)], first=[fighter],
            rolls=[10, 1, 2, 100])
    log = t.log(mark)
    assert "60−50=10 → 挣脱" in log and "夺宝（标准→自由动作）" in log
    assert "「攻击」：动作已经用完，未执行" in log


def test_fatigued_loses_five_ab_and_one_damage_but_deals_at_least_one():
    t = Table()
    st = t.state
    sorc, fighter, wiz = t.who("术士"), t.who("战士", "守序"), t.who("法师", "中立")
    t.round(orders=[(sorc, "衰弱射线", fighter)], first=[sorc], rolls=[21])  # reflex 20
    assert st.has(fighter, "疲惫") and attack_bonus(st, fighter) == 75
    mark = t.mark()
    t.round(orders=[(fighter, "攻击", wiz)], first=[fighter], rolls=[65, 1])
    assert "AB75−AC10=65 → 命中" in t.log(mark) and "疲惫-1 = 1" in t.log(mark) and st.hp[wiz] == 3
    assert not st.has(fighter, "疲惫")


def test_wounded_cannot_act_recovers_at_fifty_then_sixty_or_dies():
    t = Table()
    st = t.state
    fighter, wiz = t.who("战士", "守序"), t.who("法师", "中立")
    t.round(orders=[(fighter, "攻击", wiz)], first=[wiz, fighter], rolls=[1, 8])
    assert st.hp[wiz] == 0 and st.wounded(wiz)
    assert "你进入了受伤状态" in t.seat_text(wiz)
    assert "受伤状态" in t.refused(wiz, "圣杯", 50)
    t.to_dusk()
    assert wiz not in RULES.pending(st)
    assert "受伤状态" in t.refused(wiz, "攻击", fighter)
    mark = t.mark()
    t.resolve(first=[wiz], rolls=[51])
    assert "伤愈检定（第1次）" in t.log(mark) and "继续受伤" in t.log(mark) and st.alive[wiz]
    before = st.points[st.factions[fighter]]
    t.to_dusk()
    mark = t.mark()
    t.resolve(first=[wiz], rolls=[61])
    assert "伤愈检定（第2次）" in t.log(mark) and "死亡" in t.log(mark) and not st.alive[wiz]
    assert f"{wiz}号 P{wiz} 退出了游戏" in t.group_text()
    assert st.points[st.factions[fighter]] == before + 3  # the one who brought it down killed it


def test_the_first_recovery_roll_heals_to_one():
    t = Table()
    st = t.state
    fighter, wiz = t.who("战士", "守序"), t.who("法师", "中立")
    t.round(orders=[(fighter, "攻击", wiz)], first=[wiz, fighter], rolls=[1, 8])
    t.round(first=[wiz], rolls=[50])
    assert st.hp[wiz] == 1 and not st.wounded(wiz) and "伤愈" in t.seat_text(wiz)


# --- the grail theft ------------------------------------------------------------------------------------------------------


def test_a_hit_on_the_grail_holder_takes_a_free_action_and_steals_half_the_time():
    t = Table()
    st = t.state
    fighter, holder = t.who("战士", "守序"), t.who("野蛮人", "混乱")
    t.round(grail=holder, orders=[(fighter, "攻击", holder)], first=[fighter], rolls=[1, 2, 50])
    assert st.points == {"守序": 2, "中立": 0, "混乱": 1}
    assert "你的圣杯在夜里被抢夺了" in t.seat_text(holder) and f"{fighter}号" not in t.seat_text(holder)
    assert "你夺到了圣杯" in t.seat_text(fighter)
    mark = t.mark()
    t.round(grail=holder, orders=[(fighter, "攻击", holder)], first=[fighter], rolls=[1, 2, 51])
    assert "d100=51 > 50（基础）→ 失败" in t.log(mark) and st.points["守序"] == 2
    assert "被抢夺" not in t.seat_text(holder)


def test_no_theft_without_a_free_action():
    t = Table()
    st = t.state
    bard, holder = t.who("吟游诗人"), t.who("战士", "守序")
    mark = t.mark()
    t.round(grail=holder, orders=[(bard, "鼓舞勇气", bard), (bard, "攻击", holder)], first=[bard], rolls=[1, 1])
    log = t.log(mark)
    assert "AB70" in log and "没有自由动作" in log and st.points["混乱"] == 0


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


# --- each class's skills -----------------------------------------------------------------------------------------------------
# Tested above: 魔法飞弹 (法师) in test_will_opposed_spells_and_saving_throws, 七彩喷射 (法师) in test_stunned_…,
# 灼热射线 (术士) in test_will_opposed_…, 衰弱射线 (术士) in test_fatigued_…, 惊惧之歌 (吟游诗人) and 纠缠术 (德鲁伊)
# in test_shaken_…, 擒抱 (武僧) in the grapple tests.


def test_fighter_power_attack_weapon_focus_and_action_surge():
    t = Table()
    st = t.state
    fighter, paladin = t.who("战士", "守序"), t.who("圣武士")
    wiz, barb = t.who("法师", "中立"), t.who("野蛮人", "混乱")
    assert attack_bonus(st, fighter) == attack_bonus(st, paladin) + 5  # 武器专攻
    t.to_dusk()
    t.act(fighter, "强力攻击")
    t.act(fighter, "动作如潮", barb)
    t.act(fighter, "攻击", wiz)
    mark = t.mark()
    t.resolve(first=[fighter], rolls=[100, 60, 1])
    log = t.log(mark)
    assert "动作如潮：" in log and "AB70−AC10=60 → 命中" in log and "1d8(1)=1 +3 = 4" in log
    t.to_dusk()
    assert "用完" in t.refused(fighter, "动作如潮", barb)


def test_barbarian_rage_then_fatigue():
    t = Table()
    st = t.state
    barb, wiz = t.who("野蛮人", "中立"), t.who("法师", "守序")
    t.to_dusk()
    t.act(barb, "狂暴")
    assert armor_class(st, barb) == 10 and attack_bonus(st, barb) == 85
    t.act(barb, "攻击", wiz)
    mark = t.mark()
    t.resolve(first=[barb], rolls=[1, 1])
    assert "1d12(1)=1 +2 = 3" in t.log(mark)
    t.to_dusk()
    assert st.has(barb, "疲惫") and "疲惫状态" in t.refused(barb, "狂暴")
    t.resolve()
    t.to_dusk()
    t.act(barb, "狂暴")


def test_barbarian_uncanny_dodge_keeps_dex_and_is_never_caught_off_guard():
    t = Table()
    st = t.state
    barb, wiz, rogue = t.who("野蛮人", "混乱"), t.who("法师", "守序"), t.who("游荡者", "中立")
    mark = t.mark()
    t.round(orders=[(wiz, "七彩喷射", barb), (rogue, "攻击", barb)], first=[wiz, rogue, barb], rolls=[1, 1, 3])
    assert st.has(barb, "眩晕") and dex_bonus(st, barb) == 10
    assert "偷袭" not in t.log(mark) and st.hp[barb] == 9


def test_rogue_sneak_attack_on_the_unready():
    t = Table()
    st = t.state
    rogue, fighter = t.who("游荡者", "混乱"), t.who("战士", "守序")
    mark = t.mark()
    t.round(orders=[(rogue, "攻击", fighter)], first=[rogue, fighter], rolls=[1, 2, 3])
    assert "偷袭1d6(3)=3" in t.log(mark) and st.hp[fighter] == 10 - 5
    mark = t.mark()
    t.round(orders=[(rogue, "攻击", fighter)], first=[fighter, rogue], rolls=[1, 2])
    assert "偷袭" not in t.log(mark) and st.hp[fighter] == 3


def test_rogue_sleight_of_hand_steals_three_times_in_four():
    t = Table()
    st = t.state
    rogue, holder = t.who("游荡者", "中立"), t.who("战士", "守序")
    mark = t.mark()
    t.round(grail=holder, orders=[(rogue, "攻击", holder)], first=[rogue], rolls=[1, 1, 1, 75])
    assert "d100=75 ≤ 75（妙手空空）→ 成功" in t.log(mark) and st.points["中立"] == 2


def test_sorcerer_grail_surge_adds_two_to_spells():
    t = Table()
    st = t.state
    sorc, fighter = t.who("术士"), t.who("战士", "守序")
    mark = t.mark()
    t.round(grail=sorc, orders=[(sorc, "灼热射线", fighter)], first=[sorc], rolls=[21, 1])
    assert "圣杯涌能" in t.log(mark) and st.hp[fighter] == 10 - (1 + 1 + 2)


def test_bard_inspire_courage_helps_a_later_attacker():
    t = Table()
    st = t.state
    bard, fighter, wiz = t.who("吟游诗人"), t.who("战士", "守序"), t.who("法师", "中立")
    mark = t.mark()
    t.round(orders=[(bard, "鼓舞勇气", fighter), (fighter, "攻击", wiz)], first=[bard, fighter], rolls=[1, 2])
    assert "AB90−AC10" in t.log(mark) and st.hp[wiz] == 4 - 3


def test_druid_companion_attacks_as_a_free_action_and_never_steals():
    t = Table()
    st = t.state
    druid, holder, monk = t.who("德鲁伊"), t.who("战士", "守序"), t.who("武僧")
    mark = t.mark()
    t.round(grail=holder, orders=[(druid, "动物伙伴", holder), (druid, "纠缠术", monk)], first=[druid],
            rolls=[1, 3, 100])
    log = t.log(mark)
    assert "的伙伴→" in log and "夺宝" not in log and st.hp[holder] == 7
    assert st.has(monk, "震慑")


def test_monk_stunning_fist_and_flurry_of_blows():
    t = Table()
    st = t.state
    monk, fighter = t.who("武僧"), t.who("战士", "中立")
    t.round(orders=[(monk, "击晕拳", fighter)], first=[monk], rolls=[40, 2, 61])  # fort 60
    assert st.has(fighter, "眩晕") and st.hp[fighter] == 8
    t.to_dusk()
    t.act(monk, "疾风连击")
    t.act(monk, "攻击", fighter)
    mark = t.mark()
    t.resolve(first=[monk], rolls=[100, 100])
    assert t.log(mark).count("AB50−AC15") == 2


def test_cleric_cure_light_wounds_wakes_the_wounded():
    t = Table()
    st = t.state
    cleric, fighter, wiz = t.who("牧师"), t.who("战士", "中立"), t.who("法师", "守序")
    t.round(orders=[(fighter, "攻击", wiz)], first=[wiz, fighter], rolls=[1, 8])
    assert st.wounded(wiz)
    t.round(orders=[(cleric, "治疗轻伤", wiz)], first=[cleric, wiz], rolls=[3])
    assert st.hp[wiz] == 3 and not st.wounded(wiz) and "生命值恢复到 3/4" in t.seat_text(wiz)


def test_cleric_grail_light_needs_the_grail_and_heals_in_full():
    t = Table()
    st = t.state
    cleric, fighter, paladin = t.who("牧师"), t.who("战士", "中立"), t.who("圣武士")
    t.to_dusk()
    assert "圣杯技能" in t.refused(cleric, "圣杯之光", paladin)
    t.act(fighter, "攻击", paladin)
    t.resolve(first=[fighter], rolls=[1, 5])
    assert st.hp[paladin] == 5
    t.round(grail=cleric, orders=[(cleric, "圣杯之光", paladin)], first=[cleric])
    assert st.hp[paladin] == 10


def test_paladin_smite_divine_grace_and_grail_guard():
    t = Table()
    st = t.state
    paladin, bard, wiz = t.who("圣武士"), t.who("吟游诗人"), t.who("法师", "中立")
    rogue = t.who("游荡者", "混乱")
    assert (will(st, paladin), reflex(st, paladin), fortitude(st, paladin)) == (30, 30, 70)  # 神恩 +10
    mark = t.mark()
    t.round(orders=[(paladin, "惩恶一击", bard)], first=[paladin], rolls=[1, 1])
    assert "AB85−AC15" in t.log(mark) and "1d8(1)=1 +3 = 4" in t.log(mark)
    mark = t.mark()
    t.round(orders=[(paladin, "惩恶一击", wiz)], first=[paladin], rolls=[100])
    assert "AB75−AC10" in t.log(mark)
    mark = t.mark()
    t.round(grail=paladin, orders=[(rogue, "攻击", paladin)], first=[rogue], rolls=[1, 1, 1, 26])
    assert "26 > 25" in t.log(mark) and "圣杯守护" in t.log(mark) and st.points["混乱"] == 0


def test_ranger_rapid_shot_and_track():
    t = Table()
    st = t.state
    ranger, fighter, wiz = t.who("游侠"), t.who("战士", "守序"), t.who("法师", "中立")
    t.to_dusk()
    t.act(ranger, "连射")
    t.act(ranger, "追踪", fighter)
    t.act(ranger, "攻击", wiz)
    t.act(fighter, "攻击", wiz)
    mark = t.mark()
    t.resolve(first=[ranger, fighter], rolls=[100, 100, 100])
    assert t.log(mark).count("AB65−AC10") == 2
    assert f"追踪结果：{fighter}号 P{fighter} 昨夜的指令指向了 {wiz}号" in t.seat_text(ranger)
    assert st.alive[wiz]


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
