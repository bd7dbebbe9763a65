"""养殖者⑥（狼人，[群内]）. 「有养殖者必有厚皮肉猪。」 养殖[开局][强制]——「游戏开始时触发此效果：养殖者获知厚皮肉猪的马甲」;
精明[黄昏][0]——「每有一个获取猪技能的角色出局（包括其他手段获得的猪身份技能），该技能次数增加5次，游戏日黄昏，养殖者可以消耗
对应次数获得如下技能，每个技能只能选择一次，获得的技能使用一次之后就消失」: 通灵(1)、守夜(1)、崩塌狙击(3)、一锤定音(5)."""

from __future__ import annotations

from ...bansha.engine import Action, unit
from ..declared import SKILLS
from ..skill import Forced, NataSkill, role
from ..state import Grant, NataState, Plan
from ..terms import DEEP, DUSK, LATE, NOON, WOLF, WOLFKIND, seats_text
from ..world import World
from .pack import KILL
from .tonglingshi import Check

PIG = "厚皮肉猪"
# Bought with 精明: name → (skill key, cost).
SHOP: dict[str, tuple[str, int]] = {"通灵": ("tongling_b", 1), "守夜": ("shouye", 1), "崩塌狙击": ("bengta", 3),
                                    "一锤定音": ("yichui", 5)}


@unit("yangzhi", "养殖", SKILLS, help="开局得知厚皮肉猪是谁。")
class YANGZHI(Forced):
    def tells(self, state: NataState, seat: int) -> list[str]:
        return [f"{PIG}：{seats_text(state.holders(PIG))}。"] if self.key in state.role(seat).skill_keys else []


@unit("jingming", "精明", SKILLS, phases=(DUSK,), help="每有一个持有苟活的角色出局次数+5；消耗次数获得一次性技能：通灵(1)、守夜(1)、"
       "崩塌狙击(3)、一锤定音(5)，每个只能选一次。", targets=0, words=tuple(SHOP), syntax="精明 <通灵|守夜|崩塌狙击|一锤定音>",
       count=0, instant=True)
class JINGMING(NataSkill):
    def lacks(self, state: NataState, seat: int) -> str | None:
        return None if state.count(seat, "jingming") >= 1 else "精明次数不足。"

    def check(self, state: NataState, seat: int, action: Action) -> str | None:
        if len(action.words) != 1:
            return "请选择要换取的技能：通灵(1)、守夜(1)、崩塌狙击(3)、一锤定音(5)。"
        key, cost = SHOP[action.words[0]]
        if state.count(seat, "jingming") < cost:
            return f"精明次数不足：「{action.words[0]}」需要 {cost} 次，你有 {state.count(seat, 'jingming')} 次。"
        if key in state.bought.get(seat, []):
            return f"「{action.words[0]}」已经选过了（每个技能只能选择一次）。"
        return None

    def use(self, w: World, seat: int, action: Action) -> None:
        state = w.state
        key, cost = SHOP[action.words[0]]
        state.add_count(seat, "jingming", -cost)
        state.bought.setdefault(seat, []).append(key)
        state.grants.setdefault(seat, []).append(Grant(key, "精明", once=True))
        w.ctx.reply(f"精明：获得「{SKILLS[key].name}」（使用一次后消失）：{SKILLS[key].help}")
        w.ctx.judge(f"{w.ctx.name(seat)}（养殖者）精明换取 {SKILLS[key].name}")

    def leaving(self, w: World, seat: int, had: list[str]) -> None:
        """"每有一个获取猪技能的角色出局": a holder of 苟活 leaves."""
        if "gouhuo" not in had:
            return
        for farmer in w.state.holding(self.key):
            w.state.add_count(farmer, self.key, 5)
            w.ctx.seat(farmer, f"精明：持有苟活的角色出局，次数+5（现为 {w.state.count(farmer, self.key)}）。")


@unit("tongling_b", "通灵", SKILLS, phases=(DEEP,), help="（精明获得，一次）反馈结算目标的[表面身份]。", targeted=True)
class TONGLING_B(Check):
    pass


@unit("shouye", "守夜", SKILLS, phases=(LATE,), help="（精明获得，一次）得知今晚发动的所有技能名字（包括强制）。", targets=0)
class SHOUYE(NataSkill):
    def resolve(self, w: World, plan: Plan) -> None:
        names = list(dict.fromkeys(w.state.used_names))
        w.ctx.seat(plan.seat, "守夜：今晚发动的技能：" + ("、".join(names) or "无") + "。", "check")
        w.ctx.judge(f"{w.ctx.name(plan.seat)}（养殖者）守夜：{names}")


@unit("bengta", "崩塌狙击", SKILLS, phases=(NOON,), help="（精明获得，一次）竞选日不可用：结算目标承受致死伤害。", targeted=True, limited=True,
       no_election=True, instant=True)
class BENGTA(NataSkill):
    def use(self, w: World, seat: int, action: Action) -> None:
        self.consume(w.state, seat)
        final = w.targets.land(seat, "bengta", action.targets)[0]
        w.ctx.judge(f"{w.ctx.name(seat)} 崩塌狙击 {action.targets[0]}号")
        if final is not None:
            w.deaths.lethal(final, seat, "崩塌狙击")
        w.ctx.reply("崩塌狙击已发动。")


@unit("yichui", "一锤定音", SKILLS, phases=(NOON,), help="（精明获得，一次）当天你的票权+100。", targets=0, limited=True, no_election=True,
       instant=True)
class YICHUI(NataSkill):
    def use(self, w: World, seat: int, action: Action) -> None:
        self.consume(w.state, seat)
        w.state.hammer.append(seat)  # state.weight reads it
        w.ctx.reply("一锤定音：今天你的票权+100。")
        w.ctx.judge(f"{w.ctx.name(seat)} 一锤定音")


ROLE = role("养殖者", WOLF, WOLFKIND, 6, (KILL, YANGZHI, JINGMING), tags=("群内",),
            blurb="知道厚皮肉猪是谁；猪出局后可用精明换取技能。", note="有养殖者必有厚皮肉猪。",
            extra=(TONGLING_B, SHOUYE, BENGTA, YICHUI))
