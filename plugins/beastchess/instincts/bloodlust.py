"""嗜杀（PT·攻击）：自動發動。攻擊時，若自己上一回合的血量和等級都≥被攻擊者，且被攻擊者上一回合血量≤3，本回合公布血量前
將被攻擊者設為死亡（「注意這仍然是攻擊」）；在特殊技能環節結算（嗜殺->飲鴆止渴->替身力量）。"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..data import ATTACK, PT
from ..power import Instinct, instinct

if TYPE_CHECKING:
    from ..resolve import Resolver


@instinct("嗜杀", PT, ATTACK, "bloodlust",
          "自动发动：攻击时，若自己上一回合的血量和等级都≥被攻击者，且被攻击者上一回合血量≤3，"
          "本回合公布血量前将被攻击者设为死亡，公布血量显示为0（这仍然是攻击）。",
          skill_kw={"mandatory": True}, traditional="嗜殺")
class BLOODLUST(Instinct):
    def landed(self, r: Resolver, seat: int, target: int) -> None:
        # 兇: an attack from a level the target is protected from does nothing to it, so 嗜杀 cannot kill it either
        lethal = not r.shielded(target, seat) and r.start[seat] >= r.start[target] and r.start[target] <= 3
        if lethal and r.works(seat):
            r.memo(self.key, list).append((seat, target))
            r.log(f"{seat}号 嗜杀 {target}号 发动")

    def special(self, r: Resolver, seats: list[int]) -> None:
        for a, t in r.memo(self.key, list):
            if t in seats and r.hp[t] > 0:
                r.hp[t] = 0
                r.log(f"{a}号 嗜杀：{t}号 被设为死亡")
