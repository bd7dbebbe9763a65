"""擒抱: a melee touch attack (AB against the target's 敏捷加值 only); on a hit the target is held (被擒抱), which
it is never told: 「被擒抱状态将不告知被擒抱者以免暴露武僧身份」."""

from __future__ import annotations

from typing import Any

from ...bansha.engine import PLAN, unit
from ..effect import COMMAND_KINDS, Effect
from ..spec import SkillSpec
from ..terms import Budget


@unit("grapple", "擒抱", kinds=COMMAND_KINDS, submit=PLAN, others_only=True)
class GRAPPLE(Effect):
    def resolve(self, night: Any, seat: int, target: int, spec: SkillSpec, budget: Budget) -> None:
        st, ctx = night.st, night.ctx
        if st.grappler_of(target) or target in st.grapples:
            ctx.judge(f"{spec.name}：{ctx.name(target)} 已在擒抱中，无法再擒抱")
            return
        if not night.melee(seat, target, budget, spec.name, touch=True):
            return
        if st.wounded(target):
            ctx.judge(f"{spec.name}：{ctx.name(target)} 处于受伤状态，擒抱没有意义")
            return
        st.grapples[seat] = target
        night.note(seat, f"你擒抱住了 {ctx.name(target)}（对方不会被告知）。")
        ctx.judge(f"{ctx.name(seat)} 擒抱住了 {ctx.name(target)}")
