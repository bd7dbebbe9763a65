"""A special melee attack (击晕拳, 惩恶一击): the usual hit check with the skill's AB and damage (against one faction
only, if it says so), and on a hit a condition the target may save against."""

from __future__ import annotations

from typing import Any

from ...bansha.engine import PLAN, unit
from ..effect import COMMAND_KINDS, Effect
from ..spec import SkillSpec
from ..terms import Budget


@unit("attack", "特殊攻击", kinds=COMMAND_KINDS, submit=PLAN, others_only=True,
      optional=("ab", "damage", "vs_faction", "condition", "save", "nights"))
class ATTACK(Effect):
    def validate(self, where: Any, params: dict[str, Any]) -> None:
        if ("condition" in params) != ("save" in params):
            raise where.fail("condition/save", "命中附带状态时 condition 和 save 要同时给出")

    def resolve(self, night: Any, seat: int, target: int, spec: SkillSpec, budget: Budget) -> None:
        st = night.st
        bonus = not spec.vs_faction or st.factions[target] == spec.vs_faction
        ab, damage = (spec.ab, spec.damage) if bonus else (0, 0)
        hit = night.melee(seat, target, budget, spec.name, ab=ab, damage=damage)
        if hit and spec.condition and st.alive[target]:
            if night.check(seat, target, spec.save, spec.name):
                night.afflict(seat, target, spec.condition, spec.nights)
