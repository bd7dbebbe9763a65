"""白痴: exiled by the vote, he flips his card and stays — "翻牌免死", no longer voting, still speaking."""

from __future__ import annotations

from ...bansha.engine import PERMANENT, Status
from ..book import BOOK, WerewolfRole, WerewolfUnit
from ..state import REVEALED, WerewolfState
from ..terms import GOD, GOOD
from ..world import World


@BOOK.unit(
    "flip", "翻牌", targets=0, mandatory=True,
    help="被投票放逐时自动翻牌亮明身份并免于出局；翻牌后不能再投票，但仍可发言。",
)
class FLIP(WerewolfUnit):
    """Never typed (`mandatory`): it plays itself when the vote exiles him."""

    def exiled(self, w: World, seat: int) -> bool:
        """Exiled by the vote, he flips and stays (order.MOMENTS)."""
        ctx, state = w.ctx, w.state
        if state.role(seat) != "白痴" or state.revealed(seat) or state.powerless(seat):
            return False
        state.statuses.add(Status(REVEALED, seat, PERMANENT, public=True))
        ctx.group(f"{ctx.name(seat)} 被投票放逐，翻牌亮出身份：白痴！免于出局。此后他不能投票，但仍可以发言。", "reveal")
        ctx.judge(f"第{state.day}天 {ctx.name(seat)}（白痴）被放逐，翻牌免死")
        if state.sheriff == seat:  # a seat that may not vote cannot carry the sheriff's vote
            state.badge.tear()
            ctx.group(f"白痴翻牌后不能投票，{ctx.name(seat)} 的警徽随之撕毁，本局从此没有警长。")
        return True


class Idiot(WerewolfRole):
    def tells(self, state: WerewolfState, seat: int) -> list[str]:
        return ["你已翻牌，不能再投票，但仍可以发言。"] if state.revealed(seat) else []


IDIOT = BOOK.role(Idiot("白痴", GOOD, (FLIP,), "被投票放逐时翻牌免死，之后不能投票，但仍可以发言。", GOD))
