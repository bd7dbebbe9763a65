"""Scenario tests of 斗兽棋 (rule text 000), driven through the engine exactly as the QQ layer drives it:
`Game.new` + `apply(game, Input.make(...))`. Levels come from a seeded deal and are looked up by level;
本能 are chosen by the players in the 选择 phase. Where a scenario needs a particular HP or a pile of
稻草人 first, the test arranges it on the state and says so."""

from __future__ import annotations

import re

import pytest
import scenario

from plugins.bansha.engine import Ctx, Input, Refusal, apply, get
from plugins.bansha.engine.game import ENDED
from plugins.beastchess import rules  # noqa: F401  # registers the ruleset
from plugins.beastchess.catalog import INSTINCT_LIST, INSTINCTS
from plugins.beastchess.data import FACTION
from plugins.beastchess.order import BUFF_ORDER, NULLIFY_PRIORITY, RESOLUTION_ORDER, SPECIAL_ORDER

RULES = get("斗兽棋")
T0 = 1_700_000_000.0
NEUTRAL = "预知"  # an instinct with no effect unless used


class Table(scenario.Table):
    """One game of `n` players."""

    def __init__(self, n: int = 4, seed: int = 1, **options):
        super().__init__(RULES, n, seed, options)

    def end(self):
        """The round's (or phase's) deadline."""
        return self.deadline()

    def refused(self, seat: int, skill: str, *words) -> str:
        return self.refused_act(seat, skill, *words)

    def setup(self, picks: dict[int, str] | None = None, probe: dict[int, int] | None = None):
        """Nobody bans; each seat picks its 本能 (NEUTRAL unless given); probes as given; round 1 begins."""
        picks, probe = picks or {}, probe or {}
        for s in self.seats:
            self.pass_(s)
        assert self.state.phase == "pick"
        for s in self.seats:
            self.act(s, "选择", picks.get(s, NEUTRAL))
        assert self.state.phase == "probe"
        for s in self.seats:
            if s in probe:
                self.act(s, "探查", probe[s])
            else:
                self.pass_(s)
        assert self.state.phase == "round" and self.state.day == 1
        return self

    def skip(self, rounds: int = 1):
        for _ in range(rounds):
            self.end()

    def arrange_hp(self, seat: int, hp: int):
        """Test arrangement: the seat starts the round with this HP (as announced)."""
        self.state.hp[seat] = self.state.shown[seat] = hp

    # --- lookups ---
    def lv(self, level: int, i: int = 0) -> int:
        return self.state.seats_of(level)[i]

    def hp(self, seat: int) -> int:
        return self.state.hp[seat]

    def shields(self, seat: int) -> int:
        return self.state.shields[seat]

    pm = scenario.Table.seat_text
    group = scenario.Table.group_text
    judge_log = scenario.Table.log

    def announced(self, seat: int, events=None) -> str:
        m = re.search(rf"^{seat}号 P{seat}：(.+)$", self.group(events), re.M)
        assert m, self.group(events)
        return m.group(1)


def four(seed: int = 1) -> tuple[Table, int, int, int, int]:
    """A 4-player table (max HP 3) and its seats by level: (table, L4, L3, L2, L1)."""
    t = Table(4, seed)
    return t, t.lv(4), t.lv(3), t.lv(2), t.lv(1)


def five(seed: int = 1) -> tuple[Table, int, int, int, int, int]:
    """A 5-player table (max HP 4): (table, L4, L3, L2, L1, second L1)."""
    t = Table(5, seed)
    return t, t.lv(4), t.lv(3), t.lv(2), t.lv(1), t.lv(1, 1)


def form(name: str) -> str:
    return INSTINCTS[name].form


# --- the deal, setup steps and declarations -----------------------------------------------------


def test_every_instinct_is_declared_with_the_appendix_form_and_type():
    at = "预知、饮鸩止渴、合纵连横、狐假虎威、磕CP、制衡、兽性、大智若愚、我是歌姬、替身力量、独立宣言、趋吉避凶".split("、")
    pt = "强健、发怒、嗜杀、垂死抗争、幸运、外交部发言人、警惕、苟且偷生、断井颓垣、卧薪尝胆、仁慈".split("、")
    kinds = {
        "信息型": "预知、大智若愚、苟且偷生、我是歌姬、独立宣言、仁慈",
        "防守型": "强健、合纵连横、磕CP、替身力量、饮鸩止渴、趋吉避凶",
        "攻击型": "发怒、嗜杀、警惕、狐假虎威、兽性、断井颓垣",
        "全能型": "垂死抗争、幸运、制衡、卧薪尝胆、外交部发言人",
    }
    assert len(INSTINCT_LIST) == 24
    assert sorted(i.name for i in INSTINCT_LIST if i.form == "AT") == sorted(at)
    assert sorted(i.name for i in INSTINCT_LIST if i.form == "PT") == sorted(pt)
    for kind, names in kinds.items():
        assert sorted(i.name for i in INSTINCT_LIST if i.kind == kind) == sorted(names.split("、"))
    assert INSTINCTS["笨鸟先飞"].form == ""  # 類型：由隨機得到的本能決定
    assert [step.key for step in RESOLUTION_ORDER] == ["buffs", "cap", "shield", "true_damage", "lock", "special"]
    assert [label for _, label in SPECIAL_ORDER] == ["嗜杀", "饮鸩止渴", "替身力量"]
    assert [p for _, p in NULLIFY_PRIORITY] == [5, 4, 3, 2, 2, 1] and BUFF_ORDER[0].key == "nullify"


