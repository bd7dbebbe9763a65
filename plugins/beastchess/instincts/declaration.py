"""独立宣言（AT·信息）：本回合公布血量時，你的血量顯示為上一回合公布的數值；公布後私聊得知真實血量。每局 4-6/7-8/9-10 人時
2/3/4 次。"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..data import AT, INFO
from ..power import Instinct, instinct

if TYPE_CHECKING:
    from ..resolve import Resolver


@instinct("独立宣言", AT, INFO, "declaration",
          "本回合公布血量时，你的血量显示为上一回合公布的数值；公布后私聊得知真实血量。每局 4-6/7-8/9-10 人时 2/3/4 次。",
          per_game=((4, 6, 2), (7, 8, 3), (9, 10, 4)), traditional="獨立宣言")
class DECLARATION(Instinct):
    def stale(self, r: Resolver, seat: int) -> bool:
        return r.active(seat, self.key)
