"""Scenario tests of [M45]『鹿鼎记』 (rule text 003), driven exactly as the QQ layer drives the engine:
`Game.new` + `apply(game, Input.make(...))`; seats are looked up by role in `game.state` after a seeded deal.

One test (at least) per clause of 身份与阵营 and 胜负判定, then the day, the forum rules and the cards."""

from __future__ import annotations

import re
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
import scenario

from plugins.bansha.engine import get
from plugins.luding import rules  # noqa: F401  # registers the ruleset
from plugins.luding.order import NIGHT_ORDER
from plugins.luding.roles import ROLES
from plugins.luding.terms import DAY, FOX, NIGHT, SETTLE, VILLAGE, WOLF

RULES = get("鹿鼎记")
T0 = 1_700_000_000.0
SH = ZoneInfo("Asia/Shanghai")
ROLE_NAMES = tuple(ROLES)


def at(hh: int, mm: int = 0, day: int = 1) -> float:
    return datetime(2027, 3, day, hh, mm, tzinfo=SH).timestamp()


class Table(scenario.Table):
    """One 14-seat game. Quick tempo unless told otherwise."""

    def __init__(self, seed: int = 1, start: float = T0, **options):
        options.setdefault("节奏", "快速")
        super().__init__(RULES, 14, seed, options, start)

    def deadline(self):
        return super().deadline(self.game.deadline if self.forum else None)

    # --- lookups ---
    @property
    def forum(self) -> bool:
        return self.game.options.get("节奏") == "论坛"

    def one(self, role: str) -> int:
        return self.state.roles.index(role)

    def all(self, role: str) -> list[int]:
        return [s for s in range(1, 15) if self.state.roles[s] == role]

    def camp(self, seat: int) -> str:
        return self.state.camps[seat]

    def seat_text(self, seat: int, events=None) -> str:
        """Everything the seat was told, unless `events` are given."""
        return super().seat_text(seat, self.events if events is None else events)

    # --- whole steps ---
    def day(self, target=None, voters=None):
        """Every living seat (or `voters`) votes `target` (None: abstain; a dict: per voter); the day closes."""
        assert self.phase == DAY
        for s in voters if voters is not None else list(self.state.living()):
            if self.over or self.phase != DAY:
                break
            t = target.get(s) if isinstance(target, dict) else target
            self.vote(s, t if t is not None else "弃权")
        if not self.over and self.phase == DAY:
            self.deadline()

    def night(self, *moves, shot=None):
        """Submit (seat, skill, target…) moves, close the night, let a hunter out tonight shoot `shot`, reach dawn."""
        assert self.phase == NIGHT
        for seat, skill, *targets in moves:
            self.act(seat, skill, *targets)
        self.deadline()
        if self.over:
            return
        assert self.phase == SETTLE
        if shot is not None and self.state.shooter:
            self.act(self.state.shooter, "最后一枪", shot)
        if not self.over:
            self.deadline()

    def quiet_day_and_night(self, *moves, shot=None):
        self.day()
        if not self.over:
            self.night(*moves, shot=shot)


def assert_no_role_leak(t: Table) -> None:
    """No group event before the end names the role of a seat that is still in play."""
    state = t.state
    for e in t.events:
        if e.audience.kind != "group" or e.tag == "end":
            continue
        for m in re.findall(r"(\d+)号", e.text):
            s = int(m)
            if 1 <= s <= 14 and state.alive[s]:
                assert state.roles[s] not in e.text, (s, e.text)


# --- the deal ------------------------------------------------------------------------------------


def test_fourteen_players_exactly_with_the_texts_roles():
    assert RULES.check_players({}, 14) is None
    assert "14 人" in RULES.check_players({}, 13) and RULES.check_players({}, 15)
    assert RULES.max_players({}) == 14
    t = Table(seed=7)
    roles = sorted(t.state.roles[1:])
    assert roles == sorted(["父狼", "幼狼", "预言家", "女巫", "守卫", "猎人", "长老", "妖狐"] + ["村民"] * 6)
    for s in range(1, 15):
        mine = [e for e in t.events if e.tag == "role" and e.audience.seat == s]
        assert len(mine) == 1 and f"【{t.state.roles[s]}】" in mine[0].text
    assert all(e.audience.kind == "seat" for e in t.events if e.tag == "role")
    assert_no_role_leak(t)
    assert Table(seed=7).state.roles == t.state.roles


def test_first_day_opens_with_a_vote_and_no_night_before_it():
    t = Table(seed=2)
    assert t.phase == DAY and t.state.day == 1
    assert RULES.phase_label(t.state) == "第1天"
    assert "投票" in t.group_text(t.events)
    t.day()
    assert t.phase == NIGHT and RULES.phase_label(t.state) == "第1夜"


def test_father_and_cub_know_each_other_but_share_no_group():
    """父狼与幼狼互知但不共群。"""
    t = Table(seed=3)
    father, cub = t.one("父狼"), t.one("幼狼")
    assert f"幼狼是 {cub}号" in t.seat_text(father)
    assert f"父狼是 {father}号" in t.seat_text(cub)
    for s in (father, cub):
        assert "不共群" in t.refused("chat", s, text="今晚感染谁？")


# --- 狼人阵营 --------------------------------------------------------------------------------------


