"""A spell (魔法飞弹, 七彩喷射, 灼热射线…): its check (意志对抗, or the target's save), then its damage and/or a
condition. A 圣杯 passive may add to the damage (圣杯涌能)."""

from __future__ import annotations

from typing import Any

from ...bansha.engine import PLAN, unit
from ..effect import COMMAND_KINDS, Effect
from ..spec import SkillSpec
from ..terms import Budget


@unit("spell", "法术", kinds=COMMAND_KINDS, submit=PLAN, required=("check",),
      optional=("dice", "condition", "nights"))
class SPELL(Effect):
    def validate(self, where: Any, params: dict[str, Any]) -> None:
        if not params.get("dice") and not params.get("condition"):
            raise where.fail("dice/condition", "法术至少要有伤害（dice）或状态（condition）之一")

    def resolve(self, night: Any, seat: int, target: int, spec: SkillSpec, budget: Budget) -> None:
        st = night.st
        if not night.check(seat, target, spec.check, spec.name):
            return
        if spec.dice is not None:
            surge = night.passive(seat, "spell_bonus")
            extra = surge[0].spell_bonus(night, seat, surge[1]) if surge else 0
            total, text = night.damage_roll(seat, target, spec.dice, extra, melee=False)
            if extra:
                text += f"（{surge[1].name}）"  # type: ignore[index]
            night.hurt(seat, target, total, f"{spec.name}伤害 {text}")
        if spec.condition and st.alive[target]:
            night.afflict(seat, target, spec.condition, spec.nights)
