"""黄昏：行动指令 — tonight's orders. 「玩家每轮通常情况下拥有一个标准动作和一个自由动作」: 攻击 (a melee attack) or a
主动 skill on a standard action, some skills on the free one, 放开 (a grappler's free action), and the 抉择
skills switched on for the night. The orders run at night in the order submitted (night.py)."""

from __future__ import annotations

from ..bansha.engine import ALIVE_OTHER, Action, Ctx, Refusal
from .effects import EFFECTS
from .order import BOOK, DUSK, MOMENTS
from .skill import TavernSkill
from .spec import SkillSpec
from .state import Order, Orders, TavernState
from .terms import FREE, STD, Budget


def start_dusk(ctx: Ctx, st: TavernState) -> None:
    st.orders = {}
    ctx.enter(st, DUSK)
    ctx.group(
        f"第{st.day}轮 黄昏：请私聊机器人指认（「指认 3 神圣」）并提交今晚的指令（「攻击 5」或技能）。"
        "提交了标准动作的指令即视为提交完毕（截止前仍可更改）；不行动请 /放弃。"
    )
    for s in st.living():
        if s in st.grapples and not st.wounded(s):
            ctx.seat(s, f"你正擒抱着 {ctx.name(st.grapples[s])}：今晚除非「放开」（自由动作），否则你的其他指令无效。")


# --- 攻击 and the class skills that are orders ----------------------------------------------------------------


@BOOK.unit("attack", "攻击", aliases=("近战", "近战攻击"), phases=(DUSK,), target_rule=ALIVE_OTHER,
           help="标准动作：对一名玩家进行一次近战攻击尝试（d100 ≤ AB−AC 命中）；命中携带圣杯的人时消耗自由动作夺宝（50%）。")
class ATTACK(TavernSkill):
    def resolve(self, ctx: Ctx, st: TavernState, seat: int, action: Action) -> None:
        order(ctx, st, seat, Order("attack", action.targets[0], STD), "攻击")


def class_skill(ctx: Ctx, st: TavernState, seat: int, spec: SkillSpec, action: Action) -> None:
    """A class skill sent at 黄昏: an order, or a 抉择 switched on or off."""
    if spec.kind == "抉择":
        stance(ctx, st, seat, spec, "关" not in action.words)
    else:
        order(ctx, st, seat, Order(spec.id, action.targets[0], spec.action), spec.name)


def class_blocked(st: TavernState, seat: int, spec: SkillSpec) -> str | None:
    """【技能种类说明】's rules for a kind, then the effect's own (those order.MOMENTS lists under `refuses`)."""
    if spec.kind == "圣杯" and spec.command and st.grail != seat:
        return f"「{spec.name}」是圣杯技能：只有本轮持有圣杯的人才能使用。"
    if spec.effect in MOMENTS["refuses"]:
        return EFFECTS[spec.effect].refuses(st, seat, spec)
    return None


def order(ctx: Ctx, st: TavernState, seat: int, new: Order, name: str) -> None:
    orders = st.orders.get(seat, Orders())
    # a new order replaces one of the same skill, and a standard one replaces the standard one
    keep = [o for o in orders.cmds if o.skill != new.skill and not (new.cost == STD and o.cost == STD)]
    budget = Budget()
    if orders.release:
        budget.spend(FREE)
    for o in [*keep, new]:
        if budget.spend(o.cost) is None:
            raise Refusal(
                f"今晚的动作不够提交「{name}」：每晚一个标准动作和一个自由动作（自由动作不足时用标准动作代替）。"
                f"已提交：{orders_text(st, seat) or '无'}。可以先 /放弃 <技能名> 撤下一条。"
            )
    orders = st.orders.setdefault(seat, Orders())
    orders.cmds = [*keep, new]
    st.done.discard(seat)
    ctx.reply(f"已记录：{name} {ctx.name(new.target)}。今晚的指令（按此顺序执行）：{orders_text(st, seat)}。"
              + grapple_hint(ctx, st, seat))
    ctx.judge(f"第{st.day}轮 {ctx.name(seat)} 指令：{name} → {ctx.name(new.target)}（{new.cost}动作）")


