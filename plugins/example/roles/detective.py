"""侦探 (option 侦探=开): a 玩家 who may also 调查 one seat per 回合, by PM, and learns whom it has
指认ed so far this 回合. One role, one module: its unit of behaviour (the declaration, when it may be used,
what it does) and the role."""

from __future__ import annotations

from ...bansha.engine import ALIVE_OTHER, Action, Behaviour, Ctx, Role
from ..book import BOOK, ROUND, ToyState
from .player import POINT, VOTE


@BOOK.unit("investigate", "调查", phases=(ROUND,), target_rule=ALIVE_OTHER,
           pm_only=True,  # typed in the group it would tell everyone who the 侦探 is: the engine refuses it there
           help="每回合一次：私聊调查一名玩家，得知他本回合目前指认了谁。")
class INVESTIGATE(Behaviour):
    def blocked(self, state: ToyState, seat: int) -> str | None:
        return "本回合你已经调查过了。" if seat in state.investigated else None

    def resolve(self, ctx: Ctx, state: ToyState, seat: int, action: Action) -> None:
        target = action.targets[0]
        state.investigated.add(seat)
        pick = state.picks.get(target)
        found = f"指认了 {ctx.name(pick)}" if pick else "还没有指认任何人"
        ctx.seat(seat, f"调查结果：{ctx.name(target)} 本回合{found}。", "check")  # "check": the leak audit's tag
        ctx.judge(f"{ctx.name(seat)} 调查 {ctx.name(target)}：{found}")


DETECTIVE = BOOK.role(Role("侦探", "玩家", (POINT, VOTE, INVESTIGATE), "玩家之一；每回合还可以调查一名玩家。"))
