"""Scenario tests of [M192] 纳塔 (rule text 004), driven through the engine exactly as the QQ layer drives it.

Each test deals the roles it needs with the 指定身份 option (and a wide 强度倍率 so any set is accepted),
then plays the phases with deadlines, skills, votes and last words, and checks what a player would notice.
"""

from __future__ import annotations

from datetime import datetime
from fractions import Fraction
from zoneinfo import ZoneInfo

import pytest
from nata_table import DAWN, DEEP, DUSK, EARLY, ELECTION, LATE, MID, NOON, RULES, START, Table

from plugins.bansha.engine import Game, Input, Rng, apply
from plugins.nata import deal
from plugins.nata.catalog import ROLES
from plugins.nata.pool import SEER_POOL, STRONG_POOL, WEAK_POOL, WOLF_POOL

SH = ZoneInfo("Asia/Shanghai")


# --- the deal ------------------------------------------------------------------------------------------


def test_ten_thousand_seeded_draws_are_all_valid_and_inside_the_ratio():
    seen = set()
    for seed in range(10_000):
        d = deal.draw(Rng.seeded(seed))
        assert deal.valid(d) is None, (seed, d, deal.valid(d))
        ratio = Fraction(d.village_strength, d.wolf_strength)
        assert Fraction(13, 10) <= ratio <= Fraction(14, 10)
        assert len(d.wolves) == 4 and d.seer in SEER_POOL and len(d.strong) == 4 and len(d.weak) == 4
        roles = set(d.roles)
        assert ("狼兄" in roles) == ("狼弟" in roles)
        if "养殖者" in roles or "野人" in roles:
            assert "厚皮肉猪" in roles
        if "赤狼" in roles:
            assert sum("群内" in ROLES[w].tags for w in d.wolves) > 2
        if "变脸者" in roles:
            cards = deal.draw_cards(Rng.seeded(seed), d.roles)
            assert len(cards) == 3 and not set(cards) & roles and 16 <= sum(ROLES[c].strength for c in cards) <= 20
            assert not set(cards) & set(SEER_POOL)
        seen.update(roles)
    assert seen == set(ROLES)  # every role of the pool can be drawn


def test_the_draw_is_reproducible_from_the_seed_and_the_ratio_counts_village_over_wolves():
    assert deal.draw(Rng.seeded(42)) == deal.draw(Rng.seeded(42))
    d = deal.Deal(("狼兄", "狼弟", "渊狼", "白狼王"), "通灵师", ("魔术师", "审讯官", "毒士", "朱雀"),
                  ("懦夫", "猎人", "禁言长老", "厚皮肉猪"))
    assert d.wolf_strength == 6 + 8 + 7 + 10
    assert d.village_strength == 7 + 6 + 7 + 7 + 9 + 1 + 3 + 3 + 5
    assert deal.valid(d) is None or "强度倍率" in deal.valid(d)
    bad = deal.Deal(("狼兄", "渊狼", "死神", "白狼王"), "通灵师", ("魔术师", "审讯官", "毒士", "朱雀"),
                    ("懦夫", "猎人", "禁言长老", "厚皮肉猪"))
    assert "狼兄" in deal.valid(bad, (Fraction(0), Fraction(10)))


def test_judge_can_fix_roles_and_an_impossible_set_is_refused_at_start():
    t = Table(("白狼王", "饕餮", "梼杌", "赤狼", "凭依灵"), 强度倍率="1.3-1.4")
    roles = set(t.state.roles[1:])
    assert {"白狼王", "饕餮", "梼杌", "赤狼", "凭依灵", "宗教老爷爷"} <= roles
    game = Game.new(2, RULES, group=1, owner=1, seed=1, options={"指定身份": "狼兄,渊狼,死神,养殖者,赤狼"})
    for i in range(14):
        apply(game, Input.make("join", 100 + i, 0, name=f"P{i}"))
    with pytest.raises(Exception) as e:
        apply(game, Input.make("start", 1, 0))
    assert "指定身份" in str(e.value) or "名额" in str(e.value)
    assert RULES.check_players({"指定身份": "狼兄,渊狼,死神,白狼王"}, 14) is not None  # 狼兄 without 狼弟
    assert RULES.check_players({"指定身份": "狼兄,渊狼"}, 14) is None  # 狼弟 is drawn to go with him
    assert RULES.check_players({"指定身份": "不存在"}, 14) is not None
    assert RULES.check_options({"强度倍率": "2-1"}) and RULES.check_options({"指定身份": "赤狼,狼弟,饕餮"})
    assert RULES.check_options({}) is None
    assert RULES.check_players({}, 13) is not None and RULES.check_players({}, 14) is None


