"""One round's resolution, in the text's 結算順序 (2.8), as order.py lists it:

    buff获取 -> 最大受到伤害 -> 护盾 -> 真实伤害 -> 锁血 -> 特殊技能 (嗜杀 -> 饮鸩止渴 -> 替身力量)

The buff stage itself runs order.BUFF_ORDER: 本能无效 by priority first (it decides which effects exist at
all), then 攻击无效, then the sources of reductions, caps and locks, then the attacks and the 本能 effects as
damage ("伤害"), true damage ("真实伤害") and shields. 凶残 (四级, 锁定) depends on how many players of the other
levels lost HP, so the levels 1–3 are settled first and level 4 after them; no effect couples the two groups
(磕CP shares only within a level).

Each step is a procedure of the Resolver (STEPS); what a unit does at a step is its moment, a method written in
the unit's own module, run because order.MOMENTS lists the unit under it: the Resolver below is the order and
the mechanics every unit shares (hits, 本能无效, locks, caps, shields, the uses a 本能 costs, the second attack of
a 本能 whose target is one), nothing of any one 本能.

Pure: the resolver reads and writes the state and collects messages; the ruleset sends them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from .book import EXTRA_STRIKERS, LEVEL_POWERS, REGISTRY
from .data import guess_form, guess_level
from .order import BUFF_ORDER, MOMENTS, NULL_TIERS, RESOLUTION_ORDER
from .power import Instinct, Power, answers
from .state import BeastState, Plan

T = TypeVar("T")


@dataclass
class Hit:
    source: int  # seat; 0 = the rules (凶残)
    amount: int
    true: bool  # 真实伤害
    what: str


@dataclass
class Report:
    deaths: list[int] = field(default_factory=list)
    notes: dict[int, list[str]] = field(default_factory=dict)  # private lines per seat
    facts: dict[int, list[tuple]] = field(default_factory=dict)  # the same results, structured (event data)
    log: list[str] = field(default_factory=list)  # judge lines
    stale: list[int] = field(default_factory=list)  # 独立宣言: seats whose announced HP stays as before
    winner: int = 0
    winner_seat: int = 0
    winner_how: str = ""


class Resolver:
    def __init__(self, st: BeastState):
        self.st = st
        self.r = st.day
        self.n = st.n
        self.actors = st.living()  # alive when the round began
        self.start = {s: st.hp[s] for s in range(1, st.n + 1)}
        self.hp = dict(self.start)
        self.null: dict[int, int] = {s: 0 for s in range(1, st.n + 1)}
        self.null_why: dict[int, list[str]] = {}
        self.void: set[int] = set()  # 攻击无效
        self.hits: dict[int, list[Hit]] = {s: [] for s in range(1, st.n + 1)}
        self.hurt_by: dict[int, list[int]] = {}
        self.caps: dict[int, int] = {}  # 最大受到伤害
        self.locks: dict[int, list[tuple[int, str]]] = {}  # 锁血
        self.gain: dict[int, int] = {}  # shields gained this round
        self.protect: dict[int, set[int]] = {}  # seat -> levels it takes nothing from (凶)
        self.double: set[int] = set()  # damage ×2 (兽性)
        self.pairs: list[tuple[int, int]] = []  # share the lesser damage (磕CP)
        self.only_highest: set[int] = set()  # take only the highest hit (凶+凶)
        self.damage: dict[int, int] = {}  # ordinary damage after cap (before shields)
        self.true: dict[int, int] = {}
        self.taken: dict[int, int] = {s: 0 for s in range(1, st.n + 1)}  # what reached HP
        self.memos: dict[str, Any] = {}  # what one skill keeps for a later step of this round
        self.rep = Report()

    # --- helpers the skills use -----------------------------------------------------------------------------------
    def note(self, seat: int, text: str) -> None:
        self.rep.notes.setdefault(seat, []).append(text)

    def log(self, text: str) -> None:
        self.rep.log.append(text)

    def plan(self, seat: int) -> Plan:
        return self.st.plans.get(seat) or Plan()

    def memo(self, key: str, kind: Callable[[], T]) -> T:
        """This round's scratch of one skill (the seats to set dead at 嗜杀's step…)."""
        return self.memos.setdefault(key, kind())

    def instinct(self, seat: int) -> Instinct | None:
        return self.st.instinct(seat)

    def powers(self, seat: int) -> list[Power]:
        """The seat's skills: its level's action and abilities, then its 本能."""
        held = self.st.instinct(seat)
        return [*LEVEL_POWERS[self.st.level(seat)], *([held] if held else [])]

    def used(self, seat: int, key: str) -> bool:
        """The seat used its 本能 `key` this round."""
        return self.plan(seat).instinct == key and self.st.holds(seat, key)

    def priority(self, seat: int) -> int:
        inst = self.st.instinct(seat)
        if inst is None:
            return 1
        return inst.null_priority(self, seat) if answers(inst, "null_priority") else inst.priority

    def nullified(self, seat: int) -> bool:
        """2.9: 本能無效只能對優先級小於它且非鎖定的本能生效; the lowest tier nullifies its own
        tier too, or 卧薪尝胆's 使其本能無效 would never do anything."""
        inst = self.st.instinct(seat)
        if inst is None or inst.locked or not self.null[seat]:
            return False
        p, q = self.null[seat], self.priority(seat)
        return p > q or p == q == 1

    def works(self, seat: int) -> bool:
        return self.st.instinct(seat) is not None and not self.nullified(seat)

    def active(self, seat: int, key: str) -> bool:
        return self.used(seat, key) and self.works(seat)

    def lock(self, seat: int, value: int, why: str) -> None:
        self.locks.setdefault(seat, []).append((min(value, self.start[seat]), why))

    def shielded(self, target: int, source: int) -> bool:
        """趋吉避凶（凶）: the target takes nothing from the source's level this round."""
        return bool(source) and self.st.level(source) in self.protect.get(target, set())

    def hit(self, target: int, h: Hit) -> None:
        if target not in self.actors or h.amount <= 0:
            return
        if self.shielded(target, h.source):
            self.log(f"{target}号 受趋吉避凶（凶）保护，免除来自{self.st.level(h.source)}级的{h.what}")
            return
        self.hits[target].append(h)
        self.hurt_by.setdefault(target, []).append(h.source)

    def lands(self, a: int, t: int) -> bool:
        """An attack on a lower level, by an attacker without 攻击无效."""
        return self.st.level(t) < self.st.level(a) and a not in self.void

    def lock_value(self, seat: int) -> int | None:
        locks = self.locks.get(seat)
        return max(v for v, _ in locks) if locks else None

    def objects(self, seat: int, skip_attacks: bool = False) -> list[int]:
        """The seat's objects this round in 感应's order: attack, sense, then 本能 targets."""
        st, plan = self.st, self.plan(seat)
        held = st.instinct(seat)
        own = held.objects(self, seat) if held is not None and answers(held, "objects") else None
        if own is not None:
            return own
        acts = [plan.action] if plan.action and not st.gave_up_action(seat) else []
        acts += [plan.extra[k] for k in ("ambition", *EXTRA_STRIKERS) if plan.extra.get(k)]
        attacks = acts if st.level(seat) > 1 else []
        senses = acts if st.level(seat) == 1 else []
        return [t for t in (([] if skip_attacks else attacks) + senses + list(plan.targets)) if t]

    def judge_guess(self, seat: int, pairs: tuple[tuple[int, str], ...], exact: bool) -> bool:
        """exact: 智慧 (all correct wins); else 大智若愚 (all wrong wins). Some 本能 force a failure (我是歌姬, 仁慈)."""
        st = self.st
        for key in MOMENTS["spoils_guess"]:
            why = REGISTRY[key].spoils_guess(self, seat)
            if why:
                self.log(why)
                return False
        for t, word in pairs:
            level_right = st.level(t) == guess_level(word)
            form = guess_form(word)
            inst = st.instinct(t)
            form_right = bool(form) and inst is not None and inst.form == form
            if exact and (not level_right or (form and not form_right)):
                return False
            if not exact and (level_right or form_right):
                return False
        return True

    # --- the round ------------------------------------------------------------------------------------------------
    def run(self) -> Report:
        self.step("buffs")
        first = [s for s in self.actors if self.st.level(s) != 4]
        fourth = [s for s in self.actors if self.st.level(s) == 4]
        self.settle(first)
        MOMENTS.run("between_groups", REGISTRY, self, fourth, first)
        self.settle(fourth)
        self.after()
        return self.rep

    def step(self, key: str, *args: Any) -> None:
        STEPS[key](self, *args)

    def settle(self, seats: list[int]) -> None:
        for step in RESOLUTION_ORDER[1:]:
            self.step(step.key, seats)

    def buffs(self) -> None:
        """buff获取, for everybody at once: the steps of BUFF_ORDER."""
        for step in BUFF_ORDER:
            self.step(step.key)

    # --- buff stage -----------------------------------------------------------------------------------------------
    def _null(self, seat: int, priority: int, why: str) -> None:
        if seat in self.actors:
            self.null[seat] = max(self.null[seat], priority)
            self.null_why.setdefault(seat, []).append(why)

    def nullify(self) -> None:
        # tier by tier, highest first; a tier's sources are all listed before any of them applies
        for tier in NULL_TIERS:
            found = [(t, p.null_label or p.name) for s in self.actors for p in self.powers(s)
                     if p.null_tier == tier and answers(p, "nullifies") for t in p.nullifies(self, s)]
            found += [(t, p.null_label or p.name) for p in (REGISTRY[key] for key in MOMENTS["table_nullifies"])
                      if p.table_null_tier == tier for t in p.table_nullifies(self)]
            for t, why in found:
                self._null(t, tier, why)
        for s in self.actors:
            if self.nullified(s):
                whys = list(dict.fromkeys(self.null_why.get(s, [])))
                if any(w not in ("恐惧", "仁慈") for w in whys):  # those two were told before the round
                    self.note(s, "你本回合获得了本能无效，本能无法发动（计入冷却，不扣次数）。")
                self.log(f"{s}号 本能无效（{'、'.join(whys)}）")

    def voids(self) -> None:
        for s in self.actors:
            held = self.instinct(s)
            if held is not None and answers(held, "void"):
                held.void(self, s)

    def guards(self) -> None:
        for s in self.actors:  # the 本能 first: 强健's lock is listed before 杀戮's
            held = self.instinct(s)
            for p in ([held] if held else []) + list(LEVEL_POWERS[self.st.level(s)]):
                if answers(p, "guard"):
                    p.guard(self, s)
        MOMENTS.run("table_guard", REGISTRY, self)  # after every holder's (吉+吉 reaches the whole level)

    def strikes(self, seat: int) -> list[tuple[int, str]]:
        """The seat's attacks (or senses for level 1) this round: the action first, then the extras that work."""
        st, plan = self.st, self.plan(seat)
        out = [(plan.action, "行动")] if plan.action and not st.gave_up_action(seat) else []
        for p in LEVEL_POWERS[st.level(seat)]:
            extra = p.extra_strike(self, seat) if answers(p, "extra_strike") else None
            if extra:
                out.append(extra)
        held = st.instinct(seat)  # a 本能 whose target is a second attack: the target planned, if it works
        target = plan.extra.get(held.key, 0) if held is not None and held.extra_strike_target else 0
        if target and self.active(seat, held.key):
            out.append((target, held.name))
        return out

    def attacks(self) -> None:
        st = self.st
        for a in self.actors:
            action = next(p for p in LEVEL_POWERS[st.level(a)] if answers(p, "strike"))  # 攻击, or 感应 for level 1
            held = self.instinct(a)
            first = True
            strikes = self.strikes(a)
            for t, how in strikes:
                if t not in self.actors:
                    continue
                action.strike(self, a, t, how)
                if first and held is not None and answers(held, "first_strike"):
                    held.first_strike(self, a, t)
                first = False
            if held is not None and answers(held, "after_strikes"):
                held.after_strikes(self, a, strikes)

    def effects(self) -> None:
        st = self.st
        for s in self.actors:  # 杀戮 alongside the attacks
            for p in LEVEL_POWERS[st.level(s)]:
                if answers(p, "effect"):
                    p.effect(self, s)
        for s in sorted(st.plans):
            key = self.plan(s).instinct
            if not key or not st.holds(s, key) or not self.works(s):
                continue
            if answers(REGISTRY[key], "effect"):
                REGISTRY[key].effect(self, s)
        MOMENTS.run("table_effect", REGISTRY, self)

    # --- the later stages, for each group -------------------------------------------------------------------------
    def cap(self, seats: list[int]) -> None:
        for s in seats:
            mult = 2 if s in self.double else 1
            normal = [h.amount * mult for h in self.hits[s] if not h.true]
            true = [h.amount for h in self.hits[s] if h.true]
            if s in self.only_highest and (normal or true):
                best_n, best_t = max(normal, default=0), max(true, default=0)
                normal, true = ([best_n], []) if best_n >= best_t else ([], [best_t])
            self.damage[s] = sum(normal)
            self.true[s] = sum(true)
        for a, b in self.pairs:
            if a in seats and b in seats:
                least = min(self.damage[a], self.damage[b])
                self.damage[a] = self.damage[b] = least
        for s in seats:
            if s in self.caps and self.damage[s] > self.caps[s]:
                self.log(f"{s}号 最大受到伤害{self.caps[s]}：伤害 {self.damage[s]}→{self.caps[s]}")
                self.damage[s] = self.caps[s]

    def shield(self, seats: list[int]) -> None:
        st = self.st
        for s in seats:
            st.shields[s] += self.gain.get(s, 0)
            blocked = min(st.shields[s], self.damage[s])
            st.shields[s] -= blocked
            left = self.damage[s] - blocked
            self.hp[s] -= left
            self.taken[s] += left
            if self.damage[s]:
                self.log(f"{s}号 受到{self.damage[s]}点伤害，护盾抵挡{blocked}")

    def true_damage(self, seats: list[int]) -> None:
        for s in seats:
            if self.true[s]:
                self.hp[s] -= self.true[s]
                self.taken[s] += self.true[s]
                self.log(f"{s}号 受到{self.true[s]}点真实伤害")

    def locked(self, seats: list[int]) -> None:
        for s in seats:
            value = self.lock_value(s)
            if value is not None and self.hp[s] < value:
                why = "、".join(w for v, w in self.locks[s] if v == value)
                self.log(f"{s}号 锁血（{why}）：{self.hp[s]}→{value}")
                self.hp[s] = value

    def special(self, seats: list[int]) -> None:
        MOMENTS.run("special", REGISTRY, self, seats)  # 嗜杀 -> 饮鸩止渴 -> 替身力量 (order.SPECIAL_ORDER)

    # --- after the announcement's numbers are known ---------------------------------------------------------------
    def after(self) -> None:
        st, r = self.st, self.r
        deaths = [s for s in self.actors if self.hp[s] <= 0]
        self.rep.deaths = deaths
        for s in self.actors:
            st.hp[s] = max(0, self.hp[s])
        for s in deaths:
            st.alive[s] = False
            st.died_round[s] = r
            st.fates[s] = f"第{r}回合死亡"
        for s in st.living():
            held = self.instinct(s)
            if held is not None and answers(held, "after_deaths"):
                held.after_deaths(self, s, deaths)
        MOMENTS.run("aftermath", REGISTRY, self, deaths)
        self.win_effects()
        self.bookkeeping()
        # what this round leaves for the next
        st.lost_last = {s: self.start[s] - st.hp[s] for s in self.actors if self.start[s] > st.hp[s]}
        st.hurt_by = {s: sorted(set(v)) for s, v in self.hurt_by.items() if v}
        counts: dict[int, int] = {}
        for p in sorted(st.plans):
            for t in sorted(set(self.objects(p))):
                if t != p:
                    counts[t] = counts.get(t, 0) + 1
        st.eyes_on = counts
        st.deaths_last = len(deaths)
        for s in self.actors:
            held = self.instinct(s)
            if held is not None and answers(held, "stale") and held.stale(self, s):
                self.rep.stale.append(s)
            else:
                st.shown[s] = st.hp[s]
        for s in deaths:
            st.shown[s] = 0

    def win_effects(self) -> None:
        """获胜效果 tried this round (智慧, 大智若愚): the one with the lowest precedence wins."""
        st = self.st
        wins: list[tuple[int, int, int, str]] = []  # (precedence, level, seat, how)
        for s in sorted(st.plans):
            for p in self.powers(s):
                order = p.claim(self, s) if answers(p, "claim") else None
                if order is not None:
                    wins.append((order, st.level(s), s, p.name))
        if wins:
            _, level, seat, how = min(wins)
            self.rep.winner, self.rep.winner_seat, self.rep.winner_how = level, seat, how

    def bookkeeping(self) -> None:
        st, r = self.st, self.r
        for s in sorted(st.plans):
            for p in LEVEL_POWERS[st.level(s)]:
                if answers(p, "record"):
                    p.record(self, s)
            plan = self.plan(s)
            key = plan.instinct
            if not key or not st.holds(s, key):
                continue
            inst: Instinct = REGISTRY[key]
            st.last_used[s] = r  # 本能無效 still counts toward the cooldown
            if inst.distinct_target and plan.targets:
                st.last_target[s] = plan.targets[0]
            if answers(inst, "record"):
                inst.record(self, s)
            if self.works(s):  # 不扣除使用次數 when nullified
                if answers(inst, "count_use"):
                    inst.count_use(self, s)
                elif inst.per_game:  # one of its 每局 uses
                    st.use(s, key)
        for s in self.actors:
            held = self.instinct(s)
            if held is not None and answers(held, "close"):
                held.close(self, s)


# The steps of order.py's RESOLUTION_ORDER and BUFF_ORDER, each a procedure of the Resolver (the one check's
# `procedures`: rules.py).
STEPS: dict[str, Callable[..., None]] = {
    "buffs": Resolver.buffs,
    "nullify": Resolver.nullify,
    "void": Resolver.voids,
    "guards": Resolver.guards,
    "attacks": Resolver.attacks,
    "instincts": Resolver.effects,
    "cap": Resolver.cap,
    "shield": Resolver.shield,
    "true_damage": Resolver.true_damage,
    "lock": Resolver.locked,
    "special": Resolver.special,
}

