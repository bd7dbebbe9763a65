"""动物伙伴: the companion attacks with its own AB and damage (against the target's full AC); it never takes the
grail."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..effect import COMMAND_KINDS, Effect, effect
from ..terms import Budget

if TYPE_CHECKING:
    from ..night import Night
    from ..sheet import SkillSpec


@effect("companion", COMMAND_KINDS, required=("ab", "dice"), command=True, others_only=True)
class COMPANION(Effect):
    def execute(self, night: Night, seat: int, target: int, spec: SkillSpec, budget: Budget) -> None:
        ctx = night.ctx
        ac = night.armor_class(target)
        chance = spec.ab - ac
        roll = night.roll(100)
        hit = roll <= chance
        ctx.judge(f"{spec.name}：{ctx.name(seat)}的伙伴→{ctx.name(target)} d100={roll} {'≤' if hit else '>'} "
                  f"AB{spec.ab}−AC{ac}={chance} → {'命中' if hit else '未命中'}")
        if hit:
            total, text = night.dice(spec.dice)  # type: ignore[arg-type]
            night.hurt(seat, target, max(1, total), f"{spec.name}伤害 {text}")