def test_every_pool_role_is_declared_with_its_strength():
    for pool in (WOLF_POOL, SEER_POOL, STRONG_POOL, WEAK_POOL):
        for name in pool:
            assert ROLES[name].strength > 0
    assert ROLES["白狼王"].strength == 10 and ROLES["懦夫"].strength == 1 and ROLES["宗教老爷爷"].strength == 0


# --- phases and times -------------------------------------------------------------------------------------


def at(hh: int, mm: int = 0, day: int = 1) -> float:
    return datetime(2027, 3, day, hh, mm, tzinfo=SH).timestamp()


def test_forum_sub_phases_close_at_their_offsets_after_guanmen():
    game = Game.new(1, RULES, group=1, owner=1, seed=3, options={"节奏": "论坛", "关门": "21:00"})
    for i in range(14):
        apply(game, Input.make("join", 100 + i, at(8), name=f"P{i}"))
    apply(game, Input.make("start", 1, at(8)))
    assert game.state.phase == START
    apply(game, Input.make("deadline", 0, game.deadline, phase_no=game.phase_no))
    assert game.state.phase == ELECTION and game.deadline == at(21)
    close = game.deadline
    seen = {}
    for _ in range(8):
        apply(game, Input.make("deadline", 0, game.deadline, phase_no=game.phase_no))
        if game.status != "running":
            break
        seen.setdefault(game.state.phase, game.deadline - close)
        if game.state.phase == NOON:
            break
    assert seen[DUSK] == 10 * 60 and seen[EARLY] == 30 * 60 and seen[MID] == 40 * 60
    assert seen[DEEP] == 60 * 60 and seen[LATE] == 70 * 60 and seen[DAWN] == 90 * 60
    assert game.state.phase == NOON and game.deadline == at(21, day=2)


def test_forum_defaults_follow_the_text():
    assert RULES.default_tempo == "论坛"
    d = RULES.text_rules
    assert d["票数公开"] is False and d["改票截止"] == 3600 and d["代投截止"] == 3600
    assert d["加速门槛"] == "半数" and d["加速截止"] == 3 * 3600 and d["红牌结算"] == "投票后" and d["红牌判负"]


# --- helpers for the scenarios below ------------------------------------------------------------------------

from nata_roles import deal as roles_for  # noqa: E402
from nata_roles import exile, wolves_kill  # noqa: E402
from nata_table import RULES as _R  # noqa: E402

from plugins.bansha.engine import Ctx, Refusal, Status  # noqa: E402
from plugins.bansha.engine.mechanics import death, redirect, ring  # noqa: E402
from plugins.bansha.engine.mechanics.death import Hit, Shield  # noqa: E402
from plugins.bansha.engine.mechanics.sheriff import Election  # noqa: E402
from plugins.bansha.engine.mechanics.statuses import Family  # noqa: E402
from plugins.nata.turn import Turn  # noqa: E402


def grant(t: Table, seat: int, name: str, until: str = "perm", **data) -> bool:
    """Put a status on a seat through the ruleset's own rules (for statuses no role of this pool gives)."""
    ctx = Ctx(t.game, _R, t.clock)
    took = Turn(ctx, t.state).status.grant(seat, name, until, 0, data=data or None)
    t.last = ctx.events
    return took


def hit(t: Table, seat: int, kind: str, source: int = 0) -> str:
    ctx = Ctx(t.game, _R, t.clock)
    w = Turn(ctx, t.state)
    result = w.deaths.hit(Hit(seat, kind, source, "测试"))
    w.settle()
    return result


# --- statuses ----------------------------------------------------------------------------------------------


def test_status_silence_blocks_skills_but_not_the_kill():
    t = Table(roles_for())
    wolf, magician = t.who("白狼王"), t.who("魔术师")
    grant(t, wolf, "沉默")
    grant(t, magician, "沉默")
    assert "你获得了[沉默]" in t.seat_text(wolf, t.events + t.last) or "沉默" in t.statuses(wolf)
    t.to(MID, 2)
    assert "沉默" in t.refused_act(magician, "交换", 1, 2)
    t.to(DEEP, 2)
    t.act(wolf, "杀人", magician)  # "杀人除外"


def test_status_disarm_on_one_pack_wolf_stops_the_whole_pack():
    t = Table(roles_for())
    abyss, king = t.who("渊狼"), t.who("白狼王")
    grant(t, abyss, "缴械")
    t.to(DEEP, 2)
    assert "缴械" in t.refused_act(king, "杀人", t.who("猎人"))


