"""御主⑨（强神）: 英灵显现[强制]——「有角色出局时触发此效果：出局的角色[翻牌]，所有出局的角色会根据其强度分增加英灵召唤的
次数（计算方式为该角色强度分÷2，向下取整）」; 英灵召唤[黄昏][指定][0]——「任意一名已出局角色，需要支付其强度分的次数。结算
效果：若结算目标不为三方不定，目标角色于黄昏结束后获得[自由]状态，与御主共群，并且可以使用技能，持续至该技能的发动者出局」."""

from __future__ import annotations

from ...bansha.engine import Action, unit
from ..declared import SKILLS
from ..skill import Forced, NataSkill, role
from ..state import NataState
from ..terms import DUSK, ELDER, PERM, STRONG, VILLAGE
from ..world import World


@unit("yingling", "英灵显现", SKILLS, help="有角色出局时其翻牌，英灵召唤次数增加其强度÷2（向下取整）。")
class YINGLING(Forced):
    def after_out(self, w: World, seat: int, own: list[str], hit) -> None:
        state, ctx = w.state, w.ctx
        for master in state.seats():
            if master != seat and state.alive[master] and state.holds(master, self.key):
                w.deaths.reveal(seat, quiet=True)
                gain = state.role(seat).strength // 2
                state.add_count(master, "zhaohuan", gain)
                w.targets.note_used("英灵显现")
                ctx.judge(f"英灵显现：{ctx.name(seat)} 翻牌，{ctx.name(master)} 的英灵召唤次数+{gain}")


@unit("zhaohuan", "英灵召唤", SKILLS, phases=(DUSK,), help="支付目标强度值的次数，召唤一名已出局角色：黄昏结束后获得[自由]，与你共群并可"
       "使用技能，直到你出局。", targeted=True, count=0, instant=True, picks_dead=True)
class ZHAOHUAN(NataSkill):
    def target(self, state: NataState, seat: int, target: int) -> str | None:
        if state.alive[target]:
            return f"{target}号 没有出局。"
        if target in state.spirits or any(t == target for t, _ in state.spirit_due):
            return f"{target}号 已经是英灵了。"
        cost = state.role(target).strength
        if cost > state.count(seat, "zhaohuan"):
            return f"英灵召唤次数不足：召唤 {target}号 需要 {cost} 次，你有 {state.count(seat, 'zhaohuan')} 次。"
        return None

    def use(self, w: World, seat: int, action: Action) -> None:
        state = w.state
        target = action.targets[0]
        state.add_count(seat, "zhaohuan", -state.role(target).strength)
        final = w.targets.land(seat, "zhaohuan", action.targets)[0]
        w.ctx.reply("英灵召唤已发动。")
        w.ctx.judge(f"{w.ctx.name(seat)}（御主）英灵召唤 {target}号 → {final}")
        if final is not None and not state.alive[final] and state.faction(final) != ELDER:
            state.spirit_due.append((final, seat))

    def summon(self, w: World) -> None:
        """"目标角色于黄昏结束后获得[自由]状态，与御主共群"."""
        state, ctx = w.state, w.ctx
        for seat, master in state.spirit_due:
            if w.status.grant(seat, "自由", PERM, master, tell=False, data={"spirit": master}):
                state.spirits[seat] = master
                ctx.seat(seat, f"你被御主 {ctx.name(master)} 召唤为英灵：获得[自由]，与御主共群（/队聊），可以使用技能，"
                               "直到御主出局。")
                ctx.seat(master, f"英灵召唤成功：{ctx.name(seat)} 成为你的英灵。")
        state.spirit_due = []

    def after_out(self, w: World, seat: int, own: list[str], hit) -> None:
        """"持续至该技能的发动者出局": the spirits of a 御主 who left lose their 自由."""
        state = w.state
        for spirit, master in list(state.spirits.items()):
            if master == seat:
                del state.spirits[spirit]
                state.statuses.items = [x for x in state.statuses.items
                                        if not (x.holder == spirit and x.data.get("spirit") == master)]
                w.ctx.seat(spirit, "御主已出局：你的英灵状态结束了。")


ROLE = role("御主", VILLAGE, STRONG, 9, (YINGLING, ZHAOHUAN), blurb="出局者都会翻牌；可以召唤已出局角色作为英灵。")
