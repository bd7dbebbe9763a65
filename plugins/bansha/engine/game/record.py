"""A game's record: the judge's timeline and what each seat was told privately.

By default the record lives on the Game (`Game.timeline`, `Game.private`): the simulator, the
fuzzers and the scenario tests read it there. A long forum game's record is megabytes, so a host
that keeps it elsewhere (the state service stores each input's notes with the input in the log)
sets `Game.keep_record = False`. The engine then needs the record only twice, and the host puts
it on the game just before that input: a 替补 hands the seat's private history to the new player
(`history_seat` says which seat), and the end of the game publishes the whole timeline (the event
whose data has `record`; the host puts its stored lines in front of the event's own).
"""

from __future__ import annotations

import re
from typing import Any

from ..core import Event, Input
from ..core.phases import local_time

Game = Any  # the game (game/__init__.py), which imports this module: named, typed Any (no import back up)

JUDGE_LINE = 0  # the seat number a timeline line is filed under in notes
RECORD_HEAD = "完整记录："


def notes(game: Game, at: float, events: list[Event]) -> list[tuple[int, str]]:
    """The record an input adds, in event order: (0, timeline line) or (seat, private text)."""
    out: list[tuple[int, str]] = []
    stamp = ""
    for ev in events:
        a = ev.audience
        if a.kind == "judge":
            stamp = stamp or local_time(at, game.options)
            out.append((JUDGE_LINE, f"[{stamp}] {ev.text}"))
        elif a.kind == "seat" and ev.tag != "history":  # a 替补's handed-over history is not new history
            out.append((a.seat, ev.text))
    return out


def keep(game: Game, added: list[tuple[int, str]]) -> None:
    for seat, text in added:
        if seat == JUDGE_LINE:
            game.timeline.append(text)
        else:
            game.private.setdefault(seat, []).append(text)


def history_seat(game: Game, inp: Input) -> int | None:
    """The seat whose private history this input hands over (a judge's 替补), if any."""
    if inp.kind == "judge" and inp.arg("sub") == "替补" and game.state is not None:
        return game.resolve(str(inp.arg("target", "")))
    return None


# A QQ number in a judge's line: 「甲（12345）报名」, 「法官 12345 推进阶段」. The published record names people
# by seat and nickname only; the judge's own record (the 导演台, the export) keeps the numbers.
_QQ = re.compile(r"（\d{5,}）|(?<=法官) \d{5,}")


def record_text(lines: list[str]) -> str:
    """The record as the group reads it at the end: every line, without QQ numbers."""
    return RECORD_HEAD + "\n" + "\n".join(_QQ.sub("", line) for line in lines)


def completed(ev: Event, earlier: list[str]) -> Event:
    """The end-of-game record event with the host's stored timeline in front of its own lines."""
    own = ev.text.split("\n")[1:] if ev.text.startswith(RECORD_HEAD) else [ev.text]
    return Event(ev.audience, record_text(earlier + own), ev.tag, ev.data)
