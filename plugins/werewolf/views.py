"""What a 狼人杀 seat, the table and the 导演台 see: the board's announcement, the role PM, /身份, the 演员表,
the public status, the grimoire's facts and tonight in order.NIGHT_ORDER. Each role adds its own lines
(book.WerewolfRole)."""

from __future__ import annotations

from typing import Any

from ..bansha.engine import CastRow
from ..bansha.engine.core.order import StepView, step_state
from . import order
from .boards import Board
from .book import BOOK, WerewolfRole
from .night import wakes
from .state import WerewolfState
from .terms import GOD, LOVERS, PK, SOLO, TIE, VILLAGER, WOLF, seats_text


def role_of(state: WerewolfState, seat: int) -> WerewolfRole:
    return BOOK.roles[state.role(seat)]


def board_text(state: WerewolfState, board: Board, n: int) -> str:
    parts = [f"板子：{board.name}（{board.summary(n)}）。"]
    if board.spares:
        parts.append(f"共 {n + 2} 张牌，发完后剩下两张底牌，盗贼第一夜查看并可以换成其中一张。")
    if state.sheriff_on:
        parts.append("第一天竞选警长。")
    wolves = "狼人全部出局"
    third = []
    if board.has("丘比特"):
        third.append("人狼恋")
    if board.has("吹笛者"):
        third.append("吹笛者")
    if third:
        wolves = f"狼人和{'、'.join(third)}全部出局"
    parts.append(f"胜负：{wolves}则好人胜；平民全部出局或神民全部出局则狼人胜（屠边）。")
    if board.has("丘比特"):
        parts.append("恋人若一狼一好人，则与丘比特组成人狼恋阵营，须消灭其他所有玩家。")
    if board.has("吹笛者"):
        parts.append("吹笛者独自一方：活着的玩家全部被迷惑时获胜。")
    return "".join(parts)


def faction_label(state: WerewolfState, seat: int) -> str:
    r = role_of(state, seat)
    if state.camp(seat) == LOVERS:
        return f"{LOVERS}（原{r.faction}）"
    if r.kind == SOLO:
        return "独立阵营"
    return {WOLF: r.faction, GOD: f"{r.faction}·神民", VILLAGER: f"{r.faction}·平民"}[r.kind]


def intro(state: WerewolfState, seat: int) -> str:
    role = role_of(state, seat)
    lines = [f"你是 {seat}号，你的身份是【{role.name}】（{faction_label(state, seat)}）。{role.blurb}"]
    lines += role.intro_lines(state, seat)
    for s in role.skills:
        if not s.mandatory:
            where = "群内 " if s.public else ""
            lines.append(f"· {s.name}：{s.help} 用法：{where}/技能 {s.usage()}")
    lines.append("发送 /身份 可随时查看身份和可用的技能。")
    return "\n".join(lines)


def intro_facts(state: WerewolfState, seat: int) -> dict[str, Any]:
    """The role PM's facts, for the information-state agents: role, side, the wolves it knows."""
    role = role_of(state, seat)
    side = "wolf" if role.kind == WOLF else "other" if role.kind == SOLO else "good"
    mates = tuple(s for s in state.wolves(living=False) if s != seat) if role.kind == WOLF else ()
    return {"role": role.name, "side": side, "mates": mates}


def role_text(state: WerewolfState, seat: int) -> str:
    role = role_of(state, seat)
    lines = [f"你是 {seat}号，身份【{role.name}】（{faction_label(state, seat)}）。{role.blurb}"]
    if state.dealt and state.dealt[seat] != role.name:
        lines.append(f"你原本是{state.dealt[seat]}，第一夜换成了{role.name}。")
    if not state.alive[seat]:
        lines.append("你已出局。")
    if state.powerless(seat):
        lines.append("长老被好人误杀，你已失去特殊能力。")
    lines += role.tells(state, seat)
    mate = state.lover_of(seat)
    if mate:
        status = "存活" if state.alive[mate] else "出局"
        lines.append(f"你的恋人：{mate}号（{status}）。/私聊 {mate} <内容> 与恋人交流。")
    if seat in state.charmed:
        lines.append(f"你被吹笛者迷惑了；被迷惑的玩家：{seats_text([s for s in state.charmed if state.alive[s]])}。")
    if state.sheriff == seat:
        lines.append(f"你是警长：放逐投票时你的票算 {state.sheriff_weight:g} 票，平票时由你决断，每天最后发言。")
    return "\n".join(lines)


