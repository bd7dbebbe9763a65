"""合纵连横（AT·防守）：一回合冷卻。放棄攻擊/感應，本回合鎖血為當前血量；可選定一個目標，使其本回合最大受到傷害為 2/3/4
（4-5/6-8/9-10人）。"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...bansha.engine import ALIVE
from ..data import AT, B458, DEFEND, bracket
from ..power import Instinct, instinct

if TYPE_CHECKING:
    from ..resolve import Resolver

CAP = B458(2, 3, 4)  # 最大受到傷害為 2/3/4


@instinct("合纵连横", AT, DEFEND, "alliance",
          "一回合冷却。放弃攻击/感应，本回合锁血为当前血量；可选定一个目标，使其本回合最大受到伤害为 2/3/4"
          "（4-5/6-8/9-10人）。",
          skill_kw={"targets": 1, "target_rule": ALIVE, "min_targets": 0, "aliases": ("合纵",)},
          cooldown=1, gives_up_action=True, traditional="合縱連橫")
class ALLIANCE(Instinct):
    def guard(self, r: Resolver, seat: int) -> None:
        if not r.active(seat, self.key):
            return
        r.lock(seat, r.start[seat], "合纵连横")
        targets = r.plan(seat).targets
        if targets:
            cap = bracket(r.n, CAP)
            t = targets[0]
            r.caps[t] = min(r.caps.get(t, cap), cap)
            r.log(f"{seat}号 合纵连横：{t}号 本回合最大受到伤害为{cap}")
