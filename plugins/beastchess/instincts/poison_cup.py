"""饮鸩止渴（AT·防守）：一回合冷卻。喝下鴆酒：若本回合受到的傷害及真實傷害≥當前血量，則鎖血為當前血量並增加1個護盾；否則自己
受到1點傷害。在特殊技能環節結算（嗜殺->飲鴆止渴->替身力量）。"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..data import AT, DEFEND
from ..power import Instinct, instinct

if TYPE_CHECKING:
    from ..resolve import Resolver


@instinct("饮鸩止渴", AT, DEFEND, "poison_cup",
          "一回合冷却。喝下鸩酒：若本回合受到的伤害及真实伤害≥当前血量，则锁血为当前血量并增加1个护盾；"
          "否则自己受到1点伤害。",
          cooldown=1, traditional="飲鴆止渴")
class POISON_CUP(Instinct):
    def effect(self, r: Resolver, seat: int) -> None:
        r.memo(self.key, list).append(seat)

    def special(self, r: Resolver, seats: list[int]) -> None:
        st = r.st
        for s in r.memo(self.key, list):
            if s not in seats:
                continue
            if r.taken[s] >= r.start[s] or r.hp[s] <= 0:
                r.hp[s] = r.start[s]
                st.shields[s] += 1
                r.log(f"{s}号 饮鸩止渴：锁血为{r.start[s]}，+1护盾")
            elif st.shields[s]:
                st.shields[s] -= 1
                r.hurt_by.setdefault(s, []).append(s)
                r.log(f"{s}号 饮鸩止渴：受到1点伤害，被护盾抵挡")
            else:
                r.hp[s] -= 1
                r.taken[s] += 1
                r.hurt_by.setdefault(s, []).append(s)
                value = r.lock_value(s)
                if value is not None and r.hp[s] < value:
                    r.hp[s] = value
                r.log(f"{s}号 饮鸩止渴：受到1点伤害")