@pytest.mark.parametrize("n,counts", [(4, (1, 1, 1, 1)), (5, (2, 1, 1, 1)), (6, (2, 2, 1, 1)), (7, (2, 2, 2, 1)),
                                      (8, (3, 2, 2, 1)), (9, (3, 2, 2, 2)), (10, (3, 2, 3, 2))])
def test_levels_and_starting_hp_follow_the_head_count_table(n, counts):
    t = Table(n, seed=n)
    st = t.state
    assert tuple(len(st.seats_of(lv)) for lv in (1, 2, 3, 4)) == counts
    assert st.max_hp == n - 1 and all(st.hp[s] == n - 1 for s in t.seats)
    for s in t.seats:  # each player learns only their own animal and level
        role = next(e.text for e in t.events if e.audience.kind == "seat" and e.audience.seat == s and e.tag == "role")
        assert f"{st.animals[s]}】（{st.level(s)}级" in role
    assert "初始血量（也是最大血量）" in t.group(t.events)


def test_missing_six_and_eight_player_rows_are_options():
    t = Table(6, seed=2, 六人配置="2121")
    assert tuple(len(t.state.seats_of(lv)) for lv in (1, 2, 3, 4)) == (2, 1, 2, 1)
    t = Table(8, seed=2, 八人配置="2222")
    assert tuple(len(t.state.seats_of(lv)) for lv in (1, 2, 3, 4)) == (2, 2, 2, 2)
    assert RULES.check_players({}, 3) and RULES.check_players({}, 11) and RULES.check_players({}, 4) is None


def test_bans_are_drawn_by_share_of_votes_and_foresight_cannot_be_banned():
    t = Table(4)
    assert "不能被禁用" in t.refused(1, "禁用", "预知") or "找不到" in t.refused(1, "禁用", "预知")
    assert "一到两个" in t.refused(1, "禁用", "制衡", "兽性", "强健")
    # 2x/n: every player banning 制衡 bans it for sure
    t = Table(4, 禁用概率="2x/n")
    for s in t.seats:
        t.act(s, "禁用", "制衡", "獸性")  # Traditional names are accepted too
    assert t.state.banned == ["兽性", "制衡"] or t.state.banned == ["制衡", "兽性"]
    assert "禁用结果：" in t.group() and "制衡" in t.group()
    assert "已被禁用" in t.refused(1, "选择", "制衡")
    # x/2n (default): unanimous votes ban with probability n/2n = 1/2
    hits = 0
    for seed in range(200):
        t = Table(4, seed=seed)
        for s in t.seats:
            t.act(s, "禁用", "制衡")
        hits += "制衡" in t.state.banned
    assert 70 < hits < 130


def test_pick_is_private_early_bird_draws_at_once_and_forms_are_compared():
    t = Table(4, seed=3)
    for s in t.seats:
        t.pass_(s)
    t.act(1, "选择", "笨鸟先飞")
    held = t.state.instincts[1]
    assert held != "笨鸟先飞" and t.state.picked[1] == "笨鸟先飞"
    assert f"获得了本能「{held}」和1个护盾" in t.pm(1)
    assert t.shields(1) == 1 + (2 if held == "强健" else 0)
    assert not t.group()  # nothing public about a pick
    assert "不能更改" in t.refused(1, "选择", "制衡")
    t.act(2, "选择", "制衡")
    t.act(3, "选择", "兽性")
    t.end()  # seat 4 did not pick: a random 本能
    assert t.state.instincts[4] and "随机分配" in t.pm(4)
    forms = [form(t.state.instincts[s]) for s in t.seats]
    rel = "多于" if forms.count("AT") > forms.count("PT") else "少于" if forms.count("AT") < forms.count("PT") else "等于"
    assert f"选择 AT 形态本能的人次{rel} PT 形态" in t.group()
    # 探查: one target's 本能类型, privately
    t.act(1, "探查", 2)
    assert "2号 P2 的本能类型是【全能型】" in t.pm(1)
    assert "已经探查过" in t.refused(1, "探查", 3)


def test_foresight_tells_the_order_of_two_levels_any_time_with_uses_by_head_count():
    t, a, b, c, d = four()
    for s in t.seats:
        t.pass_(s)
    for s in t.seats:
        t.act(s, "选择", "预知")
    t.act(d, "预知", a, d)  # in the 探查 phase: any time
    assert f"{a}号 P{a} 的等级高于 {d}号 P{d}" in t.pm(d)
    assert "次数已经用完" in t.refused(d, "预知", b, c)  # 4-5 人：1 次
    for s in t.seats:
        t.pass_(s)
    t.act(b, "预知", b, c)  # during a round, at once
    assert f"{b}号 P{b} 的等级高于 {c}号 P{c}" in t.pm(b) and t.state.day == 1
    assert "恐惧" in t.refused(c, "预知", a, b)  # but not through 恐惧
    t7 = Table(7)
    assert "预知（剩余 2 次）" in RULES.help_text(t7.setup({1: "预知"}).state, 1)


# --- actions and abilities ------------------------------------------------------------------------


def test_attack_damage_by_level_gap_and_invalid_attacks_are_not_told():
    t, a, b, c, d = four()
    t.setup()
    t.act(a, "攻击", d)  # 4→1: 1 + 1 (two or more levels lower)
    t.act(b, "攻击", c)  # 3→2: 1
    t.act(c, "攻击", a)  # 2→4: 攻击无效
    t.act(d, "感应", b)  # closes the round early: everyone has acted
    assert t.state.day == 2
    assert (t.hp(a), t.hp(b), t.hp(c), t.hp(d)) == (3, 3, 2, 1)
    assert "攻击无效" not in t.pm(c)
    assert f"{b}号 本回合的对象是 {c}号" in t.pm(d)
    assert t.announced(d) == "1" and t.announced(c) == "2"


