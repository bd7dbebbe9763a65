"""The werewolf-family mind (狼人杀, 鹿鼎记, 纳塔): a belief about who is a wolf, built from what the seat saw.

What it learns from (the events' `data`, see engine/agents/deduce.py):
- its own role PM: `role`, `side` ("wolf", "good" or "other"), `mates` (the seats it knows are on its side);
- the board announcement: `wolves` (how many seats start on the wolves' side);
- its own check results: `target`, `wolf` (a seer's 查验, 鹿鼎记's 预言, …);
- departures: `out` (and `night`: a seat found dead at dawn, most likely killed by the wolves);
- the public ballots (`voter`, `target`), and the table talk: a checker's claim (`role`, `checks`).

Belief: a seat is a wolf for certain when the seat knows it (its own team, its own checks, a claim it trusts
against a seat nobody contests); otherwise each unknown seat weighs exp(suspicion), and the weights are
scaled so that they add up to the wolves not yet accounted for (probabilities stay in [0, 1]).

Decisions, in the game's terms (subclasses map their skill keys onto these):
- checkers check the most suspicious unknown seat; once they find a wolf they claim every result in the
  day's talk (and in their 遗言), then keep reporting; nobody fakes a claim (beginners do not 悍跳);
- good seats vote a claimed wolf they trust, else the seat their belief suspects most (随大流 on ties);
- wolves never vote a teammate unless he is a claimed wolf and the table is already exiling him (voting
  against the flow would expose them); otherwise they go with the table's leading non-wolf, and they kill
  the claimed checker first, then seats cleared by him, agreeing on the pack's latest choice;
- protectors guard the claimed checker; healers save on the first night or a claimed checker; poison and
  shots go to a seat believed a wolf with high probability.
"""

from __future__ import annotations

import math
from typing import Any

from ..core import ABSTAIN, Action, Event
from ..game.ruleset import LegalChoice
from .deduce import Mind, Say, plurality

# Soft evidence, in log-odds of "is a wolf".
VOTED_TRUSTED = 1.2  # voted against a seat the claims clear (or the claimer himself)
VOTED_CLAIMED_WOLF = -0.6  # voted for a claimed wolf
DIED_AT_NIGHT = -4.0  # the wolves kill good seats
CLAIM_WEIGHT = 5.0  # a claimed result, times how much the claimer is trusted
POISON_AT = 0.8  # poison or shoot only a seat believed a wolf at least this much
SHOOT_AT = 0.45


