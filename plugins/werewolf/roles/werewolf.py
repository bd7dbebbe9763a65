"""狼人: the pack's 杀人 (pack.py), and 自爆 any time of day ("狼人可以在白天的任何时候选择自爆")."""

from __future__ import annotations

from ...bansha.engine import Action, Ctx
from ..book import BOOK, WerewolfUnit
from ..state import WerewolfState
from ..terms import DAY_PHASES, WOLF, WOLVES
from ..turn import Turn
from .pack import KILL, WolfRole


@BOOK.unit(
    "explode", "自爆", phases=DAY_PHASES, targets=0, public=True, optional=True,
    help="白天任何时候在群里自爆：你立即出局且没有遗言，今天的发言和投票立即结束，直接进入黑夜。",
)
class EXPLODE(WerewolfUnit):
    def resolve(self, ctx: Ctx, state: WerewolfState, seat: int, action: Action) -> None:
        Turn(ctx, state).day.explode(seat, 0)

WEREWOLF = BOOK.role(WolfRole(
    "狼人", WOLVES, (KILL, EXPLODE), "每晚和狼队友一起杀死一个人，可以选择不杀人（平安夜）；白天任何时候可以自爆。", WOLF,
))
