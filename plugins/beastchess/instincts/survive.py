"""苟且偷生（PT·信息）：每回合開始時得知上一回合有多少人的對象包含你（惡意感知）。每局一次可迸發生存的決心：本回合鎖血為當前
血量，並獲得x個護盾（x為上一回合對象包含你的人數）。"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...bansha.engine import Ctx
from ..data import INFO, PT
from ..power import Instinct, instinct

if TYPE_CHECKING:
    from ..resolve import Resolver
    from ..state import BeastState


@instinct("苟且偷生", PT, INFO, "survive",
          "每回合开始时得知上一回合有多少人的对象包含你（恶意感知）。每局一次可迸发生存的决心："
          "本回合锁血为当前血量，并获得x个护盾（x为上一回合对象包含你的人数）。",
          per_game=((4, 10, 1),), traditional="茍且偷生")
class SURVIVE(Instinct):
    def opening(self, ctx: Ctx, st: BeastState, seat: int) -> list[str]:
        return [f"恶意感知：上一回合有 {st.eyes_on.get(seat, 0)} 人的对象包含你。"] if st.day > 1 else []

    def guard(self, r: Resolver, seat: int) -> None:
        if r.active(seat, self.key):
            r.lock(seat, r.start[seat], "苟且偷生")

    def effect(self, r: Resolver, seat: int) -> None:
        x = r.st.eyes_on.get(seat, 0)
        r.gain[seat] = r.gain.get(seat, 0) + x
        r.log(f"{seat}号 苟且偷生：锁血为{r.start[seat]}，+{x}护盾")
