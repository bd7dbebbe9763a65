"""鼓舞: the target's melee attacks for the rest of the night get the skill's AB and damage."""

from __future__ import annotations

from typing import Any

from ...bansha.engine import PLAN, unit
from ..effect import COMMAND_KINDS, Effect
from ..spec import SkillSpec
from ..terms import Budget


@unit("inspire", "鼓舞", kinds=COMMAND_KINDS, optional=("ab", "damage"), submit=PLAN)
class INSPIRE(Effect):
    def resolve(self, night: Any, seat: int, target: int, spec: SkillSpec, budget: Budget) -> None:
        buff = night.buffs.setdefault(target, [0, 0])
        buff[0] += spec.ab
        buff[1] += spec.damage
        night.ctx.judge(f"{spec.name}：{night.ctx.name(seat)}→{night.ctx.name(target)} 今晚余下时间 AB{spec.ab:+d} "
                        f"伤害{spec.damage:+d}")
