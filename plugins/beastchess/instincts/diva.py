"""我是歌姬（AT·信息）：每局一次。放棄行動：本回合所有人的智慧（及大智若愚）必定失敗（一律反饋失敗），你獲得1個護盾，本回合
你的對象為你自己。"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..data import AT, INFO
from ..power import Instinct, instinct

if TYPE_CHECKING:
    from ..resolve import Resolver


@instinct("我是歌姬", AT, INFO, "diva",
          "每局一次。放弃行动：本回合所有人的智慧（及大智若愚）必定失败（一律反馈失败），你获得1个护盾，"
          "本回合你的对象为你自己。",
          per_game=((4, 10, 1),), gives_up_action=True)
class DIVA(Instinct):
    def effect(self, r: Resolver, seat: int) -> None:
        r.memo(self.key, list).append(seat)
        r.gain[seat] = r.gain.get(seat, 0) + 1
        r.log(f"{seat}号 我是歌姬：本回合所有智慧必定失败，自己+1护盾")

    def objects(self, r: Resolver, seat: int) -> list[int] | None:
        return [seat] if r.active(seat, self.key) else None  # 本回合對象為自己

    def spoils_guess(self, r: Resolver, seat: int) -> str | None:
        return f"{seat}号 的智慧因我是歌姬必定失败" if r.memo(self.key, list) else None
