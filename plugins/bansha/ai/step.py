"""One due slot → the input it becomes (decision, template text, checks): shared by the bot's runtime and the
in-process driver (drive.py), so both play exactly the same AI. Pure."""

from __future__ import annotations

import json
import logging
from typing import Any

from ..engine.core import Input
from ..engine.game import Game
from ..engine.views.audit import private_skill_names
from . import plan
from .checks import say_ok
from .decide import Move, decide
from .minds import MindTable
from .speech import render

log = logging.getLogger("bansha")

DECIDE = 0xDEC1DE  # the decisions' seed tag (one per seat and phase: a wolf's chat and its kill agree)
PLAIN = "……"  # a vote reason or 遗言 whose template failed the audit (never seen in the tests: a safety net)


def prepare(game: Game, table: MindTable, seat: int, now: float, names: set[str]) -> tuple[Move | None, str]:
    """The seat's move at this slot and its template text ("" when it says nothing)."""
    move = decide(game, table, seat, plan.seed(game, seat, DECIDE), now)
    if move is None or move.speech is None or move.mind is None:
        return move, ""
    text = render(move.speech, move.mind.rng, table.used)
    if move.kind == "chat" or say_ok(game, seat, text, names):
        return move, text
    log.warning("bansha ai: game %s seat %s: a template failed the leak audit: %s", game.gid, seat, text)
    if move.kind in ("aisay", "chat"):
        return None, ""
    return move, PLAIN


def input_for(game: Game, seat: int, move: Move, text: str, slot: int, phase: int, at: float) -> Input:
    args: dict[str, Any] = {k: v for k, v in move.args.items() if k != "prefix"}
    if "claim" in args:
        args["claim"] = json.dumps(args["claim"], ensure_ascii=False)
    if text:
        args[move.field] = move.args.get("prefix", "") + text if move.field == "text" else text
    return Input.make(move.kind, game.qq_of(seat), at, ai_slot=slot, ai_phase=phase, **args)


def skill_names(game: Game) -> set[str]:
    return private_skill_names(game.rules, game.state)
