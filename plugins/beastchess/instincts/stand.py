"""替身力量（AT·防守）：放棄行動：獲得兩個稻草人，並使一個目標本能無效（優先級 2，不可連續對同一人）。稻草人：你被攻擊成功時+1，
其他玩家死亡時+1；你死亡時若有6個及以上，消耗6個，回復本回合受到傷害的一半（向下取整，至少1）。在特殊技能環節結算。"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...bansha.engine import ALIVE_OTHER
from ..data import AT, DEFEND
from ..power import Instinct, instinct

if TYPE_CHECKING:
    from ..resolve import Resolver
    from ..state import BeastState

COST = 6  # 「擁有5個以上……消耗6個」: 6 or more, so that 6 can be spent


@instinct("替身力量", AT, DEFEND, "stand",
          "放弃行动：获得两个稻草人，并使一个目标本能无效（不可连续对同一人）。稻草人：你被攻击成功时+1，其他玩家死亡时+1；"
          "你死亡时若有6个及以上，消耗6个，回复本回合受到伤害的一半（向下取整，至少1）。",
          skill_kw={"targets": 1, "target_rule": ALIVE_OTHER}, priority=2, gives_up_action=True, distinct_target=True,
          null_tier=2)
class STAND(Instinct):
    def hp_extra(self, st: BeastState, seat: int) -> str:
        return f"，稻草人 {st.scarecrows.get(seat, 0)}"

    def nullifies(self, r: Resolver, seat: int) -> list[int]:
        return list(r.plan(seat).targets) if r.active(seat, self.key) else []

    def attacked(self, r: Resolver, attacker: int, seat: int) -> None:
        if r.works(seat):
            r.st.scarecrows[seat] = r.st.scarecrows.get(seat, 0) + 1
            r.log(f"{seat}号 被攻击成功，稻草人+1")

    def effect(self, r: Resolver, seat: int) -> None:
        r.st.scarecrows[seat] = r.st.scarecrows.get(seat, 0) + 2
        r.log(f"{seat}号 替身力量：+2稻草人，对 {r.plan(seat).targets[0]}号 施加本能无效")

    def special(self, r: Resolver, seats: list[int]) -> None:
        st = r.st
        for s in seats:
            if r.hp[s] <= 0 and st.holds(s, self.key) and r.works(s) and st.scarecrows.get(s, 0) >= COST:
                st.scarecrows[s] -= COST
                heal = max(1, r.taken[s] // 2)
                r.hp[s] += heal
                r.log(f"{s}号 替身力量：消耗6个稻草人，回复{heal}点血量（{r.hp[s]}）")

    def after_deaths(self, r: Resolver, seat: int, deaths: list[int]) -> None:
        if deaths:
            r.st.scarecrows[seat] = r.st.scarecrows.get(seat, 0) + sum(1 for d in deaths if d != seat)
