"""兽性（AT·攻击）：標記一個敵人（不能同時是你的攻擊/感應目標），使其本回合受到的所有傷害×2（只乘傷害，不乘真實傷害）。
每局7人及以下2次，以上3次。"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...bansha.engine import ALIVE_OTHER
from ..data import AT, ATTACK
from ..power import Instinct, instinct

if TYPE_CHECKING:
    from ..resolve import Resolver
    from ..state import BeastState


@instinct("兽性", AT, ATTACK, "beast",
          "标记一个敌人（不能同时是你的攻击/感应目标），使其本回合受到的所有伤害×2。每局7人及以下2次，以上3次。",
          skill_kw={"targets": 1, "target_rule": ALIVE_OTHER}, per_game=((4, 7, 2), (8, 10, 3)), traditional="獸性")
class BEAST(Instinct):
    def target(self, st: BeastState, seat: int, target: int) -> str | None:
        plan = st.plans.get(seat)
        return "兽性标记的敌人不能同时是你的攻击/感应目标。" if plan and plan.action == target else None

    def refuse_action(self, st: BeastState, seat: int, target: int) -> str | None:
        return "兽性标记的敌人不能同时作为你的行动目标。" if st.plans[seat].targets == (target,) else None

    def guard(self, r: Resolver, seat: int) -> None:
        if r.active(seat, self.key):
            t = r.plan(seat).targets[0]
            r.double.add(t)
            r.log(f"{seat}号 兽性：{t}号 本回合受到的伤害×2")
