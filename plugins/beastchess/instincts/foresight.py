"""预知（AT·信息）：特殊本能，不會被禁用，可在探查階段和任意回合中隨時發動：指定兩名玩家（可以包括自己），立即得知他們等級的
高低或相等關係。4-5/6-8/9-10 人時每局 1/2/3 次。"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...bansha.engine import ANY, NOW, Action, Ctx
from ..data import AT, B458, INFO, PROBE, ROUND
from ..power import Instinct, instinct

if TYPE_CHECKING:
    from ..state import BeastState


@instinct("预知", AT, INFO, "foresight",
          "特殊本能：不会被禁用，可在探查阶段和任意回合中随时发动。指定两名玩家（可以包括自己），"
          "立即得知他们等级的高低或相等关系。每局 4-5/6-8/9-10 人时可用 1/2/3 次。",
          skill_kw={"targets": 2, "target_rule": ANY, "phases": (PROBE, ROUND)}, per_game=B458(1, 2, 3),
          submit=NOW, unbannable=True, traditional="預知")
class FORESIGHT(Instinct):
    def resolve(self, ctx: Ctx, st: BeastState, seat: int, action: Action) -> None:
        a, b = action.targets
        rel = "高于" if st.level(a) > st.level(b) else "低于" if st.level(a) < st.level(b) else "等于"
        st.use(seat, self.key)
        ctx.seat(seat, f"预知：{ctx.name(a)} 的等级{rel} {ctx.name(b)}。", "check",
                 {"compare": (a, b, (st.level(a) > st.level(b)) - (st.level(a) < st.level(b)))})
        ctx.judge(f"{ctx.name(seat)} 发动「预知」 {a}号 与 {b}号：{rel}")
