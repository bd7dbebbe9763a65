"""Reading games back from the database: restore in bulk, one game, and a game's record.

A game is its latest snapshot plus the inputs logged after it. Snapshots are written at every
phase change (service/__init__.py), so a restore replays a handful of inputs per game; the rows before the
snapshot stay in the log (the record, the console, a full replay after a code change) but are not
read. No nonebot here.
"""

from __future__ import annotations

import json
import pickle
from dataclasses import dataclass
from typing import Any

from tortoise.transactions import in_transaction

from . import db
from .engine.core import Input
from .engine.game import Game, apply, registry
from .engine.game.record import JUDGE_LINE
from .models import GameRow, InputRow, SnapshotRow

ACTIVE = ("signup", "running")
CHUNK = 200  # games per restore step: bounded memory while reading, short pauses for the event loop


@dataclass(frozen=True)
class Meta:
    """What a game's row says, enough to route commands to it before it is rebuilt."""

    gid: int
    group: int
    self_id: int
    owner: int
    status: str
    phase_no: int
    deadline: float | None
    snap_seq: int


# Plain SQL for the two queries a restart waits on: tens of thousands of rows, no model objects.
_ACTIVE = "g.status IN ('signup', 'running')"


def _of(conn: Any, accounts: list[int] | None) -> tuple[str, list[int]]:
    return ("", []) if accounts is None else (f" AND g.self_id IN ({_marks(conn, len(accounts))})", accounts)


async def active_games(accounts: list[int] | None) -> list[Meta]:
    conn = db.connection()
    where, args = _of(conn, accounts)
    sql = ("SELECT g.id, g.group_id, g.self_id, g.owner, g.status, g.phase_no, g.deadline, g.snap_seq "
           f"FROM bansha_game g WHERE {_ACTIVE}{where} ORDER BY g.id")
    return [Meta(*r) for r in (await conn.execute_query(sql, args))[1]]


async def seated(accounts: list[int] | None) -> list[tuple[int, int]]:
    """(game, QQ) of every seat of the active games: the players' index before the games are rebuilt."""
    conn = db.connection()
    where, args = _of(conn, accounts)
    sql = f"SELECT s.game_id, s.qq FROM bansha_seat s JOIN bansha_game g ON g.id = s.game_id WHERE {_ACTIVE}{where}"
    return [(r[0], r[1]) for r in (await conn.execute_query(sql, args))[1]]


@dataclass
class Stored:
    """What a rebuild reads: the latest snapshot, the inputs after it, and (when the log has to be read
    from the start) what a new Game needs."""

    snap: tuple[int, bytes] | None
    inputs: list[tuple]
    base: tuple[str, int, dict, int, int] | None = None  # ruleset, seed, options, group, owner


async def load(gids: list[int], version: str) -> dict[int, Stored]:
    """Each game's latest snapshot of this code version and the inputs after it: a few queries for
    the whole chunk, not a few per game."""
    snaps: dict[int, tuple[int, bytes]] = {}
    for gid, seq, data in await SnapshotRow.filter(game_id__in=gids, version=version).values_list(
        "game_id", "seq", "data"
    ):
        if gid not in snaps or seq > snaps[gid][0]:
            snaps[gid] = (seq, data)
    out = {gid: Stored(snaps.get(gid), []) for gid in gids}
    fresh = [gid for gid in gids if gid in snaps]
    if fresh:
        # The join lets the (game_id, seq) index skip every input the snapshot covers; the game row's
        # snap_seq is written in the snapshot's transaction.
        conn = db.connection()
        sql = (
            "SELECT i.game_id, i.seq, i.kind, i.actor, i.args, i.at FROM bansha_game g "
            "JOIN bansha_input i ON i.game_id = g.id AND i.seq > g.snap_seq "
            f"WHERE g.id IN ({_marks(conn, len(fresh))}) ORDER BY i.game_id, i.seq"
        )
        for r in await conn.execute_query_dict(sql, fresh):
            out[r["game_id"]].inputs.append((r["seq"], r["kind"], r["actor"], _json(r["args"]), r["at"]))
    full = [gid for gid in gids if gid not in snaps]  # no snapshot yet, or one from other code (an upgrade)
    if full:
        await _from_start(full, out)
    return out


async def _from_start(gids: list[int], out: dict[int, Stored]) -> None:
    for gid, ruleset, seed, options, group, owner in await GameRow.filter(id__in=gids).values_list(
        "id", "ruleset", "seed", "options", "group_id", "owner"
    ):
        out[gid] = Stored(None, [], (ruleset, seed, options, group, owner))
    for gid, seq, kind, actor, args, at in await InputRow.filter(game_id__in=gids).order_by(
        "game_id", "seq"
    ).values_list("game_id", "seq", "kind", "actor", "args", "at"):
        out[gid].inputs.append((seq, kind, actor, args, at))


