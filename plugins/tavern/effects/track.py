"""追踪: at the night's end the ranger learns whom the tracked seat's executed orders pointed at."""

from __future__ import annotations

from typing import Any

from ...bansha.engine import PLAN, unit
from ..effect import COMMAND_KINDS, Effect
from ..spec import SkillSpec
from ..terms import Budget, seats_text


@unit("track", "追踪", kinds=COMMAND_KINDS, submit=PLAN)
class TRACK(Effect):
    def resolve(self, night: Any, seat: int, target: int, spec: SkillSpec, budget: Budget) -> None:
        night.tracks.append((seat, target))
        night.ctx.judge(f"{spec.name}：{night.ctx.name(seat)} 追踪 {night.ctx.name(target)}（天亮时得知结果）")

    def report(self, night: Any) -> None:
        st, ctx = night.st, night.ctx
        for ranger, tracked in night.tracks:
            if st.alive[ranger]:
                seen = night.traces.get(tracked, [])
                text = (f"追踪结果：{ctx.name(tracked)} 昨夜的指令指向了 {seats_text(sorted(set(seen)))}。" if seen
                        else f"追踪结果：{ctx.name(tracked)} 昨夜没有留下行动的痕迹。")
                night.note(ranger, text)
                ctx.judge(f"{ctx.name(ranger)} {text}")
