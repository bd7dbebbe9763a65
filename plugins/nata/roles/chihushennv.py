"""赤狐神女⑩（强神）: 神女秘法[凌晨][0]——「该技能每个奇数日夜晚次数+1，发动此技能后获得反馈：当晚将要出局与赤狐神女阵营相同
的角色」; 煏祸相依[凌晨][指定]——「除自己外任意一名在[神女秘法]反馈名单的角色。结算效果：结算目标永久获得[业炎]状态，并获得
[不死]状态持续至夜晚结束，然后若成功赋予上述状态，则[灵狐灿世]次数+1」; 灵狐灿世[晨曦][黄昏][指定][1]——「竞选日不可发动，
任意一名角色，该技能也可以在出局后的下一个可发动时点发动。发动效果：发动者失去所有技能。结算效果：结算目标承受[致死伤害]，
若结算目标的[实际阵营]是[狼人阵营]或结算目标未出局，则该技能尚未结算的效果不再进行结算」."""

from __future__ import annotations

from dataclasses import replace

from ...bansha.engine import Action, unit
from ..declared import SKILLS
from ..skill import NataSkill, role
from ..state import NataState
from ..terms import DAWN, DUSK, LATE, PERM, STRONG, VILLAGE, WOLF
from ..world import World


@unit("mifa", "神女秘法", SKILLS, phases=(LATE,), help="奇数夜次数+1：得知当晚将要出局的村民阵营角色。", targets=0, count=0, instant=True)
class MIFA(NataSkill):
    def blocked(self, state: NataState, seat: int) -> str | None:
        return "今晚已经发动过神女秘法。" if state.key(seat, "mifa") in state.acted else None

    def use(self, w: World, seat: int, action: Action) -> None:
        """Told at once: 煏祸相依 needs the list within the same 凌晨."""
        state, ctx = w.state, w.ctx
        self.consume(state, seat)
        w.targets.note_used("神女秘法")
        mine = state.faction(seat)
        doomed = [s for s in w.night.doomed() if state.faction(s) == mine]
        state.mifa_list[seat] = doomed
        state.acted.append(state.key(seat, "mifa"))
        ctx.seat(seat, "神女秘法：当晚将要出局的同阵营角色：" + ("、".join(ctx.name(s) for s in doomed) or "无") + "。",
                 "check")
        ctx.judge(f"{ctx.name(seat)}（赤狐神女）神女秘法：{doomed}")

    def replenish(self, w: World) -> None:
        """The night begins: "该技能每个奇数日夜晚次数+1"."""
        if w.state.day % 2 == 1:
            for seat in w.state.holding(self.key):
                w.state.add_count(seat, self.key, 1)


@unit("huoyi", "煏祸相依", SKILLS, phases=(LATE,), help="目标（神女秘法名单中除你外的角色）永久获得[业炎]并不死至夜晚结束；成功则"
       "灵狐灿世次数+1。", aliases=("福祸相依", "祸福相依"), targeted=True, instant=True)
class HUOYI(NataSkill):
    def blocked(self, state: NataState, seat: int) -> str | None:
        if state.key(seat, "huoyi") in state.acted:
            return "今晚已经发动过煏祸相依。"
        return None if [s for s in state.mifa_list.get(seat, []) if s != seat] else "神女秘法名单里没有可选的角色。"

    def target(self, state: NataState, seat: int, target: int) -> str | None:
        if target == seat or target not in state.mifa_list.get(seat, []):
            return "煏祸相依只能选择神女秘法名单中除你以外的角色。"
        return None

    def use(self, w: World, seat: int, action: Action) -> None:
        state = w.state
        state.acted.append(state.key(seat, "huoyi"))
        final = w.targets.land(seat, "huoyi", action.targets)[0]
        w.ctx.reply("煏祸相依已发动。")
        w.ctx.judge(f"{w.ctx.name(seat)}（赤狐神女）煏祸相依 {action.targets[0]}号 → {final}")
        if final is None:
            return
        burned = w.status.grant(final, "业炎", PERM, seat)
        saved = w.status.grant(final, "不死", DAWN, seat)
        if burned and saved:
            state.add_count(seat, "canshi", 1)
            w.ctx.seat(seat, f"煏祸相依成功：灵狐灿世次数+1（现为 {state.count(seat, 'canshi')}）。")


@unit("canshi", "灵狐灿世", SKILLS, phases=(DAWN, DUSK), help="竞选日不可用；你失去所有技能，依次对目标造成致死伤害（目标是狼人阵营或"
       "未出局则停止）；出局后下一个时点仍可发动。", min_targets=1, when_dead=True,
       syntax="灵狐灿世 <目标1> [目标2 …]（按击杀顺序，每个目标一次）", targeted=True, count=1, no_election=True,
       instant=True, after_death=True)
class CANSHI(NataSkill):
    def offer(self, state: NataState, seat: int) -> NataSkill:
        return replace(self, targets=max(1, state.count(seat, "canshi")))  # one target per use, in killing order

    def check(self, state: NataState, seat: int, action: Action) -> str | None:
        if len(action.targets) > state.count(seat, "canshi"):
            return f"灵狐灿世次数不足：你只有 {state.count(seat, 'canshi')} 次。"
        return None

    def use(self, w: World, seat: int, action: Action) -> None:
        """发动效果 (lose every skill) first, then each kill in the order given until one fails."""
        state, ctx = w.state, w.ctx
        uses = len(action.targets)
        state.add_count(seat, "canshi", -uses)
        state.strip(seat)
        ctx.reply(f"灵狐灿世：你失去了所有技能，依次对 {'、'.join(f'{t}号' for t in action.targets)} 发动。")
        ctx.judge(f"{ctx.name(seat)}（赤狐神女）灵狐灿世 ×{uses}：{action.targets}")
        for t in action.targets:
            final = w.targets.land(seat, "canshi", (t,))[0]
            if final is None:
                break
            w.deaths.lethal(final, seat, "灵狐灿世")
            if state.faction(final) == WOLF or state.alive[final]:
                break


ROLE = role("赤狐神女", VILLAGE, STRONG, 10, (MIFA, HUOYI, CANSHI), blurb="预知当晚将出局的同阵营角色并救下他们，"
            "积累灵狐灿世。")