def test_status_forget_removes_forced_skills_so_zhuque_dies():
    t = Table(roles_for("朱雀"))
    bird = t.who("朱雀")
    grant(t, bird, "遗忘")
    assert "你获得了[遗忘]" in t.seat_text(bird, t.last)  # told: 朱雀 holds a 强制 skill
    hunter = t.who("猎人")
    grant(t, hunter, "遗忘")
    assert "遗忘" not in t.seat_text(hunter, t.last)  # not told: no 强制 skill
    exile(t, bird)
    assert not t.alive(bird)


def test_status_salvation_takes_a_wolf_out_of_the_pack():
    t = Table(roles_for())
    abyss = t.who("渊狼")
    assert abyss in t.state.pack()
    grant(t, abyss, "超度")
    assert abyss not in t.state.pack() and "你获得了[超度]" in t.seat_text(abyss, t.last)
    assert "没有可以聊天" in t.refused("chat", abyss, text="刀谁")
    t.to(DEEP, 2)
    assert "群内" in t.refused_act(abyss, "杀人", t.who("猎人"))


def test_status_bewitched_vote_counts_zero():
    t = Table(roles_for())
    a, b = t.who("审讯官"), t.who("道士")
    grant(t, a, "迷魂")
    t.to(NOON, 2)
    t.vote(a, b)
    t.vote(b, a)
    t.deadline()
    assert t.alive(b) and not t.alive(a)  # b's one vote beats a's zero


def test_status_bleeding_is_not_told_and_a_second_one_is_lethal():
    t = Table(roles_for())
    victim = t.who("道士")
    t.to(NOON, 2)
    grant(t, victim, "流血")
    assert "流血" in t.statuses(victim) and not t.seat_text(victim, t.last)
    grant(t, victim, "流血")
    assert not t.alive(victim)


def test_status_breach_clears_non_negative_and_order_blocks_it():
    t = Table(roles_for("隐者", "厚皮肉猪"))
    hermit, pig = t.who("隐者"), t.who("厚皮肉猪")
    assert grant(t, hermit, "漏洞")
    assert "隐身" not in t.statuses(hermit) and "迷魂" in t.statuses(hermit)
    assert not grant(t, hermit, "不死")
    assert not grant(t, pig, "漏洞")  # 秩序 came first: the later 漏洞 fails
    assert "秩序" in t.statuses(pig)


def test_status_karma_fire_and_purification_are_silence_salvation_forget():
    t = Table(roles_for())
    wolf, villager = t.who("白狼王"), t.who("审讯官")
    grant(t, wolf, "业炎")
    grant(t, villager, "净化")
    for s in (wolf, villager):
        assert {"沉默", "超度", "遗忘"} <= t.state.effects(s)
    assert wolf not in t.state.pack()


def test_status_frozen_and_fear_are_silence_and_disarm():
    t = Table(roles_for())
    a, b = t.who("白狼王"), t.who("渊狼")
    grant(t, a, "冰冻")
    grant(t, b, "恐惧")
    for s in (a, b):
        assert {"沉默", "缴械"} <= t.state.effects(s) and "超度" not in t.state.effects(s)
    t.to(DEEP, 2)
    assert "缴械" in t.refused_act(t.who("狼兄"), "杀人", t.who("猎人"))


def test_status_invisible_target_gets_no_effect():
    t = Table(roles_for())
    seer, target = t.who("通灵师"), t.who("审讯官")
    grant(t, target, "隐身", NOON)
    t.to(DEEP, 1)
    t.act(seer, "通灵", target)
    t.deadline()
    assert "没有得到反馈" in t.seat_text(seer, t.last)


def test_status_guard_cancels_kills_shortest_first():
    t = Table(roles_for())
    v = t.who("审讯官")
    t.to(NOON, 2)
    t.state.statuses.add(Status("守护", v, until="permanent", value=1))
    t.state.statuses.add(Status("守护", v, until="phase", phase=DUSK, value=1))
    assert hit(t, v, death.KILL) == death.CANCELLED
    assert [s.phase for s in t.state.statuses.of(v, "守护")] == [""]  # the one ending at 黄昏 went first
    assert hit(t, v, death.PIERCE) == death.OUT  # 穿透 ignores 守护


def test_status_tough_stops_kills_not_lethal_damage():
    t = Table(roles_for())
    v = t.who("审讯官")
    t.to(NOON, 2)
    t.state.statuses.add(Status("坚韧", v))
    assert hit(t, v, death.KILL) == death.CANCELLED
    assert hit(t, v, death.PIERCE) == death.CANCELLED
    assert hit(t, v, death.LETHAL) == death.OUT


