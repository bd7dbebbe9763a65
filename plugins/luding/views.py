"""What a 鹿鼎记 seat, the table and the 导演台 see: the role PM, /身份, the 演员表, the public status, the
grimoire's facts and tonight in order.NIGHT_ORDER (I–VII). Each role adds its own lines (book.LudingRole)."""

from __future__ import annotations

from typing import Any

from ..bansha.engine import CastRow
from ..bansha.engine.core.order import STEP_RESOLVED, STEP_SUBMITTED, STEP_WAITING, StepView
from .book import BOOK, LudingRole
from .order import NIGHT_ORDER
from .state import LudingState
from .terms import NIGHT, SETTLE, VILLAGE, WOLF


def role_of(state: LudingState, seat: int) -> LudingRole:
    return BOOK.roles[state.role(seat)]


def knowledge(state: LudingState, seat: int) -> list[str]:
    """父狼 and 幼狼: "互知但不共群"."""
    mate = role_of(state, seat).mate
    if not mate:
        return []
    other = state.holder(mate)
    return [f"{mate}是 {other}号（{'存活' if state.alive[other] else '已出局'}）。你们互知但不共群：没有狼聊。"]


def intro(state: LudingState, seat: int) -> str:
    role = role_of(state, seat)
    lines = [f"你是 {seat}号，你的身份是【{role.name}】，属于{role.faction}。{role.blurb}"]
    lines.extend(knowledge(state, seat))
    for s in role.skills:
        tag = "<强制>" if s.mandatory else ""
        lines.append(f"· {s.name}{tag}：{s.help}" + ("" if s.mandatory else f" 用法：/技能 {s.usage()}"))
    lines.append("发送 /身份 可随时查看身份、技能和记录。")
    return "\n".join(lines)


def intro_facts(state: LudingState, seat: int) -> dict[str, Any]:
    """The role PM's facts, for the information-state agents: role, side, the wolf it knows."""
    role = role_of(state, seat)
    side = {WOLF: "wolf", VILLAGE: "good"}.get(role.faction, "other")
    return {"role": role.name, "side": side, "mates": (state.holder(role.mate),) if role.mate else ()}


def role_text(state: LudingState, seat: int) -> str:
    role = role_of(state, seat)
    camp = state.camps[seat]
    lines = [f"你是 {seat}号，身份【{role.name}】，当前属于{camp}。{role.blurb}"]
    if seat in state.turned:
        lines.append(f"你在第{state.turned[seat]}夜被感染，转变为狼人阵营；身份和技能不变。")
    if not state.alive[seat]:
        lines.append("你已出局。")
    lines.extend(knowledge(state, seat))
    lines.extend(role.tells(state, seat))
    gone = [sk.name for sk in role.skills if not sk.mandatory and not state.has(seat, sk.key)]
    if gone:
        lines.append(f"已失去的技能：{'、'.join(gone)}。")
    if seat in state.words_owed:
        lines.append("你有遗言权：下一个白天开始前私聊 /遗言 <内容>。")
    return "\n".join(lines)


def cast(state: LudingState) -> list[CastRow]:
    rows = []
    for s in range(1, state.n + 1):
        camp = state.camps[s]
        if s in state.turned:
            camp += f"（第{state.turned[s]}夜被感染，原{role_of(state, s).faction}）"
        rows.append(CastRow(s, state.role(s), camp, state.fates.get(s, "存活")))
    return rows


def seat_view(state: LudingState, seat: int) -> tuple[bool, list[str]]:
    """The seat as the public knows it: out once its exit is published, never with its role."""
    if seat in state.public_dead:
        return False, [f"出局：{state.public_fates[seat]}"] if state.public_fates.get(seat) else []
    return True, []


def public_status(state: LudingState) -> str:
    dead = [f"{s}号（{state.public_fates[s]}）" for s in state.public_dead]
    return "已出局：" + ("、".join(dead) if dead else "无") + "。出局角色不公示身份。"


# --- the 导演台 -------------------------------------------------------------------------------------
def seat_facts(state: LudingState, seat: int) -> list[str]:
    """Its infection history above all."""
    role = role_of(state, seat)
    facts = []
    if state.camps[seat] != role.faction:
        facts.append(f"第{state.turned[seat]}夜被感染转入{state.camps[seat]}" if seat in state.turned
                     else f"现属{state.camps[seat]}")
    tried = [n for n, t in state.infections if t == seat]
    if tried:
        facts.append("被感染目标：" + "、".join(f"第{n}夜" for n in tried))
    facts.extend(role.marks(state, seat))
    if seat in state.shields:
        facts.append("曾受神圣之盾")
    if seat in state.charms:
        facts.append("曾被魅惑")
    names = {sk.key: sk.name for sk in role.skills}  # the rule text's names, never the keys
    lost = [names.get(k.split(":", 1)[1], k.split(":", 1)[1]) for k in state.lost_skills if k.startswith(f"{seat}:")]
    if lost:
        facts.append("失去技能：" + "、".join(lost))
    return facts + role.facts(state, seat)


def night_steps(state: LudingState) -> list[StepView]:
    out = []
    for i, step in enumerate(NIGHT_ORDER):
        seats = tuple(s for s in range(1, state.n + 1) if state.roles[s] in step.actors)
        if state.phase == SETTLE:
            status = STEP_RESOLVED if i < state.step else STEP_WAITING
        elif state.phase == NIGHT:
            status = STEP_SUBMITTED if any(state.tonight.get(k) for k in step.submits) else STEP_WAITING
        else:  # by day: last night is over; the first day has no night before it
            status = STEP_RESOLVED if state.day > 1 else STEP_WAITING
        out.append(StepView(f"{step.numeral} {step.label}", status, seats))
    return out