def test_infection_converts_the_camp_not_the_role_and_only_the_converted_is_told():
    """感染：他将转变为狼人阵营，并使该角色得到反馈。补充说明：被转变的是阵营而非身份。"""
    t = Table(seed=4)
    father, villager = t.one("父狼"), t.all("村民")[0]
    t.day()
    t.act(father, "感染", villager)
    assert "已提交" in "".join(e.text for e in t.last if e.audience.kind == "reply")
    t.night()
    assert t.camp(villager) == WOLF and t.state.roles[villager] == "村民"
    assert "转变为【狼人阵营】" in t.seat_text(villager)
    assert "转变" not in t.seat_text(father).split("第1夜")[-1]  # the 父狼 learns no result
    assert "昨晚无人出局" in t.group_text(t.events)
    assert "当前属于狼人阵营" in RULES.role_text(t.state, villager)
    assert_no_role_leak(t)


def test_converted_role_keeps_its_skills():
    """补充说明：该角色身份原本拥有的技能仍然存在。"""
    t = Table(seed=5)
    father, seer, villager = t.one("父狼"), t.one("预言家"), t.all("村民")[0]
    t.day()
    t.night((father, "感染", seer))
    assert t.camp(seer) == WOLF
    t.day()
    t.night((seer, "预言", villager))
    assert f"{villager}号 P{villager} 属于<村民阵营>" in t.seat_text(seer)
    row = next(r for r in RULES.cast(t.state) if r.seat == seer)
    assert row.role == "预言家" and row.faction.startswith(WOLF) and "原村民阵营" in row.faction


def test_fox_is_never_converted():
    """感染：若该角色不为妖狐…；狡黠<强制>：妖狐被有效感染时不会转变阵营。"""
    t = Table(seed=6)
    t.day()
    fox = t.one("妖狐")
    t.night((t.one("父狼"), "感染", fox))
    assert t.camp(fox) == FOX
    assert "你被感染了" not in t.seat_text(fox)
    assert "狡黠" in t.log()


def test_cub_sacrifices_at_night_and_the_father_infects_twice_the_next_night():
    """牺牲：游戏日夜晚，幼狼可以主动出局。激励<强制>：仅限下一个夜晚，父狼可以再使用一次<感染>。"""
    t = Table(seed=7)
    father, cub = t.one("父狼"), t.one("幼狼")
    a, b, c = t.all("村民")[:3]
    t.day()
    t.act(father, "感染", a)
    assert "已经提交" in t.refused_act(father, "感染", b)  # one infection a night
    t.night((cub, "牺牲"))
    assert not t.state.alive[cub] and t.state.fates[cub] == "第1夜牺牲出局"
    assert f"昨晚出局：{cub}号 P{cub}。" in t.group_text(t.events)
    assert t.camp(a) == WOLF
    assert "下一个夜晚你可以再使用一次感染" in t.seat_text(father)
    t.day()
    assert "感染两次" in t.seat_text(father).split("第2夜")[-1]
    t.act(father, "感染", b)
    t.act(father, "感染", c)
    t.night()
    assert t.camp(b) == WOLF and t.camp(c) == WOLF
    t.day()
    t.act(father, "感染", t.all("村民")[3])
    assert "已经提交" in t.refused_act(father, "感染", t.all("村民")[4])  # only that one night


def test_cub_out_by_day_triggers_rally_that_same_night():
    """补充说明：若幼狼在游戏日白天出局，当晚触发激励。"""
    t = Table(seed=8)
    father, cub = t.one("父狼"), t.one("幼狼")
    a, b = t.all("村民")[:2]
    t.day(cub)
    assert not t.state.alive[cub]
    assert "今晚你可以再使用一次感染" in t.seat_text(father)
    t.night((father, "感染", a), (father, "感染", b))
    assert t.camp(a) == WOLF and t.camp(b) == WOLF


def test_cub_red_carded_triggers_no_rally():
    """激励：当幼狼并非因为红牌罚下而出局后…"""
    t = Table(seed=9)
    father, cub = t.one("父狼"), t.one("幼狼")
    t.card("红牌", cub)
    assert not t.state.alive[cub] and "红牌" in t.state.fates[cub]
    t.day()
    t.act(father, "感染", t.all("村民")[0])
    assert "已经提交" in t.refused_act(father, "感染", t.all("村民")[1])


def test_two_infections_of_one_elder_in_one_night_convert_him():
    """激励 gives a second 感染; the first valid one spends 长寿之命, the second converts (VI, in order)."""
    t = Table(seed=10)
    father, cub, elder = t.one("父狼"), t.one("幼狼"), t.one("长老")
    t.day(cub)
    t.night((father, "感染", elder), (father, "感染", elder))
    assert t.camp(elder) == WOLF


# --- 村民阵营: 预言家 ------------------------------------------------------------------------------


def test_seer_learns_village_or_not_village_and_loses_the_skill_on_not_village():
    """预言：若该角色属于村民阵营，反馈<村民阵营>；否则，反馈<非村民阵营>，此时预言家失去技能<预言>。"""
    t = Table(seed=11)
    seer, villager, cub = t.one("预言家"), t.all("村民")[0], t.one("幼狼")
    t.day()
    ev = t.act(seer, "预言", villager)
    assert not [e for e in ev if e.tag == "check"]  # nothing resolves before the night ends
    t.night()
    checks = [e for e in t.events if e.tag == "check"]
    assert len(checks) == 1 and checks[0].audience.seat == seer and "<村民阵营>" in checks[0].text
    t.day()
    t.night((seer, "预言", cub))
    assert f"{cub}号 P{cub} 属于<非村民阵营>" in t.seat_text(seer) and "失去了技能<预言>" in t.seat_text(seer)
    t.day()
    assert "失去" in t.refused_act(seer, "预言", villager)
    assert "预言" in RULES.role_text(t.state, seer) and "已失去的技能：预言" in RULES.role_text(t.state, seer)


