"""替罪羊: "当出现平票时，替罪羊死"; before he goes he names who may vote the next day."""

from __future__ import annotations

from ...bansha.engine import ALIVE, Action, Ctx
from ..book import BOOK, Departure, Steps, WerewolfRole, WerewolfUnit
from ..state import WerewolfState
from ..terms import GOAT, GOD, GOOD, MAX_SEATS, TIE_OUT, seats_text
from ..world import World


@BOOK.unit(
    "designate", "指定", phases=(GOAT,), targets=MAX_SEATS, min_targets=1, target_rule=ALIVE, when_dead=True,
    help="因平票被处决时，指定下一个白天哪些玩家可以投票（其余人不能投票）；/放弃 则所有人照常投票。",
)
class DESIGNATE(WerewolfUnit):
    def blocked(self, state: WerewolfState, seat: int) -> str | None:
        return "现在不能指定投票者。" if state.goat != seat or seat in state.done else None

    def resolve(self, ctx: Ctx, state: WerewolfState, seat: int, action: Action) -> None:
        voters = sorted(action.targets)
        state.goat_voters = voters
        state.goat_day = state.day + 1
        state.done.add(seat)
        ctx.group(
            f"替罪羊 {ctx.name(seat)} 指定：下一个白天只有 {seats_text(voters)} 可以投票，其余玩家不能投票。", "reveal"
        )
        ctx.judge(f"第{state.day}天 {ctx.name(seat)}（替罪羊）指定下一个白天的投票者：{seats_text(voters)}")

    # --- his part in the day's tie and what follows (order.MOMENTS, order.AFTER_DEATH) ---------------------
    def ties(self, w: World, seat: int, leaders: list[int]) -> bool:
        """"当出现平票时，替罪羊死": asked of each living seat in turn (order.MOMENTS)."""
        ctx, state = w.ctx, w.state
        if state.role(seat) != "替罪羊":
            return False
        state.candidates = []
        ctx.group(f"{seats_text(leaders)} 平票：替罪羊 {ctx.name(seat)} 出局。", "reveal", {"out": (seat,)})
        ctx.judge(f"第{state.day}天 {seats_text(leaders)} 平票，替罪羊 {ctx.name(seat)} 出局")
        deps = w.deaths.leave(seat, TIE_OUT, night=False)
        w.deaths.settle(deps, night=False)
        w.deaths.advance()
        return True

    def after(self, w: World, dep: Departure, night: bool) -> Steps:
        if w.state.role(dep.seat) != "替罪羊":
            return []
        return [("designate", (dep.seat,))] if dep.cause == TIE_OUT and not w.state.powerless(dep.seat) else []

    def enter(self, w: World, seats: tuple[int, ...]) -> bool:
        if not seats:
            return False
        ctx, state = w.ctx, w.state
        state.goat = seats[0]
        ctx.enter(state, GOAT)
        ctx.group(f"{ctx.name(seats[0])} 正在指定下一个白天可以投票的玩家。")
        ctx.seat(
            seats[0],
            "你因平票作为替罪羊出局。请指定下一个白天可以投票的玩家：/技能 指定 <目标1> [目标2 …]；"
            "/放弃 则所有人照常投票。",
        )
        return True

    def deadline(self, w: World) -> None:
        ctx, state = w.ctx, w.state
        if state.goat and state.goat not in state.done:
            ctx.group(f"替罪羊 {ctx.name(state.goat)} 没有指定：下一个白天所有人照常投票。")

    def owes(self, state: WerewolfState) -> set[int]:
        return {state.goat} - state.done if state.goat else set()


USAGE = "指定 <目标1> [目标2 …]"  # /身份 shows this instead of eighteen placeholders


class Scapegoat(WerewolfRole):
    """He settles a tie (`DESIGNATE.ties`) and then names the next day's voters."""


SCAPEGOAT = BOOK.role(Scapegoat(
    "替罪羊", GOOD, (DESIGNATE,), "放逐投票平票时由你出局；出局前可以指定下一个白天哪些玩家可以投票。", GOD,
    tie_rule="替罪羊在场则由替罪羊出局",
))
