"""动作如潮: one more melee attack tonight, on an action of its own (neither the standard nor the free one)."""

from __future__ import annotations

from typing import Any

from ...bansha.engine import PLAN, unit
from ..effect import COMMAND_KINDS, Effect
from ..spec import SkillSpec
from ..terms import EXTRA, Budget


@unit("extra_attack", "额外攻击", kinds=COMMAND_KINDS, submit=PLAN, others_only=True, action=EXTRA)
class EXTRA_ATTACK(Effect):
    def resolve(self, night: Any, seat: int, target: int, spec: SkillSpec, budget: Budget) -> None:
        night.melee(seat, target, budget, spec.name)