def test_seer_checks_camps_before_tonights_infection_and_sees_a_converted_villager_after():
    """V 预言家行动 comes before VI 感染结算."""
    t = Table(seed=12)
    seer, father, villager, other = t.one("预言家"), t.one("父狼"), *t.all("村民")[:2]
    t.day()
    t.night((father, "感染", villager), (seer, "预言", villager))
    assert "<村民阵营>" in t.seat_text(seer) and t.camp(villager) == WOLF
    t.day()
    t.night((seer, "预言", villager))
    assert f"{villager}号 P{villager} 属于<非村民阵营>" in t.seat_text(seer)
    assert other


# --- 女巫 ----------------------------------------------------------------------------------------


def test_quarantine_tells_whether_the_target_was_ever_converted():
    """检疫：查看其是否被转变过阵营。"""
    t = Table(seed=13)
    witch, father, a, b = t.one("女巫"), t.one("父狼"), *t.all("村民")[:2]
    t.day()
    t.night((father, "感染", a), (witch, "检疫", a))  # IV before VI: not yet
    assert f"{a}号 P{a} 未被转变过阵营" in t.seat_text(witch)
    t.day()
    t.night((witch, "检疫", a))
    assert f"{a}号 P{a} 被转变过阵营" in t.seat_text(witch)
    assert all(e.audience.seat == witch for e in t.events if e.tag == "check")
    assert b


def test_save_blocks_the_conversion_then_the_witch_loses_quarantine_and_save_and_no_poison_that_night():
    """救药：该角色当晚不会因被感染而转变阵营。发动后失去<检疫>、<救药>，且在该夜晚不可发动<毒药>。无反馈。"""
    t = Table(seed=14)
    witch, father, a, b = t.one("女巫"), t.one("父狼"), *t.all("村民")[:2]
    t.day()
    t.act(witch, "救药", a)
    assert "救药" in t.refused_act(witch, "毒药", b)
    assert "检疫" in t.refused_act(witch, "检疫", b)
    t.night((father, "感染", a))
    assert t.camp(a) == VILLAGE
    assert "救药" not in t.seat_text(a) and "你被感染了" not in t.seat_text(a)
    assert not [e for e in t.events if e.tag == "check"]  # 无反馈
    t.day()
    assert "失去" in t.refused_act(witch, "检疫", b)
    assert t.refused_act(witch, "救药", b)
    t.night((witch, "毒药", b))  # the poison is still there
    assert not t.state.alive[b]


def test_poison_kills_before_the_night_ends_once_per_game_and_forbids_the_save_that_night():
    """毒药：该角色在夜晚结束前出局。<毒药>一局游戏只能使用一次；发动后在该夜晚不可发动<救药>。"""
    t = Table(seed=15)
    witch, a, b = t.one("女巫"), *t.all("村民")[:2]
    t.day()
    t.act(witch, "毒药", a)
    assert "毒药" in t.refused_act(witch, "救药", b)
    t.night()
    assert not t.state.alive[a] and t.state.fates[a] == "第1夜被女巫毒药毒死"
    dawn = t.group_text()
    assert f"昨晚出局：{a}号 P{a}。" in dawn and "毒" not in dawn
    t.day()
    assert "用完" in t.refused_act(witch, "毒药", b)


# --- 猎人 ----------------------------------------------------------------------------------------


def test_infected_hunter_dies_by_loyalty_and_shoots_at_once_before_the_poison():
    """忠诚<强制>：当猎人即将被有效感染时，本次感染无效，猎人立即出局。最后一枪：被枪杀的角色立即出局。"""
    t = Table(seed=16)
    hunter, father, witch, a, b = t.one("猎人"), t.one("父狼"), t.one("女巫"), *t.all("村民")[:2]
    t.day()
    t.act(father, "感染", hunter)
    t.act(witch, "毒药", a)
    t.deadline()
    assert t.phase == SETTLE and t.state.shooter == hunter
    assert not t.state.alive[hunter] and t.camp(hunter) == VILLAGE
    assert "忠诚" in t.seat_text(hunter) and "最后一枪" in t.seat_text(hunter)
    assert t.state.alive[a]  # VII waits for the shot
    t.act(hunter, "最后一枪", a)
    assert t.state.fates[a] == "第1夜被猎人最后一枪带走"  # shot before the poison took effect
    t.deadline()
    dawn = t.group_text()
    first, second = sorted((hunter, a))
    assert f"昨晚出局：{first}号 P{first}、{second}号 P{second}。" in dawn
    assert "猎人" not in dawn and "忠诚" not in dawn
    assert b


def test_every_night_has_a_settle_phase_whether_or_not_a_hunter_dies():
    """The settle phase (where a dying hunter decides) runs to its deadline every night: it reveals nothing."""
    t = Table(seed=17)
    t.day()
    t.deadline()
    assert t.phase == SETTLE and not RULES.pending(t.state)
    assert RULES.keep_open(t.state)
    t.deadline()
    assert t.phase == DAY


