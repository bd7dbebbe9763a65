"""狼人杀's information-state player (`bansha simulate --agent deduce`): engine/agents/village.py's
VillageMind with this game's skills and phases. It knows what its seat was told — the role PM, the board,
its checks, the pack's choices (a wolf), the witch's victim, every public post — never the deal.

Beyond the shared village play: the 警长 election (good seats stand when they have a claim to make and
vote for a claimed checker or the least suspected candidate; wolves back a teammate), the badge passes to
the most trusted living seat, a tie is broken against the most suspected, a thief takes a god's card when
he can (a wolf's when both spares are wolves), and nobody 自爆s or 退水s (beginners keep their cards).
"""

from __future__ import annotations

from ..bansha.engine import ABSTAIN, Action, Event
from ..bansha.engine.agents.deduce import Say
from ..bansha.engine.agents.village import VillageMind
from ..bansha.engine.game.ruleset import LegalChoice
from .order import NIGHT_PHASES
from .roles import ROLES
from .terms import DAY, ELECT, ELECT_VOTE, LAST_WORDS, VILLAGER, WOLF

NEVER = frozenset({"explode", "king_explode", "withdraw", "tear"})


class WerewolfMind(VillageMind):
    DAY_PHASES = frozenset({ELECT, DAY})

    def __init__(self, seat, n, rng):
        super().__init__(seat, n, rng)
        self.spares: tuple[str, ...] = ()

    def is_night(self, phase: str) -> bool:
        return phase in NIGHT_PHASES

    def learn_role(self, f: dict) -> None:
        super().learn_role(f)
        self.spares = tuple(f.get("spares", self.spares))

    def see(self, ev: Event) -> None:
        super().see(ev)
        for seat, wolf in dict(ev.data).get("known", ()):
            self.known[seat] = wolf

    def act(self, choices: list[LegalChoice]) -> Action | Say | None:
        if self.phase == LAST_WORDS:
            return self.claim(last_words=True)
        return super().act([c for c in choices if c.skill.key not in NEVER])

    def choose(self, choice: LegalChoice) -> Action | None:
        key = choice.skill.key
        if key == "vote" and self.phase == ELECT_VOTE:
            return self.elect(choice)
        if key == "stand":
            return Action(key) if self.claim_pending() or self.rng.chance(0.2) else None
        if key == "handover":
            trusted = self.trusted_first([t for t in choice.candidates if t != self.seat])
            return Action(key, (trusted[0],)) if trusted else None
        if key == "decide":
            return Action(key, (self.rank(self.others(choice))[0],)) if self.others(choice) else None
        if key == "swap":
            return self.swap(choice)
        return super().choose(choice)

    def claim_pending(self) -> bool:
        return self.role in self.CHECKER_ROLES and any(self.checks.values())

    def trusted_first(self, seats: list[int]) -> list[int]:
        p = self.p_wolf()
        if self.side == "wolf":
            return sorted(seats, key=lambda s: (s not in self.mates, s))
        return sorted(seats, key=lambda s: (s not in self.claims, p.get(s, 0.0), s))

    def elect(self, choice: LegalChoice) -> Action | None:
        if self.seat in self.ballots:
            return None
        cands = [t for t in choice.candidates if t not in (ABSTAIN, self.seat)]
        if not cands:
            return Action("vote", (ABSTAIN,)) if ABSTAIN in choice.candidates else None
        return Action("vote", (self.trusted_first(cands)[0],))

    def swap(self, choice: LegalChoice) -> Action | None:
        if len(self.spares) != 2:
            return None
        kinds = [ROLES[c].kind if c in ROLES else VILLAGER for c in self.spares]
        if all(k == WOLF for k in kinds):
            return Action("swap", (), ("1",))
        gods = [i for i, k in enumerate(kinds) if k not in (WOLF, VILLAGER)]
        return Action("swap", (), (str(gods[0] + 1),)) if gods else None


MIND = WerewolfMind
