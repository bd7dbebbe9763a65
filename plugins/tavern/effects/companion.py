"""动物伙伴: the companion attacks with its own AB and damage (against the target's full AC); it never takes the
grail."""

from __future__ import annotations

from typing import Any

from ...bansha.engine import PLAN, unit
from ..effect import COMMAND_KINDS, Effect
from ..spec import SkillSpec
from ..terms import Budget


@unit("companion", "动物伙伴", kinds=COMMAND_KINDS, required=("ab", "dice"), submit=PLAN, others_only=True)
class COMPANION(Effect):
    def resolve(self, night: Any, seat: int, target: int, spec: SkillSpec, budget: Budget) -> None:
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
