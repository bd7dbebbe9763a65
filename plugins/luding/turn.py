"""One input's work on a 鹿鼎记 game (engine/game/turn.py): the 出局 and 胜负判定, the night's resolution and the day,
which roles see as world.World. It imports no role: the roles import it."""

from __future__ import annotations

from ..bansha.engine.game import turn
from .day import Day
from .deaths import Deaths
from .night import Night


class Turn(turn.Turn):
    key = "luding"
    procedures = {"deaths": Deaths, "night": Night, "day": Day}
