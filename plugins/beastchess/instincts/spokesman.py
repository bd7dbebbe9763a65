"""外交部发言人（PT·全能·锁定）：存活時每回合可標記兩個人（每人至多被你標記三次）。你死亡後的下一回合本能發動：每層標記使與你
同等級者增加1個護盾，其他等級者受到1點傷害。"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...bansha.engine import ALIVE_OTHER
from ..data import ALLROUND, PT
from ..power import Instinct, instinct
from ..resolve import Hit

if TYPE_CHECKING:
    from ..resolve import Resolver
    from ..state import BeastState


@instinct("外交部发言人", PT, ALLROUND, "spokesman",
          "锁定。存活时每回合可标记两个人（每人至多被你标记三次）。你死亡后的下一回合本能发动："
          "每层标记使与你同等级者增加1个护盾，其他等级者受到1点伤害。",
          skill_kw={"targets": 2, "target_rule": ALIVE_OTHER, "aliases": ("外交部", "标记")}, locked=True,
          traditional="外交部發言人")
class SPOKESMAN(Instinct):
    def target(self, st: BeastState, seat: int, target: int) -> str | None:
        return f"{target}号 已经被你标记了三次。" if st.marks.get(seat, {}).get(target, 0) >= 3 else None

    def status_lines(self, st: BeastState, seat: int) -> list[str]:
        if not st.marks.get(seat):
            return []
        return ["外交部标记：" + "、".join(f"{t}号×{k}" for t, k in sorted(st.marks[seat].items())) + "。"]

    def effect(self, r: Resolver, seat: int) -> None:
        targets = r.plan(seat).targets
        for m in targets:
            book = r.st.marks.setdefault(seat, {})
            book[m] = min(3, book.get(m, 0) + 1)
        r.log(f"{seat}号 外交部发言人标记：{'、'.join(f'{m}号' for m in targets)}")

    def table_effect(self, r: Resolver) -> None:
        """The round after the holder's death (上回合死亡 -> 本能发动)."""
        st = r.st
        for h in sorted(st.marks):
            if st.died_round.get(h) != r.r - 1:
                continue
            for t, layers in sorted(st.marks[h].items()):
                if t not in r.actors:
                    continue
                if st.level(t) == st.level(h):
                    r.gain[t] = r.gain.get(t, 0) + layers
                    r.log(f"外交部发言人（{h}号）发动：{t}号 +{layers}护盾")
                else:
                    r.hit(t, Hit(h, layers, False, "外交部发言人"))
                    r.log(f"外交部发言人（{h}号）发动：{t}号 受到{layers}点伤害")
