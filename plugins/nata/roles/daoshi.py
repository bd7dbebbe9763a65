"""道士⑧（强神）: 结印[指定][早夜]——「任意三名角色，不能连续两晚选择相同的三个角色。结算效果：若结算目标的[实际身份]为
1狼1强神1弱神，所有和道士实际阵营不一致的角色获得[沉默]状态，持续至下一个夜晚开始。若……3狼，所有结算目标获得[缴械]状态，
持续至下一个正午开始。若……3强神，下一天被[投票出局]的角色[翻牌]。若……3弱神，道士获得[独裁]状态，持续至下一个夜晚开始。
其余情况或道士的结算目标不是正好3人则无效果」."""

from __future__ import annotations

from ...bansha.engine import Action, unit
from ..declared import SKILLS
from ..skill import NataSkill, role
from ..state import NataState, Plan
from ..terms import EARLY, NOON, STRONG, VILLAGE, WEAK, WOLFKIND
from ..world import World


@unit("jieyin", "结印", SKILLS, phases=(EARLY,), help="选择三名角色（不能连续两晚相同）：1狼1强神1弱神→与你阵营不同者沉默；3狼→三人缴械；3强神→"
       "下一天被投票出局者翻牌；3弱神→你获得独裁。", targets=3, targeted=True)
class JIEYIN(NataSkill):
    def check(self, state: NataState, seat: int, action: Action) -> str | None:
        if sorted(action.targets) == sorted(state.last.get(state.key(seat, "jieyin"), [])):
            return "不能连续两晚选择相同的三个角色。"
        return None

    def resolve(self, w: World, plan: Plan) -> None:
        state, seat = w.state, plan.seat
        state.last[state.key(seat, "jieyin")] = sorted(plan.targets)
        finals = w.targets.land(seat, "jieyin", plan.targets)
        w.ctx.judge(f"{w.ctx.name(seat)}（道士）结印 {plan.targets} → {finals}")
        if None in finals or len(set(finals)) != 3:
            return
        kinds = sorted(state.kind(s) for s in finals)  # type: ignore[arg-type]
        if kinds == sorted([WOLFKIND, STRONG, WEAK]):
            for s in state.seats():
                if state.faction(s) != state.faction(seat):
                    w.status.grant(s, "沉默", EARLY, seat)
        elif kinds == [WOLFKIND] * 3:
            for s in finals:
                w.status.grant(s, "缴械", NOON, seat)  # type: ignore[arg-type]
        elif kinds == [STRONG] * 3:
            state.flip_vote_day = state.day + 1  # the flip itself: flow.py's vote-out
        elif kinds == [WEAK] * 3:
            w.status.grant(seat, "独裁", EARLY, seat, tell=False)


ROLE = role("道士", VILLAGE, STRONG, 8, (JIEYIN,), blurb="早夜对三名角色结印，按他们的实际身份产生效果。")