def grapple_hint(ctx: Ctx, st: TavernState, seat: int) -> str:
    if seat in st.grapples and not st.orders.get(seat, Orders()).release:
        return f"注意：你正擒抱着 {ctx.name(st.grapples[seat])}，不「放开」的话这些指令无效。"
    return ""


def stance(ctx: Ctx, st: TavernState, seat: int, spec: SkillSpec, on: bool) -> None:
    orders = st.orders.get(seat, Orders())
    if on == (spec.id in orders.stances):
        raise Refusal(f"「{spec.name}」今晚已经是{'开启' if on else '关闭'}的。")
    orders = st.orders.setdefault(seat, Orders())
    if on:
        orders.stances.append(spec.id)
    else:
        orders.stances.remove(spec.id)
    ctx.reply(f"今晚{'开启' if on else '不开启'}「{spec.name}」。")
    ctx.judge(f"第{st.day}轮 {ctx.name(seat)} 抉择：{spec.name} {'开' if on else '关'}")


# --- 放开 --------------------------------------------------------------------------------------------------------


@BOOK.unit("release", "放开", aliases=("放弃擒抱",), phases=(DUSK,), targets=0,
           help="自由动作：放开你擒抱着的人；不放开的话，你今晚的其他指令无效。")
class RELEASE(TavernSkill):
    def blocked(self, st: TavernState, seat: int) -> str | None:
        if seat not in st.grapples:
            return "你没有在擒抱任何人。"
        if st.orders.get(seat, Orders()).release:
            return "你已经提交了放开。"
        return None

    def resolve(self, ctx: Ctx, st: TavernState, seat: int, action: Action) -> None:
        orders = st.orders.get(seat, Orders())
        budget = Budget()
        for cost in [FREE, *(o.cost for o in orders.cmds)]:
            if budget.spend(cost) is None:
                raise Refusal("今晚的动作不够再放开擒抱（放开需要一个自由动作）：请先 /放弃 <技能名> 撤下一条指令。")
        st.orders.setdefault(seat, Orders()).release = True
        ctx.reply(f"已记录：放开 {ctx.name(st.grapples[seat])}（自由动作，在你的其他指令之前执行）。")
        ctx.judge(f"第{st.day}轮 {ctx.name(seat)} 指令：放开擒抱")


# --- what a seat has ordered -----------------------------------------------------------------------------------


def skill_name(st: TavernState, seat: int, key: str) -> str:
    if key == "attack":
        return "攻击"
    return next((s.name for s in st.spec(seat).skills if s.id == key), key)


def orders_text(st: TavernState, seat: int) -> str:
    orders = st.orders.get(seat, Orders())
    parts = ["放开擒抱"] if orders.release else []
    parts += [f"{skill_name(st, seat, o.skill)} {o.target}号" for o in orders.cmds]
    parts += [f"{skill_name(st, seat, k)}（开）" for k in orders.stances]
    return "；".join(parts)


def withdraw(ctx: Ctx, st: TavernState, seat: int, skill: TavernSkill | None) -> None:
    """/放弃 at 黄昏: end the submissions (none named), or take one order back."""
    orders = st.orders.get(seat, Orders())
    if skill is None:
        if seat in st.done:
            raise Refusal("你已经结束了本黄昏的提交。")
        st.done.add(seat)
        kept = orders_text(st, seat)
        ctx.reply(f"本黄昏的提交已结束。今晚的指令：{kept or '无（今晚不行动）'}。")
        return
    if skill.key == "release" and orders.release:
        orders.release = False
    elif skill.key in orders.stances:
        orders.stances.remove(skill.key)
    elif any(o.skill == skill.key for o in orders.cmds):
        orders.cmds = [o for o in orders.cmds if o.skill != skill.key]
    else:
        raise Refusal(f"你今晚没有提交「{skill.name}」。")
    st.done.discard(seat)
    ctx.reply(f"已撤下「{skill.name}」。今晚的指令：{orders_text(st, seat) or '无'}。")
    ctx.judge(f"第{st.day}轮 {ctx.name(seat)} 撤下「{skill.name}」")
