"""渊狼⑦（狼人，[群内]）: 深渊[午夜][指定]——「选择范围：任意一名角色，每名角色只可选择一次。结算效果：结算目标当晚获得[不死]
状态」."""

from __future__ import annotations

from ...bansha.engine import unit
from ..declared import SKILLS
from ..skill import NataSkill, role
from ..state import Plan
from ..terms import DAWN, MID, WOLF, WOLFKIND
from ..world import World
from .pack import KILL


@unit("shenyuan", "深渊", SKILLS, phases=(MID,), help="结算目标当晚获得[不死]；每名角色整局只能选一次。", targeted=True, once_each=True)
class SHENYUAN(NataSkill):
    def resolve(self, w: World, plan: Plan) -> None:
        w.state.marks.setdefault(w.state.key(plan.seat, "shenyuan"), []).append(plan.targets[0])
        final = w.targets.land(plan.seat, "shenyuan", plan.targets)[0]
        w.ctx.judge(f"{w.ctx.name(plan.seat)}（渊狼）深渊 {plan.targets[0]}号 → {final}")
        if final is not None:
            w.status.grant(final, "不死", DAWN, plan.seat)  # "当晚": until the night ends (晨曦 begins)


ROLE = role("渊狼", WOLF, WOLFKIND, 7, (KILL, SHENYUAN), tags=("群内",), blurb="午夜让一名角色当晚不死。")
