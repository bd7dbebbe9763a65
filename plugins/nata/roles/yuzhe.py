"""愚者②（弱神）: 大难不死[强制][1]——「当愚者承受投票出局的效果时触发此效果：永久获得[自由][霸道]状态并公示[投票出局的人是
个愚者，本次放逐无效]。若愚者是警长，须选择一名其他角色移交警长。然后愚者不能参与投票、不能成为警长[殉职]目标」
(the vote and 殉职 read `state.fool_flipped`)."""

from __future__ import annotations

from ...bansha.engine import unit
from ...bansha.engine.mechanics import death as death
from ...bansha.engine.mechanics.death import Hit
from ..declared import SKILLS
from ..skill import Forced, role
from ..terms import PERM, VILLAGE, WEAK
from ..world import World


@unit("danan", "大难不死", SKILLS, help="被投票出局时免于出局，永久获得[自由][霸道]并公示；之后不能投票。", count=1)
class DANAN(Forced):
    def survive(self, w: World, hit: Hit) -> bool:
        state, ctx, seat = w.state, w.ctx, hit.target
        if not (hit.kind == death.VOTE and state.holds(seat, self.key) and state.count(seat, self.key) > 0):
            return False
        state.add_count(seat, self.key, -1)
        state.fool_flipped.append(seat)
        w.deaths.reveal(seat, quiet=True)
        w.status.grant(seat, "自由", PERM, seat, tell=True)
        w.status.grant(seat, "霸道", PERM, seat, tell=True)
        ctx.group(f"投票出局的人是个愚者，本次放逐无效：{ctx.name(seat)} 是愚者。", "reveal", {"known": ((seat, False),)})
        ctx.judge(f"{ctx.name(seat)}（愚者）大难不死")
        if state.badge.holder == seat:
            state.badge.vacate(state.phase, state.day)
            state.badge_must = seat
            ctx.seat(seat, "你是警长：须用 /技能 殉职 <目标> 把警长移交给一名其他角色。")
        return True


ROLE = role("愚者", VILLAGE, WEAK, 2, (DANAN,), blurb="第一次被投票出局时免于出局。")