def test_status_overbearing_and_deathless():
    t = Table(roles_for())
    a, b = t.who("审讯官"), t.who("道士")
    t.to(NOON, 2)
    grant(t, a, "霸道")
    grant(t, b, "不死")
    assert hit(t, a, death.VOTE) == death.CANCELLED
    assert hit(t, a, death.LETHAL) == death.OUT
    assert hit(t, b, death.LETHAL) == death.CANCELLED and t.alive(b)


def test_status_order_clears_and_blocks_negatives():
    t = Table(roles_for("厚皮肉猪", "纵火犯"))
    pig, arsonist = t.who("厚皮肉猪"), t.who("纵火犯")
    t.to(MID, 2)
    t.act(arsonist, "纵火", pig)
    t.deadline()
    assert "业炎" not in t.statuses(pig)
    v = t.who("审讯官")
    grant(t, v, "沉默")
    grant(t, v, "秩序")
    assert "沉默" not in t.statuses(v)


def test_status_freedom_and_dictator_are_given_by_their_skills():
    t = Table(roles_for("愚者"))
    fool = t.who("愚者")
    exile(t, fool)
    assert "自由" in t.statuses(fool)
    v = t.who("审讯官")
    grant(t, v, "独裁", EARLY)
    assert t.state.weight(v) == 2


def test_destined_one_never_gets_a_status():
    t = Table(roles_for("天命人"))
    assert not grant(t, t.who("天命人"), "不死")


# --- the death procedure ----------------------------------------------------------------------------------


class _Fake:
    def __init__(self, shields, saves=False):
        self.items, self.saves, self.log = list(shields), saves, []

    def present(self, seat):
        return True

    def shields(self, hit):
        return self.items

    def spend(self, hit, shield):
        self.log.append(("spend", shield.name))

    def survive(self, hit):
        self.log.append("survive")
        return self.saves

    def die(self, hit):
        self.log.append("die")

    def chain(self, hit):
        self.log.append("chain")


def test_death_procedure_three_steps_in_order():
    w = _Fake([Shield("守护", (0, 5)), Shield("不死", (0, 2)), Shield("坚韧", (2, 0))])
    assert death.resolve(w, Hit(1, death.KILL)) == death.CANCELLED
    assert w.log == [("spend", "不死")]  # the shortest time limit first
    w = _Fake([Shield("守护", (0, 1))], saves=True)
    assert death.resolve(w, Hit(1, death.LETHAL)) == death.SURVIVED  # 守护 cannot stop it
    w = _Fake([Shield("霸道", (0, 1))])
    assert death.resolve(w, Hit(1, death.KILL)) == death.OUT and w.log == ["survive", "die", "chain"]


def test_death_survive_effects_and_chain_effects_resolve_at_once():
    t = Table(roles_for("厚皮肉猪", "养殖者"))
    pig, farmer = t.who("厚皮肉猪"), t.who("养殖者")
    exile(t, pig)
    assert not t.alive(pig)
    assert sum("净化" in t.statuses(s) for s in t.state.seats()) == 2
    assert t.state.count(farmer, "jingming") == 5


def test_first_night_and_day_deaths_leave_last_words_later_nights_do_not():
    t = Table(roles_for())
    voted = t.who("道士")
    exile(t, voted)
    t.words(voted, "我是道士")
    assert "【遗言】" in t.group_text() or "已记录" in t.reply_text()
    t.to(EARLY, 2)
    assert "我是道士" in t.all_group()
    wolves_kill(t, t.who("审讯官"))
    t.to(NOON, 3)
    assert "没有留遗言的权利" in t.refused("lastwords", t.who("审讯官"), text="……")


def test_night_deaths_are_announced_at_noon_in_ring_order():
    t = Table(roles_for())
    a, b = t.who("审讯官"), t.who("道士")
    t.state.ring = [b] + [s for s in t.state.ring if s not in (a, b)] + [a]
    t.to(NOON, 2)
    t.to(DEEP, 2)
    grant(t, a, "流血")
    grant(t, a, "流血")
    grant(t, b, "流血")
    grant(t, b, "流血")
    t.to(NOON, 3)
    line = next(x for x in t.group_text().splitlines() if x.startswith("昨夜至今出局"))
    assert line.index(f"{b}号") < line.index(f"{a}号")


# --- the redirection chain and the ring -------------------------------------------------------------------------


def test_redirect_chain_runs_links_in_the_texts_order_once_each():
    links = [redirect.Link("镜[反射]", lambda user, ball: user),
             redirect.Link("魔术师[交换]", redirect.swap(3, 5))]
    final, path = redirect.run(1, 3, links)
    assert final == 1 and [p.link for p in path] == ["魔术师[交换]", "镜[反射]"]
    assert redirect.run_all(1, [5, 7], [links[1]]) == [3, 7]


