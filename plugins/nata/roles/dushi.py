"""毒士⑦（强神）: 毒计[早夜][指定][0]——「第二晚开始，任意1名角色，并从[流血][沉默][遗忘][迷魂][超度][漏洞]状态中选择一个。
结算效果：结算目标立刻永久获得对应的状态」; 谋策[早夜][指定][3]——「每天只能使用1次谋策。结算效果：若结算目标持有次数技能，
目标将在[早夜]阶段结束后收到通知，目标可以选择自己其中一个次数技能，其次数增加1。若结算目标不持有次数技能，发动者收到通知，
[毒计]次数+1」."""

from __future__ import annotations

from dataclasses import replace

from ...bansha.engine import Action, Refusal, unit
from ..declared import SKILLS
from ..skill import NataSkill, role
from ..state import NataState, Plan
from ..terms import EARLY, PERM, STRONG, VILLAGE
from ..world import World

POISONS = ("流血", "沉默", "遗忘", "迷魂", "超度", "漏洞")


@unit("duji", "毒计", SKILLS, phases=(EARLY,), help="第二晚开始：目标永久获得所选状态：/技能 毒计 <目标> 流血|沉默|遗忘|迷魂|超度|漏洞。",
       words=POISONS, targeted=True, count=0, night2=True)
class DUJI(NataSkill):
    def check(self, state: NataState, seat: int, action: Action) -> str | None:
        return None if len(action.words) == 1 else "请选择一个状态：/技能 毒计 <目标> 流血|沉默|遗忘|迷魂|超度|漏洞。"

    def resolve(self, w: World, plan: Plan) -> None:
        final = w.targets.land(plan.seat, "duji", plan.targets)[0]
        w.ctx.judge(f"{w.ctx.name(plan.seat)}（毒士）毒计 {plan.targets[0]}号 {plan.words} → {final}")
        if final is not None:
            w.status.grant(final, plan.words[0], PERM, plan.seat, skill="毒计")


def count_skills(state: NataState, seat: int) -> list[str]:
    """The seat's 次数技能 ([数值])."""
    return [k for k in state.held(seat) if SKILLS[k].count is not None]


@unit("mouce", "谋策", SKILLS, phases=(EARLY,), help="每天一次：目标持有次数技能则可为其一项次数+1，否则你的毒计次数+1。", targeted=True,
       count=3)
class MOUCE(NataSkill):
    def blocked(self, state: NataState, seat: int) -> str | None:
        return "谋策每天只能使用一次。" if state.mouce_day.get(seat) == state.day else None

    def resolve(self, w: World, plan: Plan) -> None:
        state, ctx = w.state, w.ctx
        state.mouce_day[plan.seat] = state.day
        final = w.targets.land(plan.seat, "mouce", plan.targets)[0]
        ctx.judge(f"{ctx.name(plan.seat)}（毒士）谋策 {plan.targets[0]}号 → {final}")
        if final is None:
            return
        if count_skills(state, final):
            state.boost_due[final] = state.boost_due.get(final, 0) + 1
            names = "、".join(SKILLS[k].name for k in count_skills(state, final))
            ctx.seat(final, f"谋策：你可以选择自己的一个次数技能使其次数+1：/技能 增加次数 <技能名>（{names}）。")
        else:
            state.add_count(plan.seat, "duji", 1)
            ctx.seat(plan.seat, f"谋策：目标不持有次数技能，你的毒计次数+1（现为 {state.count(plan.seat, 'duji')}）。")


@unit("boost", "增加次数", SKILLS, phases=(), help="谋策：选择自己的一个次数技能，次数+1。", targets=0, instant=True, general=True)
class BOOST(NataSkill):
    """What 谋策 gives its target: one of its 次数技能 +1 (it may wait: "目标可以选择")."""

    def offered(self, state: NataState, seat: int) -> bool:
        return bool(state.boost_due.get(seat))

    def offer(self, state: NataState, seat: int) -> NataSkill:
        return replace(self, words=tuple(SKILLS[k].name for k in count_skills(state, seat)))

    def check(self, state: NataState, seat: int, action: Action) -> str | None:
        try:
            self._counted(state, seat, action.words[0] if len(action.words) == 1 else "")
        except Refusal as e:
            return e.message
        return None

    @staticmethod
    def _counted(state: NataState, seat: int, word: str) -> str:
        for k in count_skills(state, seat):
            if SKILLS[k].name == word:
                return k
        raise Refusal("请选择你的一个次数技能：" + "、".join(SKILLS[k].name for k in count_skills(state, seat)))

    def use(self, w: World, seat: int, action: Action) -> None:
        state = w.state
        key = self._counted(state, seat, action.words[0] if action.words else "")
        state.add_count(seat, key, 1)
        state.boost_due[seat] -= 1
        if state.boost_due[seat] <= 0:
            del state.boost_due[seat]
        w.ctx.reply(f"谋策：「{SKILLS[key].name}」次数+1（现为 {state.count(seat, key)}）。")
        w.ctx.judge(f"{w.ctx.name(seat)} 谋策加次：{SKILLS[key].name}")


ROLE = role("毒士", VILLAGE, STRONG, 7, (DUJI, MOUCE), blurb="用谋策积累毒计次数，给目标永久附加负面状态。")
