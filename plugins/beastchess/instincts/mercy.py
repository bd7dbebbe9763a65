"""仁慈（PT·信息）：攻擊一個上一回合血量≤最大血量一半的目標時可以發動：本回合將其鎖血為1，且他下一回合無法使用本能、發動智慧
必定失敗（一級沒有攻擊，不能發動）。"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...bansha.engine import ALIVE_OTHER
from ..data import INFO, PT
from ..order import FEAR_TIER
from ..power import Instinct, instinct

if TYPE_CHECKING:
    from ..resolve import Resolver
    from ..state import BeastState


@instinct("仁慈", PT, INFO, "mercy",
          "攻击一个上一回合血量≤最大血量一半的目标时可以发动：本回合将其锁血为1，且他下一回合无法使用本能、发动智慧必定失败。",
          skill_kw={"targets": 1, "target_rule": ALIVE_OTHER},
          table_null_tier=FEAR_TIER)  # the next round's ban is known before it begins
class MERCY(Instinct):
    def blocked(self, st: BeastState, seat: int) -> str | None:
        return "仁慈需要攻击，一级动物没有攻击。" if st.level(seat) == 1 else None

    def target(self, st: BeastState, seat: int, target: int) -> str | None:
        return "仁慈：目标上一回合的血量须≤最大血量的一半。" if st.known_hp(seat, target) * 2 > st.max_hp else None

    # --- this round: on the holder's attack ------------------------------------------------------------------
    def landed(self, r: Resolver, seat: int, target: int) -> None:
        if not (r.active(seat, self.key) and r.plan(seat).targets[0] == target):
            return
        if r.start[target] * 2 <= r.st.max_hp:
            r.lock(target, 1, "仁慈")
            r.memo(self.key, list).append(target)
            r.log(f"{seat}号 仁慈：{target}号 本回合锁血为1，下回合无法使用本能、智慧必定失败")
        else:
            r.note(seat, "仁慈：目标上一回合血量高于最大血量的一半，未生效。")

    def after_strikes(self, r: Resolver, seat: int, strikes: list[tuple[int, str]]) -> None:
        if r.active(seat, self.key) and r.plan(seat).targets[0] not in [t for t, _ in strikes]:
            r.note(seat, "仁慈：目标不是你本回合的攻击对象，未生效。")

    def aftermath(self, r: Resolver, deaths: list[int]) -> None:
        for t in r.memo(self.key, list):
            r.st.mercy_until[t] = r.r + 1

    # --- the next round: on the target -------------------------------------------------------------------------
    def table_forbids(self, st: BeastState, seat: int) -> str | None:
        return "仁慈：你本回合无法使用本能。" if st.mercy_until.get(seat) == st.day else None

    def table_opening(self, st: BeastState, seat: int) -> str:
        return "仁慈：你本回合无法使用本能，智慧必定失败。" if st.mercy_until.get(seat) == st.day else ""

    def table_nullifies(self, r: Resolver) -> list[int]:
        return [s for s in r.actors if r.st.mercy_until.get(s) == r.r]

    def spoils_guess(self, r: Resolver, seat: int) -> str | None:
        return f"{seat}号 的智慧因仁慈必定失败" if r.st.mercy_until.get(seat) == r.r else None
