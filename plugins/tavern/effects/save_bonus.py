"""神恩（被动）: the holder's 意志, 反射 and 强韧 each get the skill's value."""

from __future__ import annotations

from ...bansha.engine import unit
from ..effect import PASSIVE_KINDS, Effect
from ..spec import SkillSpec


@unit("save_bonus", "豁免加值", kinds=PASSIVE_KINDS, required=("value",))
class SAVE_BONUS(Effect):
    def save_bonus(self, spec: SkillSpec) -> int:
        return spec.value
