"""小女孩: 偷看 the wolves at night — she hears what the pack does, never who does it, and may be caught.

002: "如果狼人发现了，就可必须立刻杀掉小女孩。杀了小女孩以后，原来选定的被杀人选就无效"; how she is caught is the
option 偷看风险 (a roll per peek, or the pack's 指认).
"""

from __future__ import annotations

from ...bansha.engine import Action, Ctx
from ..book import BOOK, OncePerNight, WerewolfRole
from ..state import WerewolfState
from ..terms import GOD, GOOD, NIGHT, WOLF_TEAM
from ..world import World
from .pack import can_accuse, peek_relay, wolf_plan


@BOOK.unit(
    "peek", "偷看", pm_only=True, phases=(NIGHT,), targets=0,
    help="夜里偷看狼人：今晚狼队的选择会隐去狼人身份转告你；但可能被狼人发现，被发现则你代替原目标被杀。",
)
class PEEK(OncePerNight):
    def resolve(self, ctx: Ctx, state: WerewolfState, seat: int, action: Action) -> None:
        state.peeking = seat
        state.peeks.append(state.day)
        state.done.add(seat)
        ctx.judge(f"第{state.day}夜 {ctx.name(seat)}（小女孩）偷看")
        ctx.seat(seat, "你偷偷睁开了眼睛：今晚狼队的选择会隐去是谁转告你。")
        peek_relay(ctx, state, "狼队" + wolf_plan(ctx, state))
        if state.accused:
            peek_relay(ctx, state, f"狼队怀疑 {ctx.name(state.accused)} 是偷看的小女孩。")

    # --- its step of the night (order.NIGHT_ORDER) ---------------------------------------------------------
    def close(self, w: World) -> None:
        """Caught or not, decided as the wolves' sub-phase closes (after the pack's decision)."""
        ctx, state = w.ctx, w.state
        girl = state.peeking
        wolves = state.wolves()
        if girl and state.alive[girl]:
            if state.girl_mode == "指认":
                caught = state.accused == girl
            else:  # one roll per peek, from the game's seeded RNG
                caught = ctx.rng.below(100) < state.girl_risk
            if caught:
                state.caught = girl
                state.kill = girl
                ctx.team(
                    WOLF_TEAM,
                    wolves,
                    f"【{WOLF_TEAM}】你们发现了偷看的小女孩 {ctx.name(girl)}！今晚改为杀她，原来的目标作废。",
                    "team",
                )
                ctx.seat(girl, "你偷看时被狼人发现了！")
                ctx.judge(f"第{state.day}夜 小女孩 {ctx.name(girl)} 偷看被狼人发现，改为杀她")
                return
        if can_accuse(state) and state.accused:
            ctx.team(
                WOLF_TEAM, wolves, f"【{WOLF_TEAM}】你们指认的 {ctx.name(state.accused)} 今晚没有被抓到偷看。", "team"
            )
            ctx.judge(f"第{state.day}夜 狼人指认 {ctx.name(state.accused)}，没有抓到小女孩")


class Girl(WerewolfRole):
    def prompt_line(self, state: WerewolfState, seat: int) -> str:
        return "狼人正在行动：偷看可能被狼人发现。" if state.phase == NIGHT else ""

    def tells(self, state: WerewolfState, seat: int) -> list[str]:
        return [f"偷看记录：{'、'.join(f'第{n}夜' for n in state.peeks) or '暂无'}。"]


GIRL = BOOK.role(Girl("小女孩", GOOD, (PEEK,), "每晚可以偷看狼人行动，但可能被发现；守卫不能守护你。", GOD))