async def rebuild(gid: int, version: str) -> tuple[Game, int]:
    """One game from the database (a first use, a reload after a fault), and its snapshot's seq."""
    got = (await load([gid], version))[gid]
    try:
        return replay(gid, got), (got.snap[0] if got.snap else 0)
    except LookupError:  # the snapshot and the log disagree: the whole log decides
        out = {gid: Stored(None, [])}
        await _from_start([gid], out)
        return replay(gid, out[gid]), 0


async def save_snapshots(games: list[Game], version: str) -> None:
    """Snapshots of these games as they are now, with each row's snap_seq, in one transaction. Racing a
    newer commit is harmless: the game row and its snapshot always change together, and the inputs after
    any snapshot are all in the log."""
    blobs = [(g.gid, g.seq, pickle.dumps(g, pickle.HIGHEST_PROTOCOL)) for g in games]
    async with in_transaction():
        await SnapshotRow.filter(game_id__in=[gid for gid, _, _ in blobs]).delete()
        await SnapshotRow.bulk_create([SnapshotRow(game_id=gid, seq=seq, version=version, data=data)
                                       for gid, seq, data in blobs])
        for gid, seq, _ in blobs:
            await GameRow.filter(id=gid).update(snap_seq=seq)


def replay(gid: int, got: Stored) -> Game:
    """The game = its snapshot + the inputs after it, or a new Game + the whole log. The record (timeline,
    private texts) stays in the log: the rebuilt game does not keep it (see engine/game/record.py)."""
    game: Game | None = None
    if got.snap is not None:
        try:
            game = pickle.loads(got.snap[1])
        except Exception:  # a snapshot we cannot read is only a lost shortcut
            game = None
    if game is None:
        if got.base is None:
            raise LookupError(f"game {gid}: no usable snapshot")
        ruleset, seed, options, group, owner = got.base
        rules = registry.get(ruleset)
        if rules is None:
            raise RuntimeError(f"game {gid}: ruleset {ruleset} is not installed")
        game = Game.new(gid, rules, group, owner, seed, options)
        game.keep_record = False
    if got.inputs and got.inputs[0][0] != game.seq + 1:
        raise LookupError(f"game {gid}: the log does not continue its snapshot")
    for _seq, kind, actor, args, at in got.inputs:
        apply(game, Input.from_json({"kind": kind, "actor": actor, "args": args, "at": at}))
    return game


async def record(gid: int) -> tuple[list[str], dict[int, list[str]]]:
    """The judge's timeline and each seat's private texts so far, from the notes logged with each input.
    Rows logged before notes existed (migration 0003) are rebuilt by replaying the whole log."""
    rows = await InputRow.filter(game_id=gid).order_by("seq").values_list("seq", "kind", "actor", "args", "at", "notes")
    timeline: list[str] = []
    private: dict[int, list[str]] = {}
    if any(n is None for *_, n in rows):
        row = await GameRow.get(id=gid)
        rules = registry.get(row.ruleset)
        if rules is None:
            raise RuntimeError(f"game {gid}: ruleset {row.ruleset} is not installed")
        game = Game.new(gid, rules, row.group_id, row.owner, row.seed, row.options)  # keeps its record
        for _seq, kind, actor, args, at, _n in rows:
            apply(game, Input.from_json({"kind": kind, "actor": actor, "args": args, "at": at}))
        return game.timeline, game.private
    for *_, added in rows:
        for seat, text in added:
            if seat == JUDGE_LINE:
                timeline.append(text)
            else:
                private.setdefault(seat, []).append(text)
    return timeline, private


def _json(v: Any) -> Any:
    return json.loads(v) if isinstance(v, str | bytes) else v


def _marks(conn: Any, n: int) -> str:
    if conn.capabilities.dialect == "postgres":
        return ", ".join(f"${i}" for i in range(1, n + 1))
    return ", ".join("?" for _ in range(n))


async def log_of(gid: int, after: int = 0) -> tuple[GameRow | None, list[Input]]:
    """A game's row and its input log after input `after`, from the DB (ended games included)."""
    row = await GameRow.get_or_none(id=gid)
    if row is None:
        return None, []
    rows = await InputRow.filter(game_id=gid, seq__gt=after).order_by("seq").values_list(
        "kind", "actor", "args", "at"
    )
    return row, [Input.from_json({"kind": k, "actor": a, "args": args, "at": at}) for k, a, args, at in rows]


async def added_judges(gids: list[int]) -> dict[int, set[int]]:
    """The judges added with 添加法官 (and not removed), per game, read from the logs."""
    out: dict[int, set[int]] = {gid: set() for gid in gids}
    rows = await InputRow.filter(game_id__in=gids, kind="judge").order_by("game_id", "seq").values_list(
        "game_id", "args"
    )
    for gid, args in rows:
        if args.get("sub") == "添加法官":
            out[gid].add(int(args.get("qq", 0)))
        elif args.get("sub") == "移除法官":
            out[gid].discard(int(args.get("qq", 0)))
    return out
