"""磕CP（AT·防守）：放棄行動，選定一個存活的目標（不可連續對同一人）：若其等級與你相等，你們本回合受到的傷害都變為兩人中受傷
更少者受到的傷害；否則使其本回合攻擊無效。"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...bansha.engine import ALIVE_OTHER
from ..data import AT, DEFEND
from ..power import Instinct, instinct

if TYPE_CHECKING:
    from ..resolve import Resolver


@instinct("磕CP", AT, DEFEND, "ship",
          "放弃行动，选定一个存活的目标（不可连续对同一人）：若其等级与你相等，你们本回合受到的伤害都变为"
          "两人中受伤更少者受到的伤害；否则使其本回合攻击无效。",
          skill_kw={"targets": 1, "target_rule": ALIVE_OTHER, "aliases": ("磕cp", "磕Cp")},
          gives_up_action=True, distinct_target=True, variants=("磕cp",))
class SHIP(Instinct):
    def void(self, r: Resolver, seat: int) -> None:
        if not r.active(seat, self.key):
            return
        t = r.plan(seat).targets[0]
        if r.st.level(t) == r.st.level(seat):
            r.pairs.append((seat, t))
            r.log(f"{seat}号 磕CP {t}号：同等级，本回合共享较少的伤害")
        else:
            r.void.add(t)
            r.log(f"{seat}号 磕CP {t}号：等级不同，{t}号 本回合攻击无效")
