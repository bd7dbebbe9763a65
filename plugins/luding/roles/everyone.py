"""What every character may do: the day's vote (003 【投票格式】, through the forum's vote rules)."""

from __future__ import annotations

from ...bansha.engine import ALIVE, Action, Ctx
from ..book import BOOK, LudingSkill
from ..state import LudingState
from ..terms import DAY


@BOOK.unit("vote", "投票", aliases=("改票",), phases=(DAY,), target_rule=ALIVE, words=("弃权", "改票"),
           help="白天投票，写明对象和理由；投票后只有一次改票机会，关门前一小时不得改票。")
class VOTE(LudingSkill):
    def resolve(self, ctx: Ctx, state: LudingState, seat: int, action: Action) -> None:
        ctx.vote(state.box, seat, action)
