"""Replaying a game's log with everything each input produced: the 导演台's timeline, `bansha replay` and
the JSON export (the 导演台's votes are read from the group's own posts: console/logview.py).

A game is `(ruleset, options, seed, inputs…)`: folding the inputs again gives the same state and
the same events, so the record of who was told what is rebuilt from the log rather than kept in
game memory. Pure: no DB, no clock.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..core import Event, Input
from ..core.votes import VoteBox
from ..mechanics.sheriff import Election
from . import Game, apply, cast_lines, registry

EXPORT_FORMAT = "bansha-game"
EXPORT_VERSION = 1


@dataclass(frozen=True)
class Entry:
    """One accepted input and everything it produced."""

    seq: int
    input: Input
    seat: int  # the sender's seat when it arrived (0: the judge, the system, a non-player)
    phase: str  # the phase label when the input arrived ("报名" before the deal)
    day: int
    events: tuple[Event, ...]


def boxes(state: Any) -> list[tuple[str, VoteBox]]:
    """Every ballot box a ruleset state holds (found by type, so no ruleset needs to say)."""
    out: list[tuple[str, VoteBox]] = []
    for value in vars(state).values():
        if isinstance(value, VoteBox):
            out.append(("投票", value))
        elif isinstance(value, Election):
            out.append(("警长竞选", value.box))
    return out


class Recorder:
    """Folds inputs into a game and keeps the entries; new inputs can be added later."""

    def __init__(self, game: Game):
        self.game = game
        self.entries: list[Entry] = []

    def add(self, inp: Input) -> Entry:
        game = self.game
        phase, day = _where(game)
        seat = (game.seat_of(inp.actor) or 0) if inp.actor else 0
        events = apply(game, inp)
        entry = Entry(game.seq, inp, seat, phase, day, tuple(events))
        self.entries.append(entry)
        return entry


def _where(game: Game) -> tuple[str, int]:
    if game.state is None:
        return "报名", 0
    return game.rules.phase_label(game.state), game.state.day


def new_game(meta: dict[str, Any]) -> Game:
    ruleset = registry.get(meta["ruleset"])
    if ruleset is None:
        raise ValueError(f"没有安装规则「{meta['ruleset']}」。")
    return Game.new(int(meta.get("game", 0)), ruleset, int(meta.get("group", 0)), int(meta.get("owner", 0)),
                    int(meta["seed"]), dict(meta.get("options") or {}))


def replay(meta: dict[str, Any], inputs: Iterable[Input]) -> Recorder:
    """The game rebuilt from scratch with every entry recorded."""
    rec = Recorder(new_game(meta))
    for inp in inputs:
        rec.add(inp)
    return rec


# --- export ------------------------------------------------------------------------------


def summary(game: Game) -> dict[str, Any]:
    """What a dispute is about: the outcome and the 演员表."""
    return {
        "status": game.status,
        "outcome": game.outcome.text if game.outcome else None,
        "winner": game.outcome.winner if game.outcome else None,
        "cast": cast_lines(game) if game.state is not None else [],
    }


def export(meta: dict[str, Any], inputs: list[Input], game: Game) -> dict[str, Any]:
    """A game as a self-contained JSON document: options, seed and inputs (and, to check a
    replay against, the outcome and 演员表 as recorded)."""
    return {
        "format": EXPORT_FORMAT,
        "version": EXPORT_VERSION,
        "game": int(meta.get("game", 0)),
        "ruleset": game.ruleset,
        "title": game.rules.title,
        "group": game.group,
        "owner": game.owner,
        "seed": game.seed,
        "options": game.options,
        "inputs": [inp.to_json() for inp in inputs],
        "recorded": summary(game),
    }


def load_export(doc: dict[str, Any]) -> tuple[dict[str, Any], list[Input]]:
    if doc.get("format") != EXPORT_FORMAT:
        raise ValueError("这不是版杀法官导出的对局文件（format 不是 bansha-game）。")
    if int(doc.get("version", 0)) > EXPORT_VERSION:
        raise ValueError(f"对局文件版本 {doc.get('version')} 比本程序新，请升级后再重放。")
    for key in ("ruleset", "seed", "inputs"):
        if key not in doc:
            raise ValueError(f"对局文件缺少「{key}」。")
    return doc, [Input.from_json(d) for d in doc["inputs"]]
