"""死神⑧（狼人，[群内]）: 追魂[凌晨][强制]——「若狼人阵营角色当晚结算的伤害未造成角色出局时触发此效果：死神对该角色施加[流血]
状态」; 收割[深夜][指定][2]——「1名持有流血状态的角色。结算效果：对结算目标赋予[流血]状态」（「死神每次可发动收割时，都会得知
当前哪些角色流血」: the 选择范围 sent with each prompt）."""

from __future__ import annotations

from ...bansha.engine import unit
from ..declared import SKILLS
from ..skill import Forced, NataSkill, role
from ..state import NataState, Plan
from ..terms import DEEP, PERM, WOLF, WOLFKIND
from ..world import World
from .pack import KILL


@unit("zhuihun", "追魂", SKILLS, help="狼人阵营当晚的伤害未造成出局时，对该角色施加[流血]。")
class ZHUIHUN(Forced):
    def reap(self, w: World) -> None:
        """凌晨, after the count: the seats 狼人阵营 damage hit tonight that are still in (deaths.py notes them)."""
        state = w.state
        reapers = state.holding(self.key)
        if not reapers or not state.wolf_hurt:
            return
        for target in state.wolf_hurt:
            if state.alive[target]:
                w.targets.note_used("追魂")
                w.ctx.judge(f"追魂：{w.ctx.name(target)} 逃过狼人阵营的伤害，被施加[流血]")
                w.status.grant(target, "流血", PERM, reapers[0], skill="追魂")
        state.wolf_hurt = []


@unit("shouge", "收割", SKILLS, phases=(DEEP,), help="对一名持有[流血]的角色再赋予[流血]。", targeted=True, count=2)
class SHOUGE(NataSkill):
    def target(self, state: NataState, seat: int, target: int) -> str | None:
        return None if state.statuses.has(target, "流血") else "收割只能选择持有[流血]的角色。"

    def resolve(self, w: World, plan: Plan) -> None:
        final = w.targets.land(plan.seat, "shouge", plan.targets)[0]
        w.ctx.judge(f"{w.ctx.name(plan.seat)}（死神）收割 {plan.targets[0]}号 → {final}")
        if final is not None:
            w.status.grant(final, "流血", PERM, plan.seat, skill="收割")


ROLE = role("死神", WOLF, WOLFKIND, 8, (KILL, ZHUIHUN, SHOUGE), tags=("群内",), blurb="让逃过狼人伤害的人流血，再收割。")