class VillageMind(Mind):
    """The shared werewolf-family player. Subclasses set the skill keys and phases of their game."""

    DAY_PHASES: frozenset[str] = frozenset({"day"})  # phases whose start is the day's talk
    CHECKER_ROLES: frozenset[str] = frozenset({"预言家"})
    KILL, CHECK, GUARD, SAVE, POISON, SHOOT = "kill", "check", "guard", "save", "poison", "shoot"

    def __init__(self, seat: int, n: int, rng: Any):
        super().__init__(seat, n, rng)
        self.role = ""
        self.side = "good"
        self.wolves_total = max(1, n // 4)
        self.known: dict[int, bool] = {}  # seat -> is a wolf, as this seat knows for sure
        self.checks: dict[int, bool] = {}  # this seat's own check results
        self.claims: dict[int, dict[int, bool]] = {}  # claimer -> his published results
        self.suspicion: dict[int, float] = {s: 0.0 for s in range(1, n + 1)}
        self.night_dead: set[int] = set()
        self.victim = 0  # tonight's victim, when told (女巫)
        self.pack: dict[int, int] = {}  # a wolf's view of the pack's choices tonight: mate -> target
        self.told = 0  # how many of this seat's results it has published
        self.guarded: list[int] = []

    # --- seeing ------------------------------------------------------------------------------
    def see(self, ev: Event) -> None:
        super().see(ev)
        f = dict(ev.data)
        if ev.tag == "role":
            self.learn_role(f)
        elif ev.tag == "check" and "target" in f and "wolf" in f:
            self.checks[f["target"]] = f["wolf"]
            self.known[f["target"]] = f["wolf"]
        elif ev.audience.kind == "team" and "seat" in f and "target" in f:
            self.pack[f["seat"]] = f["target"]  # a mate's kill choice
        if "wolves" in f:
            self.wolves_total = f["wolves"]
        if "victim" in f:
            self.victim = f["victim"]
        if f.get("dawn"):
            for s in f.get("out", ()):
                self.night_dead.add(s)
                self.suspicion[s] += DIED_AT_NIGHT

    def see_phase(self, f: dict, ev: Event) -> None:
        if self.is_night(f["phase"]):
            self.pack = {}
        else:
            self.victim = 0

    def is_night(self, phase: str) -> bool:
        return phase not in self.DAY_PHASES

    def learn_role(self, f: dict) -> None:
        if "role" in f:
            self.role = f["role"]
        if "side" in f:
            self.side = f["side"]
        for m in f.get("mates", ()):
            self.mates.add(m)
            self.known[m] = self.side == "wolf"
        self.known[self.seat] = self.side == "wolf"

    def see_vote(self, f: dict, ev: Event) -> None:
        voter, target = f.get("voter"), f.get("target")
        if not voter or not target or target == ABSTAIN:
            return
        claimed = self.claimed_results()
        if claimed.get(target) is False or target in self.claims:
            self.suspicion[voter] += VOTED_TRUSTED
        elif claimed.get(target):
            self.suspicion[voter] += VOTED_CLAIMED_WOLF

    def see_speech(self, f: dict, ev: Event) -> None:
        seat = f.get("seat")
        if not seat or f.get("role") not in self.CHECKER_ROLES:
            return
        results = self.claims.setdefault(seat, {})
        results.update(dict(f.get("checks", ())))
        if seat != self.seat and self.role in self.CHECKER_ROLES and self.side != "wolf":
            self.known[seat] = True  # a second claimer of my own role is lying: a wolf

    # --- belief ------------------------------------------------------------------------------
    def trust(self, claimer: int) -> float:
        """How far this seat believes a claimer: sure when it knows his side, else by his suspicion."""
        if claimer in self.known:
            return 0.0 if self.known[claimer] else 1.0
        rivals = [c for c in self.claims if c != claimer]
        return 1.0 / (1.0 + math.exp(self.suspicion[claimer] + 2.0 * len(rivals)))

    def claimed_results(self) -> dict[int, bool]:
        """What the trusted claims say (the most trusted claimer wins a contradiction)."""
        out: dict[int, bool] = {}
        for claimer in sorted(self.claims, key=self.trust):
            if self.trust(claimer) >= 0.5:
                out.update(self.claims[claimer])
        return out

    def p_wolf(self) -> dict[int, float]:
        """Probability that each seat is on the wolves' side, for this seat."""
        out = {s: (1.0 if w else 0.0) for s, w in self.known.items()}
        unknown = [s for s in range(1, self.n + 1) if s not in self.known]
        if not unknown:
            return out
        evidence: dict[int, float] = {s: self.suspicion[s] for s in unknown}
        for claimer, results in self.claims.items():
            t = self.trust(claimer)
            for target, wolf in results.items():
                if target in evidence:
                    evidence[target] += (CLAIM_WEIGHT if wolf else -CLAIM_WEIGHT) * t
        left = max(0.0, self.wolves_total - sum(1 for w in self.known.values() if w))
        weights = {s: math.exp(max(-20.0, min(20.0, e))) for s, e in evidence.items()}
        total = sum(weights.values())
        for s, w in weights.items():
            out[s] = min(0.99, left * w / total) if total else 0.0
        return out

    def suspects(self, seats: list[int]) -> list[int]:
        """`seats`, most likely wolf first (ties broken at random)."""
        p = self.p_wolf()
        order = list(seats)
        self.rng.shuffle(order)
        return sorted(order, key=lambda s: -p.get(s, 0.0))

    def rank(self, seats: list[int]) -> list[int]:
        return self.suspects(seats) if self.side != "wolf" else self.wolf_targets(seats)

    # --- talk --------------------------------------------------------------------------------
    def talk(self) -> Say | None:
        if self.phase not in self.DAY_PHASES or not self.living:
            return None
        return self.claim()

    def claim(self, last_words: bool = False, pressed: bool = False) -> Say | None:
        """A checker publishes every result once one of them is a wolf, when the table is voting him out
        (`pressed`), or in his 遗言; then each new result."""
        if self.role not in self.CHECKER_ROLES or self.side == "wolf" or not self.checks:
            return None
        if len(self.checks) <= self.told or not (any(self.checks.values()) or self.told or last_words or pressed):
            return None
        self.told = len(self.checks)
        results = tuple(sorted(self.checks.items()))
        words = "，".join(f"{t}号{'是狼人' if w else '是好人'}" for t, w in results)
        return Say(f"我是{self.role}：{words}。", (("role", self.role), ("checks", results)), last_words)

    # --- acting ------------------------------------------------------------------------------
    def act(self, choices: list[LegalChoice]) -> Action | Say | None:
        if self.phase in self.DAY_PHASES and self.seat in plurality(self.ballots, self.alive):
            post = self.claim(pressed=True)  # 被投起跳: the checker speaks up before he is exiled
            if post is not None:
                return post
        return super().act(choices)

    def choose(self, choice: LegalChoice) -> Action | None:
        key = choice.skill.key
        handler = {
            self.KILL: self.use_kill, self.CHECK: self.use_check, self.GUARD: self.use_guard,
            self.SAVE: self.use_save, self.POISON: self.use_poison, self.SHOOT: self.use_shoot,
        }.get(key)
        if handler is not None:
            return handler(choice)
        return super().choose(choice)

    def others(self, choice: LegalChoice) -> list[int]:
        return [t for t in choice.candidates if t not in (ABSTAIN, self.seat)]

    def use_check(self, choice: LegalChoice) -> Action | None:
        fresh = [t for t in self.others(choice) if t not in self.known]
        pool = fresh or self.others(choice)
        return Action(choice.skill.key, (self.suspects(pool)[0],)) if pool else None

    def use_guard(self, choice: LegalChoice) -> Action | None:
        cands = list(choice.candidates)
        trusted = [c for c in self.claims if self.trust(c) >= 0.5 and c in cands and c != self.seat]
        if trusted:
            pick = trusted[0]
        elif self.seat in cands and self.rng.chance(0.5):
            pick = self.seat
        else:
            clean = [t for t in self.others(choice) if self.p_wolf().get(t, 0) < 0.5] or self.others(choice)
            if not clean:
                return None
            pick = self.rng.choice(clean)
        return Action(choice.skill.key, (pick,))

    def use_save(self, choice: LegalChoice) -> Action | None:
        victim = self.victim
        if not victim:
            return None
        if self.day <= 1 or victim == self.seat or victim in self.claims or self.claimed_results().get(victim) is False:
            targets = (victim,) if victim in choice.candidates and choice.skill.targets else ()
            return Action(choice.skill.key, targets)
        return None

    def use_poison(self, choice: LegalChoice) -> Action | None:
        p = self.p_wolf()
        cands = self.suspects(self.others(choice))
        if cands and p.get(cands[0], 0.0) >= POISON_AT:
            return Action(choice.skill.key, (cands[0],))
        return None

    def use_shoot(self, choice: LegalChoice) -> Action | None:
        p = self.p_wolf()
        cands = [t for t in self.rank(self.others(choice)) if t not in self.mates]
        if cands and (self.side == "wolf" or p.get(cands[0], 0.0) >= SHOOT_AT):
            return Action(choice.skill.key, (cands[0],))
        return None

    def use_kill(self, choice: LegalChoice) -> Action | None:
        cands = [t for t in self.others(choice) if t not in self.mates]
        if not cands:
            return None
        for mate, target in sorted(self.pack.items()):
            if mate != self.seat and target in cands:
                return Action(choice.skill.key, (target,))  # agree with the pack
        return Action(choice.skill.key, (self.wolf_targets(cands)[0],))

    def wolf_targets(self, seats: list[int]) -> list[int]:
        """A wolf's order of the good seats to remove: claimed checkers, then seats they cleared, then the
        seats the table trusts most (least suspected by the table)."""
        cleared = {t for r in self.claims.values() for t, w in r.items() if not w}
        order = list(seats)
        self.rng.shuffle(order)
        return sorted(order, key=lambda s: (s in self.mates, s not in self.claims, s not in cleared,
                                           self.suspicion[s]))

    # --- the vote ----------------------------------------------------------------------------
    def vote(self, choice: LegalChoice) -> Action | None:
        if self.seat in self.ballots:
            return None
        seats = [t for t in choice.candidates if t not in (ABSTAIN, self.seat)]
        if not seats:
            return Action(choice.skill.key, (ABSTAIN,)) if ABSTAIN in choice.candidates else None
        pick = self.wolf_vote(seats) if self.side == "wolf" else self.good_vote(seats)
        if pick is None:
            return Action(choice.skill.key, (ABSTAIN,)) if ABSTAIN in choice.candidates else None
        return Action(choice.skill.key, (pick,))

    def good_vote(self, seats: list[int]) -> int | None:
        p = self.p_wolf()
        wolves = [s for s in seats if p.get(s, 0.0) >= 0.99]
        if wolves:
            return self.rng.choice(wolves)
        ranked = self.suspects([s for s in seats if s not in self.mates] or seats)
        best = p.get(ranked[0], 0.0)
        close = [s for s in ranked if p.get(s, 0.0) >= best - 0.05]
        leaders = plurality(self.ballots, close)
        return leaders[0] if leaders else close[0]

    def wolf_vote(self, seats: list[int]) -> int | None:
        claimed = self.claimed_results()
        exposed = [m for m in seats if m in self.mates and claimed.get(m)]
        leaders = plurality(self.ballots, seats)
        if exposed and leaders and set(leaders) <= set(exposed):
            return leaders[0]  # the table is exiling a claimed teammate anyway: defending him exposes us
        good = [s for s in seats if s not in self.mates]
        if not good:
            return None
        flow = plurality(self.ballots, good)
        if flow:
            return flow[0]
        table_view = sorted(good, key=lambda s: -self.table_suspicion(s, claimed))
        return table_view[0]

    def table_suspicion(self, seat: int, claimed: dict[int, bool]) -> float:
        """How suspicious `seat` looks to the table (public evidence only), for a wolf to push."""
        if claimed.get(seat) is False or seat in self.claims:
            return -10.0
        return self.suspicion[seat] + self.rng.random() * 0.1
