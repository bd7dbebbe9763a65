"""阴阳使者⑥（强神）: 复活[1][凌晨][指定]——「选择范围：任意一名上一个白天宣布出局的角色。结算效果：目标在下一个[晨曦]
阶段开始时复活，所有状态按出局时为准」."""

from __future__ import annotations

from ...bansha.engine import unit
from ..declared import SKILLS
from ..skill import NataSkill, role
from ..state import NataState, Plan
from ..terms import LATE, STRONG, VILLAGE
from ..world import World


@unit("fuhuo", "复活", SKILLS, phases=(LATE,), help="目标（上一个白天宣布出局的角色）在下一个晨曦开始时复活。", targeted=True, count=1,
       picks_dead=True)
class FUHUO(NataSkill):
    def target(self, state: NataState, seat: int, target: int) -> str | None:
        if state.alive[target]:
            return f"{target}号 没有出局。"
        ok = any(d.seat == target and d.announced and d.shown_day == state.day for d in state.deaths)
        return None if ok else "复活只能选择上一个白天宣布出局的角色。"

    def resolve(self, w: World, plan: Plan) -> None:
        state = w.state
        final = w.targets.land(plan.seat, "fuhuo", plan.targets)[0]
        w.ctx.judge(f"{w.ctx.name(plan.seat)}（阴阳使者）复活 {plan.targets[0]}号 → {final}")
        if final is not None and not state.alive[final] and final not in state.revive_due:
            state.revive_due.append(final)

    def revive(self, w: World) -> None:
        """晨曦 begins: those due come back ("在下一个[晨曦]阶段开始时复活")."""
        for seat in w.state.revive_due:
            w.deaths.revive(seat)
        w.state.revive_due = []


ROLE = role("阴阳使者", VILLAGE, STRONG, 6, (FUHUO,), blurb="可以复活一名上一个白天宣布出局的角色（一次）。")
