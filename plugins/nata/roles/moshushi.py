"""魔术师⑥（强神）: 交换[午夜][指定]——「选择范围：任意两名角色，每名角色只能被选择一次。结算效果：若最终结算目标正好为两名
角色，则当晚之后所有[指定]技能的结算目标都会被交换，持续至夜晚结束……魔术师之后仍然不可选择当晚交换的目标进行交换」."""

from __future__ import annotations

from ...bansha.engine import unit
from ...bansha.engine.mechanics import redirect as redirect
from ..declared import SKILLS
from ..skill import NataSkill, role
from ..state import NataState, Plan
from ..terms import MID, STRONG, VILLAGE
from ..world import World


@unit("swap", "交换", SKILLS, phases=(MID,), help="选择两名角色（每人整局只能被选一次）：若结算目标正好两人，当晚之后所有[指定]技能的结算目标"
       "互换。", targets=2, targeted=True, once_each=True)
class SWAP(NataSkill):
    def resolve(self, w: World, plan: Plan) -> None:
        state = w.state
        marks = state.marks.setdefault(state.key(plan.seat, "swap"), [])
        marks.extend(t for t in plan.targets if t not in marks)
        finals = w.targets.land(plan.seat, "swap", plan.targets)
        w.ctx.judge(f"{w.ctx.name(plan.seat)}（魔术师）交换 {plan.targets} → {finals}")
        if None not in finals and len(set(finals)) == 2:
            state.swap = list(finals)  # type: ignore[arg-type]

    def links(self, state: NataState) -> list[redirect.Link]:
        """The 魔术师[交换] link of the 目标过渡 chain, for the rest of the night."""
        return [redirect.Link("魔术师[交换]", redirect.swap(*state.swap))] if len(state.swap) == 2 else []


ROLE = role("魔术师", VILLAGE, STRONG, 6, (SWAP,), blurb="午夜交换两名角色，当晚之后所有指定技能的结算目标互换。")
