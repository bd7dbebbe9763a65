"""纵火犯⑤（弱神）: 纵火[午夜][指定][限定]——「任意一名角色。结算效果：结算目标获得[业炎]状态，若当晚[杀人]的结算目标正好是
纵火的结算目标，则[杀人]无效，纵火目标电梯楼下方的第一名可以杀人的狼人阵营角色受到[致死伤害]」."""

from __future__ import annotations

from ...bansha.engine import unit
from ...bansha.engine.mechanics import ring as ring
from ..declared import SKILLS
from ..skill import NataSkill, role
from ..state import Plan
from ..terms import MID, PERM, VILLAGE, WEAK, WOLF
from ..world import World


@unit("zonghuo", "纵火", SKILLS, phases=(MID,), help="目标获得[业炎]；若当晚杀人的结算目标正是他，杀人无效，其电梯楼下方第一名能杀人的"
       "狼人阵营角色承受致死伤害。", targeted=True, limited=True)
class ZONGHUO(NataSkill):
    def resolve(self, w: World, plan: Plan) -> None:
        final = w.targets.land(plan.seat, "zonghuo", plan.targets)[0]
        w.ctx.judge(f"{w.ctx.name(plan.seat)}（纵火犯）纵火 {plan.targets[0]}号 → {final}")
        if final is not None:
            w.status.grant(final, "业炎", PERM, plan.seat, skill="纵火")
            w.state.arson.append((plan.seat, final))

    def stops_kill(self, w: World, final: int) -> bool:
        state = w.state
        for arsonist, burned in state.arson:
            if burned == final:
                w.ctx.judge(f"纵火：杀人的结算目标正是纵火目标 {final}号，杀人无效")
                alive = lambda s: state.alive[s]  # noqa: E731
                wolf = ring.first(state.ring, alive, final, ring.BELOW,
                                  lambda s: state.faction(s) == WOLF and state.knife(s))
                if wolf:
                    w.deaths.lethal(wolf, arsonist, "纵火")
                return True
        return False


ROLE = role("纵火犯", VILLAGE, WEAK, 5, (ZONGHUO,), blurb="纵火一次，若正中狼刀则烧死下方的狼。")
