"""强健（PT·防守）：「遊戲開始時增加兩個護盾」；發動時本回合鎖血為上一回合血量的一半（向下取整）。"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..data import DEFEND, PT
from ..power import Instinct, instinct

if TYPE_CHECKING:
    from ..resolve import Resolver
    from ..state import BeastState


@instinct("强健", PT, DEFEND, "sturdy", "游戏开始时获得两个护盾；发动本能时，本回合锁血到上一回合自己血量的一半（向下取整）。", traditional="強健")
class STURDY(Instinct):
    def granted(self, st: BeastState, seat: int) -> list[str]:
        st.shields[seat] += 2
        return ["强健：你获得了2个护盾。"]

    def guard(self, r: Resolver, seat: int) -> None:
        if r.active(seat, self.key):
            r.lock(seat, r.start[seat] // 2, "强健")
