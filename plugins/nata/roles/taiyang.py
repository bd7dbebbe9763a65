"""太阳④（弱神）: 日[强制]——「太阳出局时将会触发此效果：公示[日不落]，下一个白天额外进行一轮[正午]阶段」（flow.py plays the
extra round from `state.extra_noons`）."""

from __future__ import annotations

from ...bansha.engine import unit
from ..declared import SKILLS
from ..skill import Forced, role
from ..terms import NOON, VILLAGE, WEAK
from ..world import World


@unit("ri", "日", SKILLS, help="出局时公示[日不落]，下一个白天额外进行一轮正午。")
class RI(Forced):
    def after_out(self, w: World, seat: int, own: list[str], hit) -> None:
        if self.key not in own:
            return
        state = w.state
        state.extra_noons += 1
        if state.phase == NOON:  # other phases publish with their death lists
            w.ctx.group("【日不落】下一个白天额外进行一轮正午。", "reveal")
        else:
            state.notices.append("【日不落】下一个白天额外进行一轮正午。")
        w.ctx.judge(f"{w.ctx.name(seat)}（太阳）出局：日不落")


ROLE = role("太阳", VILLAGE, WEAK, 4, (RI,), blurb="出局时日不落：下一个白天多一轮正午。")
