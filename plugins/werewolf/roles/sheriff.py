"""警长 (002: "警长将在第一个白天被全体玩家投票选出"): 上警 and 退水 in the election (day.py runs it), 决断 of a
tie ("在平票时他可以决定选哪一个，也可以不选择"), and the badge when he leaves ("如果警长死了，他临死前可以指定继任者，
或撕毁警徽"). The rules that differ between boards are in ../sheriff.py."""

from __future__ import annotations

from ...bansha.engine import ALIVE, ALIVE_OTHER, Action, Ctx
from ..book import BOOK, WerewolfUnit
from ..state import WerewolfState
from ..terms import BADGE, ELECT, ELECT_VOTE, TIE, seats_text
from ..turn import Turn
from ..world import World


def skills(state: WerewolfState, seat: int) -> list[WerewolfUnit]:
    """The sheriff's skills this seat holds now: the election's until it is over, then the badge's."""
    out = [STAND, WITHDRAW] if state.sheriff_on and not state.elect_done else []
    if state.sheriff == seat:
        out.append(DECIDE)
    if state.badge.pending and state.badge.chooser == seat:
        out += [HANDOVER, TEAR]
    return out


def tear_badge(ctx: Ctx, state: WerewolfState, *, auto: bool) -> None:
    seat = state.badge.leaving
    state.badge.tear()
    why = "没有移交，警徽被撕毁" if auto else "撕毁了警徽"
    ctx.group(f"{ctx.name(seat)} {why}：本局从此没有警长。")
    ctx.judge(f"第{state.day}天 {ctx.name(seat)} {why}")


@BOOK.unit("stand", "上警", phases=(ELECT,), targets=0, public=True, help="第一天在群里发送 /上警 参加警长竞选。")
class STAND(WerewolfUnit):
    def blocked(self, state: WerewolfState, seat: int) -> str | None:
        if state.election is None or not state.election.open:
            return "现在不是上警的时间。"
        if seat in state.election.candidates:
            return "你已经上警了。"
        return "你已经退水，不能再次上警。" if seat in state.election.withdrawn else None

    def resolve(self, ctx: Ctx, state: WerewolfState, seat: int, action: Action) -> None:
        state.election.stand(seat)
        state.stood.append(seat)
        state.done.add(seat)
        ctx.group(f"{ctx.name(seat)} 上警。")
        ctx.judge(f"第{state.day}天 {ctx.name(seat)} 上警")


@BOOK.unit(
    "withdraw", "退水", phases=(ELECT, ELECT_VOTE), targets=0, public=True, optional=True,
    help="上警后在群里发送 /退水 退出竞选（投给你的票作废，退水后不能再上警）。",
)
class WITHDRAW(WerewolfUnit):
    def blocked(self, state: WerewolfState, seat: int) -> str | None:
        return "你没有上警，不需要退水。" if state.election is None or seat not in state.election.candidates else None

    def resolve(self, ctx: Ctx, state: WerewolfState, seat: int, action: Action) -> None:
        state.election.withdraw(seat)
        voided = " 投给他的票作废，可以重新投票。" if state.phase == ELECT_VOTE else ""
        ctx.group(f"{ctx.name(seat)} 退水。{voided}")
        ctx.judge(f"第{state.day}天 {ctx.name(seat)} 退水")


@BOOK.unit(
    "decide", "决断", aliases=("决定",), phases=(TIE,), target_rule=ALIVE, harmful=True,
    help="放逐投票平票时，警长从平票者中决定放逐一人；不选请 /放弃。",
)
class DECIDE(WerewolfUnit):
    def blocked(self, state: WerewolfState, seat: int) -> str | None:
        return "现在不需要你决断。" if state.sheriff != seat or seat in state.done else None

    def target(self, state: WerewolfState, seat: int, target: int) -> str | None:
        return f"只能从平票的 {seats_text(state.candidates)} 中选择。" if target not in state.candidates else None

    def resolve(self, ctx: Ctx, state: WerewolfState, seat: int, action: Action) -> None:
        target = action.targets[0]
        state.done.add(seat)
        ctx.group(f"警长 {ctx.name(seat)} 决定放逐 {ctx.name(target)}。")
        ctx.judge(f"第{state.day}天 警长 {ctx.name(seat)} 在平票中决定放逐 {ctx.name(target)}")
        Turn(ctx, state).day.exile(target)


class BadgeChoice(WerewolfUnit):
    """移交 and 撕警徽: once the leaving sheriff has decided, neither."""

    def blocked(self, state: WerewolfState, seat: int) -> str | None:
        return "你已经决定了警徽的去向。" if seat in state.done else None


@BOOK.unit(
    "handover", "移交", aliases=("移交警徽", "传警徽"), phases=(BADGE,), target_rule=ALIVE_OTHER, when_dead=True,
    help="警长出局时把警徽移交给一名存活玩家。",
)
class HANDOVER(BadgeChoice):
    def resolve(self, ctx: Ctx, state: WerewolfState, seat: int, action: Action) -> None:
        target = action.targets[0]
        state.badge.hand_to(target)
        state.done.add(seat)
        ctx.group(f"{ctx.name(seat)} 将警徽移交给 {ctx.name(target)}，{ctx.name(target)} 成为新的警长。", "reveal")
        ctx.judge(f"第{state.day}天 {ctx.name(seat)} 将警徽移交给 {ctx.name(target)}")


@BOOK.unit(
    "tear", "撕警徽", aliases=("撕毁警徽",), phases=(BADGE,), targets=0, when_dead=True,
    help="警长出局时撕毁警徽：本局从此没有警长。",
)
class TEAR(BadgeChoice):
    def resolve(self, ctx: Ctx, state: WerewolfState, seat: int, action: Action) -> None:
        state.done.add(seat)
        tear_badge(ctx, state, auto=False)


@BOOK.unit("badge", "警徽去向", mandatory=True)
class BADGE_STEP(WerewolfUnit):
    """The leaving sheriff's step after his death (order.AFTER_DEATH): his phase to 移交 or 撕警徽."""

    def enter(self, w: World, seats: tuple[int, ...]) -> bool:
        ctx, state = w.ctx, w.state
        if not seats:  # red-carded before choosing: the badge is lost
            if state.badge.pending:
                tear_badge(ctx, state, auto=True)
            return False
        if not state.badge.pending:
            return False
        ctx.enter(state, BADGE)
        ctx.group(f"警长 {ctx.name(seats[0])} 出局：请他移交警徽（/技能 移交 <目标>）或撕毁警徽（/技能 撕警徽）。")
        ctx.seat(seats[0], "你是出局的警长：/技能 移交 <目标> 把警徽交给一名存活玩家，或 /技能 撕警徽。超时视为撕毁。")
        return True

    def deadline(self, w: World) -> None:
        if w.state.badge.pending:
            tear_badge(w.ctx, w.state, auto=True)

    def owes(self, state: WerewolfState) -> set[int]:
        return {state.badge.chooser} - state.done if state.badge.pending else set()
