"""白狼王: a wolf of the pack whose 自爆 may take one 平民 or 神民 along (002: "可以在白天自爆，带走一个平民或神民")."""

from __future__ import annotations

from ...bansha.engine import ALIVE_OTHER, Action, Ctx
from ..book import BOOK, WerewolfUnit
from ..state import WerewolfState
from ..terms import DAY_PHASES, WOLF, WOLVES
from ..turn import Turn
from .pack import KILL, WolfRole


@BOOK.unit(
    "king_explode", "自爆", aliases=("白狼王自爆", "带人"), phases=DAY_PHASES, targets=1, min_targets=0,
    target_rule=ALIVE_OTHER, public=True, harmful=True, optional=True,
    help="白天任何时候在群里自爆，并可以带走一名平民或神民：/技能 自爆 <目标>。你没有遗言，今天的投票取消，直接进入黑夜。",
)
class KING_EXPLODE(WerewolfUnit):
    def target(self, state: WerewolfState, seat: int, target: int) -> str | None:
        return "白狼王只能带走平民或神民，不能带走狼队友。" if state.kind(target) == WOLF else None

    def resolve(self, ctx: Ctx, state: WerewolfState, seat: int, action: Action) -> None:
        Turn(ctx, state).day.explode(seat, action.targets[0] if action.targets else 0)

WOLF_KING = BOOK.role(WolfRole(
    "白狼王", WOLVES, (KILL, KING_EXPLODE), "狼人领袖：夜里和狼队一起杀人；白天可以自爆并带走一名平民或神民。", WOLF,
))