def test_sense_returns_the_attack_first_then_sense_then_instinct_target():
    t, a, b, c, d, e = five()
    t.setup({b: "兽性"})
    t.act(b, "兽性", a)  # b's only object so far: a 本能 target
    t.act(d, "感应", b)
    t.act(e, "感应", d)  # e senses a senser
    t.end()
    assert f"{b}号 本回合的对象是 {a}号" in t.pm(d)
    assert f"{d}号 本回合的对象是 {b}号" in t.pm(e)
    t.act(b, "攻击", c)
    t.act(d, "感应", b)
    t.end()
    assert f"{b}号 本回合的对象是 {c}号" in t.pm(d)


def test_fear_locks_level_one_and_two_instincts_in_round_one_only():
    t, a, b, c, d = four()
    t.setup({c: "制衡", d: "趋吉避凶", b: "制衡"})
    assert "恐惧" in t.refused(c, "制衡")
    t.act(d, "趋吉避凶", "吉")  # 锁定: 恐惧 does not apply
    t.act(b, "制衡")  # level 3 is free
    t.end()
    t.act(c, "制衡")  # round 2: allowed


def test_slaughter_not_in_round_one_then_nullifies_hits_half_hp_and_locks_self():
    t, a, b, c, d = four()
    t.setup({b: "独立宣言"})
    assert "第一回合" in t.refused(a, "杀戮", b)
    assert "杀戮（剩余 2 次）" in RULES.help_text(t.state, a)
    t.skip()
    # round 2: 凶残 will hit a for 2 (only b loses HP); 杀戮 locks a at 3-1
    t.act(a, "杀戮", b)
    t.act(b, "独立宣言")
    t.end()
    assert t.hp(b) == 3 - 3 // 2 == 2
    assert "本能无效" in t.pm(b) and t.announced(b) == "2"  # 独立宣言 nullified: the real HP is shown
    assert t.state.used(b, "declaration") == 0  # 不扣除使用次數
    assert t.hp(a) == 2  # 3 - 2 (凶残) = 1, locked at 3 - 1
    assert "杀戮（剩余 1 次）" in RULES.help_text(t.state, a)
    assert "杀戮（剩余 3 次）" in RULES.help_text(Table(7, seed=1).state, Table(7, seed=1).lv(4))


def test_cruel_hits_the_fourth_level_by_how_many_others_lost_hp():
    t, a, b, c, d = four()
    t.setup()
    t.skip()  # round 1: no 凶残
    assert t.hp(a) == 3
    t.skip()  # round 2: nobody else lost HP → 2
    assert t.hp(a) == 1
    t, a, b, c, d = four()
    t.setup()
    t.skip()
    t.act(a, "攻击", b)
    t.act(b, "攻击", c)
    t.act(c, "攻击", d)
    t.end()  # all three other levels lost HP → no damage
    assert t.hp(a) == 3
    t.act(a, "攻击", b)
    t.act(b, "攻击", c)
    t.end()  # two of three lost HP (more than 1, not all) → 1
    assert t.hp(a) == 2


def test_ambition_needs_a_lower_hp_and_few_enemies_then_attacks_twice_and_shields_on_two_deaths():
    t, a, b, c, d = four()
    t.setup()
    assert "最高" in t.refused(a, "野心", c)
    t.act(a, "攻击", d)
    t.act(b, "攻击", d)
    t.end()  # d dies: other levels alive = 2 ≤ 4/2
    assert not t.state.alive[d]
    assert "最高" in t.refused(a, "野心", c)  # a still ties for the highest HP
    t.arrange_hp(a, 1)
    t.arrange_hp(b, 1)
    t.arrange_hp(c, 2)
    t.act(a, "野心", c)
    t.act(a, "攻击", b)
    t.end()
    assert not t.state.alive[b] and not t.state.alive[c]  # the extra attack hit c for 2
    assert t.shields(a) == 1 and "野心：本回合死亡人数≥2" in t.pm(a)
    assert t.game.status == ENDED and t.game.outcome.winner == FACTION[4]


def wisdom_words(t: Table, seat: int, forms: int, wrong: int = 0) -> list[str]:
    """A 智慧 naming every other seat with its level, `forms` of them with their form."""
    st = t.state
    out = []
    given = 0
    for s in t.seats:
        if s == seat:
            continue
        level = st.level(s)
        if wrong and s == wrong:
            level = 3 if level != 3 else 2
        tail = ""
        if given < forms and st.level(s) != st.level(seat):
            tail = form(st.instincts[s])
            given += 1
        out += [str(s), f"{level}级{tail}"]
    return out


def test_level_one_wisdom_all_right_wins_for_level_one():
    t, a, b, c, d = four()
    t.setup({a: "强健", b: "嗜杀", c: "制衡"})
    assert "恰好为 2 名" in t.refused(d, "智慧", *wisdom_words(t, d, forms=1))
    t.act(d, "智慧", *wisdom_words(t, d, forms=2))
    t.end()
    assert "智慧：成功" in t.pm(d)
    out = t.game.outcome
    assert t.game.status == ENDED and out.winner == FACTION[1] and out.seats == (d,)
    assert f"{d}号 P{d} 的智慧成功" in out.text


def test_wrong_wisdom_only_says_fail_and_is_once_per_player():
    t, a, b, c, d = four()
    t.setup()
    t.act(d, "智慧", *wisdom_words(t, d, forms=2, wrong=a))
    t.end()
    assert "智慧：失败。" in t.pm(d) and t.game.status != ENDED
    assert "次数已经用完" in t.refused(d, "智慧", *wisdom_words(t, d, forms=3))


