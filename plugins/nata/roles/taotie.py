"""饕餮⑨（狼人，[接刀]）: 贪欲[强制]——「饕餮获得永久[秩序]，如果[暴食]次数不小于2，技能持有者视为拥有技能[最后一枪]。每次成为
[指定]技能的结算目标时触发此效果：[暴食]技能次数+1，每个相同技能名只计算一次」; 诱食[早夜][指定]——「任意一名角色，每个角色只能
被选择一次。结算效果：若结算目标当夜使用[指定]技能，你立刻获得反馈：[结算目标使用的技能名]，无论是否指定你都视为触发贪欲（包括
计入技能名），且暴食当晚次数最多增加1」; 暴食[深夜][指定][0]——「第二晚开始，任意一名角色。结算效果：对结算目标造成一次[指杀]」."""

from __future__ import annotations

from ...bansha.engine import unit
from ...bansha.engine.mechanics import death as death
from ...bansha.engine.mechanics.death import Hit
from ..declared import SKILLS
from ..skill import Forced, NataSkill, role
from ..state import NataState, Plan
from ..terms import DEEP, EARLY, WOLF, WOLFKIND
from ..world import World
from .pack import KILL


@unit("tanyu", "贪欲", SKILLS, help="永久[秩序]；成为[指定]技能结算目标时暴食次数+1（每个技能名一次）；暴食次数不小于2时"
        "视为拥有最后一枪。", gives=("shot",))
class TANYU(Forced):
    def innate(self, state: NataState, seat: int, keys: list[str]) -> list[tuple[str, str]]:
        return [("秩序", "")] if state.holds(seat, self.key, keys) else []

    def adds(self, state: NataState, seat: int, keys: list[str]) -> tuple[str, ...]:
        """"如果[暴食]次数不小于2，技能持有者视为拥有技能[最后一枪]"."""
        if self.key in keys and state.count(seat, "baoshi") >= 2 and not state.has(seat, "遗忘"):
            return ("shot",)
        return ()

    def reached(self, w: World, final: int, user: int, name: str) -> None:
        if w.state.holds(final, self.key):
            feed(w, final, name)


def feed(w: World, glutton: int, name: str) -> None:
    """"[暴食]技能次数+1，每个相同技能名只计算一次"."""
    state = w.state
    names = state.glutton_names.setdefault(glutton, [])
    if name in names:
        return
    names.append(name)
    state.add_count(glutton, "baoshi", 1)
    w.targets.note_used("贪欲")
    w.ctx.seat(glutton, f"贪欲：你的暴食次数+1（现为 {state.count(glutton, 'baoshi')}）。")
    w.ctx.judge(f"{w.ctx.name(glutton)}（贪欲）因「{name}」暴食次数+1")


@unit("youshi", "诱食", SKILLS, phases=(EARLY,), help="每名角色一次：目标当夜使用[指定]技能时你得知技能名，并视为触发贪欲（当晚最多+1）。",
       targeted=True, once_each=True)
class YOUSHI(NataSkill):
    def resolve(self, w: World, plan: Plan) -> None:
        w.state.marks.setdefault(w.state.key(plan.seat, "youshi"), []).append(plan.targets[0])
        final = w.targets.land(plan.seat, "youshi", plan.targets)[0]
        w.ctx.judge(f"{w.ctx.name(plan.seat)}（饕餮）诱食 {plan.targets[0]}号 → {final}")
        if final is not None:
            w.state.lure[plan.seat] = final

    def used(self, w: World, user: int, name: str) -> None:
        state = w.state
        if not state.is_night():
            return
        for glutton, lured in list(state.lure.items()):
            if lured != user:
                continue
            w.ctx.seat(glutton, f"诱食：{w.ctx.name(user)} 今晚使用了「{name}」。")
            names = state.glutton_names.setdefault(glutton, [])
            if name not in names and glutton not in state.lure_fed and state.holds(glutton, "tanyu"):
                state.lure_fed.append(glutton)
                feed(w, glutton, name)


@unit("baoshi", "暴食", SKILLS, phases=(DEEP,), help="第二晚开始：对结算目标造成一次[指杀]。", targeted=True, count=0, night2=True)
class BAOSHI(NataSkill):
    def resolve(self, w: World, plan: Plan) -> None:
        final = w.targets.land(plan.seat, "baoshi", plan.targets)[0]
        w.ctx.judge(f"{w.ctx.name(plan.seat)}（饕餮）暴食 {plan.targets[0]}号 → {final}")
        if final is not None:
            w.deaths.hit(Hit(final, death.KILL, plan.seat, "暴食", (("night", w.state.is_night()),)))


ROLE = role("饕餮", WOLF, WOLFKIND, 9, (TANYU, YOUSHI, BAOSHI), tags=("接刀",), blurb="被指定越多越强；群内狼全灭后接刀。",
            extra=(KILL,))  # [接刀]: "获得[杀人]技能并可使用"
