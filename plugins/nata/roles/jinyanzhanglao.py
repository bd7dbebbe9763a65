"""禁言长老③（弱神）: 禁言[指定][深夜]——「任意一名角色，不能连续两晚选择同一名角色。结算效果：结算目标获得[寡言]状态，
持续至下一个夜晚开始」."""

from __future__ import annotations

from ...bansha.engine import unit
from ..declared import SKILLS
from ..skill import NataSkill, role
from ..state import NataState, Plan
from ..terms import DEEP, EARLY, VILLAGE, WEAK
from ..world import World


@unit("jinyan", "禁言", SKILLS, phases=(DEEP,), help="目标获得[寡言]至下一个夜晚开始；不能连续两晚选同一人。", targeted=True)
class JINYAN(NataSkill):
    def target(self, state: NataState, seat: int, target: int) -> str | None:
        if target in state.last.get(state.key(seat, "jinyan"), []):
            return f"不能连续两晚禁言同一名角色（{target}号）。"
        return None

    def resolve(self, w: World, plan: Plan) -> None:
        w.state.last[w.state.key(plan.seat, "jinyan")] = [plan.targets[0]]
        final = w.targets.land(plan.seat, "jinyan", plan.targets)[0]
        w.ctx.judge(f"{w.ctx.name(plan.seat)}（禁言长老）禁言 {plan.targets[0]}号 → {final}")
        if final is not None:
            w.status.grant(final, "寡言", EARLY, plan.seat)


ROLE = role("禁言长老", VILLAGE, WEAK, 3, (JINYAN,), blurb="深夜让一名角色寡言。")
