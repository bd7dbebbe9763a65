"""朱雀⑨（强神）: 涅槃重生[强制]——「朱雀出局时触发效果：免于此次出局并清除自己所有负面状态，然后自己的[业炎][天火]次数+1，
村民阵营的强神和弱神判负所需出局人数各减少1」; 业炎[午夜][0][指定]——「结算目标永久获得[业炎]状态」; 天火[深夜][指定][1]——
「第二晚开始……若结算目标实际阵营为[非村民阵营]，对其造成[致死伤害]，否则无效果」."""

from __future__ import annotations

from ...bansha.engine import unit
from ...bansha.engine.mechanics.death import Hit
from ..declared import SKILLS
from ..skill import Forced, NataSkill, role
from ..state import FAMILY, Plan
from ..terms import DEEP, MID, PERM, STRONG, VILLAGE
from ..world import World


@unit("niepan", "涅槃重生", SKILLS, help="出局时免于出局，清除负面状态，业炎、天火次数+1，村民阵营强神、弱神判负所需人数各减1。")
class NIEPAN(Forced):
    def survive(self, w: World, hit: Hit) -> bool:
        state, ctx, seat = w.state, w.ctx, hit.target
        if not state.holds(seat, "niepan"):
            return False
        FAMILY.clear(state.statuses, seat, negative=True)
        state.add_count(seat, "yeyan_zq", 1)
        state.add_count(seat, "tianhuo", 1)
        state.zhuque_cuts += 1  # state.village_lost reads it
        w.targets.note_used("涅槃重生")
        ctx.seat(seat, "涅槃重生：你免于出局，清除了所有负面状态，业炎、天火次数各+1。")
        ctx.judge(f"{ctx.name(seat)}（朱雀）涅槃重生，免于「{hit.skill}」；村民阵营判负人数各减1")
        return True


class Burn(NataSkill):
    """"结算目标永久获得[业炎]状态" (朱雀's and 赤狼's 业炎)."""

    def resolve(self, w: World, plan: Plan) -> None:
        final = w.targets.land(plan.seat, plan.key, plan.targets)[0]
        w.ctx.judge(f"{w.ctx.name(plan.seat)} {self.name} {plan.targets[0]}号 → {final}")
        if final is not None:
            w.status.grant(final, "业炎", PERM, plan.seat, skill=self.name)


@unit("yeyan_zq", "业炎", SKILLS, phases=(MID,), help="结算目标永久获得[业炎]。", targeted=True, count=0)
class YEYAN_ZQ(Burn):
    pass


@unit("tianhuo", "天火", SKILLS, phases=(DEEP,), help="第二晚开始：结算目标实际阵营不是村民阵营则承受致死伤害。", targeted=True, count=1,
       night2=True)
class TIANHUO(NataSkill):
    def resolve(self, w: World, plan: Plan) -> None:
        final = w.targets.land(plan.seat, "tianhuo", plan.targets)[0]
        w.ctx.judge(f"{w.ctx.name(plan.seat)}（朱雀）天火 {plan.targets[0]}号 → {final}")
        if final is not None and w.state.faction(final) != VILLAGE:
            w.deaths.lethal(final, plan.seat, "天火")


ROLE = role("朱雀", VILLAGE, STRONG, 9, (NIEPAN, YEYAN_ZQ, TIANHUO), blurb="出局时涅槃重生；业炎、天火惩戒非村民。")
