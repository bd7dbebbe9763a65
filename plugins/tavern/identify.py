"""黄昏：指认 — each class asks about other seats by its own 指认 rule (the sheet's `identify` lines): a trait, a
class or a faction. A right 指认 is confirmed privately (入夜: at the close of 黄昏; 立即: at once); a wrong one gets
no answer (「若指认正确，DM将向玩家反馈确认信息；若指认错误，DM将不予回复」)."""

from __future__ import annotations

from ..bansha.engine import ALIVE_OTHER, Action, Ctx, Refusal
from .order import BOOK, DUSK
from .skill import TavernSkill
from .state import FEEDBACK_NIGHT, FEEDBACK_NOW, Orders, TavernState
from .terms import CLASS_NAMES, FACTIONS, TRAITS, label

FACTION_WORDS = tuple(FACTIONS) + tuple(f"{f}阵营" for f in FACTIONS)
CLAIM_WORDS = tuple(TRAITS) + tuple(CLASS_NAMES) + FACTION_WORDS


def claims_left(st: TavernState, seat: int) -> list[int]:
    """Per rule line of the seat's 指认 rule: how many IDs are left tonight."""
    rules = st.spec(seat).identify
    left = [r.count for r in rules]
    for _, kind, value in st.orders.get(seat, Orders()).claims:
        for i, r in enumerate(rules):
            if left[i] and r.allows(kind, value):
                left[i] -= 1
                break
    return left if any(left) else []


@BOOK.unit("identify", "指认", phases=(DUSK,), target_rule=ALIVE_OTHER, words=CLAIM_WORDS,
           form="指认 <目标> <特质/职业/阵营>",
           help="按你职业的指认规则询问一名玩家是否有某特质、是某职业或属于某阵营；正确时私聊确认，错误时不回复。")
class IDENTIFY(TavernSkill):
    def blocked(self, st: TavernState, seat: int) -> str | None:
        return "你今晚的指认次数已经用完。" if not claims_left(st, seat) else None

    def resolve(self, ctx: Ctx, st: TavernState, seat: int, action: Action) -> None:
        words = [w for w in action.words if w in CLAIM_WORDS]
        if len(words) != 1:
            raise Refusal("请写明要指认的一个特质、职业或阵营，例如「指认 3 神圣」「指认 3 法师」「指认 3 守序」。")
        target = action.targets[0]
        value = words[0].removesuffix("阵营")
        kind = "特质" if value in TRAITS else "阵营" if value in FACTIONS else "职业"
        rules = st.spec(seat).identify
        left = claims_left(st, seat)
        if not any(left[i] and r.allows(kind, value) for i, r in enumerate(rules)):
            raise Refusal(f"你的职业今晚不能再指认{kind}「{value}」。你的指认规则：{st.spec(seat).id_text()}。")
        st.orders.setdefault(seat, Orders()).claims.append((target, kind, value))
        right = claim_true(st, target, kind, value)
        ctx.judge(f"第{st.day}轮 {ctx.name(seat)} 指认 {ctx.name(target)} {kind}「{value}」：{'正确' if right else '错误'}")
        if st.feedback == FEEDBACK_NOW:
            ctx.reply(f"已提交指认：{ctx.name(target)} 的{kind}「{value}」。（指认错误不会收到回复）")
            if right:
                confirm(ctx, st, seat, target, kind, value)
        else:
            ctx.reply(f"已提交指认：{ctx.name(target)} 的{kind}「{value}」。正确的指认在黄昏结束时私聊确认，错误的不回复。")


def claim_true(st: TavernState, target: int, kind: str, value: str) -> bool:
    if kind == "特质":
        return value in st.spec(target).traits
    if kind == "职业":
        return st.classes[target] == value
    return st.factions[target] == value


def confirm(ctx: Ctx, st: TavernState, seat: int, target: int, kind: str, value: str) -> None:
    what = {"特质": f"拥有「{value}」特质", "职业": f"是「{value}」", "阵营": f"属于{label(value)}"}[kind]
    text = f"指认确认：{ctx.name(target)} {what}。"
    ctx.seat(seat, text, "check", {"target": target, "kind": kind, "value": value})
    st.notes.setdefault(seat, []).append(f"第{st.day}轮 {text}")


def feedback(ctx: Ctx, st: TavernState) -> None:
    """The night's 指认反馈 step (order.NIGHT_ORDER): in 入夜 mode the right 指认 of the living are confirmed as the
    night begins."""
    if st.feedback != FEEDBACK_NIGHT:
        return
    for seat in sorted(st.orders):
        for target, kind, value in st.orders[seat].claims:
            if st.alive[seat] and claim_true(st, target, kind, value):
                confirm(ctx, st, seat, target, kind, value)
