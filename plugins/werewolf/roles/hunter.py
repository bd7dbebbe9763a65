"""猎人: 开枪 when he leaves — "当猎人被狼人杀掉或者被平民无辜票死后，他可以…发射一颗绝命子弹。当猎人被女巫毒死，
或殉情而死时，不能开枪。" Taken by the 白狼王 counts as killed by a wolf."""

from __future__ import annotations

from ...bansha.engine import ALIVE, Action, Ctx
from ..book import BOOK, Departure, Steps, WerewolfRole, WerewolfUnit
from ..state import WerewolfState
from ..terms import GOD, GOOD, GRIEF, HUNTER, KING, POISON, SHOT, VOTE, WOLF_KILL
from ..turn import Turn
from ..world import World


@BOOK.unit(
    "shoot", "开枪", aliases=("枪",), phases=(HUNTER,), target_rule=ALIVE, uses=1, when_dead=True, harmful=True,
    help="被狼人杀害或被投票放逐后，可以开枪带走任意一名存活玩家；被毒死或殉情时不能开枪。",
)
class SHOOT(WerewolfUnit):
    def blocked(self, state: WerewolfState, seat: int) -> str | None:
        return "你现在不能开枪。" if state.shooter != seat or seat in state.done else None

    def resolve(self, ctx: Ctx, state: WerewolfState, seat: int, action: Action) -> None:
        w = Turn(ctx, state)
        target = action.targets[0]
        state.use(seat, "shoot")
        state.done.add(seat)
        ctx.judge(f"第{state.day}天 {ctx.name(seat)}（猎人）开枪带走 {ctx.name(target)}")
        deps = w.deaths.leave(target, SHOT, night=False)
        ctx.group(f"{ctx.name(seat)} 发动猎人技能，开枪带走了 {ctx.name(target)}。", "reveal", {"out": (target,)})
        w.deaths.settle(deps, night=False, front=True)

    # --- his part in what follows a death (order.MOMENTS, order.AFTER_DEATH) --------------------------------
    def after(self, w: World, dep: Departure, night: bool) -> Steps:
        """A departing 猎人 earns his shot, if the way he left allows it (order.MOMENTS)."""
        if w.state.role(dep.seat) != "猎人" or w.state.used(dep.seat, "shoot"):
            return []
        if dep.cause in MAY_SHOOT:
            return [("shoot", (dep.seat,))]
        if dep.cause == POISON:
            w.ctx.seat(dep.seat, "你被女巫毒死，不能开枪。")
        elif dep.cause == GRIEF:
            w.ctx.seat(dep.seat, "你殉情而死，不能开枪。")
        return []

    def enter(self, w: World, seats: tuple[int, ...]) -> bool:
        ctx, state = w.ctx, w.state
        if not seats:
            return False
        hunter = seats[0]
        if state.powerless(hunter):
            ctx.seat(hunter, "长老被好人误杀，你已失去开枪的能力。")
            return False
        state.shooter = hunter
        ctx.enter(state, HUNTER)
        ctx.seat(hunter, "你可以开枪带走一名存活玩家：/技能 开枪 <目标>；不开枪请 /放弃。")
        return True

    def owes(self, state: WerewolfState) -> set[int]:
        return {state.shooter} - state.done if state.shooter else set()


MAY_SHOOT = frozenset({WOLF_KILL, KING, VOTE})  # 被狼人杀掉或者被平民无辜票死


class Hunter(WerewolfRole):
    def tells(self, state: WerewolfState, seat: int) -> list[str]:
        if state.shooter == seat and state.phase == HUNTER:
            return ["你现在可以开枪：/技能 开枪 <目标>。"]
        return ["你已经开过枪了。"] if state.used(seat, "shoot") else []


HUNTER_ROLE = BOOK.role(Hunter(
    "猎人", GOOD, (SHOOT,), "被狼人杀害或被投票放逐时，可以开枪带走一名存活玩家；被毒死或殉情则不能开枪。", GOD,
))
