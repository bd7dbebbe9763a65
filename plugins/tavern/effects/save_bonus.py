"""神恩（被动）: the holder's 意志, 反射 and 强韧 each get the skill's value."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..effect import PASSIVE_KINDS, Effect, effect

if TYPE_CHECKING:
    from ..sheet import SkillSpec


@effect("save_bonus", PASSIVE_KINDS, required=("value",))
class SAVE_BONUS(Effect):
    def save_bonus(self, spec: SkillSpec) -> int:
        return spec.value