def test_level_two_wisdom_waits_for_its_round_and_level_one_wins_a_tie():
    t, a, b, c, d = four()
    t.setup()
    assert "第2回合" in t.refused(c, "智慧", *wisdom_words(t, c, forms=2))
    t.skip()
    # round 2 = n/2 (rounded up): one more form is needed
    assert "恰好为 3 名" in t.refused(c, "智慧", *wisdom_words(t, c, forms=2))
    t.act(c, "智慧", *wisdom_words(t, c, forms=3))
    t.act(d, "智慧", *wisdom_words(t, d, forms=3))
    t.end()
    assert "智慧：成功" in t.pm(c) and "智慧：成功" in t.pm(d)
    assert t.game.outcome.winner == FACTION[1]


def test_diva_makes_every_wisdom_fail_shields_herself_and_is_her_own_object():
    t, a, b, c, d = four()
    t.setup({b: "我是歌姬"})
    t.act(b, "我是歌姬")
    assert "放弃了行动" in t.refused(b, "攻击", c)
    t.act(d, "智慧", *wisdom_words(t, d, forms=2))
    t.end()
    assert "智慧：失败" in t.pm(d) and t.game.status != ENDED
    assert t.shields(b) == 1
    assert "次数已经用完" in t.refused(b, "我是歌姬")
    t2, a2, b2, c2, d2 = four()
    t2.setup({b2: "我是歌姬"})
    t2.act(b2, "我是歌姬")
    t2.act(d2, "感应", b2)
    t2.end()
    assert f"{b2}号 本回合的对象是 {b2}号" in t2.pm(d2)


# --- the resolution order ----------------------------------------------------------------------


def test_one_round_cap_then_shields_then_true_damage_then_lock():
    """最大受到伤害 before 护盾, 真实伤害 past the shields, 锁血 last — in one round."""
    t, a, b, c, d, e = five()
    t.setup({d: "强健", c: "合纵连横", b: "兽性", e: "狐假虎威"})
    assert t.shields(d) == 2  # 强健: two shields at the start
    t.skip()
    t.act(c, "合纵连横", d)  # d's damage this round is at most 2 (5 players)
    t.act(b, "兽性", d)  # d's damage ×2
    t.act(e, "狐假虎威", d)  # 2 true damage to d, and 2 shields to d
    t.act(a, "杀戮", d)  # 4 // 2 = 2 true damage; a locks at 4 - 1
    t.act(a, "攻击", d)  # 2 damage ×2 = 4, capped to 2
    t.end()
    # d: shields 2 + 2 = 4; damage 4 → cap 2 → shields absorb 2 (2 left); true 2 + 2 = 4 → HP 4 - 4 = 0
    assert t.shields(d) == 2, "the cap applies before the shields"
    assert not t.state.alive[d], "true damage ignores the shields"
    # a: 凶残 (only d lost HP: 1 ≤ 1) = 2 damage → 4 - 2 = 2, then 锁血 at 3
    assert t.hp(a) == 3, "锁血 comes after the damage"
    log = t.judge_log()
    order = [log.index(f"{d}号 最大受到伤害2"), log.index(f"{d}号 受到2点伤害，护盾抵挡2"),
             log.index(f"{d}号 受到4点真实伤害"), log.index(f"{a}号 锁血（杀戮）")]
    assert order == sorted(order)


def test_special_stage_order_bloodlust_then_poison_cup_then_stand():
    # 嗜杀 sets d dead; 饮鸩止渴 (after 嗜杀) sees a lethal round and locks d at its HP
    t, a, b, c, d = four()
    t.setup({b: "嗜杀", d: "饮鸩止渴"})
    t.skip()
    t.act(d, "饮鸩止渴")
    t.act(b, "攻击", d)
    t.end()
    assert t.state.alive[d] and t.hp(d) == 3 and t.shields(d) == 1
    # 嗜杀 then 替身力量: six scarecrows bring the holder back after 嗜杀
    t, a, b, c, d = four()
    t.setup({b: "嗜杀", d: "替身力量"})
    t.skip()
    t.state.scarecrows[d] = 5  # arrangement: one short of six; the successful attack adds one
    t.act(b, "攻击", d)
    t.end()
    assert t.state.alive[d] and t.hp(d) == 1 and t.state.scarecrows[d] == 0
    assert "嗜杀：" in t.judge_log() and "消耗6个稻草人" in t.judge_log()


def test_nullify_priority_balance_beats_stand_and_slaughter_beats_balance():
    t, a, b, c, d = four()
    t.setup({a: "替身力量", b: "制衡"})
    t.act(a, "替身力量", b)  # priority 2 cannot touch 制衡 (4)
    t.act(b, "制衡")  # nullifies a (another level): no scarecrows
    t.end()
    assert t.hp(b) == 2  # 制衡 costs one HP
    assert t.state.scarecrows.get(a, 0) == 0 and "本能无效" in t.pm(a)
    assert "本能无效" not in t.pm(b)
    # round 2: 杀戮 on the 制衡 user cancels 制衡, so 替身力量 works again
    t.act(a, "杀戮", b)
    t.act(a, "替身力量", c)
    t.act(b, "制衡")
    t.end()
    assert t.state.scarecrows[a] == 2
    assert t.hp(b) == 2 - 2 // 2  # only 杀戮's true damage: 制衡 did not cost anything


# --- each 本能 ---------------------------------------------------------------------------------


