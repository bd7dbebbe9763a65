"""圣杯涌能（圣杯）: 「本夜中拥有过圣杯的角色才能…触发」 — tonight's spells of a seat that held the grail tonight deal
the skill's damage more."""

from __future__ import annotations

from typing import Any

from ...bansha.engine import unit
from ..effect import PASSIVE_KINDS, Effect
from ..spec import SkillSpec


@unit("grail_power", "圣杯涌能", kinds=PASSIVE_KINDS, required=("damage",))
class GRAIL_POWER(Effect):
    def spell_bonus(self, night: Any, seat: int, spec: SkillSpec) -> int:
        return spec.damage if seat in night.held else 0
