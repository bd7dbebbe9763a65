"""懦夫①（弱神）: 怯懦[强制]——「第二晚开始，懦夫成为指定技能的结算目标时触发此效果：懦夫受到[致死伤害]」."""

from __future__ import annotations

from ...bansha.engine import unit
from ...bansha.engine.mechanics import death as death
from ...bansha.engine.mechanics.death import Hit
from ..declared import SKILLS
from ..skill import Forced, role
from ..terms import VILLAGE, WEAK
from ..world import World


@unit("qienuo", "怯懦", SKILLS, help="第二晚开始，成为[指定]技能的结算目标时承受致死伤害。")
class QIENUO(Forced):
    def reached(self, w: World, final: int, user: int, name: str) -> None:
        state = w.state
        if state.holds(final, self.key) and state.after_night1():
            w.targets.note_used("怯懦")
            w.ctx.judge(f"{w.ctx.name(final)}（懦夫）成为「{name}」的结算目标：怯懦，承受致死伤害")
            w.deaths.hit(Hit(final, death.LETHAL, user, "怯懦", (("night", state.is_night()),)))


ROLE = role("懦夫", VILLAGE, WEAK, 1, (QIENUO,), blurb="第二晚开始，成为指定技能的结算目标就会出局。")
