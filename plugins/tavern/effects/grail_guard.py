"""圣杯守护（圣杯）: while the holder carries the grail, a 夺宝 from it succeeds with the skill's chance only."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..effect import PASSIVE_KINDS, Effect, effect

if TYPE_CHECKING:
    from ..sheet import SkillSpec


@effect("grail_guard", PASSIVE_KINDS, required=("chance",))
class GRAIL_GUARD(Effect):
    def guard_chance(self, spec: SkillSpec) -> int | None:
        return spec.chance
