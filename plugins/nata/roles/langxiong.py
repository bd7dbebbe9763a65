"""狼兄⑥（狼人，[群内]）: 「与狼弟互知不共群，有狼兄必有狼弟。」 暴怒[深夜][指定][限定]——「狼弟出局后，可选任意一名角色。
结算效果：对结算目标造成[穿透]」."""

from __future__ import annotations

from ...bansha.engine import unit
from ...bansha.engine.mechanics import death as death
from ...bansha.engine.mechanics.death import Hit
from ..declared import SKILLS
from ..skill import NataSkill, role
from ..state import NataState, Plan
from ..terms import DEEP, WOLF, WOLFKIND
from ..world import World
from .pack import KILL


@unit("baonu", "暴怒", SKILLS, phases=(DEEP,), help="狼弟出局后：对结算目标造成[穿透]。", targeted=True, limited=True)
class BAONU(NataSkill):
    def blocked(self, state: NataState, seat: int) -> str | None:
        brothers = state.holders("狼弟")
        return None if brothers and not any(state.alive[b] for b in brothers) else "狼弟出局后才能暴怒。"

    def resolve(self, w: World, plan: Plan) -> None:
        final = w.targets.land(plan.seat, "baonu", plan.targets)[0]
        w.ctx.judge(f"{w.ctx.name(plan.seat)}（狼兄）暴怒 {plan.targets[0]}号 → {final}")
        if final is not None:
            w.deaths.hit(Hit(final, death.PIERCE, plan.seat, "暴怒", (("night", w.state.is_night()),)))


ROLE = role("狼兄", WOLF, WOLFKIND, 6, (KILL, BAONU), tags=("群内",), blurb="与狼弟互知不共群；狼弟出局后可以暴怒。",
            note="有狼兄必有狼弟。", knows="狼弟", knows_note="（互知不共群）")
