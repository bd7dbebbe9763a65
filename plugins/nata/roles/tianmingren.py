"""天命人⑤（弱神）. 「身份属性（不是技能）：天命人不会获得任何状态。」 薪火相传[晨曦][黄昏][指定]——「出局后下一个可发动技能
的时点，选择任意1名角色。发动效果：发动者立刻失去所有技能。结算效果：结算目标获得以此失去的所有技能」; 天命所归[正午][限定]——
「游戏日正午可发动该技能，发动后，发动者[实际身份]的对应技能刷新至初始」."""

from __future__ import annotations

from ...bansha.engine import Action, unit
from ..declared import SKILLS
from ..skill import NataSkill, role
from ..state import Grant
from ..terms import DAWN, DUSK, NOON, VILLAGE, WEAK
from ..world import World


@unit("xinhuo", "薪火相传", SKILLS, phases=(DAWN, DUSK), help="出局后下一个时点：你失去所有技能，目标获得这些技能。", when_dead=True,
       targeted=True, instant=True, after_death=True, living=False)
class XINHUO(NataSkill):
    def use(self, w: World, seat: int, action: Action) -> None:
        """Lose every skill; the 结算目标 gains them ("获取技能": counts and uses go along)."""
        state, ctx = w.state, w.ctx
        state.windows.pop(seat, None)
        keys = state.strip(seat)
        final = w.targets.land(seat, "xinhuo", action.targets)[0]
        ctx.reply("薪火相传：你失去了所有技能。")
        ctx.judge(f"{ctx.name(seat)} 薪火相传 {action.targets[0]}号 → {final}：{keys}")
        if final is None:
            return
        for k in keys:
            if k in state.held(final):
                continue
            state.grants.setdefault(final, []).append(Grant(k, "薪火相传"))
            if SKILLS[k].count is not None:
                state.counts[state.key(final, k)] = state.count(seat, k)
            if state.spent_on(seat, k):
                state.spent.append(state.key(final, k))
        names = "、".join(SKILLS[k].name for k in keys) or "无"
        ctx.seat(final, f"薪火相传：你获得了技能 {names}。发送 /身份 查看。")


@unit("tianming", "天命所归", SKILLS, phases=(NOON,), help="游戏日正午：你实际身份的技能刷新至初始。", targets=0, limited=True, instant=True,
       no_election=True)
class TIANMING(NataSkill):
    def use(self, w: World, seat: int, action: Action) -> None:
        """"发动者[实际身份]的对应技能刷新至初始" (itself excepted: it is [限定])."""
        state = w.state
        self.consume(state, seat)
        own = [s for s in state.role(seat).skills if s.key != self.key]
        for s in own:
            if s.count is not None:
                state.counts[state.key(seat, s.key)] = s.count or 0
            if state.key(seat, s.key) in state.spent:
                state.spent.remove(state.key(seat, s.key))
        keys = [s.key for s in own]
        state.failed[seat] = [k for k in state.failed.get(seat, []) if k not in keys]
        w.ctx.reply(f"天命所归：你的【{state.roles[seat]}】技能已刷新至初始。")
        w.ctx.judge(f"{w.ctx.name(seat)} 天命所归（{state.roles[seat]}）")


ROLE = role("天命人", VILLAGE, WEAK, 5, (XINHUO, TIANMING), blurb="不会获得任何状态；出局后把技能传给他人。",
            no_status=True)
