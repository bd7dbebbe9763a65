"""直觉闪避（被动）: the holder keeps its 敏捷加值 when 眩晕 or 被擒抱 (not when 受伤), and 偷袭 never reaches it."""

from __future__ import annotations

from ...bansha.engine import unit
from ..effect import PASSIVE_KINDS, Effect
from ..spec import SkillSpec


@unit("uncanny_dodge", "直觉闪避", kinds=PASSIVE_KINDS)
class UNCANNY_DODGE(Effect):
    def keeps_dex(self, spec: SkillSpec) -> bool:
        return True

    def sneak_immune(self, spec: SkillSpec) -> bool:
        return True