def test_hunter_voted_out_shoots_during_the_night_published_at_once_victim_has_no_last_words():
    """投票结束后，因投票而触发的猎人<最后一枪>以及被枪杀的角色立即公示；…<最后一枪>出局的角色没有遗言。"""
    t = Table(seed=18)
    hunter, a = t.one("猎人"), t.all("村民")[0]
    t.day(hunter)
    assert t.phase == NIGHT and t.state.vote_shooter == hunter
    assert "猎人" not in t.group_text()  # nothing tells the table he may shoot
    ev = t.act(hunter, "最后一枪", a)
    assert f"{hunter}号 P{hunter} 发动猎人的<最后一枪>，{a}号 P{a} 出局。" in t.group_text(ev)
    assert [e.tag for e in ev if e.audience.kind == "group"] == ["reveal"]
    assert "只有白天被投票出局" in t.refused("lastwords", a, text="冤枉")
    t.words(hunter, "我是猎人")
    t.deadline()
    t.deadline()
    text = t.group_text()
    assert f"【遗言】{hunter}号 P{hunter}：我是猎人" in text
    assert f"昨天出局：{hunter}号 P{hunter}、{a}号 P{a}。" in text


def test_hunter_may_give_up_and_cannot_shoot_himself_or_when_not_out():
    t = Table(seed=19)
    hunter, a = t.one("猎人"), t.all("村民")[0]
    t.day()
    assert "不能开枪" in t.refused_act(hunter, "最后一枪", a)
    t.deadline()
    t.deadline()
    t.day(hunter)
    assert "其他角色" in t.refused_act(hunter, "最后一枪", hunter)
    t.pass_(hunter, "最后一枪")
    assert t.state.vote_shooter == 0
    assert "不能开枪" in t.refused_act(hunter, "最后一枪", a)


def test_red_carded_hunter_does_not_shoot():
    """最后一枪：当猎人并非因为罚下而出局后…"""
    t = Table(seed=20)
    hunter = t.one("猎人")
    t.card("红牌", hunter)
    assert not t.state.alive[hunter] and t.state.vote_shooter == 0 and t.state.shooter == 0
    t.day()
    assert "不能开枪" in t.refused_act(hunter, "最后一枪", t.all("村民")[0])


# --- 守卫 ----------------------------------------------------------------------------------------


def test_shield_voids_the_infection_and_every_other_skill_on_its_target_that_night():
    """神圣之盾：使当晚对该角色的任何技能无效。感染结算一：被感染的角色如果是神圣之盾的目标，感染无效。"""
    t = Table(seed=21)
    guard, father, witch, seer, a = t.one("守卫"), t.one("父狼"), t.one("女巫"), t.one("预言家"), t.all("村民")[0]
    t.day()
    t.night((guard, "神圣之盾", a), (father, "感染", a), (witch, "毒药", a), (seer, "预言", a))
    assert t.state.alive[a] and t.camp(a) == VILLAGE
    assert "「预言」没有生效" in t.seat_text(seer) and "「毒药」没有生效" in t.seat_text(witch)
    assert t.state.used(witch, "poison") == 1  # used on a shielded target: spent
    assert "神圣之盾" in t.log()


def test_shield_on_the_hunter_makes_the_infection_invalid_so_loyalty_never_fires():
    """感染结算一 (神圣之盾) comes before 忠诚, which needs a valid infection."""
    t = Table(seed=36)
    guard, father, hunter = t.one("守卫"), t.one("父狼"), t.one("猎人")
    t.day()
    t.night((guard, "神圣之盾", hunter), (father, "感染", hunter))
    assert t.state.alive[hunter] and t.camp(hunter) == VILLAGE


def test_shield_each_character_only_once_per_game_self_allowed():
    """每名角色整局游戏只能成为该技能的目标一次。"""
    t = Table(seed=22)
    guard = t.one("守卫")
    t.day()
    t.night((guard, "神圣之盾", guard))
    t.day()
    assert "只能成为一次" in t.refused_act(guard, "神圣之盾", guard)


def test_shield_on_the_fox_stops_the_curse():
    t = Table(seed=23)
    guard, seer, fox = t.one("守卫"), t.one("预言家"), t.one("妖狐")
    t.day()
    t.night((guard, "神圣之盾", fox), (seer, "预言", fox))
    assert t.state.alive[fox]
    assert "「预言」没有生效" in t.seat_text(seer)


def test_shield_on_the_infected_elder_keeps_his_first_infection():
    t = Table(seed=24)
    guard, father, elder = t.one("守卫"), t.one("父狼"), t.one("长老")
    t.day()
    t.night((guard, "神圣之盾", elder), (father, "感染", elder))
    assert not t.state.elder_hit
    t.day()
    t.night((father, "感染", elder))
    assert t.camp(elder) == VILLAGE and t.state.elder_hit  # the first valid one is spent only now


# --- 长老 ----------------------------------------------------------------------------------------


def test_elder_ignores_his_first_valid_infection_and_turns_on_the_second():
    """长寿之命<强制>：长老第一次被有效感染时不会转变阵营。"""
    t = Table(seed=25)
    father, elder = t.one("父狼"), t.one("长老")
    t.day()
    t.night((father, "感染", elder))
    assert t.camp(elder) == VILLAGE and "你被感染了" not in t.seat_text(elder)
    t.day()
    t.night((father, "感染", elder))
    assert t.camp(elder) == WOLF and "转变为【狼人阵营】" in t.seat_text(elder)


