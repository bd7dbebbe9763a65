"""通灵师⑦（验人系）: 通灵[深夜][指定]——「结算效果：反馈结算目标的[表面身份]，反馈格式为[选择目标是XX身份]」."""

from __future__ import annotations

from ...bansha.engine import unit
from ..declared import ROLES, SKILLS
from ..skill import NataSkill, role
from ..state import Plan
from ..terms import DEEP, SEER, VILLAGE, WOLF
from ..world import World


class Check(NataSkill):
    """The 验人 feedback: the 结算目标's [表面身份], told as the 选择目标's (通灵, 灵魂凭依, 精明's 通灵)."""

    def resolve(self, w: World, plan: Plan) -> None:
        self._feedback(w, plan)

    def _feedback(self, w: World, plan: Plan) -> int | None:
        state, ctx = w.state, w.ctx
        final = w.targets.land(plan.seat, plan.key, plan.targets)[0]
        chosen = plan.targets[0]
        if final is None:
            ctx.seat(plan.seat, f"【{self.name}】没有得到反馈。", "check")
            ctx.judge(f"{ctx.name(plan.seat)} {self.name} {chosen}号：结算目标隐身，无反馈")
            return None
        role = state.surface(final)[0]
        ctx.seat(plan.seat, f"【{self.name}】{ctx.name(chosen)} 是【{role}】。", "check",
                 {"target": chosen, "role": role, "wolf": role in ROLES and ROLES[role].faction == WOLF})
        ctx.judge(f"{ctx.name(plan.seat)} {self.name} {chosen}号（结算目标 {final}号）：{role}")
        return final


@unit("tongling", "通灵", SKILLS, phases=(DEEP,), help="反馈结算目标的[表面身份]。", targeted=True)
class TONGLING(Check):
    pass


ROLE = role("通灵师", VILLAGE, SEER, 7, (TONGLING,), blurb="每晚深夜通灵一名角色，得知其表面身份。")
