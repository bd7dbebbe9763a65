"""断井颓垣（PT·攻击）：開局處於頹靡狀態（每回合自身至多扣除2點血量，攻擊無法造成傷害，感應無法獲取目標的攻擊信息）；
上回合有人死亡則永久切換為激進狀態：每回合可選定一個目標，其血量高於自己造成2點真實傷害，否則1點；4-6人局最多3次，7人及以上
最多4次。颓靡/激进是状态，不因本能无效而改变。"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...bansha.engine import ALIVE_OTHER, Ctx
from ..data import ATTACK, PT, bracket
from ..power import Instinct, instinct
from ..resolve import Hit

if TYPE_CHECKING:
    from ..resolve import Resolver
    from ..state import BeastState


@instinct("断井颓垣", PT, ATTACK, "ruins",
          "开局处于颓靡状态：每回合自身至多扣除2点血量，攻击无法造成伤害，感应无法获取目标的攻击信息。"
          "若上回合有人死亡，永久切换为激进状态：每回合可选定一个目标，其血量高于自己造成2点真实伤害，否则1点；"
          "4-6人局最多3次，7人及以上最多4次。",
          skill_kw={"targets": 1, "target_rule": ALIVE_OTHER}, per_game=((4, 6, 3), (7, 10, 4)), traditional="斷井頹垣")
class RUINS(Instinct):
    def for_table(self, n: int) -> Instinct:
        return self  # only the 激进 uses count, so it counts them itself (blocked)

    def blocked(self, st: BeastState, seat: int) -> str | None:
        if not st.aggressive.get(seat):
            return "断井颓垣：你处于颓靡状态，上回合有人死亡后才会切换为激进状态。"
        if st.used(seat, self.key) >= bracket(st.n, self.per_game):
            return "断井颓垣（激进）的使用次数已经用完。"
        return None

    def opening(self, ctx: Ctx, st: BeastState, seat: int) -> list[str]:
        if not st.aggressive.get(seat) and st.deaths_last:
            st.aggressive[seat] = True
            return ["断井颓垣：上回合有人死亡，你永久切换为激进状态。"]
        return []

    def status_lines(self, st: BeastState, seat: int) -> list[str]:
        return ["断井颓垣状态：" + ("激进" if st.aggressive.get(seat) else "颓靡") + "。"]

    def guard(self, r: Resolver, seat: int) -> None:
        if not r.st.aggressive.get(seat):
            r.lock(seat, r.start[seat] - 2, "断井颓垣（颓靡：至多扣除2点）")

    def strike_amount(self, r: Resolver, seat: int, target: int, amount: int) -> int:
        return amount if r.st.aggressive.get(seat) else 0  # 颓靡: 回合內攻擊無法造成傷害

    def sense_blind(self, r: Resolver, seat: int) -> bool:
        return not r.st.aggressive.get(seat)  # 颓靡：感應無法獲取目標的攻擊信息

    def effect(self, r: Resolver, seat: int) -> None:
        if r.st.aggressive.get(seat):
            t = r.plan(seat).targets[0]
            amount = 2 if r.start[t] > r.start[seat] else 1
            r.hit(t, Hit(seat, amount, True, "断井颓垣"))
            r.log(f"{seat}号 断井颓垣（激进）：{t}号 {amount}点真实伤害")

    def count_use(self, r: Resolver, seat: int) -> None:
        if r.st.aggressive.get(seat):
            r.st.use(seat, self.key)
