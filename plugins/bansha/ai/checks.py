"""Checks on what an AI seat is about to say, and what an LLM is told.

`say_ok`: every AI text passes the leak audit (engine/views/audit.py) as the group post it becomes, before it
is queued. An LLM's wording is held to more (`strict`): it may name no role, camp or private skill of
the game at all — not even a wrong guess — except the role a claim states.

`view_text` / `decision_text`: the LLM's prompt, built from the seat's mind (what the seat saw: the
living seats, this phase's public ballots) and the decision, never from the game state.
"""

from __future__ import annotations

from ..engine.agents.deduce import Mind
from ..engine.core import ABSTAIN, GROUP, Event
from ..engine.game import Game
from ..engine.views.audit import audit
from .decide import Move


def say_ok(game: Game, seat: int, text: str, skill_names: set[str], *, strict: bool = False,
           claimed: str = "") -> bool:
    rules, state = game.rules, game.state
    if not text or "\x01" in text:
        return False
    if audit(rules, state, [Event(GROUP, f"{game.seat_name(seat)}：{text}")], skill_names):
        return False
    if not strict:
        return True
    cast = rules.cast(state)
    words = {r.role for r in cast} | {r.faction for r in cast} | set(rules.factions) | skill_names
    book = getattr(rules, "book", None)
    if book is not None:
        words |= {name for name in getattr(book, "roles", {}) if isinstance(name, str)}
    words = {w for w in words if w and w != claimed and len(w) >= 2}
    return not any(w in text for w in words)


def view_text(game: Game, mind: Mind | None) -> str:
    label = game.rules.phase_label(game.state)
    if mind is None:
        return label
    living = "、".join(f"{s}号" for s in sorted(mind.alive)) or "无"
    ballots = "；".join(f"{v}号→{'弃权' if t == ABSTAIN else f'{t}号'}" for v, t in sorted(mind.ballots.items()))
    return f"{label}；你是 {mind.seat}号；存活：{living}" + (f"；已投票：{ballots}" if ballots else "")


def decision_text(move: Move) -> str:
    facts = dict(move.speech.facts) if move.speech is not None else {}
    t = facts.get("t")
    if move.kind == "act" and facts.get("why") == "abstain":
        return "这一票弃权"
    if move.kind == "act":
        return f"投票给 {t}号（理由：{facts.get('why', '')}）" if t else "投票"
    if move.kind == "chat":
        return f"在队伍频道里和队友商量：今晚的目标 {t}号"
    if move.kind == "lastwords":
        return "出局了，留下遗言" + ("并公布你的信息" if facts.get("checks") else "")
    if move.task == "talk" and (facts.get("role") or facts.get("checks")):
        return "公开你的身份和查验结果（原话里的信息一条都不能少，也不能改）"
    return "在群里说说你现在的看法"
