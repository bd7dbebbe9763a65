"""传递者④（弱神）: 灵魂传递[正午][指定]——「任意1名角色A和任意1名角色B。结算效果：若A和B均只有一个人且不相同，则A知晓B是谁，
本次正午阶段可发送任意一条50字以内的消息给结算目标B，结算目标B不会知道来源，只会收到消息。发动者会收到反馈：本次通信的两段
以及通信内容」; 灵魂链接[早夜][午夜][深夜][凌晨][晨曦][正午][黄昏][指定][1]——「结算效果：若A和B均只有一个人且不相同，则结算
目标永久共群」. /私聊 carries both (and 凭依灵's 虚情情侣)."""

from __future__ import annotations

from ...bansha.engine import Action, Refusal, unit
from ..declared import SKILLS
from ..skill import NataSkill, role
from ..state import NataState, Plan
from ..terms import DAWN, DEEP, DUSK, EARLY, ELECTION, LATE, LINK_TEAM, LOVERS, MID, NOON, VILLAGE, WEAK
from ..world import World


@unit("chuandi", "灵魂传递", SKILLS, phases=(NOON, ELECTION), help="选择A和B：A得知B，并可在本次正午用 /私聊 B <50字内> 匿名传一条消息；"
       "你收到通信内容。", targets=2, targeted=True, instant=True)
class CHUANDI(NataSkill):
    def blocked(self, state: NataState, seat: int) -> str | None:
        return "今天已经发动过灵魂传递。" if state.day in state.marks.get(state.key(seat, "chuandi_day"), []) else None

    def use(self, w: World, seat: int, action: Action) -> None:
        state, ctx = w.state, w.ctx
        state.acted.append(state.key(seat, "chuandi"))
        state.marks.setdefault(state.key(seat, "chuandi_day"), []).append(state.day)
        a, b = w.targets.land(seat, "chuandi", action.targets)
        ctx.judge(f"{ctx.name(seat)}（传递者）灵魂传递 {action.targets} → {a}, {b}")
        if a is None or b is None or a == b:
            ctx.reply("灵魂传递已发动。")
            return
        state.relays[a] = (b, seat)
        ctx.seat(a, f"灵魂传递：你得知了 {ctx.name(b)}。本次正午你可以用 /私聊 {b} <50字以内> 匿名给他发一条消息。")
        ctx.reply("灵魂传递已发动。")


@unit("lianjie", "灵魂链接", SKILLS, phases=(ELECTION, DAWN, NOON, DUSK, EARLY, MID, DEEP, LATE), help="选择A和B：两人永久共群（/私聊 对方 内容）。",
       targets=2, targeted=True, count=1, anytime=True)
class LIANJIE(NataSkill):
    def use(self, w: World, seat: int, action: Action) -> None:
        self.consume(w.state, seat)
        self._link(w, seat, action.targets)

    def resolve(self, w: World, plan: Plan) -> None:
        self._link(w, plan.seat, plan.targets)

    def _link(self, w: World, seat: int, targets: tuple[int, ...]) -> None:
        state, ctx = w.state, w.ctx
        a, b = w.targets.land(seat, "lianjie", targets)
        ctx.judge(f"{ctx.name(seat)}（传递者）灵魂链接 {targets} → {a}, {b}")
        if a is None or b is None or a == b:
            return
        pair = (min(a, b), max(a, b))
        if pair not in state.links:
            state.links.append(pair)
        for x, y in ((a, b), (b, a)):
            ctx.seat(x, f"灵魂链接：你与 {ctx.name(y)} 永久共群，可以用 /队聊 共群 <内容> 交流。")


def relay(w: World, seat: int, target: int, text: str) -> None:
    """/私聊: 灵魂链接 and 虚情情侣 pairs talk through the bot; 灵魂传递's one anonymous message."""
    state, ctx = w.state, w.ctx
    pair = (min(seat, target), max(seat, target))
    lovers = any(st.name == LOVERS and st.data.get("partner") == target for st in state.statuses.of(seat))
    if (pair in state.links or lovers) and (state.alive[seat] or seat in state.spirits):
        team = LINK_TEAM if pair in state.links else LOVERS
        ctx.seat(target, f"【{team}】{ctx.name(seat)}：{text}", "chat")
        ctx.reply(f"已转发给 {ctx.name(target)}。")
        ctx.judge(f"【{team}】{ctx.name(seat)} → {target}号：{text}")
        return
    link = state.relays.get(seat)
    if link and link[0] == target and state.phase == NOON and seat not in state.relayed and state.alive[seat]:
        if len(text) > 50:
            raise Refusal("灵魂传递的消息要在50字以内。")
        state.relayed.append(seat)
        ctx.seat(target, f"【灵魂传递】你收到一条消息：{text}", "chat")
        ctx.seat(link[1], f"灵魂传递：{ctx.name(seat)} → {ctx.name(target)}：{text}", "chat")
        ctx.reply("消息已匿名送达。")
        ctx.judge(f"【灵魂传递】{ctx.name(seat)} → {target}号：{text}")
        return
    raise Refusal("你和对方没有共群（灵魂链接）、虚情情侣或本次正午的灵魂传递，不能私聊。")


ROLE = role("传递者", VILLAGE, WEAK, 4, (CHUANDI, LIANJIE), blurb="让两名角色匿名通信或永久共群。")