def test_sturdy_two_shields_at_the_start_and_a_lock_at_half_hp():
    t, a, b, c, d = four()
    t.setup({d: "强健"})
    assert t.shields(d) == 2
    t.act(a, "攻击", d)
    t.end()
    assert (t.hp(d), t.shields(d)) == (3, 0)  # both points absorbed
    t.act(d, "强健")
    t.act(a, "攻击", d)
    t.act(b, "攻击", d)
    t.end()
    assert t.hp(d) == 3 // 2  # 3 - 4 → locked at 1


def test_rage_needs_half_hp_and_attacks_twice():
    t, a, b, c, d = four()
    t.setup({b: "发怒"})
    assert "一半" in t.refused(b, "发怒", d)
    t.arrange_hp(b, 1)
    t.act(b, "发怒", d)
    t.act(b, "攻击", c)
    t.end()
    assert (t.hp(c), t.hp(d)) == (2, 1)


def test_bloodlust_kills_a_target_at_three_or_less_and_shows_zero():
    t, a, b, c, d, e = five()
    t.setup({b: "嗜杀"})
    t.act(b, "攻击", c)
    t.end()
    assert t.hp(c) == 3  # HP 4 > 3: an ordinary hit
    t.act(b, "攻击", c)
    t.end()
    assert not t.state.alive[c] and t.announced(c) == "0（死亡）"  # 3 - 1 = 2, then 嗜杀


def test_bloodlust_does_not_kill_a_target_that_xiong_protects_from_the_attackers_level():
    """趨吉避兇「兇」: 「使其本回合不會受到來自自己等級的傷害及真實傷害」; 嗜殺 「注意這仍然是攻擊」. An attack from a level
    the target is protected from does nothing to it, so it cannot set the target dead either."""
    t = Table(7, seed=7)
    b1, b2, c = t.lv(3), t.lv(3, 1), t.lv(2)
    t.setup({b1: "嗜杀", b2: "趋吉避凶"})
    t.arrange_hp(c, 3)
    t.act(b2, "趋吉避凶", "凶", c)
    t.act(b1, "攻击", c)
    t.end()
    assert t.state.alive[c] and t.hp(c) == 3 and t.announced(c) == "3"
    assert "嗜杀：" not in t.judge_log() and "受趋吉避凶（凶）保护" in t.judge_log()
    t.act(b2, "趋吉避凶", "吉", "1级")  # next round c is no longer protected: the same attack kills
    t.act(b1, "攻击", c)
    t.end()
    assert not t.state.alive[c] and "嗜杀：" in t.judge_log()


def test_last_stand_locks_two_rounds_with_an_extra_attack_once_per_game():
    t, a, b, c, d, e = five()
    t.setup({b: "垂死抗争"})
    assert "≤3" in t.refused(b, "垂死抗争", d)
    t.act(a, "攻击", b)
    t.end()
    assert t.hp(b) == 3
    t.act(b, "垂死抗争", d)
    t.act(b, "攻击", c)
    t.act(a, "攻击", b)
    t.end()
    assert (t.hp(b), t.hp(c), t.hp(d)) == (3, 3, 2)  # locked; two attacks
    t.act(b, "垂死抗争", e)  # the second round: lock again, another extra attack
    t.act(b, "攻击", c)
    t.act(a, "攻击", b)
    t.end()
    assert (t.hp(b), t.hp(c), t.hp(e)) == (3, 2, 2)
    assert "一次" in t.refused(b, "垂死抗争", d)
    t.act(a, "攻击", b)
    t.end()
    assert t.hp(b) == 2


def test_ruins_languid_caps_loss_and_voids_damage_then_turns_aggressive_after_a_death():
    t, a, b, c, d = four()
    t.setup({b: "断井颓垣", d: "断井颓垣"})
    assert "颓靡" in t.refused(b, "断井颓垣", c)
    t.act(a, "攻击", d)
    t.act(b, "攻击", d)  # 颓靡: no damage
    t.act(c, "攻击", d)
    t.end()
    assert t.hp(d) == 1  # 2 + 0 + 1 = 3 damage, but 颓靡 loses at most 2
    t, a, b, c, d, e = five()
    t.setup({d: "断井颓垣"})
    t.act(a, "攻击", e)
    t.act(b, "攻击", e)
    t.act(c, "攻击", d)
    t.act(d, "感应", a)
    t.end()
    assert not t.state.alive[e] and t.hp(d) == 3
    assert f"{a}号 本回合没有对象" in t.pm(d)  # 颓靡: no attack information
    assert "永久切换为激进状态" in t.pm(d)
    t.act(d, "断井颓垣", b)  # b (4) has more HP than d (3): 2 true damage
    t.act(a, "攻击", d)
    t.act(c, "攻击", d)
    t.end()
    assert t.hp(b) == 2
    assert not t.state.alive[d]  # 3 damage: 激进 no longer caps the loss


def test_luck_draws_attack_guard_or_rest_each_round_and_not_after_a_death():
    seen = set()
    for seed in range(1, 40):
        t, a, b, c, d = four(seed)
        t.setup({b: "幸运", a: "替身力量"})
        kind = t.state.luck[b]
        assert f"本回合你获得的本能行动是【{kind}】" in t.pm(b, t.events)
        if kind in seen:
            continue
        seen.add(kind)
        if kind == "休":
            t.act(a, "替身力量", c)
            t.act(b, "幸运", a)
            t.end()
            assert t.state.scarecrows.get(a, 0) == 0  # 幸运休 (3) over 替身力量 (2)
        else:
            t.act(b, "幸运", c)
            t.end()
            assert (t.hp(c), t.shields(c)) == ((2, 0) if kind == "攻" else (3, 1))
    assert seen == {"攻", "守", "休"}
    t, a, b, c, d = four()
    t.setup({b: "幸运"})
    t.act(a, "攻击", d)
    t.act(c, "攻击", d)
    t.end()
    assert not t.state.alive[d]
    assert "有人死亡" in t.refused(b, "幸运", c)


