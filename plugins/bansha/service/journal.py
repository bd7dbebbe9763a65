"""Writing one accepted input: the input row, its messages, and what changed, in one transaction.

The journal owns what was last written for each game here (its row's status, phase and deadline; the
sequence number of its latest snapshot), so a vote, which changes none of them, costs two statements:
the input and its messages. On a phase change, or every SNAPSHOT_EVERY inputs of a long phase, the game
row is updated and a snapshot written (the only one kept: a restart reads it and the inputs after it).
With leases (PostgreSQL) the transaction is fenced: a process that lost the account's lease writes nothing.
"""

from __future__ import annotations

import pickle

from tortoise.transactions import in_transaction

from ..engine.core import Event, Input
from ..engine.game import ENDED, Game, record
from ..models import GameRow, InputRow, OutboxRow, ResultRow, SeatRow, SnapshotRow
from ..records import result_rows
from .lease import Leases

SNAPSHOT_EVERY = 200  # inputs without a phase change (a busy forum day) before a snapshot anyway


class Journal:
    def __init__(self, leases: Leases | None, version: str):
        self._leases = leases
        self._version = version  # the code version a snapshot is written for
        self._row: dict[int, tuple] = {}  # game -> (status, phase_no, deadline) last written to its row
        self._snap: dict[int, int] = {}  # game -> seq of its latest snapshot

    def installed(self, game: Game, snap_seq: int) -> None:
        """The game as its row and its snapshot (`snap_seq`) have it: rebuilt from them, or just created."""
        self._snap[game.gid] = snap_seq
        self._row[game.gid] = (game.status, game.phase_no, game.deadline)

    def snapshotted(self, gid: int, seq: int) -> None:
        self._snap[gid] = max(self._snap.get(gid, 0), seq)

    def forget(self, gid: int) -> None:
        self._row.pop(gid, None)
        self._snap.pop(gid, None)

    async def write(self, game: Game, inp: Input, events: list[Event], rows: list[tuple], source: str | None,
                    players_before: list, self_id: int) -> None:
        """The input just applied to `game`, with its messages (`rows`: service/routing.py) as `self_id` sends them."""
        gid = game.gid
        row_state = (game.status, game.phase_no, game.deadline)
        changed = self._row.get(gid) != row_state  # a vote changes none of them: one statement less
        snap = game.status != ENDED and (changed or game.seq - self._snap.get(gid, 0) >= SNAPSHOT_EVERY)
        players = [(p.qq, p.name) for p in game.players]
        async with in_transaction() as conn:
            if self._leases is not None:
                await self._leases.fence(conn, self_id)
            notes = record.notes(game, inp.at, events)
            await InputRow.create(
                game_id=gid, seq=game.seq, kind=inp.kind, actor=inp.actor, args=inp.to_json()["args"],
                at=inp.at, source=source, notes=notes,
            )
            if rows:
                await OutboxRow.bulk_create(
                    [OutboxRow(game_id=gid, seq=game.seq, self_id=self_id, kind=k, target=t, group_id=g, text=x,
                               data=d)
                     for k, t, g, x, d in rows]
                )
            if game.status == ENDED and self._row.get(gid, ("",))[0] != ENDED:
                await ResultRow.bulk_create(result_rows(game, inp.at))  # /战绩 and /排行 (records.py)
            if changed or snap:
                fields: dict = {"status": game.status, "phase_no": game.phase_no, "deadline": game.deadline,
                                "seq": game.seq}
                if game.status == ENDED:
                    fields["active_group"] = None  # the group may open its next game
                if snap:
                    fields["snap_seq"] = game.seq
                await GameRow.filter(id=gid).update(**fields)
            if players != players_before:
                await SeatRow.filter(game_id=gid).delete()
                await SeatRow.bulk_create(
                    [SeatRow(game_id=gid, seat=i + 1, qq=q, name=n) for i, (q, n) in enumerate(players)]
                )
            if snap:
                await SnapshotRow.filter(game_id=gid).delete()  # only the latest is ever read
                await SnapshotRow.create(game_id=gid, seq=game.seq, version=self._version,
                                         data=pickle.dumps(game, pickle.HIGHEST_PROTOCOL))
        self._row[gid] = row_state
        if snap:
            self._snap[gid] = game.seq
