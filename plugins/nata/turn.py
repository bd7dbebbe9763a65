"""One input's work on a 纳塔 game: the context, the state and the four procedures skills call
(world.World is the interface they see)."""

from __future__ import annotations

from typing import Any

from ..bansha.engine import Ctx
from .catalog import answering
from .deaths import Deaths
from .night import Night
from .skill import NataSkill
from .state import NataState
from .statuses import Statuses
from .targets import Targets
from .verdict import settle


class Turn:
    def __init__(self, ctx: Ctx, state: NataState):
        self.ctx = ctx
        self.state = state
        self.status = Statuses(self)
        self.targets = Targets(self)
        self.deaths = Deaths(self)
        self.night = Night(self)

    def fork(self, ctx: Any, state: NataState) -> Turn:
        """The same procedures over another context and state (a look ahead on a copy)."""
        return Turn(ctx, state)

    def answering(self, name: str) -> tuple[NataSkill, ...]:
        return answering(name)

    def settle(self) -> None:
        settle(self)

    def random_living(self, exclude: tuple[int, ...] = ()) -> int:
        state = self.state
        pool = [s for s in state.seats() if state.alive[s] and state.targetable(s) and s not in exclude]
        return pool[self.ctx.rng.below(len(pool))] if pool else 0
