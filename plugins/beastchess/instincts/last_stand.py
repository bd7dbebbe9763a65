"""垂死抗争（PT·全能）：剩余血量≤3，每局一次。持續兩回合：每回合鎖血為上一回合血量，並可額外進行一次與第一次效果相同的攻擊
（一級為感應，目標可以改變；第二回合再發一次本技能指定額外目標）。"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...bansha.engine import ALIVE_OTHER
from ..data import ALLROUND, PT
from ..power import Instinct, instinct

if TYPE_CHECKING:
    from ..resolve import Resolver
    from ..state import BeastState


@instinct("垂死抗争", PT, ALLROUND, "last_stand",
          "条件：剩余血量≤3，每局一次。持续两回合：每回合锁血为上一回合血量，并可额外进行一次与第一次效果相同的攻击"
          "（一级为感应，目标可以改变；第二回合再发一次本技能指定额外目标）。",
          skill_kw={"targets": 1, "target_rule": ALIVE_OTHER, "min_targets": 0}, extra_strike_target=True,
          traditional="垂死抗爭")
class LAST_STAND(Instinct):
    def blocked(self, st: BeastState, seat: int) -> str | None:
        if st.last_stand.get(seat, 0) < st.day:  # not in its second round
            if st.used(seat, self.key):
                return "垂死抗争每局只能发动一次。"
            if st.hp[seat] > 3:
                return "垂死抗争：剩余血量须≤3。"
        return None

    def guard(self, r: Resolver, seat: int) -> None:
        second = r.st.last_stand.get(seat, 0) >= r.r and r.works(seat)  # the second round locks without a word
        if r.active(seat, self.key) or second:
            r.lock(seat, r.start[seat], "垂死抗争")

    def count_use(self, r: Resolver, seat: int) -> None:
        if r.st.last_stand.get(seat, 0) < r.r:  # the first round of the two
            r.st.last_stand[seat] = r.r + 1
            r.st.use(seat, self.key)
