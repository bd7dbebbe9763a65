"""凭依灵⑧（验人系）: 灵魂凭依[深夜][指定]——「反馈结算目标的[表面身份]……然后结算目标得知[发动者是凭依灵]，若决定要链接
[虚情情侣]，则发动者和结算目标获得[虚情情侣]状态，持续至下一个夜晚开始」（「要进行验人的时候就需要决定」）."""

from __future__ import annotations

from ...bansha.engine import unit
from ..declared import SKILLS
from ..skill import role
from ..state import Plan
from ..terms import DEEP, EARLY, SEER, VILLAGE
from ..world import World
from .tonglingshi import Check


@unit("pingyi", "灵魂凭依", SKILLS, phases=(DEEP,), help="反馈结算目标的[表面身份]，目标得知你是凭依灵；加「链接」则两人获得[虚情情侣]至下一个"
       "夜晚开始（要在查验时决定）。", aliases=("凭依",), words=("链接", "不链接"), targeted=True)
class PINGYI(Check):
    def resolve(self, w: World, plan: Plan) -> None:
        final = self._feedback(w, plan)
        if final is None:
            return
        ctx = w.ctx
        ctx.seat(final, f"灵魂凭依：{ctx.name(plan.seat)} 是凭依灵。", "check")
        if "链接" in plan.words:
            for a, b in ((plan.seat, final), (final, plan.seat)):
                if w.status.grant(a, "虚情情侣", EARLY, plan.seat, tell=False, data={"partner": b}):
                    ctx.seat(a, f"你与 {ctx.name(b)} 成为[虚情情侣]（至下一个夜晚开始），可以用 /队聊 虚情情侣 <内容> 交流。")


ROLE = role("凭依灵", VILLAGE, SEER, 8, (PINGYI,), blurb="每晚深夜凭依一名角色，得知其表面身份，可与其结成虚情情侣。")