def test_ring_skips_the_out_and_joins_first_and_last():
    r = [1, 2, 3, 4, 5]
    alive = {1: True, 2: False, 3: True, 4: True, 5: True}.get
    assert ring.neighbours(r, alive, 1) == (5, 3)
    assert ring.neighbour(r, alive, 2, ring.BELOW) == 3  # works from an out seat's place
    assert ring.move_below(r, 4, [1, 2]) == [3, 4, 1, 2, 5]
    assert ring.within(r, alive, [4], 1) == [3, 5]
    assert ring.first(r, alive, 5, ring.BELOW, lambda s: s > 2) == 3


def test_status_family_blocks_the_later_of_order_and_breach():
    fam = Family(frozenset({"漏洞", "沉默"}), frozenset({"秩序", "不死"}))
    from plugins.bansha.engine import StatusBook

    book = StatusBook()
    assert fam.grant(book, Status("漏洞", 1)) and not fam.grant(book, Status("秩序", 1))
    assert fam.grant(book, Status("秩序", 2)) and not fam.grant(book, Status("沉默", 2))


# --- the 警长 ---------------------------------------------------------------------------------------------------


def test_election_only_non_candidates_vote_and_the_sheriff_adds_half_a_vote():
    t = Table(roles_for())
    a, b = 1, 2
    t.public(a, "上警")
    t.public(b, "上警")
    assert "群里" in t.refused_act(3, "上警")
    t.to(ELECTION, 1)
    assert "上警的角色不能投" in t.refused_act(a, "投票", b, via="group", reason="x")
    assert "上警的角色" in t.refused_act(3, "投票", 4, via="group", reason="x")
    for s in range(3, 15):
        t.vote(s, a if s < 10 else b)
    assert t.state.badge.holder == a and "当选警长" in t.all_group()
    t.to(NOON, 2)
    x, y = t.who("审讯官"), t.who("道士")
    sheriff_target = x if a != x else y
    other = y if sheriff_target == x else x
    voters = [s for s in t.state.living() if s not in (a, x, y)][:4]
    t.vote(a, sheriff_target)
    t.vote(voters[0], sheriff_target)
    t.vote(voters[1], other)
    t.vote(voters[2], other)
    t.deadline()
    assert not t.alive(sheriff_target) and t.alive(other)  # 2.5 beats 2


def test_election_tie_gives_no_sheriff_and_withdrawal():
    t = Table(roles_for())
    t.public(1, "上警")
    t.public(2, "上警")
    t.public(3, "上警")
    t.to(ELECTION, 1)
    t.public(3, "退水")
    assert "退水" in t.group_text()
    for s in range(3, 15):
        t.vote(s, 1 if s % 2 else 2)
    assert t.state.badge.holder == 0 and "没有警长" in t.all_group()


def test_sheriff_who_dies_passes_the_badge_within_the_phase_or_it_is_torn():
    t = Table(roles_for())
    t.public(1, "上警")
    t.to(ELECTION, 1)
    for s in range(2, 15):
        t.vote(s, 1)
    assert t.state.badge.holder == 1
    exile(t, 1)
    assert t.state.phase == DUSK and t.state.badge.pending
    heir = t.state.living()[0]
    t.act(1, "殉职", heir)
    assert t.state.badge.holder == heir and f"警长移交给了 {heir}号" in t.group_text()
    exile(t, heir)
    t.deadline()
    assert t.state.badge.holder == 0 and "警徽被撕掉" in t.all_group()


def test_election_box_unit():
    el = Election()
    el.stand(1)
    assert el.vote_refusal(1, 1) and el.vote_refusal(2, 3) and el.vote_refusal(2, 1) is None
    with pytest.raises(Refusal):
        el.stand(1)


# --- winning and losing -----------------------------------------------------------------------------------------


def test_village_loses_with_the_seer_and_every_strong_god_out():
    t = Table(roles_for())
    t.to(NOON, 2)
    for s in t.state.seats():
        if t.state.kind(s) in ("强神",) and s != t.who("道士"):
            t.state.alive[s] = False
    t.state.alive[t.who("通灵师")] = False
    exile(t, t.who("道士"))
    assert "村民阵营" in t.state.lost and not t.ended  # 狼人 and 宗教老爷爷 still play on, unannounced
    assert "村民阵营" not in t.all_group().split("判负")[0] or "判负" not in t.all_group()


def test_zhuque_rebirths_lower_the_strong_and_weak_thresholds():
    t = Table(roles_for("朱雀"))
    t.state.zhuque_cuts = 4
    t.to(NOON, 2)
    exile(t, t.who("通灵师"))
    assert "村民阵营" in t.state.lost  # thresholds at zero: the 验人系 alone is enough


