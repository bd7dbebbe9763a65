"""One input's work on a 狼人杀 game (engine/game/turn.py): its deaths, night and day procedures, which roles see
as world.World. It imports no role: the roles import it."""

from __future__ import annotations

from collections.abc import Iterable

from ..bansha.engine import get
from ..bansha.engine.game import turn
from .day import Day
from .deaths import Deaths
from .night import Night


class Turn(turn.Turn):
    key = "werewolf"
    procedures = {"deaths": Deaths, "night": Night, "day": Day}

    def prompt(self, seats: Iterable[int] | None = None) -> None:
        """The engine's prompt, to these seats only when a night step woke its own role (night.py)."""
        get(self.key).prompt(self.ctx, self.state, seats)
