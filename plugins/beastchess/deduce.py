"""斗兽棋's information-state player (`bansha simulate --agent deduce`).

It knows what its seat was told: its own level and 本能, the level counts and the starting HP, the banned
本能, whether AT outnumbers PT, its 探查 result, its 预知 comparisons, its 感应 results, its 智慧 verdict, and
the HP table published after every round. It never sees another seat's level or 本能.

Belief: every assignment of levels to the other seats that fits the counts is a hypothesis (7 players: at
most 180; 10 players: at most 7,560), weighed by what the seat saw —
- 预知 is certain: hypotheses that contradict a comparison are dropped;
- an attack only hurts a lower level: when this seat attacked X and X's published HP did not drop,
  hypotheses with X below it lose most of their weight (shields and HP locks can still stop a hit);
  when X's HP dropped, those with X not below it lose some (someone else may have hit X);
- a 感应 result "t's object is X" reads the same way for t against X (t's object is its attack target
  when t attacks, and a level-1 seat only senses);
- the game is still running, so the living seats are not all of one level.

Play: a level 2–4 seat attacks where the expected damage is highest (a lower level, the lower the better,
preferring seats close to death); a level-1 seat senses the seat whose level it is least sure of; 预知 goes
to the pair of seats whose comparison it is least sure of; 4级 spends 杀戮 on the highest-HP seat it
believes is not 4级. 智慧 (levels 1–2, once a game) is sent when the most likely assignment and the forms it
must name are right with probability at least WISDOM_AT — or, with any real chance, when the seat is about
to die. Other 本能 are used only where the seat's own situation calls for them (a lock when low on HP…).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

from ..bansha.engine import Action, Event
from ..bansha.engine.agents.deduce import Mind
from ..bansha.engine.game.ruleset import LegalChoice
from .catalog import INSTINCT_LIST, INSTINCTS, UNBANNABLE
from .data import AT, BAN, PICK, PROBE, PT

LEVELS = (1, 2, 3, 4)
# Likelihoods of what the HP table shows after this seat's attack on X (see the module docstring).
HIT_BLOCKED = 0.25  # X below us and yet its HP did not drop (shield, lock, 凶…)
HURT_BY_OTHERS = 0.4  # X not below us and yet its HP dropped (someone else hit it)
NOISE = 0.12  # a seat's HP falls or holds against the odds (本能, 吉, shields, locks)
CRUEL_HIT = 0.85  # the 4级 loses HP to 凶残 from round 2
WISDOM_AT = 0.2  # send 智慧 when it is right with at least this probability
LAST_CHANCE_AT = 0.01  # …or with any real chance when this seat is about to die
PREFER_FORESIGHT = 0.7  # levels 1–2 take 预知 (the 本能 that feeds 智慧) this often
SLAUGHTER_CHANCE = 0.6

AT_SHARE = sum(1 for i in INSTINCT_LIST if i.form == AT) / sum(1 for i in INSTINCT_LIST if i.form in (AT, PT))


def damage(attacker: int, target: int) -> int:
    """An attack only hurts a lower level: 1 point, 2 when two or more levels lower."""
    gap = attacker - target
    return 0 if gap <= 0 else 1 if gap == 1 else 2


def arrangements(seats: list[int], counts: dict[int, int]) -> Iterator[dict[int, int]]:
    """Every way to give `seats` levels with exactly `counts` of each."""
    if not seats:
        yield {}
        return
    first, rest = seats[0], seats[1:]
    for lv in LEVELS:
        if counts.get(lv, 0) > 0:
            counts[lv] -= 1
            for tail in arrangements(rest, counts):
                yield {first: lv, **tail}
            counts[lv] += 1


class BeastMind(Mind):
    def __init__(self, seat: int, n: int, rng: Any):
        super().__init__(seat, n, rng)
        self.level = 0
        self.counts: tuple[int, ...] = ()
        self.max_hp = n - 1
        self.instinct = ""
        self.banned: tuple[str, ...] = ()
        self.at_vs_pt = 0
        self.kinds: dict[int, str] = {}  # 探查 results
        self.hp = {s: n - 1 for s in range(1, n + 1)}  # the published HP
        self.dropped: dict[int, bool] = {}  # whose published HP fell in the last table
        self.hyps: list[tuple[int, ...]] | None = None  # levels by seat (index 0 unused)
        self.weights: list[float] = []
        self._marginals: dict[int, dict[int, float]] | None = None
        self.round_moves: dict[str, int] = {}  # this round's targets by skill key
        self.last_omen = "吉"  # an unsent 趋吉避凶 counts as 吉
        self.wisdom_sent = False

    # --- seeing ------------------------------------------------------------------------------
    def see(self, ev: Event) -> None:
        super().see(ev)
        f = dict(ev.data)
        if "level" in f:
            self.level = f["level"]
        if "instinct" in f:
            self.instinct = f["instinct"]
        if "counts" in f:
            self.counts, self.max_hp = tuple(f["counts"]), f["max_hp"]
            self.hp = {s: self.max_hp for s in range(1, self.n + 1)}
        if "banned" in f:
            self.banned = tuple(f["banned"])
        if "at_vs_pt" in f:
            self.at_vs_pt = f["at_vs_pt"]
        if "kind" in f:
            self.kinds[f["target"]] = f["kind"]
        if "compare" in f:
            a, b, c = f["compare"]
            self.weigh(lambda h: 1.0 if (h[a] > h[b]) - (h[a] < h[b]) == c else 0.0)
        if "hp" in f:
            self.read_table(f["hp"], set(f.get("out", ())))
        for fact in f.get("results", ()):
            if fact[0] == "sense" and fact[2]:
                self.read_sense(fact[1], fact[2])
            elif fact[0] == "wisdom":
                self.wisdom_sent = True

    def see_phase(self, f: dict, ev: Event) -> None:
        self.round_moves = {}

    def read_table(self, shown: tuple[int, ...], dead: set[int]) -> None:
        before = self.hp
        self.hp = {s: shown[s - 1] for s in range(1, self.n + 1)}
        self.dropped = {s: self.hp[s] < before[s] or s in dead for s in range(1, self.n + 1)}
        acting = sorted(self.alive | dead)  # alive when the round began
        self.weigh(lambda h: self.table_likelihood(h, acting))
        for key in ("attack", "ambition"):
            x = self.round_moves.get(key)
            if x:
                self.read_hit(self.seat, x)
        living = sorted(self.alive)
        if len(living) > 1:
            self.weigh(lambda h: 1.0 if len({h[s] for s in living}) > 1 else 0.0)  # the game goes on

    def table_likelihood(self, h: tuple[int, ...], acting: list[int]) -> float:
        """How likely the HP table's pattern of who lost HP is if the levels are `h`: a seat is hit when some
        higher level aims at it (each attacker picks one of the others), and from round 2 the 4级 loses HP to
        凶残 almost every round; shields, locks and 本能 blur both (NOISE)."""
        if len(acting) < 2:
            return 1.0
        count = [0, 0, 0, 0, 0]
        fell = [0, 0, 0, 0, 0]
        for s in acting:
            count[h[s]] += 1
            fell[h[s]] += self.dropped.get(s, False)
        miss = 1.0 - 1.0 / (len(acting) - 1)
        like, above = 1.0, 0
        for lv in (4, 3, 2, 1):
            if count[lv]:
                hit = 1.0 - miss ** above
                if lv == 4 and self.day >= 2:
                    hit = max(hit, CRUEL_HIT)
                p = NOISE + (1.0 - 2 * NOISE) * hit
                like *= p ** fell[lv] * (1.0 - p) ** (count[lv] - fell[lv])
            above += count[lv]
        return like

    def read_hit(self, attacker: int, x: int) -> None:
        """The attacker's object was X: did X's HP fall?"""
        if self.dropped.get(x):
            self.weigh(lambda h: 1.0 if h[attacker] > h[x] else HURT_BY_OTHERS)
        else:
            self.weigh(lambda h: HIT_BLOCKED if h[attacker] > h[x] else 1.0)

    def read_sense(self, t: int, x: int) -> None:
        if t != self.seat and x:
            self.read_hit(t, x)

    # --- belief ------------------------------------------------------------------------------
    def ensure(self) -> bool:
        if self.hyps is None:
            if not self.level or not self.counts:
                return False
            left = {lv: c for lv, c in zip(LEVELS, self.counts, strict=True)}
            left[self.level] -= 1
            others = [s for s in range(1, self.n + 1) if s != self.seat]
            self.hyps = []
            for a in arrangements(others, left):
                a[self.seat] = self.level
                self.hyps.append(tuple([0] + [a[s] for s in range(1, self.n + 1)]))
            self.weights = [1.0 / len(self.hyps)] * len(self.hyps)
        return True

    def weigh(self, likelihood) -> None:
        if not self.ensure():
            return
        new = [w * likelihood(h) for h, w in zip(self.hyps, self.weights, strict=True)]
        total = sum(new)
        if total <= 0:
            return  # contradicts everything (a shield or lock we could not see): keep the old belief
        keep = [(h, w / total) for h, w in zip(self.hyps, new, strict=True) if w > 0]
        self.hyps = [h for h, _ in keep]
        self.weights = [w for _, w in keep]
        self._marginals = None

    def marginals(self) -> dict[int, dict[int, float]]:
        if self._marginals is not None:
            return self._marginals
        out = {s: dict.fromkeys(LEVELS, 0.0) for s in range(1, self.n + 1)}
        if not self.ensure():
            return {s: dict.fromkeys(LEVELS, 0.25) for s in out}
        for h, w in zip(self.hyps, self.weights, strict=True):
            for s in range(1, self.n + 1):
                out[s][h[s]] += w
        self._marginals = out
        return out

    def best_guess(self) -> tuple[tuple[int, ...], float]:
        self.ensure()
        i = max(range(len(self.hyps)), key=lambda k: self.weights[k])
        return self.hyps[i], self.weights[i]

    @staticmethod
    def entropy(dist: dict[int, float]) -> float:
        return -sum(p * math.log(p) for p in dist.values() if p > 0)

    # --- acting ------------------------------------------------------------------------------
    def act(self, choices: list[LegalChoice]) -> Action | None:
        by = {c.skill.key: c for c in choices}
        if self.phase == BAN and "ban" in by:
            names = [i.name for i in INSTINCT_LIST if i.name not in UNBANNABLE]
            return self.done(Action("ban", (), tuple(self.rng.sample(names, self.rng.randint(1, 2)))))
        if self.phase == PICK and "pick" in by:
            return self.done(Action("pick", (), (self.pick_instinct(),)))
        if self.phase == PROBE:
            if "foresight" in by and "foresight" not in self.acted:
                return self.done(self.foresight(by["foresight"]))
            if "probe" in by:
                cands = [t for t in by["probe"].candidates if t != self.seat]
                return self.done(Action("probe", (self.rng.choice(cands),))) if cands else None
            return None
        for key in ("omen", "foresight", "wisdom", "slaughter", "ambition"):
            if key in by and key not in self.acted:
                move = getattr(self, key)(by[key])
                if move is not None:
                    return self.done(move)
        inst = by.get(INSTINCTS[self.instinct].key) if self.instinct in INSTINCTS else None
        if inst is not None and inst.skill.key not in self.acted and inst.skill.key != "omen":
            self.acted.add(inst.skill.key)  # one look per round, used or not
            move = self.use_instinct(inst)
            if move is not None:
                return self.done(move)
        for key in ("attack", "sense"):
            if key in by and key not in self.acted:
                return self.done(self.strike(by[key]))
        return None

    def done(self, move: Action | None) -> Action | None:
        if move is not None:
            self.acted.add(move.skill)
            if move.targets:
                self.round_moves[move.skill] = move.targets[0]
        return move

    def pick_instinct(self) -> str:
        free = [i.name for i in INSTINCT_LIST if i.name not in self.banned]
        if self.level <= 2 and "预知" in free and self.rng.chance(PREFER_FORESIGHT):
            return "预知"
        return self.rng.choice(free)

    def others_alive(self) -> list[int]:
        return [s for s in sorted(self.alive) if s != self.seat]

    def strike(self, choice: LegalChoice) -> Action | None:
        cands = [t for t in choice.candidates if t != self.seat]
        if not cands:
            return None
        m = self.marginals()
        if choice.skill.key == "sense":
            fresh = [t for t in cands if t not in self.used.get("sense", ())] or cands
            return Action("sense", (max(fresh, key=lambda t: (self.entropy(m[t]), self.rng.random())),))
        return Action(choice.skill.key, (self.attack_order(cands, m)[0],))

    def attack_order(self, cands: list[int], m: dict[int, dict[int, float]]) -> list[int]:
        def score(t: int) -> tuple[float, float]:
            expected = sum(p * damage(self.level, lv) for lv, p in m[t].items())
            finish = expected if self.hp.get(t, 0) <= 2 else 0.0
            return (expected + finish, self.rng.random())

        return sorted(cands, key=score, reverse=True)

    def omen(self, choice: LegalChoice) -> Action | None:
        """趋吉避凶, every round: 凶 on a seat this level cannot hurt anyway (凶+凶 shields us on even rounds),
        吉 when every other seat is one we may want to hit; a 吉/凶 change on an even round must also curse a
        level — the one most likely above us."""
        cands = [t for t in choice.candidates if t != self.seat]
        m = self.marginals()
        safe = [t for t in cands if sum(p for lv, p in m[t].items() if lv >= self.level) >= 0.5]
        mine = "凶" if safe and len(cands) > 1 else "吉"
        targets = (max(safe, key=lambda t: (sum(p for lv, p in m[t].items() if lv >= self.level), self.rng.random())),
                   ) if mine == "凶" else ()
        words: tuple[str, ...] = (mine,)
        if self.day % 2 == 0 and self.last_omen != mine:
            above = [lv for lv in LEVELS if lv > self.level] or [lv for lv in LEVELS if lv != self.level]
            words += (f"{max(above)}级",)
        self.last_omen = mine
        return Action("omen", targets, words)

    def foresight(self, choice: LegalChoice) -> Action | None:
        """预知 the pair whose comparison this seat is least sure of (among its most uncertain seats)."""
        if not self.ensure():
            return None
        m = self.marginals()
        unsure = sorted(self.others_alive(), key=lambda s: -self.entropy(m[s]))[:4]
        if len(unsure) < 2 or self.entropy(m[unsure[0]]) < 0.1:
            return None
        best, best_h = None, -1.0
        for i, a in enumerate(unsure):
            for b in unsure[i + 1:]:
                dist = {-1: 0.0, 0: 0.0, 1: 0.0}
                for h, w in zip(self.hyps, self.weights, strict=True):
                    dist[(h[a] > h[b]) - (h[a] < h[b])] += w
                e = self.entropy(dist)
                if e > best_h:
                    best, best_h = (a, b), e
        return Action("foresight", best) if best and best_h > 0.05 else None

    def slaughter(self, choice: LegalChoice) -> Action | None:
        if not self.rng.chance(SLAUGHTER_CHANCE):
            return None
        m = self.marginals()
        cands = [t for t in choice.candidates if t != self.seat and m[t][4] < 0.5]
        if not cands:
            return None
        return Action("slaughter", (max(cands, key=lambda t: (self.hp.get(t, 0), self.rng.random())),))

    def ambition(self, choice: LegalChoice) -> Action | None:
        cands = [t for t in choice.candidates if t != self.seat]
        order = self.attack_order(cands, self.marginals()) if cands else []
        return Action("ambition", (order[0],)) if order else None

    # --- 智慧 --------------------------------------------------------------------------------
    def wisdom(self, choice: LegalChoice) -> Action | None:
        if self.wisdom_sent or not self.ensure():
            return None
        guess, p_levels = self.best_guess()
        others = [s for s in range(1, self.n + 1) if s != self.seat]
        need = self.n // 2 + (1 if self.day >= (self.n + 1) // 2 else 0)
        eligible = [s for s in others if guess[s] != self.level]
        if len(eligible) < need:
            return None
        forms = {s: self.p_at(s) for s in eligible}
        chosen = sorted(eligible, key=lambda s: -abs(forms[s] - 0.5))[:need]
        p = p_levels
        for s in chosen:
            p *= max(forms[s], 1 - forms[s])
        dying = self.hp.get(self.seat, 0) <= 2
        if p < WISDOM_AT and not (dying and p >= LAST_CHANCE_AT):
            return None
        self.wisdom_sent = True
        words = tuple(f"{guess[s]}级" + ((AT if forms[s] >= 0.5 else PT) if s in chosen else "") for s in others)
        return Action("wisdom", tuple(others), words)

    def p_at(self, seat: int) -> float:
        """How likely the seat's 本能 is of the AT form: its 探查 type if known, else the share, nudged by
        the published AT/PT relation."""
        kind = self.kinds.get(seat)
        pool = [i for i in INSTINCT_LIST if i.form in (AT, PT) and i.name not in self.banned
                and (kind is None or i.kind == kind)]
        share = sum(1 for i in pool if i.form == AT) / len(pool) if pool else AT_SHARE
        return min(0.95, max(0.05, share + 0.15 * self.at_vs_pt))

    # --- the 本能 ---------------------------------------------------------------------------
    def use_instinct(self, choice: LegalChoice) -> Action | None:
        key = choice.skill.key
        low = self.hp.get(self.seat, self.max_hp) <= max(2, self.max_hp // 3)
        cands = [t for t in choice.candidates if t != self.seat]
        m = self.marginals()
        if key in ("sturdy", "poison_cup", "survive"):
            return Action(key) if low else None
        if key in ("rage", "last_stand", "ruins", "beast", "endure"):
            aim = [t for t in cands if t != self.round_moves.get("attack")]
            order = self.attack_order(aim, m) if aim else []
            if key == "endure":
                order = sorted(aim, key=lambda t: -sum(p for lv, p in m[t].items() if lv > self.level))
            return Action(key, (order[0],)) if order else None
        if key == "vigilance":
            sure = [(max(m[t].values()), t) for t in cands]
            if not sure:
                return None
            p, t = max(sure)
            if p < 0.6:
                return None
            return Action(key, (t,), (f"{max(m[t], key=m[t].get)}级",))
        return None  # the rest stay unused: their cost or timing needs more than a beginner's judgement


MIND = BeastMind
