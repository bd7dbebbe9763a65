"""发怒（PT·攻击）：上一回合血量≤最大血量的一半時，額外進行一次與第一次效果完全相同的攻擊（一級為感應），目標可以改變。"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...bansha.engine import ALIVE_OTHER
from ..data import ATTACK, PT
from ..power import Instinct, instinct

if TYPE_CHECKING:
    from ..state import BeastState


@instinct("发怒", PT, ATTACK, "rage",
          "条件：上一回合血量≤最大血量的一半。额外进行一次与第一次效果完全相同的攻击（一级为感应），目标可以改变。",
          skill_kw={"targets": 1, "target_rule": ALIVE_OTHER}, extra_strike_target=True, traditional="發怒")
class RAGE(Instinct):
    def blocked(self, st: BeastState, seat: int) -> str | None:
        return "发怒：上一回合血量须≤最大血量的一半。" if st.hp[seat] * 2 > st.max_hp else None