def test_wolves_lose_when_the_last_pack_wolf_is_out_and_no_catcher_can_come():
    t = Table(roles_for())
    king = t.who("白狼王")
    t.to(NOON, 2)
    for s in t.state.seats():
        if t.state.faction(s) == "狼人阵营" and s != king:
            t.state.alive[s] = False
    t.state.lost.append("宗教老爷爷阵营")
    exile(t, king)
    assert t.ended and t.game.outcome.winner == "村民阵营"


def test_simultaneous_losses_go_to_the_higher_priority_faction():
    t = Table(roles_for())
    king, taoist = t.who("白狼王"), t.who("道士")
    t.to(NOON, 2)
    for s in t.state.seats():
        if (t.state.faction(s) == "狼人阵营" and s != king) or t.state.kind(s) == "验人系":
            t.state.alive[s] = False
        if t.state.kind(s) == "强神" and s != taoist:
            t.state.alive[s] = False
    t.state.lost.append("宗教老爷爷阵营")
    t.act(king, "神风突击", taoist)  # the last pack wolf and the last 强神 go out together
    assert t.ended and t.game.outcome.winner == "狼人阵营" and "优先级" in t.game.outcome.text


def test_two_red_cards_in_one_faction_lose_it():
    t = Table(roles_for(), 红牌判负="开")
    w = [s for s in t.state.seats() if t.state.faction(s) == "狼人阵营"]
    t.to(NOON, 2)
    t.judge("红牌", target=str(w[0]), reason="恶意")
    t.judge("红牌", target=str(w[1]), reason="恶意")
    assert "狼人阵营" in t.state.lost
    t.deadline()
    assert not t.alive(w[0]) and not t.alive(w[1])


def test_red_card_takes_no_last_words_and_no_skills():
    t = Table(roles_for())
    hunter = t.who("猎人")
    t.to(NOON, 2)
    t.judge("红牌", target=str(hunter), reason="违规")
    assert t.alive(hunter)  # "白天红牌罚下导致的出局结算在投票结算之后执行", in every tempo
    t.to(DUSK, 2)
    assert not t.alive(hunter)
    assert "红牌" in t.refused_act(hunter, "最后一枪", 1)
    assert t.refused("lastwords", hunter, text="冤")


# --- forum conventions under 纳塔's defaults ------------------------------------------------------------------------


def test_forum_vote_counts_are_hidden_and_only_the_leader_is_announced():
    game = Game.new(1, RULES, group=1, owner=1, seed=3, options={"节奏": "论坛"})
    for i in range(14):
        apply(game, Input.make("join", 100 + i, at(8), name=f"P{i + 1}"))
    apply(game, Input.make("start", 1, at(8)))
    while game.state.phase != NOON:
        apply(game, Input.make("deadline", 0, game.deadline, phase_no=game.phase_no))
    day = datetime.fromtimestamp(game.deadline, SH).day
    for s in range(1, 5):
        apply(game, Input.make("act", 99 + s, at(10, day=day), skill="投票", words=("5",), reason="像狼", via="group"))
    events = apply(game, Input.make("deadline", 0, game.deadline, phase_no=game.phase_no))
    texts = [e.text for e in events if e.audience.kind == "group"]
    assert any(x.startswith("最高票：5号") for x in texts) and not any("4票" in x for x in texts)


def test_a_sheriff_killed_at_night_hands_the_badge_over_at_dawn():
    t = Table(roles_for())
    t.public(1, "上警")
    t.to(ELECTION, 1)
    for s in range(2, 15):
        t.vote(s, 1)
    sheriff = 1
    t.to(DEEP, 2)
    grant(t, sheriff, "流血")
    grant(t, sheriff, "流血")
    t.to(DAWN, 3)
    assert not t.alive(sheriff) and t.state.badge.pending
    heir = t.who("猎人") if t.who("猎人") != sheriff else t.who("道士")
    t.act(sheriff, "殉职", heir)
    assert t.state.badge.holder == heir


def test_a_fool_sheriff_must_hand_the_badge_to_someone_else():
    t = Table(roles_for("愚者"))
    fool = t.who("愚者")
    t.public(fool, "上警")
    t.to(ELECTION, 1)
    for s in t.state.seats():
        if s != fool:
            t.vote(s, fool)
    exile(t, fool)
    assert t.alive(fool) and t.state.badge.pending and t.state.badge.chooser == fool
    assert "不能撕掉" in t.refused_act(fool, "殉职")
    t.deadline()
    assert t.state.badge.holder not in (0, fool)


