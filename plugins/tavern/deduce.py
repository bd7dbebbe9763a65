"""酒馆圣杯's information-state player (`bansha simulate --agent deduce`).

It knows what its seat was told: its own class and faction, the public line-up (which classes each faction
has) and the class sheet, its own 指认 confirmations, that it won a grail, its own HP, and the morning
posts (who left, which faction fell). It never sees another seat's class or faction.

Belief: the deal is a permutation of the fifteen (class, faction) cards, so the other seats hold the other
fourteen. Each seat keeps a 0/1 matrix of which card each other seat may still hold — a confirmed 指认
rules out every card without that trait/class/faction, an unanswered one (the reply comes at the latest
with the night) rules out every card with it, a fallen faction rules its cards out for the living — and
balances it into marginals (Sinkhorn: rows are seats, columns are cards, both must add up to one).

Play:
- the grail: a number near the mean it expects of everyone's numbers (50, moved towards its own winning
  numbers), with a little noise;
- 指认 by its class's rule lines: each ID goes to the (seat, value) whose answer it is least sure of;
- the night: its class's attack skill (a spell, 惩恶一击…) or a plain attack on the seat most likely of
  another faction; 治疗 on itself when below half its HP; free actions (鼓舞, 动物伙伴, 追踪) when it has
  them; attack stances on, 狂暴 only now and then (it leaves the barbarian tired).
"""

from __future__ import annotations

import math
from typing import Any

from ..bansha.engine import ABSTAIN, Action, Event
from ..bansha.engine.agents.deduce import Mind
from ..bansha.engine.game.ruleset import LegalChoice
from .classes import ClassSkill
from .sheet import SHEET
from .terms import CLASS_NAMES, FACTIONS, LINEUP, TRAITS

CARDS: tuple[tuple[str, str], ...] = tuple((c, f) for f in FACTIONS for c in LINEUP[f])
MEAN = 50.5  # what a number drawn uniformly from 1–100 averages
NOISE = 4
RAGE_CHANCE = 0.3
SURGE_AT = 0.8  # 动作如潮 (once a game) only on a seat surely of another faction
SINKHORN_ROUNDS = 12


def matches(card: tuple[str, str], kind: str, value: str) -> bool:
    cls, faction = card
    if kind == "特质":
        return value in SHEET[cls].traits
    if kind == "职业":
        return cls == value
    return faction == value