def test_endure_nullifies_voids_the_one_who_hurt_and_every_second_trigger_hits_and_holds():
    t, a, b, c, d, e = five()
    t.setup({d: "卧薪尝胆", c: "独立宣言"})
    assert "没有受到伤害" in t.refused(d, "卧薪尝胆", c)
    t.act(c, "攻击", d)
    t.end()
    assert t.hp(d) == 3
    t.act(d, "卧薪尝胆", c)  # c hurt d last round: c's 本能 and attack fail
    t.act(c, "独立宣言")
    t.act(c, "攻击", d)
    t.act(b, "攻击", d)
    t.end()
    assert t.hp(d) == 1 and "本能无效" in t.pm(c) and t.state.used(c, "declaration") == 0
    t.act(d, "卧薪尝胆", b)  # second trigger: +1 true damage to b, d loses nothing this round
    t.act(b, "攻击", d)  # b hurt d last round: void
    t.act(c, "攻击", d)
    t.end()
    assert t.hp(b) == 3 and t.hp(d) == 1 and t.state.alive[d]


def test_spokesman_marks_while_alive_and_fires_the_round_after_death():
    t = Table(7, seed=2)
    a, b1, b2, c, d = t.lv(4), t.lv(3), t.lv(3, 1), t.lv(2), t.lv(1)
    t.setup({b1: "外交部发言人"})
    t.act(b1, "外交部发言人", b2, d)
    t.end()
    t.act(b1, "外交部", b2, d)
    t.end()
    t.act(b1, "标记", d, c)
    t.end()
    assert "三次" in t.refused(b1, "外交部发言人", d, c)
    t.act(b1, "外交部发言人", b2, c)
    t.arrange_hp(b1, 1)
    t.act(a, "攻击", b1)
    t.end()
    assert not t.state.alive[b1]
    hp_d, hp_c = t.hp(d), t.hp(c)
    t.end()  # the round after the death: each mark is a shield (same level) or a point of damage
    assert t.shields(b2) == 3 and t.hp(d) == hp_d - 3 and t.hp(c) == hp_c - 2
    hp_d = t.hp(d)
    t.end()
    assert t.hp(d) == hp_d  # once only


def test_vigilance_guesses_a_level_for_true_damage_even_when_dead_without_feedback():
    t, a, b, c, d = four()
    t.setup({b: "警惕"})
    assert "没有被扣除" in t.refused(b, "警惕", c, "2级")
    t.act(a, "攻击", b)
    t.end()
    t.act(b, "警惕", c, "2级")
    t.act(a, "攻击", b)
    t.end()
    assert t.hp(c) == 2 and "猜" not in t.pm(b)
    assert "连续" in t.refused(b, "警惕", c, "2级")
    t.act(b, "警惕", d, "3级")  # wrong
    t.act(a, "攻击", b)
    t.end()
    assert t.hp(d) == 3 and not t.state.alive[b]
    assert "仍可发动警惕" in t.pm(b)
    t.act(b, "警惕", c, "2级")  # 死亡時可用
    t.end()
    assert t.hp(c) == 1


def test_poison_cup_saves_from_a_lethal_round_hurts_otherwise_and_cools_down():
    t, a, b, c, d = four()
    t.setup({d: "饮鸩止渴"})
    t.skip()
    t.act(d, "饮鸩止渴")
    t.end()
    assert t.hp(d) == 2  # not lethal: one point of damage
    assert "冷却" in t.refused(d, "饮鸩止渴")
    t.end()
    t.act(d, "饮鸩止渴")
    t.act(b, "攻击", d)
    t.act(c, "攻击", d)
    t.end()
    assert (t.hp(d), t.shields(d)) == (2, 1)


def test_alliance_gives_up_the_action_locks_itself_and_caps_a_target():
    t, a, b, c, d, e = five()
    t.setup({c: "合纵连横", a: "兽性"})
    t.skip()
    t.act(c, "合纵连横", d)
    assert "放弃了行动" in t.refused(c, "攻击", d)
    t.act(a, "兽性", d)
    assert "兽性" in t.refused(a, "攻击", d)
    t.act(a, "攻击", c)
    t.act(b, "攻击", d)
    t.end()
    assert t.hp(c) == 4  # 4 - 2, locked at 4
    assert t.hp(d) == 2  # 2 ×2 = 4, capped at 2 (5 players)
    assert "冷却" in t.refused(c, "合纵连横")
    assert "兽性（剩余 1 次）" in RULES.help_text(t.state, a)


def test_fox_true_damage_and_shields_then_a_bonus_after_the_target_dies():
    t, a, b, c, d = four()
    t.setup({b: "狐假虎威"})
    t.act(b, "狐假虎威", d)
    t.act(a, "攻击", d)
    t.act(c, "攻击", d)
    t.end()
    assert not t.state.alive[d] and t.shields(d) == 0  # 3 damage - 2 new shields = 1; 1 + 2 true = 3
    assert "下一次攻击" in t.pm(b)
    assert "冷却" in t.refused(b, "狐假虎威", c)
    t.act(b, "攻击", c)
    t.end()
    assert t.hp(c) == 1  # 1 + 1 extra true damage
    assert "大于2" in t.refused(b, "狐假虎威", c)


