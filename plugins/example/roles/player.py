"""玩家: 指认 one seat each 回合 by PM, and the day vote in the group."""

from __future__ import annotations

from ...bansha.engine import ALIVE, ALIVE_OTHER, Action, Behaviour, Ctx, Role
from ..book import BOOK, ROUND, ToyState


# A unit is declared once, with the rule text's name: the declaration is the command (/技能 指认 3), its
# legality (phase, target rule) and its line in /身份 and in the 回合's prompt; the class is what it does.
@BOOK.unit("point", "指认", aliases=("指",), phases=(ROUND,), target_rule=ALIVE_OTHER, help="指认一名玩家。")
class POINT(Behaviour):
    def resolve(self, ctx: Ctx, state: ToyState, seat: int, action: Action) -> None:
        state.picks[seat] = action.targets[0]
        ctx.reply(f"已指认 {ctx.name(action.targets[0])}。")
        ctx.judge(f"{ctx.name(seat)} 指认 {ctx.name(action.targets[0])}")


@BOOK.unit("vote", "投票", aliases=("改票",), phases=(ROUND,), target_rule=ALIVE, words=("弃权", "改票"),
           help="投票放逐一名玩家。")
class VOTE(Behaviour):
    def resolve(self, ctx: Ctx, state: ToyState, seat: int, action: Action) -> None:
        ctx.vote(state.votes, seat, action)  # the forum's vote rules: 理由, 改票, 代投…


PLAYER = BOOK.role(Role("玩家", "玩家", (POINT, VOTE), "每回合指认一名玩家；被指认最多的人出局。"))
