"""圣杯守护（圣杯）: while the holder carries the grail, a 夺宝 from it succeeds with the skill's chance only."""

from __future__ import annotations

from ...bansha.engine import unit
from ..effect import PASSIVE_KINDS, Effect
from ..spec import SkillSpec


@unit("grail_guard", "圣杯守护", kinds=PASSIVE_KINDS, required=("chance",))
class GRAIL_GUARD(Effect):
    def guard_chance(self, spec: SkillSpec) -> int | None:
        return spec.chance
