"""动作如潮: one more melee attack tonight, on an action of its own (neither the standard nor the free one)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..effect import COMMAND_KINDS, Effect, effect
from ..terms import EXTRA, Budget

if TYPE_CHECKING:
    from ..night import Night
    from ..sheet import SkillSpec


@effect("extra_attack", COMMAND_KINDS, command=True, others_only=True, action=EXTRA)
class EXTRA_ATTACK(Effect):
    def execute(self, night: Night, seat: int, target: int, spec: SkillSpec, budget: Budget) -> None:
        night.melee(seat, target, budget, spec.name)