def test_save_on_the_infected_elder_still_spends_his_first_infection():
    """感染结算二 (长老视为被有效感染一次) comes before 三 (救药)."""
    t = Table(seed=26)
    father, elder, witch = t.one("父狼"), t.one("长老"), t.one("女巫")
    t.day()
    t.night((father, "感染", elder), (witch, "救药", elder))
    assert t.camp(elder) == VILLAGE and t.state.elder_hit
    t.day()
    t.night((father, "感染", elder))
    assert t.camp(elder) == WOLF


@pytest.mark.parametrize("how", ["vote", "poison", "shot"])
def test_elder_out_by_vote_poison_or_shot_strips_witch_seer_guard_hunter(how):
    """长寿之命：当长老因投票、女巫<毒药>或猎人<最后一枪>而出局后，女巫、预言家、守卫、猎人将失去非强制技能。"""
    t = Table(seed=27)
    elder, witch, seer, guard, hunter = (t.one(r) for r in ("长老", "女巫", "预言家", "守卫", "猎人"))
    if how == "vote":
        t.day(elder)
        t.deadline()
        t.deadline()
    elif how == "poison":
        t.day()
        t.night((witch, "毒药", elder))
    else:
        t.day(hunter)
        t.act(hunter, "最后一枪", elder)
        t.deadline()
        t.deadline()
    assert not t.state.alive[elder] and t.phase == DAY
    t.day()
    for seat, skill in ((seer, "预言"), (guard, "神圣之盾"), (witch, "检疫")):
        assert "失去" in t.refused_act(seat, skill, t.all("村民")[0])
    assert "失去了所有非强制技能" in t.seat_text(seer)
    if how != "shot":
        assert not t.state.has(hunter, "shot")


def test_elder_red_carded_strips_nobody():
    t = Table(seed=28)
    elder, seer = t.one("长老"), t.one("预言家")
    t.card("红牌", elder)
    t.day()
    t.act(seer, "预言", t.all("村民")[0])


# --- 村民 ----------------------------------------------------------------------------------------


def test_villagers_have_no_skills_but_the_vote():
    """村民：没有技能。"""
    t = Table(seed=29)
    v = t.all("村民")[0]
    assert "没有名为" in t.refused_act(v, "预言", 1)
    help_text = RULES.help_text(t.state, v)
    assert "【村民】" in help_text and "没有技能" in help_text
    assert [s.name for s in RULES.skills_of(t.state, v)] == ["投票"]


# --- 妖狐 ----------------------------------------------------------------------------------------


def test_fox_dies_when_checked_and_the_seer_gets_not_village():
    """咒缚<强制>：当妖狐成为<预言>的目标时，妖狐立即出局。"""
    t = Table(seed=30)
    seer, fox = t.one("预言家"), t.one("妖狐")
    t.day()
    t.night((seer, "预言", fox))
    assert not t.state.alive[fox] and t.state.fates[fox] == "第1夜因妖狐咒缚出局"
    assert "<非村民阵营>" in t.seat_text(seer)
    assert FOX in t.state.lost and not t.over  # 妖狐 负：妖狐出局 — unannounced, the game goes on
    dawn = t.group_text()
    assert f"昨晚出局：{fox}号 P{fox}。" in dawn and "妖狐" not in dawn and "咒缚" not in dawn
    assert "判负" not in t.group_text(t.events)


def test_charm_stops_the_targets_non_mandatory_skills_that_night_only():
    """魅惑：被魅惑的角色在当晚不能发动任何非<强制>技能。"""
    t = Table(seed=31)
    fox, seer, witch, a = t.one("妖狐"), t.one("预言家"), t.one("女巫"), t.all("村民")[0]
    t.day()
    t.night((fox, "魅惑", witch), (witch, "毒药", a), (seer, "预言", a))
    assert t.state.alive[a]
    assert t.state.used(witch, "poison") == 0  # never 发动: still hers
    assert "「毒药」没有生效" in t.seat_text(witch)
    assert "<村民阵营>" in t.seat_text(seer)
    t.day()
    t.night((witch, "毒药", a))
    assert not t.state.alive[a]


def test_charmed_hunter_still_dies_by_loyalty_but_cannot_shoot_that_night():
    t = Table(seed=32)
    fox, hunter, father = t.one("妖狐"), t.one("猎人"), t.one("父狼")
    t.day()
    t.act(fox, "魅惑", hunter)
    t.act(father, "感染", hunter)
    t.deadline()
    assert not t.state.alive[hunter] and t.state.shooter == 0
    assert "不能发动最后一枪" in t.seat_text(hunter)


def test_charm_on_the_guard_comes_first_and_blocks_his_shield():
    """I 妖狐行动 before II 守卫行动."""
    t = Table(seed=33)
    fox, guard, father = t.one("妖狐"), t.one("守卫"), t.one("父狼")
    t.day()
    t.night((fox, "魅惑", guard), (guard, "神圣之盾", guard), (father, "感染", guard))
    assert t.camp(guard) == WOLF
    assert guard not in t.state.shields  # never became the shield's target


