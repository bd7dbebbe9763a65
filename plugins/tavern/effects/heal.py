"""治疗 (治疗轻伤, 圣杯之光): the target (oneself too) gets HP back up to its cap; a 受伤 target is healed of it."""

from __future__ import annotations

from typing import Any

from ...bansha.engine import PLAN, unit
from ..effect import COMMAND_KINDS, Effect
from ..spec import SkillSpec
from ..terms import Budget


@unit("heal", "治疗", kinds=COMMAND_KINDS, optional=("dice", "full"), submit=PLAN)
class HEAL(Effect):
    def validate(self, where: Any, params: dict[str, Any]) -> None:
        if not params.get("dice") and not params.get("full"):
            raise where.fail("dice/full", "治疗需要回复量（dice）或 full = true")

    def resolve(self, night: Any, seat: int, target: int, spec: SkillSpec, budget: Budget) -> None:
        st, ctx = night.st, night.ctx
        cap = st.spec(target).hp
        if spec.full:
            amount, text = cap, "回满"
        else:
            amount, text = night.dice(spec.dice)  # type: ignore[arg-type]
        before = st.hp[target]
        st.hp[target] = min(cap, before + amount)
        if before == 0 and st.hp[target] > 0:
            st.wound_rolls.pop(target, None)
            st.downed_by.pop(target, None)
        night.healed[target] = st.hp[target]
        ctx.judge(f"{spec.name}：{ctx.name(seat)}→{ctx.name(target)} {text}，生命 {before}→{st.hp[target]}/{cap}")
