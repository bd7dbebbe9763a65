"""守卫: 神圣之盾, at step II: every skill on the target is void tonight; each character at most once a game."""

from __future__ import annotations

from ...bansha.engine import ALIVE, PLAN
from ..book import BOOK, LudingRole, LudingSkill, chosen_once, once_a_game, void
from ..state import LudingState
from ..terms import GUARD, NIGHT, NIGHT_TIMEOUT, VILLAGE
from ..world import World


@BOOK.unit("shield", "神圣之盾", aliases=("守护", "盾"), phases=(NIGHT,), target_rule=ALIVE, timeout=NIGHT_TIMEOUT,
           submit=PLAN, pm_only=True,
           help="当晚对该角色的任何技能无效（感染、魅惑、预言、检疫、救药、毒药、夜里的最后一枪）。"
           "每名角色整局只能成为神圣之盾的目标一次（可以选自己）。")
class SHIELD(LudingSkill):
    def target(self, state: LudingState, seat: int, target: int) -> str | None:
        return once_a_game(self, state.shields, target)

    def guard_acts(self, w: World) -> bool:
        """II 守卫行动: the shield holds for the rest of the night, and lifts a charm already on its target."""
        ctx, state = w.ctx, w.state
        guard, target = state.holder(GUARD), state.tonight.get(self.key, 0)
        if not target or not state.alive[target]:
            return True
        if not state.acts(guard, self.key):
            if state.alive[guard]:
                void(ctx, state, guard, "神圣之盾", "被魅惑或已失去技能")
            return True
        state.shields.append(target)
        state.shielded = target
        ctx.judge(f"第{state.day}夜 II 守卫神圣之盾 {ctx.name(target)}")
        if state.charmed == target:
            state.charmed = 0  # 当晚对该角色的任何技能无效: the charm on him too
            ctx.judge(f"第{state.day}夜 {ctx.name(target)} 的魅惑被神圣之盾抵消")
        return True


class Guard(LudingRole):
    def tells(self, state: LudingState, seat: int) -> list[str]:
        return [chosen_once(SHIELD, state.shields)]


GUARD_ROLE = BOOK.role(Guard(GUARD, VILLAGE, (SHIELD,), "每晚用神圣之盾使一名角色当晚免受任何技能。"))