def test_shield_lifts_a_charm_on_its_target():
    t = Table(seed=34)
    fox, guard, seer, a = t.one("妖狐"), t.one("守卫"), t.one("预言家"), t.all("村民")[0]
    t.day()
    t.night((fox, "魅惑", seer), (guard, "神圣之盾", seer), (seer, "预言", a))
    assert "<村民阵营>" in t.seat_text(seer)


def test_charm_each_character_only_once_per_game():
    t = Table(seed=35)
    fox, a = t.one("妖狐"), t.all("村民")[0]
    t.day()
    t.night((fox, "魅惑", a))
    t.day()
    assert "只能成为一次" in t.refused_act(fox, "魅惑", a)


def test_night_order_is_the_texts():
    assert [s.label for s in NIGHT_ORDER] == [
        "妖狐行动", "守卫行动", "父狼、幼狼行动", "女巫行动", "预言家行动", "感染结算", "毒药结算",
    ]


# --- 胜负判定 ---------------------------------------------------------------------------------------


def red_card_all(t: Table, seats):
    for s in seats:
        if not t.over:
            t.card("红牌", s)


def test_village_wins_when_every_other_character_is_out():
    """村民 胜：除村民阵营外的角色全部出局。"""
    t = Table(seed=40)
    t.day(t.one("妖狐"))
    t.night()
    t.day(t.one("父狼"))
    t.night()
    assert not t.over
    t.day(t.one("幼狼"))
    assert t.over and t.game.outcome.winner == VILLAGE
    assert set(t.game.outcome.seats) == {s for s in range(1, 15) if t.state.camps[s] == VILLAGE}
    assert t.phase == DAY  # no night after the decisive vote


def test_fox_alive_wins_when_the_wolves_are_all_out():
    """妖狐 胜1：场上只剩下妖狐阵营和其他任意一个阵营尚未判负 (狼人 负：狼人阵营的角色全部出局)."""
    t = Table(seed=41)
    t.day(t.one("父狼"))
    t.night()
    t.day(t.one("幼狼"))
    assert t.over and t.game.outcome.winner == FOX and t.game.outcome.seats == (t.one("妖狐"),)
    assert "妖狐阵营" in t.game.outcome.text


def test_wolves_win_by_converting_the_last_village_character():
    """狼人 胜：除狼人阵营外的角色全部出局 — by 感染, with 村民 负 judged first."""
    t = Table(seed=42)
    father, last = t.one("父狼"), t.all("村民")[0]
    red_card_all(t, [s for s in range(1, 15) if t.camp(s) != WOLF and s != last])
    assert not t.over
    t.day()
    t.night((father, "感染", last))
    assert t.over and t.game.outcome.winner == WOLF
    assert set(t.game.outcome.seats) == {father, t.one("幼狼"), last}
    assert t.state.lost == [FOX, VILLAGE]


def test_fox_alive_steals_the_wolves_win():
    """妖狐 胜2：当场上任意一个阵营获胜时，妖狐未出局，则妖狐代替该阵营胜利。"""
    t = Table(seed=43)
    father, fox, last = t.one("父狼"), t.one("妖狐"), t.all("村民")[0]
    red_card_all(t, [s for s in range(1, 15) if t.camp(s) == VILLAGE and s != last])
    t.day()
    t.night((father, "感染", last))
    assert t.over and t.game.outcome.winner == FOX and t.game.outcome.seats == (fox,)


def test_a_decided_win_stops_all_resolution():
    """宣布阵营获得胜利会立即终止一切结算：VI ends the game, so the poison of VII never lands."""
    t = Table(seed=44)
    father, cub, witch, last = t.one("父狼"), t.one("幼狼"), t.one("女巫"), t.all("村民")[0]
    red_card_all(t, [s for s in range(1, 15) if t.camp(s) != WOLF and s not in (last, witch)])
    t.day()
    t.night((father, "感染", witch))
    assert t.camp(witch) == WOLF and not t.over  # a converted witch keeps her poison
    t.day()
    t.act(witch, "毒药", cub)
    t.act(father, "感染", last)
    t.deadline()
    assert t.over and t.game.outcome.winner == WOLF
    assert t.state.alive[cub] and cub not in t.state.fates
    ends = [e for e in t.events if e.tag == "end" and e.text == t.game.outcome.text]
    assert len(ends) == 1


def test_fox_out_is_a_silent_loss_and_the_game_goes_on():
    """妖狐 负：妖狐出局。阵营被判负后，不予公示。"""
    t = Table(seed=45)
    t.day(t.one("妖狐"))
    assert not t.over and t.state.lost == [FOX]
    assert "判负" not in t.group_text(t.events) and "妖狐" not in t.group_text().replace("身份配置", "")


def test_lost_camp_stays_lost_its_members_play_on_and_one_winner_remains():
    """阵营被判负后…属于该阵营的角色并不会出局。已经判负的阵营不会再次因达到胜利条件判胜。(红牌判负)"""
    t = Table(seed=46, 红牌判负=True)
    fox = t.one("妖狐")
    t.day(fox)
    a, b = t.all("村民")[:2]
    t.card("红牌", a)
    assert not t.over
    t.card("红牌", b)  # the second red card in 村民阵营: judged lost
    assert t.over and t.game.outcome.winner == WOLF
    assert VILLAGE in t.state.lost and VILLAGE in t.state.forfeited
    assert t.state.alive[t.one("预言家")] and t.state.camps[t.one("预言家")] == VILLAGE


