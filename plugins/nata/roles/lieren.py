"""猎人③（弱神）: 最后一枪[晨曦][黄昏][指定]——「选择范围：若不是因为连带出局或村民阵营的夜晚技能出局，则出局后下一个可发动
技能的时点，选择任意1名角色。结算效果：结算目标承受[致死伤害]」."""

from __future__ import annotations

from ...bansha.engine import Action, unit
from ..declared import SKILLS
from ..skill import NataSkill, role
from ..state import NataState
from ..terms import DAWN, DUSK, VILLAGE, WEAK
from ..world import World


@unit("shot", "最后一枪", SKILLS, phases=(DAWN, DUSK), help="出局后（非连带、非村民阵营夜晚技能导致）下一个时点：目标承受致死伤害。",
       aliases=("开枪",), when_dead=True, targeted=True, instant=True, after_death=True, living=False)
class SHOT(NataSkill):
    def dead_blocked(self, state: NataState, seat: int) -> str | None:
        d = next((d for d in reversed(state.deaths) if d.seat == seat), None)
        if d is not None and (d.chain or d.night_village):
            return "你因连带出局或村民阵营的夜晚技能出局，不能开最后一枪。"
        return None

    def use(self, w: World, seat: int, action: Action) -> None:
        state = w.state
        state.windows.pop(seat, None)
        state.spent.append(state.key(seat, "shot"))
        final = w.targets.land(seat, "shot", action.targets)[0]
        w.ctx.reply("最后一枪已开出。")
        w.ctx.judge(f"{w.ctx.name(seat)} 最后一枪 {action.targets[0]}号 → {final}")
        if final is not None:
            w.deaths.lethal(final, seat, "最后一枪")


ROLE = role("猎人", VILLAGE, WEAK, 3, (SHOT,), blurb="出局后可以开最后一枪。")
