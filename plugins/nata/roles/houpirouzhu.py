"""厚皮肉猪⑤（弱神）: 苟活[强制]——「厚皮肉猪获得仅针对非村民阵营的[不死]状态，同时获得[秩序]状态。厚皮肉猪出局后触发此效果：
厚皮猪电梯楼上下2个最近的存活村民阵营角色永久获得[净化]状态。当场上人数变为开局人数的一半及以下时触发此效果：本技能失效」."""

from __future__ import annotations

from ...bansha.engine import unit
from ...bansha.engine.mechanics import ring as ring
from ..declared import SKILLS
from ..skill import Forced, role
from ..state import NataState
from ..terms import PERM, VILLAGE, WEAK
from ..world import World


@unit("gouhuo", "苟活", SKILLS, help="对非村民阵营[不死]并持有[秩序]；出局时上下最近的存活村民阵营角色各永久获得[净化]；"
        "存活人数不多于开局一半时失效。")
class GOUHUO(Forced):
    def innate(self, state: NataState, seat: int, keys: list[str]) -> list[tuple[str, str]]:
        return [("不死", "非村民"), ("秩序", "")] if state.holds(seat, self.key, keys) else []

    def failing(self, state: NataState) -> bool:
        return len(state.living()) * 2 <= state.start_n  # "场上人数变为开局人数的一半及以下"

    def after_out(self, w: World, seat: int, own: list[str], hit) -> None:
        """"出局后……电梯楼上下2个最近的存活村民阵营角色永久获得[净化]"."""
        if self.key not in own:
            return
        state = w.state
        alive = lambda s: state.alive[s]  # noqa: E731
        village = lambda s: state.faction(s) == VILLAGE  # noqa: E731
        near = [ring.first(state.ring, alive, seat, d, village) for d in (ring.ABOVE, ring.BELOW)]
        for s in dict.fromkeys(s for s in near if s):
            w.status.grant(s, "净化", PERM, seat, skill="苟活")


ROLE = role("厚皮肉猪", VILLAGE, WEAK, 5, (GOUHUO,), blurb="对非村民阵营不死，持有秩序。")