def test_wolves_losing_with_the_fox_already_out_gives_the_village_the_win_once():
    """场上仅有一个阵营尚未被判负，游戏立即结束，宣布此阵营胜利。游戏结束时，将有且只有一个阵营获得胜利。"""
    t = Table(seed=47)
    red_card_all(t, [t.one("妖狐"), t.one("父狼")])
    assert not t.over
    t.card("红牌", t.one("幼狼"))
    assert t.over and t.game.outcome.winner == VILLAGE
    assert sum(1 for e in t.events if e.tag == "end" and e.text == t.game.outcome.text) == 1
    assert "演员表" in t.group_text(t.events)


# --- the day, 遗言 and the vote -----------------------------------------------------------------------


def test_most_votes_goes_out_a_tie_sends_nobody_and_the_tally_is_public():
    """投票：获得投票最多的角色将出局。平票则无人出局。"""
    t = Table(seed=50)
    a, b = t.all("村民")[:2]
    living = list(t.state.living())
    ev = t.deadline()
    assert "今天无人出局" in t.group_text(ev)
    t.night()
    t.day({s: (a if i % 2 else b) for i, s in enumerate(living)})
    assert t.state.alive[a] and t.state.alive[b] and "平票" in t.group_text()
    t.night()
    t.day({s: (a if i < 8 else b) for i, s in enumerate(living)})
    assert not t.state.alive[a]
    assert f"{a}号 P{a}：8票" in t.group_text() and f"{a}号 P{a} 被投票出局。" in t.group_text()


def test_day_closes_early_in_quick_tempo_once_everybody_voted():
    t = Table(seed=51)
    for s in t.state.living():
        t.vote(s, "弃权")
    assert t.phase == NIGHT


def test_last_words_for_the_voted_out_only_published_when_the_next_day_starts():
    """遗言：白天因为投票出局的角色都可以留下遗言；遗言在下一个游戏日白天开始时公示。"""
    t = Table(seed=52)
    a, b = t.all("村民")[:2]
    t.day(a)
    ev = t.words(a, "我是好人[CQ:at,qq=all]")
    assert not t.group_text(ev)
    t.words(a, "我真是好人")
    assert "只有白天被投票出局" in t.refused("lastwords", b, text="我也想说")
    t.deadline()
    assert "遗言" not in t.group_text()
    ev = t.deadline()
    assert f"【遗言】{a}号 P{a}：我真是好人" in t.group_text(ev)
    assert "遗言的时间已经过了" in t.refused("lastwords", a, text="再说一句")  # the real reason: too late


def test_missing_last_words_are_noted_and_night_deaths_get_none():
    t = Table(seed=53)
    a, b, witch = *t.all("村民")[:2], t.one("女巫")
    t.day(a)
    t.night((witch, "毒药", b))
    assert f"{a}号 P{a} 没有留下遗言。" in t.group_text(t.events)
    assert "只有白天被投票出局" in t.refused("lastwords", b, text="…")


def test_night_skills_must_be_sent_by_pm_and_only_at_night():
    t = Table(seed=54)
    seer, v = t.one("预言家"), t.all("村民")[0]
    assert "夜晚" in t.refused_act(seer, "预言", v)
    t.day()
    assert "私聊" in t.refused_act(seer, "预言", v, via="group")


def test_votes_of_a_red_carded_player_and_for_him_are_void():
    """白天红牌罚下在被投票出局之前。"""
    t = Table(seed=55)
    a, b = t.all("村民")[:2]
    living = list(t.state.living())
    for s in living[:6]:
        t.vote(s, b)
    for s in living[6:9]:
        t.vote(s, a)
    t.card("红牌", b)
    voters_for_a = living[6:9]
    assert not t.state.alive[b]
    t.deadline()
    assert not t.state.alive[a] and len(voters_for_a) == 3
    assert t.state.fates[b] == "第1天被红牌罚下" and t.state.fates[a] == "第1天被投票出局"


# --- 论坛 tempo: 行动时限, votes, 代投, 加速 ---------------------------------------------------------------


def forum_table(seed: int = 60, **options) -> Table:
    return Table(seed=seed, start=at(10), 节奏="论坛", 开门="09:00", 关门="22:00", **options)


def test_forum_is_the_default_tempo_and_the_night_closes_an_hour_after_guanmen():
    t = Table(seed=61, start=at(10), 节奏="论坛")
    assert RULES.default_tempo == "论坛"
    assert t.game.deadline == at(22)
    assert "只有 1 次改票机会" in t.group_text(t.events) and "关门前1小时内不得改票" in t.group_text(t.events)
    assert "代投截止为关门前30分钟" in t.group_text(t.events)
    t.deadline()
    assert t.phase == NIGHT and t.game.deadline == at(23)
    assert "父狼在关门后30分钟内" in t.group_text()
    t.deadline()
    assert t.phase == SETTLE and t.game.deadline == at(23, 30)
    t.deadline()
    assert t.phase == DAY and t.game.deadline == at(22, day=2)


def test_forum_action_time_outs_after_guanmen():
    """父狼在关门半小时后仍未提交感染目标，视为放弃感染；预言家、女巫、守卫、幼狼：一个小时。"""
    t = forum_table()
    father, seer, v = t.one("父狼"), t.one("预言家"), t.all("村民")[0]
    t.deadline()
    assert "行动时限" in t.refused_act(father, "感染", v, when=at(22, 31))
    t.act(seer, "预言", v, when=at(22, 50))
    t.act(father, "感染", v, when=at(22, 29))
    t.deadline()
    t.deadline()
    assert t.camp(v) == WOLF


