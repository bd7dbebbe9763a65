"""What a 鹿鼎记 role may call while it resolves: the declared interfaces of the game's procedures.

A role's effect or night step gets a `World` (turn.py puts one together per input): the input's context
and state, and three procedures, each an object of its own —

- `Deaths` (deaths.py): a character leaves (出局), the 红牌, and the 胜负判定 after every change;
- `Night` (night.py): the night entered, resolved step by step in order.NIGHT_ORDER, and the dawn;
- `Day` (day.py): the day's vote and the 遗言.

Roles never reach the ruleset or one another's code: only these, `ctx` and `state`.
"""

from __future__ import annotations

from typing import Protocol

from ..bansha.engine import Ctx
from .state import LudingState


class Deaths(Protocol):
    def out(self, seat: int, cause: str) -> None:
        """One character leaves; what the text ties to leaving, then the camps are judged."""

    def judge(self) -> bool:
        """胜负判定 (losses first, then wins); True once the game is decided."""


class Night(Protocol):
    def start(self) -> None:
        """Night falls: tonight's submissions open."""

    def resolve(self) -> None:
        """Run the night's steps from the cursor; stop when a hunter must decide or the game is won."""


class Day(Protocol):
    def start(self) -> None: ...

    def publish_words(self, final: bool = False) -> None:
        """遗言 of the voted-out, at the next day's start (or with the result)."""


class World(Protocol):
    ctx: Ctx
    state: LudingState
    deaths: Deaths
    night: Night
    day: Day

    def prompt(self) -> None:
        """Tell each living seat what it may do in the phase just entered (the engine's prompt)."""