def test_ship_shares_the_smaller_damage_within_a_level_or_voids_another_level():
    t, a, b, c, d, e = five()
    t.setup({b: "磕CP", d: "磕CP"})
    t.act(b, "磕CP", a)  # another level: a's attack is void
    t.act(a, "攻击", c)
    t.end()
    assert t.hp(c) == 4
    assert "连续" in t.refused(b, "磕CP", a)
    t.act(d, "磕CP", e)
    assert "放弃了行动" in t.refused(d, "感应", a)
    t.act(a, "攻击", d)
    t.act(b, "攻击", e)
    t.act(c, "攻击", e)
    t.end()
    assert (t.hp(d), t.hp(e)) == (2, 2)  # 2 and 3 → both take 2


def test_balance_costs_one_hp_and_tells_the_other_levels():
    t, a, b, c, d = four()
    t.setup({b: "制衡", a: "独立宣言"})
    t.act(b, "制衡")
    t.act(a, "独立宣言")
    t.act(a, "攻击", d)
    t.end()
    assert t.hp(b) == 2 and "本能无效" in t.pm(a) and t.announced(a) == "3"
    assert "本能无效" not in t.pm(b)


def test_feign_wins_by_being_entirely_wrong_with_matching_level_counts():
    t, a, b, c, d = four()
    t.setup({b: "大智若愚", a: "强健", c: "制衡", d: "预知"})
    t.skip()
    wrong = {a: "1", c: "4", d: "2"}

    def words(levels):
        out = []
        for s in (a, c, d):
            f = "PT" if form(t.state.instincts[s]) == "AT" else "AT"
            out += [str(s), f"{levels[s]}级{f}"]
        return out

    assert "第2回合之后" in t.refused(b, "大智若愚", *words(wrong))
    t.skip()
    assert "人数" in t.refused(b, "大智若愚", *words({a: "1", c: "1", d: "2"}))
    t.act(b, "大智若愚", *words(wrong))
    t.end()
    assert t.game.outcome.winner == FACTION[3] and "大智若愚成功" in t.game.outcome.text


def test_survive_counts_who_aimed_at_you_then_locks_and_shields_once():
    t, a, b, c, d = four()
    t.setup({b: "苟且偷生"})
    t.act(a, "攻击", b)
    t.act(d, "感应", b)
    t.end()
    assert "上一回合有 2 人的对象包含你" in t.pm(b)
    t.act(b, "苟且偷生")
    t.act(a, "攻击", b)
    t.end()
    assert (t.hp(b), t.shields(b)) == (2, 1)
    assert "次数已经用完" in t.refused(b, "苟且偷生")


def test_stand_scarecrows_from_use_hits_and_deaths_and_nullifies_a_target():
    t, a, b, c, d = four()
    t.setup({a: "替身力量", b: "独立宣言"})
    t.act(a, "替身力量", b)
    assert "放弃了行动" in t.refused(a, "攻击", d)
    t.act(b, "独立宣言")
    t.end()
    assert t.state.scarecrows[a] == 2 and "本能无效" in t.pm(b)
    assert "连续" in t.refused(a, "替身力量", b)
    t.act(a, "替身力量", c)
    t.act(b, "攻击", d)
    t.act(c, "攻击", d)
    t.end()
    assert not t.state.alive[d] and t.state.scarecrows[a] == 5  # +2, and +1 for d's death


def test_declaration_shows_last_rounds_hp_and_tells_the_real_one():
    t, a, b, c, d = four()
    t.setup({b: "独立宣言"})
    t.act(b, "独立宣言")
    t.act(a, "攻击", b)
    t.end()
    assert t.announced(b) == "3" and t.hp(b) == 2
    assert "你的真实血量为 2" in t.pm(b)
    t.end()
    assert t.announced(b) == "2"
    assert "独立宣言（剩余 1 次）" in RULES.help_text(t.state, b)


def test_omen_every_round_xiong_protects_and_ji_ji_caps_the_level_loss():
    t, a, b, c, d, e = five()
    t.setup({b: "趋吉避凶", e: "趋吉避凶"})
    assert e in RULES.pending(t.state)  # must be used every round
    t.act(b, "趋吉避凶", "凶", d)  # d takes nothing from level 3 this round
    t.act(b, "攻击", d)
    t.act(a, "攻击", d)
    t.end()  # e said nothing: 吉
    assert (t.hp(d), t.hp(e), t.hp(b)) == (2, 3, 4)
    t.act(e, "趋吉避凶", "吉")  # round 2, 吉+吉: level 1 loses at most 1 this round and next
    t.act(a, "攻击", d)
    t.end()
    assert (t.hp(d), t.hp(e)) == (1, 2)


def test_omen_xiong_xiong_takes_only_the_highest_and_mixed_curses_a_level():
    t, a, b, c, d = four()
    t.setup({b: "趋吉避凶"})
    t.act(b, "趋吉避凶", "凶", c)
    t.end()
    t.act(b, "趋吉避凶", "凶", d)
    t.act(a, "杀戮", b)
    t.act(a, "攻击", b)
    t.end()
    assert t.hp(b) == 2  # 1 damage and 1 true damage: only one of them counts
    t.act(b, "趋吉避凶", "吉")
    t.end()
    assert t.hp(b) == 1
    assert "诅咒" in t.refused(b, "趋吉避凶", "凶", d)
    t.act(b, "趋吉避凶", "凶", d, "2级")
    t.end()
    assert t.shields(b) == 1
    t.act(c, "攻击", d)
    t.end()
    assert t.hp(d) == 3  # level 2's attacks deal 1 less this round