def test_forum_hunter_voted_out_has_thirty_minutes():
    """猎人被投票出局，关门三十分钟后仍未与法官取得联系，猎人视为放弃发动技能。"""
    t = forum_table(seed=62)
    hunter, v = t.one("猎人"), t.all("村民")[0]
    living = list(t.state.living())
    for s in living:
        t.vote(s, hunter, when=at(12))
    t.deadline()
    assert t.phase == NIGHT
    assert "行动时限" in t.refused_act(hunter, "最后一枪", v, when=at(22, 40))
    t.act(hunter, "最后一枪", v, when=at(22, 20))
    assert not t.state.alive[v]


def test_forum_votes_need_a_reason_one_change_none_in_the_last_hour_and_proxy_until_half_an_hour():
    """明确说明投票对象和投票理由…只有一次改票机会…白天结束前一个小时不得改票。法官代投时限为关门前半小时。"""
    t = forum_table(seed=63)
    a, b, c = t.all("村民")[:3]
    assert "理由" in t.refused_act(a, "投票", b, via="group", when=at(11))
    t.vote(a, b, reason="发言奇怪", when=at(11))
    t.act(a, "改票", c, via="group", reason="改主意", when=at(12))
    assert "改过" in t.refused_act(a, "改票", b, via="group", reason="再改", when=at(13))
    t.vote(b, c, when=at(13))
    assert "1小时" in t.refused_act(b, "改票", a, via="group", reason="晚了", when=at(21, 10))
    assert "代投" in t.refused("act", c, at(21, 40), skill="投票", words=(str(a),), via="pm", reason="代", proxy=True)
    ev = t.act(c, "投票", a, via="pm", reason="代", when=at(21), proxy=True)
    assert "【代投】" in t.group_text(ev)


def test_forum_speed_up_needs_more_than_half_of_the_living():
    """若过半数的玩家通过QQ私聊法官申请加速，则游戏进程加速。"""
    t = forum_table(seed=64)
    living = list(t.state.living())
    for s in living[:7]:
        t.send("speed", t.qq(s), at(12), which="加速")
    assert not t.game.forum.accelerated  # 7 of 14 is not more than half
    t.send("speed", t.qq(living[7]), at(12, 5), which="加速")
    assert t.game.forum.accelerated and t.game.deadline < at(22)


def test_forum_lurking_is_a_yellow_card_and_three_yellows_send_off():
    """潜水（固定判罚一张“黄牌”）；累计三张“黄牌”合并为一张“红牌”；红牌罚下。"""
    t = forum_table(seed=65)
    lurker, carded = t.all("村民")[:2]
    for s in t.state.living():
        if s == lurker:
            continue
        for k in range(5):
            t.send("speak", t.qq(s), at(11, k), text="发言")
        t.vote(s, "弃权", when=at(12))
    t.card("黄牌", carded, when=at(13))
    t.card("黄牌", carded, when=at(13))
    assert t.state.alive[carded]
    t.card("黄牌", carded, when=at(13))
    assert not t.state.alive[carded] and t.state.fates[carded] == "第1天被红牌罚下"
    ev = t.deadline()
    cards = [e.text for e in ev if e.tag == "card"]
    assert len(cards) == 2 and all(f"{lurker}号" in c for c in cards)


# --- what a seat or the table may know ---------------------------------------------------------------


def test_role_text_cast_and_public_status():
    t = Table(seed=70)
    seer, witch, v = t.one("预言家"), t.one("女巫"), t.all("村民")[0]
    t.day(v)
    t.night((seer, "预言", t.all("村民")[1]), (witch, "检疫", t.all("村民")[2]))
    assert "预言记录：第1夜" in RULES.role_text(t.state, seer)
    assert "检疫记录：第1夜" in RULES.role_text(t.state, witch)
    status = RULES.public_status(t.state)
    assert f"{v}号（第1天被投票出局）" in status and "村民" not in status
    rows = RULES.cast(t.state)
    assert [r.seat for r in rows] == list(range(1, 15)) and all(r.role in ROLE_NAMES for r in rows)
    assert next(r for r in rows if r.seat == v).fate == "第1天被投票出局"


def test_refusals_change_nothing_and_speak_chinese():
    t = Table(seed=71)
    father, seer, v = t.one("父狼"), t.one("预言家"), t.all("村民")[0]
    for msg in (
        t.refused_act(father, "感染", v),  # by day
        t.refused_act(v, "投票", 99, via="group"),
        t.refused("pass", v, skill="预言"),
        t.refused("lastwords", v, text="x"),
    ):
        assert any("\u4e00" <= ch <= "\u9fff" for ch in msg)
    t.day()
    assert "自己" in t.refused_act(seer, "预言", seer)
    t.act(seer, "预言", v)
    assert "已经提交" in t.refused_act(seer, "预言", father)


def test_scenario_games_never_leak_a_living_role_to_the_group():
    t = Table(seed=72)
    hunter, father, witch = t.one("猎人"), t.one("父狼"), t.one("女巫")
    t.day(t.all("村民")[0])
    t.night((father, "感染", hunter), (witch, "毒药", t.all("村民")[1]), shot=t.all("村民")[2])
    t.day(t.one("长老"))
    t.night()
    assert_no_role_leak(t)
