"""卧薪尝胆（PT·全能·锁定）：上回合受到傷害時，選定一個目標使其本能無效；若其上回合對你造成了傷害，額外使其本回合攻擊無效。
第偶數次觸發時，額外對其造成1點真實傷害，並使你本回合最大扣除血量為0。"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...bansha.engine import ALIVE_OTHER
from ..data import ALLROUND, PT
from ..power import Instinct, instinct
from ..resolve import Hit

if TYPE_CHECKING:
    from ..resolve import Resolver
    from ..state import BeastState


@instinct("卧薪尝胆", PT, ALLROUND, "endure",
          "锁定。条件：上回合受到伤害。选定一个目标使其本能无效；若其上回合对你造成了伤害，额外使其本回合攻击无效。"
          "第偶数次触发时，额外对其造成1点真实伤害，并使你本回合最大扣除血量为0。",
          skill_kw={"targets": 1, "target_rule": ALIVE_OTHER}, locked=True, traditional="臥薪嘗膽",
          null_tier=1)  # the lowest tier, which also reaches its own tier (docs: 本能无效与优先级)
class ENDURE(Instinct):
    @staticmethod
    def _even(r: Resolver, seat: int) -> bool:
        """This use is an even-numbered one (counted when the round is booked)."""
        return (r.st.used(seat, "endure") + 1) % 2 == 0

    def blocked(self, st: BeastState, seat: int) -> str | None:
        return "卧薪尝胆：上回合你没有受到伤害。" if not st.hurt_by.get(seat) else None

    def nullifies(self, r: Resolver, seat: int) -> list[int]:
        return list(r.plan(seat).targets) if r.active(seat, self.key) else []

    def void(self, r: Resolver, seat: int) -> None:
        if r.active(seat, self.key):
            t = r.plan(seat).targets[0]
            if t in r.st.hurt_by.get(seat, []):
                r.void.add(t)
                r.log(f"{seat}号 卧薪尝胆：{t}号 上回合伤害过他，本回合攻击无效")

    def guard(self, r: Resolver, seat: int) -> None:
        if r.active(seat, self.key) and self._even(r, seat):
            r.lock(seat, r.start[seat], "卧薪尝胆（偶数次：最大扣除血量为0）")

    def effect(self, r: Resolver, seat: int) -> None:
        if self._even(r, seat):
            t = r.plan(seat).targets[0]
            r.hit(t, Hit(seat, 1, True, "卧薪尝胆"))
            r.log(f"{seat}号 卧薪尝胆第偶数次触发：{t}号 1点真实伤害")

    def count_use(self, r: Resolver, seat: int) -> None:
        r.st.use(seat, self.key)  # every use counts: the even ones are the second, fourth…