def test_unannounced_night_deaths_can_still_be_chosen_so_choices_do_not_leak():
    t = Table(roles_for())
    hunter, victim = t.who("猎人"), t.who("审讯官")
    t.to(DEEP, 2)
    for w in t.state.pack():
        t.act(w, "杀人", victim)
    grant(t, hunter, "流血")
    grant(t, hunter, "流血")
    t.to(DAWN, 3)
    assert not t.alive(victim) and not t.alive(hunter)
    t.act(hunter, "最后一枪", victim)  # accepted: nobody has been told the victim is out
    assert "已经公示出局" not in t.reply_text()


def test_spirit_and_master_share_a_channel():
    t = Table(roles_for("御主"))
    master, dead = t.who("御主"), t.who("审讯官")
    exile(t, dead)
    t.state.counts[t.state.key(master, "zhaohuan")] = 10
    t.act(master, "英灵召唤", dead)
    t.deadline()
    t.chat(dead, "我来了")
    assert any(e.audience.kind == "team" and master in e.audience.members for e in t.last)


def test_last_words_right_lapses_after_the_next_noon():
    t = Table(roles_for())
    voted = t.who("道士")
    exile(t, voted)
    t.to(DUSK, 3)
    assert "没有留遗言的权利" in t.refused("lastwords", voted, text="晚了")


def test_reaper_bleeding_on_a_bleeding_seat_kills_before_dawn():
    t = Table(roles_for("死神"))
    victim = t.who("审讯官")
    t.to(DEEP, 2)
    grant(t, victim, "流血")
    t.state.statuses.add(Status("守护", victim, until="phase", phase=DAWN, value=1))
    for w in t.state.pack():
        t.act(w, "杀人", victim)
    t.to(DAWN, 3)
    assert not t.alive(victim) and "追魂" in t.timeline()


# --- issue 13: 封锁投票 does not end 正午 ------------------------------------------------------------------------


def test_a_blocked_vote_keeps_the_other_noon_actions_open_until_the_close():
    """封锁投票 closes the exile vote only: "所有放逐投票贴会关闭……但其他类型的投票依然有效"; the rest of 正午
    (审讯 replies, 冲撞, 灵魂传递, 崩塌狙击) runs to the normal close, in 快速 tempo too."""
    t = Table(roles_for("白狼王", "审讯官"))
    king, asker = t.who("白狼王"), t.who("审讯官")
    t.to(NOON, 2)
    victim = next(s for s in t.others(king, asker))
    events = t.act(king, "神风突击", victim)
    assert t.state.blockade and not t.alive(king)
    assert t.state.phase == NOON, "the blocked vote ended 正午 at once"
    # the flip; the king out (正午: "随时间立刻公示") with his blank 遗言; the blocked vote; the target out with
    # a blank 遗言 — as the skill resolves (发动效果, then 结算效果)
    assert sum(1 for e in events if e.audience.kind == "group") == 6
    assert "本次正午已封锁投票" in t.refused_act(asker, "投票", victim, via="group", reason="x")
    target = next(s for s in t.others(king, asker, victim))
    t.public(asker, "审讯", target, "你是通灵师吗")  # another 正午 action still takes
    t.public(target, "回答", "否")
    t.deadline()
    assert t.state.phase == DUSK and t.state.day == 2


# --- issue 13: [致死伤害]「立刻出局」 within a night -----------------------------------------------------------------


def test_lethal_damage_at_night_takes_the_seat_out_at_once_and_the_list_keeps_ring_order():
    """「[致死伤害]：除了[不死]状态，其他情况下承受[致死伤害]将会立刻出局」: a seat 继承 kills in 早夜 does not act
    or get results later that night; the night's list is still published at noon in 电梯楼 order."""
    t = Table(roles_for())
    younger, elder, seer = t.who("狼弟"), t.who("狼兄"), t.who("通灵师")
    exile(t, elder)
    t.to(EARLY, 2)
    assert younger in t.state.pack()
    t.act(younger, "继承", seer)
    closing = t.deadline()  # 早夜 ends: 继承 resolves
    assert t.state.phase == MID
    assert not t.alive(seer), "the 继承 target stayed in the game until 凌晨"
    assert "你出局了" in t.seat_text(seer, closing)
    posts = [e.text for e in closing if e.audience.kind == "group"]
    assert len(posts) == 1 and posts[0].startswith("【第2夜 午夜】")  # only the next sub-phase: nothing public till noon
    t.to(DEEP, 2)
    assert "出局" in t.refused_act(seer, "通灵", younger)
    victim = next(s for s in t.state.ring if t.alive(s) and t.state.faction(s) != "狼人阵营" and s != seer)
    for w in t.state.pack():
        if any(sk.name == "杀人" for sk in RULES.skills_of(t.state, w)):
            t.act(w, "杀人", victim)
    t.to(NOON, 3)
    line = next(x for x in t.all_group().split("\n") if x.startswith("昨夜至今出局"))
    order = sorted([seer, victim], key=t.state.ring.index)
    assert line.index(f"{order[0]}号") < line.index(f"{order[1]}号")


