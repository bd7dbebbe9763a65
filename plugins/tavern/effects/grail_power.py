"""圣杯涌能（圣杯）: 「本夜中拥有过圣杯的角色才能…触发」 — tonight's spells of a seat that held the grail tonight deal
the skill's damage more."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..effect import PASSIVE_KINDS, Effect, effect

if TYPE_CHECKING:
    from ..night import Night
    from ..sheet import SkillSpec


@effect("grail_power", PASSIVE_KINDS, required=("damage",))
class GRAIL_POWER(Effect):
    def spell_bonus(self, night: Night, seat: int, spec: SkillSpec) -> int:
        return spec.damage if seat in night.held else 0