def test_mercy_locks_the_target_at_one_and_takes_its_next_round():
    t, a, b, c, d = four()
    t.setup({a: "仁慈", d: "制衡"})
    assert "一半" in t.refused(a, "仁慈", c)
    t.arrange_hp(d, 1)
    t.act(a, "仁慈", d)
    t.act(a, "攻击", d)
    t.act(b, "攻击", d)
    t.end()
    assert t.state.alive[d] and t.hp(d) == 1
    assert "仁慈" in t.refused(d, "制衡")
    t.act(d, "智慧", *wisdom_words(t, d, forms=3))
    t.end()
    assert "智慧：失败" in t.pm(d) and t.game.status != ENDED


# --- talking, the end, the judge -----------------------------------------------------------------


def test_relay_opens_after_the_first_announcement_and_is_recorded():
    t, a, b, c, d = four()
    t.setup()
    st = t.state
    ctx = Ctx(t.game, RULES, t.clock)
    with pytest.raises(Refusal) as err:
        RULES.relay(ctx, st, a, b, "你好")
    assert "第一回合" in err.value.message
    assert RULES.speech_refusal(st, a, "大家好")
    events = t.send("speak", t.qq(a), text="大家好")
    assert "违反了发言限制" in t.group(events)
    t.act(a, "攻击", d)
    t.act(c, "攻击", d)
    t.end()
    assert "任意两名玩家可以自由交流" in t.group()
    assert RULES.speech_refusal(st, a, "大家好") is None
    ctx = Ctx(t.game, RULES, t.clock)
    RULES.relay(ctx, st, a, b, "我是好人[CQ:at,qq=all]")
    sent = [e for e in ctx.events if e.audience.kind == "seat"]
    assert len(sent) == 1 and sent[0].audience.seat == b and sent[0].tag == "chat"
    assert sent[0].text == f"【私聊】{a}号 P{a}：我是好人[CQ:at,qq=all]"
    assert any(e.audience.kind == "judge" and f"{a}号 P{a} → {b}号 P{b}" in e.text for e in ctx.events)
    for seat, target in ((d, a), (a, d), (a, a)):
        with pytest.raises(Refusal):
            RULES.relay(Ctx(t.game, RULES, t.clock), st, seat, target, "hi")


def test_last_level_standing_wins_with_its_dead_members():
    t = Table(7, seed=2)
    b1, b2 = t.lv(3), t.lv(3, 1)
    t.setup()
    t.arrange_hp(b1, 1)
    t.act(t.lv(4), "攻击", b1)
    t.end()
    assert not t.state.alive[b1]
    for s in t.seats:
        if t.state.level(s) != 3 and t.game.status != ENDED:
            t.send("judge", 1, sub="红牌", target=str(s), reason="测试")
    out = t.game.outcome
    assert out.winner == FACTION[3] and out.seats == tuple(sorted((b1, b2)))
    rows = RULES.cast(t.state)
    assert any("被法官罚下" in r.fate for r in rows) and any("第1回合死亡" in r.fate for r in rows)


def test_everyone_dying_in_the_same_round_is_a_draw():
    t, a, b, c, d = four()
    t.setup({a: "趋吉避凶"})
    t.send("judge", 1, sub="红牌", target=str(b), reason="测试")
    t.send("judge", 1, sub="红牌", target=str(c), reason="测试")
    t.arrange_hp(a, 1)
    t.arrange_hp(d, 2)
    t.act(a, "趋吉避凶", "吉")
    t.act(a, "攻击", d)
    t.end()
    assert t.game.outcome.winner == "平局" and t.game.outcome.seats == ()


def test_withdrawing_a_submission_and_changing_the_target():
    t, a, b, c, d = four()
    t.setup({b: "兽性"})
    t.act(b, "兽性", d)
    assert "先 /放弃" in t.refused(b, "兽性", c)
    t.pass_(b, "兽性")
    t.act(b, "兽性", c)
    t.act(a, "攻击", c)
    t.act(a, "攻击", d)  # the action may be re-sent while the round is open
    assert "本回合已提交：攻击 " + str(d) in RULES.help_text(t.state, a)
    t.act(b, "攻击", d)
    t.act(c, "攻击", d)
    t.act(d, "感应", a)
    assert t.state.day == 2
    assert t.hp(c) == 3 and not t.state.alive[d]  # a's first target was replaced
    assert "请私聊" in _group_refusal(t, b, c)


def _group_refusal(t: Table, seat: int, target: int) -> str:
    with pytest.raises(Refusal) as err:
        apply(t.game, Input.make("act", t.qq(seat), t.clock + 1, skill="攻击", words=(str(target),), via="group",
                                 reason=""))
    return err.value.message


def test_forum_tempo_rounds_end_at_guanmen():
    t = Table(4, seed=1, 节奏="论坛")
    for s in t.seats:
        t.pass_(s)
    assert t.state.phase == "ban"  # no early close in forum play
    t.end()
    t.end()
    t.end()
    assert t.state.phase == "round" and t.game.deadline is not None


def test_beast_doubles_the_damage_of_a_marked_enemy_with_uses_by_head_count():
    t, a, b, c, d, e = five()
    t.setup({b: "兽性"})
    t.act(b, "兽性", d)
    t.act(c, "攻击", d)
    t.end()
    assert t.hp(d) == 4 - 2  # 1 ×2
    assert "兽性（剩余 1 次）" in RULES.help_text(t.state, b)
    t8 = Table(8, seed=1)
    assert "兽性（剩余 3 次）" in RULES.help_text(t8.setup({1: "兽性"}).state, 1)
