"""What a 狼人杀 role may call while it resolves: the declared interfaces of the game's procedures.

A role's effect or step handler gets a `World` (turn.py puts one together per input): the input's context
and state, and three procedures, each an object of its own —

- `Deaths` (deaths.py): leaving the game, the chain (殉情 and what a role sets off), the after-death steps of
  order.AFTER_DEATH queued and run one phase at a time, the 红牌;
- `Night` (night.py): the night's sub-phases in order.NIGHT_ORDER, and the dawn;
- `Day` (day.py): the sheriff election, the talk and the vote, ties, exile and 自爆.

Roles never reach the ruleset or each other's procedures: only these, `ctx` and `state`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from ..bansha.engine import Ctx
from .book import Departure
from .state import WerewolfState


class Deaths(Protocol):
    def leave(self, seat: int, cause: str, *, night: bool, fate: str = "") -> list[Departure]:
        """Take one seat out and run the chain; returns every seat that left (announcing is the caller's)."""

    def leave_all(self, first: list[Departure], *, night: bool) -> list[Departure]: ...

    def settle(self, deps: list[Departure], *, night: bool, front: bool = False, chain: bool | None = None) -> None:
        """After the caller announced the first departure: the chain's news and the after-death steps."""

    def advance(self) -> None:
        """Run the next queued after-death step, or resume (`state.resume`)."""


class Night(Protocol):
    def start(self, first: bool = False) -> None:
        """Night falls (the first night after the deal): tonight's choices are cleared, the first sub-phase opens."""


class Day(Protocol):
    def start(self) -> None:
        """The day begins: the sheriff election when it is due, else the talk."""

    def start_talk(self) -> None: ...

    def exile(self, seat: int) -> None: ...

    def explode(self, seat: int, target: int) -> None:
        """自爆 (with the 白狼王's target, or 0)."""


class World(Protocol):
    ctx: Ctx
    state: WerewolfState
    deaths: Deaths
    night: Night
    day: Day

    def prompt(self, seats: Iterable[int] | None = None) -> None:
        """Tell each living seat (or these) what it may do in the phase just entered (the engine's prompt)."""
