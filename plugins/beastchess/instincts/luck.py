"""幸运（PT·全能）：上回合無人死亡時可用（第一回合可用）。每回合開始時等概率獲得攻/守/休之一並私聊告知：攻：對目標造成1點真實
傷害；守：目標增加1個護盾；休：使目標本能無效（優先級 3，攻和守是「其它本能」）。"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...bansha.engine import ALIVE, Action, Ctx
from ..data import ALLROUND, PT
from ..power import Instinct, instinct
from ..resolve import Hit

if TYPE_CHECKING:
    from ..resolve import Resolver
    from ..state import BeastState

LUCK_KINDS = ("攻", "守", "休")  # 幸運's three 本能行動, drawn with equal chance
REST = "休"


@instinct("幸运", PT, ALLROUND, "luck",
          "条件：上回合无人死亡（第一回合可用）。每回合开始时等概率获得攻/守/休之一并私聊告知："
          "攻：对目标造成1点真实伤害；守：目标增加1个护盾；休：使目标本能无效。",
          skill_kw={"targets": 1, "target_rule": ALIVE}, traditional="幸運",
          null_tier=3, null_label="幸运休")  # 幸運休
class LUCK(Instinct):
    def blocked(self, st: BeastState, seat: int) -> str | None:
        return "幸运：上回合有人死亡，本回合不能使用。" if seat not in st.luck else None

    def check(self, st: BeastState, seat: int, action: Action) -> tuple[tuple[str, ...], str]:
        return action.words, f"（幸运{st.luck[seat]}）"

    def opening(self, ctx: Ctx, st: BeastState, seat: int) -> list[str]:
        if st.deaths_last:
            return []
        st.luck[seat] = ctx.rng.choice(LUCK_KINDS)
        return [f"幸运：本回合你获得的本能行动是【{st.luck[seat]}】，用法：/技能 幸运 <目标>。"]

    def status_lines(self, st: BeastState, seat: int) -> list[str]:
        return [f"本回合幸运：【{st.luck[seat]}】。"] if seat in st.luck else []

    def null_priority(self, r: Resolver, seat: int) -> int:
        return 3 if r.st.luck.get(seat) == REST and r.used(seat, self.key) else self.priority

    def nullifies(self, r: Resolver, seat: int) -> list[int]:
        if r.active(seat, self.key) and r.st.luck.get(seat) == REST:
            return list(r.plan(seat).targets)
        return []

    def effect(self, r: Resolver, seat: int) -> None:
        kind = r.st.luck.get(seat, "")
        t = r.plan(seat).targets[0]
        if kind == "攻":
            r.hit(t, Hit(seat, 1, True, "幸运攻"))
        elif kind == "守":
            r.gain[t] = r.gain.get(t, 0) + 1
        r.log(f"{seat}号 幸运{kind}：{t}号")
