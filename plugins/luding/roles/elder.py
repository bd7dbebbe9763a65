"""长老: 长寿之命 — the first valid infection changes nothing; his exit by vote, 毒药 or 最后一枪 takes the
non-强制 skills of the 女巫, 预言家, 守卫 and 猎人."""

from __future__ import annotations

from ..book import BOOK, GO, VOID, LudingRole, LudingSkill
from ..state import LudingState
from ..terms import BY_VOTE, ELDER, GUARD, HUNTER, POISONED, SEER, SHOT_BY_DAY, SHOT_BY_NIGHT, VILLAGE, WITCH
from ..world import World

BOUND = (WITCH, SEER, GUARD, HUNTER)  # the roles that lose their non-强制 skills
CAUSES = (BY_VOTE, SHOT_BY_DAY, SHOT_BY_NIGHT, POISONED)  # 长寿之命: 投票、毒药、最后一枪


@BOOK.unit("longevity", "长寿之命", targets=0, mandatory=True,
           help="第一次被有效感染时不转变阵营；你因投票、毒药或最后一枪出局后，女巫、预言家、守卫、猎人失去非强制技能。")
class LONGEVITY(LudingSkill):
    def infected(self, w: World, seat: int, head: str) -> str:
        """二: an 长老 never validly infected before counts as validly infected once, and nothing changes."""
        if w.state.elder_hit:
            return GO
        w.state.elder_hit = True
        w.ctx.judge(head + "长老第一次被有效感染，<长寿之命>：不转变阵营")
        return VOID

    def out(self, w: World, seat: int, cause: str, by_day: bool) -> None:
        if cause not in CAUSES:
            return
        ctx, state = w.ctx, w.state
        for role in BOUND:
            holder = state.holder(role)
            for sk in BOOK.roles[role].skills:
                if not sk.mandatory and state.has(holder, sk.key):
                    state.lost_skills.append(f"{holder}:{sk.key}")
            if state.alive[holder]:
                ctx.seat(holder, "长老出局了（<长寿之命>）：你失去了所有非强制技能。")
        ctx.judge("长老出局：女巫、预言家、守卫、猎人失去非强制技能")


class Elder(LudingRole):
    def marks(self, state: LudingState, seat: int) -> list[str]:
        return ["长寿之命已抵消一次感染"] if state.elder_hit else []


ELDER_ROLE = BOOK.role(Elder(ELDER, VILLAGE, (LONGEVITY,), "第一次被有效感染时不转变阵营。"))
