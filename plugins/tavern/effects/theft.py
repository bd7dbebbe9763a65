"""妙手空空（被动）: the holder's 夺宝 succeeds with the skill's chance instead of the text's 50%."""

from __future__ import annotations

from ...bansha.engine import unit
from ..effect import PASSIVE_KINDS, Effect
from ..spec import SkillSpec


@unit("theft", "夺宝率", kinds=PASSIVE_KINDS, required=("chance",))
class THEFT(Effect):
    def theft_chance(self, spec: SkillSpec) -> int | None:
        return spec.chance
