"""幼狼: 牺牲 (leave by night, at step III) and 激励 (his exit gives the 父狼 one more 感染)."""

from __future__ import annotations

from ...bansha.engine import PLAN, Action, Ctx
from ..book import BOOK, LudingRole, LudingSkill, submitted, void
from ..state import LudingState
from ..terms import CUB, FATHER, NIGHT, NIGHT_TIMEOUT, RED, SACRIFICED, WOLF
from ..world import World


@BOOK.unit("rally", "激励", targets=0, mandatory=True,
           help="幼狼并非因红牌罚下而出局后，仅限下一个夜晚（白天出局则为当晚），父狼可以再使用一次感染。")
class RALLY(LudingSkill):
    def out(self, w: World, seat: int, cause: str, by_day: bool) -> None:
        """激励: the next night (the same night if the 幼狼 left by day) the 父狼 infects twice."""
        if cause == RED:
            return
        ctx, state = w.ctx, w.state
        state.rally_night = state.day if by_day else state.day + 1
        father = state.holder(FATHER)
        ctx.judge(f"激励：第{state.rally_night}夜父狼可以再感染一次")
        if state.alive[father]:
            when = "今晚" if by_day else "下一个夜晚"
            ctx.seat(father, f"幼狼出局了。<激励>：{when}你可以再使用一次感染（共两次）。")


@BOOK.unit("sacrifice", "牺牲", phases=(NIGHT,), targets=0, timeout=NIGHT_TIMEOUT, submit=PLAN, pm_only=True,
           help="夜晚主动出局（在当晚结算的第 III 步）。论坛：关门后 1 小时内提交。")
class SACRIFICE(LudingSkill):
    def plan(self, ctx: Ctx, state: LudingState, seat: int, action: Action) -> None:
        state.tonight[self.key] = True
        submitted(ctx, state, seat, "牺牲（主动出局）")

    def wolves_act(self, w: World) -> bool:
        """III, after the 父狼's 感染: the 幼狼's 牺牲 takes him out now."""
        ctx, state = w.ctx, w.state
        cub = state.holder(CUB)
        if state.tonight.get(self.key) and state.alive[cub]:
            if state.acts(cub, self.key):
                ctx.judge(f"第{state.day}夜 III 幼狼 {ctx.name(cub)} 牺牲")
                ctx.seat(cub, "你牺牲了，已出局。")
                w.deaths.out(cub, SACRIFICED)
            else:
                void(ctx, state, cub, "牺牲", "被魅惑")
        return True


CUB_ROLE = BOOK.role(LudingRole(
    CUB, WOLF, (RALLY, SACRIFICE), "夜晚可以主动出局（牺牲）；你出局后父狼可以多感染一次（激励）。你与父狼互知但不共群。",
    mate=FATHER,
))
