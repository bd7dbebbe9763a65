"""Rebuilding the AI seats' minds from the log (after a restart, or when a seat passes to an AI mid-game).

The whole log is folded again from a new game, as `bansha replay` does; each event reaches the minds of
the seats that could read it, in order. At every input an AI seat made, its decision is made again on a
copy of its mind, with the same seed, in the game as it stood then: the same decision gives the same
mind (a checker that published its results stays published). The rebuilt game must reach the live one's
sequence number; inputs committed meanwhile are read and folded too.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable, Mapping

from .. import store
from ..engine.core import Input
from ..engine.game import Game, apply
from ..engine.game.replay import new_game
from ..engine.parts.aiseats import ai_seats, is_ai
from . import plan
from .decide import decide
from .minds import Decided, MindTable
from .step import DECIDE

CHUNK = 200  # inputs folded between two turns of the event loop


class Folder:
    """A game folded from its log with the minds of `keep` (the seats that are AI now) fed along. Pure."""

    def __init__(self, game: Game, keep: set[int]):
        self.game = game
        self.keep = keep
        self.table: MindTable | None = None

    def add(self, inp: Input) -> None:
        game, table = self.game, self.table
        if table is not None and is_ai(inp.actor) and inp.arg("ai_slot") is not None:
            _redo(game, table, inp)
        events = apply(game, inp)
        if inp.kind == "start":
            self.table = table = MindTable.start(game, self.keep)  # an AI seat's mind starts at the deal
        if table is not None:
            table.feed(game, inp, events)

    def fold(self, inputs: Iterable[Input]) -> MindTable | None:
        for inp in inputs:
            self.add(inp)
        return self.finish()

    def finish(self) -> MindTable | None:
        if self.table is not None:
            self.table.seq = self.game.seq
        return self.table


async def rebuild(gid: int, live: Game, games: Mapping[int, Game]) -> MindTable | None:
    """The minds of `live`'s AI seats, from its log; `games` are the service's live games (it may move on meanwhile)."""
    row, inputs = await store.log_of(gid)
    if row is None:
        return None
    game = new_game({"ruleset": row.ruleset, "seed": row.seed, "options": row.options, "game": gid,
                     "group": row.group_id, "owner": row.owner})
    game.keep_record = False
    folder = Folder(game, set(ai_seats(live)))
    while True:
        for i, inp in enumerate(inputs):
            folder.add(inp)
            if i % CHUNK == CHUNK - 1:
                await asyncio.sleep(0)
        current = games.get(gid, live)
        if game.seq >= current.seq:
            break
        _, inputs = await store.log_of(gid, after=game.seq)
        if not inputs:
            return None  # the live game is ahead of its log (a commit in flight): try again later
    table = folder.finish()
    if table is not None:
        now = set(ai_seats(games.get(gid, live)))
        for seat in [s for s in table.minds if s not in now]:
            table.minds.pop(seat)
    return table


def _redo(game: Game, table: MindTable, inp: Input) -> None:
    """The decision behind this logged AI input, made again: its mind is the seat's mind once the input is fed."""
    seat = game.seat_of(inp.actor)
    if seat is None or seat not in table.minds or game.ai.entered != inp.arg("ai_phase"):
        return
    try:
        move = decide(game, table, seat, plan.seed(game, seat, DECIDE), inp.at)
    except Exception:  # a mind that cannot decide here keeps its state; the logged input is fed as it is
        return
    if move is not None and move.kind == inp.kind and move.mind is not None:
        table.waiting[seat] = Decided(inp.arg("ai_phase"), inp.arg("ai_slot"), move.mind, move.made)
