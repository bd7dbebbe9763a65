"""制衡（AT·全能）：扣除自己1點血量，使全體其他等級動物本回合本能無效（優先級 4）。"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..data import ALLROUND, AT
from ..power import Instinct, instinct
from ..resolve import Hit

if TYPE_CHECKING:
    from ..resolve import Resolver


@instinct("制衡", AT, ALLROUND, "balance", "扣除自己1点血量，使全体其他等级动物本回合本能无效。", priority=4,
          null_tier=4)
class BALANCE(Instinct):
    def nullifies(self, r: Resolver, seat: int) -> list[int]:
        if not r.active(seat, self.key):
            return []
        return [t for t in r.actors if r.st.level(t) != r.st.level(seat)]

    def effect(self, r: Resolver, seat: int) -> None:
        r.hit(seat, Hit(seat, 1, True, "制衡"))
        r.log(f"{seat}号 制衡：其他等级本能无效，自己扣1点血量")