def cast(state: WerewolfState) -> list[CastRow]:
    rows = []
    for s in range(1, state.n + 1):
        fate = state.fates.get(s) or ("存活（已翻牌）" if state.revealed(s) else "存活")
        notes = []
        if state.dealt and state.dealt[s] != state.roles[s]:
            notes.append("盗贼换得此牌")
        if s in state.lovers:
            notes.append(f"恋人（与{state.lover_of(s)}号）")
        if s in state.charmed:
            notes.append("被迷惑")
        if state.sheriff == s:
            notes.append("警长")
        if notes:
            fate += "；" + "，".join(notes)
        rows.append(CastRow(s, state.role(s), faction_label(state, s), fate))
    return rows


def seat_view(state: WerewolfState, seat: int) -> tuple[bool, list[str]]:
    """The seat as the public knows it, for the 电梯楼 picture: 警长, a flipped 白痴."""
    marks = ["警长"] if state.sheriff == seat else []
    if state.revealed(seat):
        marks.append(f"翻牌：{state.role(seat)}")
    return bool(state.alive[seat]), marks


def public_status(state: WerewolfState) -> str:
    lines = [f"板子：{state.board}"]  # the living seats are /状态's own line (Ruleset.ring)
    if state.sheriff:
        lines.append(f"警长：{state.sheriff}号（票算 {state.sheriff_weight:g} 票）")
    elif state.sheriff_on and state.elect_done:
        lines.append("警长：无（警徽流失）")
    if state.election is not None:
        lines.append(f"警长候选人：{seats_text(state.election.candidates)}")
    flipped = [s for s in state.living() if state.revealed(s)]
    if flipped:
        lines.append(f"已翻牌的白痴：{seats_text(flipped)}（不能投票）")
    if state.cursed:
        lines.append("长老被好人误杀：好人已失去特殊能力")
    if state.goat_day >= state.day and state.goat_day:
        lines.append(f"替罪羊指定第{state.goat_day}天只有 {seats_text(state.goat_voters)} 可以投票")
    if state.phase in (PK, TIE):
        lines.append(f"平票候选：{seats_text(state.candidates)}")
    return "\n".join(lines)


# --- the 导演台 -------------------------------------------------------------------------------------
def seat_facts(state: WerewolfState, seat: int) -> list[str]:
    role = role_of(state, seat)
    facts = []
    if state.dealt and state.dealt[seat] != state.roles[seat]:
        facts.append(f"发牌时是{state.dealt[seat]}")
    if seat in state.lovers:
        facts.append(f"情侣（另一位 {state.lover_of(seat)}号）")
    if seat in state.charmed:
        facts.append("已被吹笛者迷惑")
    facts += role.marks(state, seat)
    if state.powerless(seat):
        facts.append("长老被放逐：失去能力")
    return facts + role.facts(state, seat)


def night_steps(state: WerewolfState, pending: set[int], on) -> list[StepView]:
    """`on(step)`: the step plays tonight (night.py)."""
    out = []
    for step in order.NIGHT_ORDER:
        if not on(step):
            continue
        seats = tuple(state.wolves()) if step.role == "狼人" else tuple(state.holders(step.role))
        submitted = wakes(step) and (bool(state.wolf_choice) if step.role == "狼人" else not pending & set(seats))
        out.append(StepView(step.role, step_state(order.NIGHT_PHASES, step.phase, state.phase, state.day, submitted), seats))
    return out