class TavernMind(Mind):
    def __init__(self, seat: int, n: int, rng: Any):
        super().__init__(seat, n, rng)
        self.cls = ""
        self.faction = ""
        self.others = [s for s in range(1, n + 1) if s != seat]
        self.cards: list[tuple[str, str]] = list(CARDS)
        self.allowed: dict[int, list[bool]] = {}
        self.asked: list[tuple[int, str, str]] = []  # tonight's 指认
        self.confirmed: set[tuple[int, str, str]] = set()
        self.mean = MEAN
        self.hp = 0
        self.max_hp = 0
        self._belief: dict[int, list[float]] | None = None
        self.masks: dict[tuple[str, str], tuple[int, ...]] = {}  # (kind, value) -> the cards that have it

    # --- seeing ------------------------------------------------------------------------------
    def see(self, ev: Event) -> None:
        super().see(ev)
        f = dict(ev.data)
        if "class" in f:
            self.cls, self.faction = f["class"], f["faction"]
            self.cards.remove((self.cls, self.faction))
            self.allowed = {s: [True] * len(self.cards) for s in self.others}
            self.masks = {(k, v): tuple(i for i, c in enumerate(self.cards) if matches(c, k, v))
                          for k, values in (("特质", TRAITS), ("职业", CLASS_NAMES), ("阵营", FACTIONS)) for v in values}
            self.max_hp = self.hp = SHEET[self.cls].hp
        if "hp" in f and ev.audience.kind == "seat":
            self.hp = f["hp"]
        if "grail" in f and self.number:
            self.mean = (self.mean + self.number) / 2  # our number was the closest to the mean
        if ev.tag == "check" and "kind" in f:
            self.confirmed.add((f["target"], f["kind"], f["value"]))
            self.rule_out(f["target"], lambda c, k=f["kind"], v=f["value"]: not matches(c, k, v))
        if "night" in f:  # the morning: every 指认 of last dusk without a confirmation was wrong
            for q in self.asked:
                if q not in self.confirmed:
                    self.rule_out(q[0], lambda c, k=q[1], v=q[2]: matches(c, k, v))
            self.asked = []
        for faction in f.get("fallen", ()):
            for s in self.others:
                if s in self.alive:
                    self.rule_out(s, lambda c, fa=faction: c[1] == fa)

    def see_phase(self, f: dict, ev: Event) -> None:
        self.number = 0

    number = 0

    def rule_out(self, seat: int, bad) -> None:
        row = self.allowed.get(seat)
        if row is None:
            return
        new = [ok and not bad(c) for ok, c in zip(row, self.cards, strict=True)]
        if any(new) and new != row:  # never contradict everything (a rule the seat misread): keep what it had
            self.allowed[seat] = new
            self._belief = None

    # --- belief ------------------------------------------------------------------------------
    def belief(self) -> dict[int, list[float]]:
        """Marginal P(seat holds card), balanced so that every seat holds one card and every card one seat."""
        if self._belief is None:
            width = len(self.cards)
            rows = [[1.0 if ok else 0.0 for ok in self.allowed.get(s, [True] * width)] for s in self.others]
            for _ in range(SINKHORN_ROUNDS):
                rows = [[x / t for x in row] if (t := sum(row)) else row for row in rows]
                cols = [sum(col) or 1.0 for col in zip(*rows, strict=True)]
                rows = [[x / c for x, c in zip(row, cols, strict=True)] for row in rows]
            self._belief = dict(zip(self.others, rows, strict=True))
        return self._belief

    def p(self, seat: int, kind: str, value: str) -> float:
        row = self.belief().get(seat)
        if row is None:
            return 0.0
        total = sum(row) or 1.0
        return sum(row[i] for i in self.masks[(kind, value)]) / total

    def enemy(self, seat: int) -> float:
        return 1.0 - self.p(seat, "阵营", self.faction)

    # --- acting ------------------------------------------------------------------------------
    def act(self, choices: list[LegalChoice]) -> Action | None:
        by = {c.skill.key: c for c in choices}
        if "number" in by:
            if self.number:
                return None
            self.number = max(1, min(100, round(self.mean) + self.rng.randint(-NOISE, NOISE)))
            return Action("number", (), (str(self.number),))
        if "identify" in by:
            move = self.identify(by["identify"])
            if move is not None:
                return move
        for choice in choices:
            if not isinstance(choice.skill, ClassSkill) or choice.skill.key in self.acted:
                continue
            move = self.class_move(choice, choice.skill.spec)
            if move is not None:
                return move
        if "attack" in by and "attack" not in self.acted:
            target = self.target(by["attack"])
            return Action("attack", (target,)) if target else None
        return None

    def identify(self, choice: LegalChoice) -> Action | None:
        left = self.lines_left()
        best, best_h = None, -1.0
        for rule, count in left:
            if not count:
                continue
            kinds = rule.values or {"特质": TRAITS, "职业": CLASS_NAMES, "阵营": FACTIONS}[rule.kind]
            for t in choice.candidates:
                row = self.belief().get(t)
                if row is None:
                    continue
                for v in kinds:
                    if (t, rule.kind, v) in self.asked:
                        continue
                    q = min(1.0, sum(row[i] for i in self.masks[(rule.kind, v)]))
                    h = -sum(x * math.log(x) for x in (q, 1 - q) if x > 0)
                    if h > best_h + 1e-9:
                        best, best_h = (t, rule.kind, v), h
        if best is None or best_h <= 0.0:
            return None
        self.asked.append(best)
        return Action("identify", (best[0],), (best[2],))

    def lines_left(self) -> list[tuple[Any, int]]:
        """The seat's 指认 rule lines and how many IDs each has left tonight (the engine counts the same)."""
        rules = SHEET[self.cls].identify if self.cls else ()
        left = [r.count for r in rules]
        for _, kind, value in self.asked:
            for i, r in enumerate(rules):
                if left[i] and r.allows(kind, value):
                    left[i] -= 1
                    break
        return list(zip(rules, left, strict=True))

    def target(self, choice: LegalChoice) -> int:
        cands = [t for t in choice.candidates if t not in (ABSTAIN, self.seat)]
        if not cands:
            return 0
        return max(cands, key=lambda t: (round(self.enemy(t), 3), self.rng.random()))

    def class_move(self, choice: LegalChoice, spec: Any) -> Action | None:
        key = choice.skill.key
        if spec.kind == "抉择":
            self.acted.add(key)
            on = spec.effect == "stance" and (spec.after == "" or self.rng.chance(RAGE_CHANCE))
            return Action(key, (), ("开",)) if on else None
        if spec.effect == "heal":
            if self.hp * 2 < self.max_hp and self.seat in choice.candidates:
                return Action(key, (self.seat,))
            return None
        if spec.effect == "inspire":
            return Action(key, (self.seat,)) if self.seat in choice.candidates else None
        if spec.effect == "track":
            cands = [t for t in choice.candidates if t != self.seat]
            return Action(key, (self.rng.choice(cands),)) if cands else None
        if spec.effect in ("attack", "spell", "companion", "extra_attack"):
            target = self.target(choice)
            if not target or (spec.effect == "extra_attack" and self.enemy(target) < SURGE_AT):
                return None
            return Action(key, (target,))
        return None  # 擒抱 ties the monk down for nights: a beginner keeps to plain attacks


MIND = TavernMind
