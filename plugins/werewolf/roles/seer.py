"""预言家: 查验 one player a night, answered at once in private (option 查验结果: 阵营 or 身份)."""

from __future__ import annotations

from ...bansha.engine import ALIVE_OTHER, Action, Ctx
from ..book import BOOK, OncePerNight, WerewolfRole
from ..state import WerewolfState
from ..terms import CHECK_ROLE, GOD, GOOD, NIGHT, WOLF


@BOOK.unit(
    "check", "查验", pm_only=True, aliases=("预言", "验"), phases=(NIGHT,), target_rule=ALIVE_OTHER,
    help="每晚查验一名玩家，立刻私聊得知结果。",
)
class CHECK(OncePerNight):
    """Answered at once: its step of the night (order.NIGHT_ORDER) lists no moment."""

    def resolve(self, ctx: Ctx, state: WerewolfState, seat: int, action: Action) -> None:
        target = action.targets[0]
        if state.check_mode == CHECK_ROLE:
            result = state.role(target)
        else:
            result = "狼人" if state.kind(target) == WOLF else "好人"
        state.checks.append((state.day, target, result))
        state.done.add(seat)
        ctx.seat(seat, f"查验结果：{ctx.name(target)} 是【{result}】。", "check",
                 {"target": target, "wolf": state.kind(target) == WOLF})  # what either result form says
        ctx.judge(f"第{state.day}夜 {ctx.name(seat)}（预言家）查验 {ctx.name(target)}：{result}")


class Seer(WerewolfRole):
    def tells(self, state: WerewolfState, seat: int) -> list[str]:
        got = "；".join(f"第{n}夜 {t}号：{r}" for n, t, r in state.checks)
        return [f"查验记录：{got or '暂无'}。"]

    def facts(self, state: WerewolfState, seat: int) -> list[str]:
        return ["查验：" + "；".join(f"第{n}夜 {t}号 {r}" for n, t, r in state.checks)] if state.checks else []


SEER = BOOK.role(Seer("预言家", GOOD, (CHECK,), "每晚可以查验一个人的身份。", GOD))
