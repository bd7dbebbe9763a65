"""隐者④（弱神）: 隐身衣[强制]——「常驻[隐身][迷魂]状态，当场上人数变为开局人数的一半及以下时触发此效果：本技能失效」;
脱下隐身衣[早夜][指定]——「[隐身衣]尚有效才能发动，选择任意一名角色，发动此技能时[隐身衣]失效。结算效果：结算目标获得[隐身]
状态，持续至下一个[黄昏]阶段结束」."""

from __future__ import annotations

from ...bansha.engine import unit
from ..declared import SKILLS
from ..skill import Forced, NataSkill, role
from ..state import NataState, Plan
from ..terms import EARLY, VILLAGE, WEAK
from ..world import World


@unit("yinshenyi", "隐身衣", SKILLS, help="常驻[隐身][迷魂]；存活人数不多于开局一半时失效。")
class YINSHENYI(Forced):
    def innate(self, state: NataState, seat: int, keys: list[str]) -> list[tuple[str, str]]:
        return [("隐身", ""), ("迷魂", "")] if state.holds(seat, self.key, keys) else []

    def failing(self, state: NataState) -> bool:
        return len(state.living()) * 2 <= state.start_n  # "场上人数变为开局人数的一半及以下"


@unit("tuoxia", "脱下隐身衣", SKILLS, phases=(EARLY,), help="隐身衣失效，目标获得[隐身]至下一个黄昏结束。", targeted=True)
class TUOXIA(NataSkill):
    def blocked(self, state: NataState, seat: int) -> str | None:
        return None if state.holds(seat, "yinshenyi") else "[隐身衣]已经失效，不能再脱下。"

    def resolve(self, w: World, plan: Plan) -> None:
        w.state.failed.setdefault(plan.seat, []).append("yinshenyi")  # "发动此技能时[隐身衣]失效"
        final = w.targets.land(plan.seat, "tuoxia", plan.targets)[0]
        w.ctx.judge(f"{w.ctx.name(plan.seat)}（隐者）脱下隐身衣 {plan.targets[0]}号 → {final}")
        if final is not None:
            w.status.grant(final, "隐身", EARLY, plan.seat)


ROLE = role("隐者", VILLAGE, WEAK, 4, (YINSHENYI, TUOXIA), blurb="常驻隐身与迷魂，可以把隐身给别人。")
