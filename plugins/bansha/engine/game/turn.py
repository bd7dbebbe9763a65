"""One input's work on a game whose procedures are objects (the death procedure, the night, the day…): the
input's context and state, and each procedure built over them. A game subclasses `Turn`, naming its ruleset's
key and its procedures; its roles get the turn as the game's `World` protocol, and never the ruleset."""

from __future__ import annotations

from typing import Any, ClassVar

from .ctx import Ctx
from .registry import get


class Turn:
    key: ClassVar[str] = ""  # the ruleset's key
    procedures: ClassVar[dict[str, type]] = {}  # attribute -> procedure class, built with the turn

    def __init__(self, ctx: Ctx, state: Any):
        self.ctx = ctx
        self.state = state
        for name, procedure in self.procedures.items():
            setattr(self, name, procedure(self))

    def prompt(self) -> None:
        """The engine's prompt for the phase just entered, from each seat's legal moves (engine/game/ruleset.py)."""
        get(self.key).prompt(self.ctx, self.state)
