"""The 酒馆圣杯 scenario table shared by its tests (tests/games/tavern/): a 15-seat game driven through the
engine whose dice the test scripts (`Loaded`), seats looked up by class and faction after the seeded deal."""

from __future__ import annotations

from dataclasses import dataclass, field

import scenario

from plugins.bansha.engine import Rng, get
from plugins.bansha.engine.game import ENDED
from plugins.tavern.combat import dex_mod
from plugins.tavern.order import DAY, DUSK

RULES = get("酒馆")


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
