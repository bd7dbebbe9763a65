"""One input's work on a 狼人杀 game: the context, the state and the procedures roles call (world.World is
the interface they see). It imports no role: the roles import it."""

from __future__ import annotations

from ..bansha.engine import Ctx, get
from .day import Day
from .deaths import Deaths
from .night import Night
from .state import WerewolfState

KEY = "werewolf"


class Turn:
    def __init__(self, ctx: Ctx, state: WerewolfState):
        self.ctx = ctx
        self.state = state
        self.deaths = Deaths(self)
        self.night = Night(self)
        self.day = Day(self)

    def prompt(self) -> None:
        """The engine's prompt for the phase just entered, from each seat's legal moves (engine/ruleset.py)."""
        get(KEY).prompt(self.ctx, self.state)