# --- issue 13: the wolves' loss waits while a dead pack wolf can still come back ----------------------------------


def _last_pack_wolf_voted_out(revive: bool) -> Table:
    t = Table(roles_for("阴阳使者", wolves=("渊狼", "白狼王", "死神", "梼杌")))
    pack = [s for s in t.state.seats() if "群内" in t.state.labels_of(s)]
    assert len(pack) == 4
    t.to(NOON, 2)
    for w in pack[:-1]:
        t.state.alive[w] = False  # three of the pack are already gone (no death to revive)
    exile(t, pack[-1])
    assert not t.alive(pack[-1])
    # 「狼人阵营不存在任何[群内]或[接刀]的角色，且无法产生新的[群内]或[接刀]角色」: the 阴阳使者 may still bring
    # the wolf back tonight (复活: "任意一名上一个白天宣布出局的角色")
    assert "狼人阵营" not in t.state.lost
    t.to(LATE, 2)
    assert "狼人阵营" not in t.state.lost
    if revive:
        t.act(t.who("阴阳使者"), "复活", pack[-1])
    t.to(NOON, 3)
    return t


def test_wolves_do_not_lose_while_the_yinyang_envoy_can_revive_a_pack_wolf():
    t = _last_pack_wolf_voted_out(revive=True)
    wolf = [s for s in t.state.seats() if "群内" in t.state.labels_of(s) and t.alive(s)]
    assert wolf and wolf[0] in t.state.pack() and "狼人阵营" not in t.state.lost
    t = _last_pack_wolf_voted_out(revive=False)
    assert "狼人阵营" in t.state.lost  # the night passed without a revival: now it cannot happen


# --- issue 13: what docs/nata.md listed as limitations, as played ----------------------------------------------------


def test_a_spirit_with_freedom_speaks_without_a_zhashi_warning_and_a_dead_seat_is_warned():
    """[自由]：「任何时候都可以在……讨论贴正常发言」 — a summoned 英灵 is no 诈尸; another dead seat is."""
    t = Table(roles_for("御主"))
    master, spirit = t.who("御主"), t.who("审讯官")
    other = next(s for s in t.others(master, spirit) if t.state.faction(s) == "村民阵营")
    exile(t, spirit)
    t.state.counts[t.state.key(master, "zhaohuan")] = 10
    t.act(master, "英灵召唤", spirit)
    t.deadline()
    exile(t, other)
    t.to(NOON, 4)
    events = t.speak(spirit, "我回来说两句")
    assert not [e for e in events if e.audience.kind == "group"]
    assert t.game.forum.posts.get(spirit) == 1  # counted like anyone's post (寡言 would still apply)
    events = t.speak(other, "我也说两句")
    assert any("诈尸" in e.text for e in events if e.audience.kind == "group")


def test_a_fool_who_may_not_vote_is_not_carded_for_not_voting():
    """愚者[大难不死]: 「然后愚者不能参与投票」 — the 潜水 rule's 「未投票」 card does not fall on him."""
    t = Table(roles_for("愚者"), 潜水=True, 未投票黄牌=True)
    fool = t.who("愚者")
    exile(t, fool)
    assert t.alive(fool) and fool in t.state.fool_flipped
    t.to(NOON, 3)
    before = list(t.game.forum.cards.get(fool, [0, 0, 0]))
    for s in t.state.living():
        for _ in range(5):
            t.speak(s, "发言")  # nobody is carded for too few posts
    t.deadline()
    assert t.game.forum.cards.get(fool, [0, 0, 0]) == before
    assert any("讨论日未投票" in line for line in t.timeline().split("\n"))  # the others are


def test_an_outside_adviser_is_registered_for_players_with_three_games_or_fewer():
    """「版杀游戏场次累计三场或以下的玩家允许申请场外助理」 / 「禁止已参加四场或以上版杀的玩家申请场外助理」."""
    t = Table(roles_for())
    assert "不超过 3 场" in t.refused("judge", 0, sub="场外助理", target="2", qq=777, played=4)
    events = t.send("judge", 1, sub="场外助理", target="2", qq=777, played=3)
    assert "777" in "\n".join(e.text for e in events if e.audience.kind == "reply")
    assert not [e for e in events if e.audience.kind == "group"]
