"""Restore in the background, and finding games before they are rebuilt.

`restore` indexes the active games of the accounts judged here at once (one query for the game rows,
one for their seats), re-arms their deadlines from the rows, then rebuilds the games chunk by chunk
(store.py: the latest snapshot and the inputs after it). A command for a game the restore has not
reached yet rebuilds that one game on the spot (`group_game`, `player_games`); one that arrives before
the rows are even indexed waits for them, at most INDEX_WAIT seconds.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from .. import store
from ..engine.game import ENDED, Game
from ..models import GameRow, PmChoice, SeatRow

log = logging.getLogger("bansha")

INDEX_WAIT = 10.0  # seconds a command may wait for the restore to index the games
ARM_AHEAD = 600.0  # deadlines due this soon are armed from the game rows, before the games are rebuilt


class Restore:
    """Mixed into Service."""

    accounts: set[int] | None
    games: dict[int, Game]
    self_ids: dict[int, int]
    pm_choice: dict[int, int]
    _by_group: dict[int, int]
    _by_player: dict[int, set[int]]
    _row: dict[int, tuple]
    _snap: dict[int, int]
    _pending: set[int]
    _version: str
    _arm: Any
    _members: dict[int, frozenset[int]]
    now: Any
    _armed: dict[int, dict[str, tuple]]

    def __init__(self) -> None:
        self._indexing = 0  # restores that have not indexed their rows yet
        self._indexed = asyncio.Event()
        self._indexed.set()

    if TYPE_CHECKING:  # provided by Service and its other parts
        def judges(self, self_id: int) -> bool: ...
        def kick(self) -> None: ...
        def rescan(self) -> None: ...
        def _install(self, game: Game, snap_seq: int) -> None: ...
        def _forget(self, gid: int) -> None: ...
        def forget_account(self, self_id: int) -> None: ...
        async def ensure_loaded(self, gid: int) -> Game | None: ...

    def index_begins(self) -> None:
        """From now until the rows are indexed, a command that finds no game waits for them."""
        self._indexing += 1
        self._indexed.clear()

    async def restore(self, accounts: Iterable[int] | None = None, begun: bool = False, rebuild: bool = True) -> int:
        """Index the active games of these accounts (all: None) and arm their deadlines from the game rows:
        from then on every game answers (a command rebuilds its game on the spot) and every deadline fires.
        Returns how many games were indexed. With `rebuild`, then rebuild them all in memory (`rebuild_all`)."""
        accounts = list(accounts) if accounts is not None else None
        if not begun:
            self.index_begins()
        try:
            metas = [m for m in await store.active_games(accounts) if m.gid not in self.self_ids]
            seats = await store.seated(accounts)
            for c in await PmChoice.all():
                self.pm_choice[c.qq] = c.game_id
        finally:
            self._indexing -= 1
            if self._indexing == 0:
                self._indexed.set()
        members: dict[int, set[int]] = {m.gid: {m.owner} for m in metas}
        for gid, qq in seats:
            if gid in members:
                members[gid].add(qq)
        for m in metas:  # the index at once, in bulk: commands may find any game from here on
            self.self_ids[m.gid] = m.self_id
            self._by_group[m.group] = m.gid
            self._members[m.gid] = frozenset(members[m.gid])
            for qq in members[m.gid]:
                self._by_player.setdefault(qq, set()).add(m.gid)
            self._row[m.gid] = (m.status, m.phase_no, m.deadline)
            self._snap[m.gid] = m.snap_seq
            self._pending.add(m.gid)
        self.kick()
        soon = self.now() + ARM_AHEAD
        for i, m in enumerate(metas):  # the others are armed as their games are rebuilt, soonest first
            if m.deadline is not None and m.deadline <= soon:
                self._arm_from_row(m.gid)
            if i % store.CHUNK == store.CHUNK - 1:
                await asyncio.sleep(0)  # let commands in
        if rebuild:
            await self.rebuild_all()
        return len(metas)

    def _arm_from_row(self, gid: int) -> None:
        """A game not rebuilt yet meets its deadline all the same (it is rebuilt when it fires)."""
        status, phase_no, deadline = self._row.get(gid, ("", 0, None))
        if gid in self._pending and status == "running" and deadline is not None:
            self._arm("deadline", gid, deadline, phase_no)
            self._armed.setdefault(gid, {})["deadline"] = (deadline, phase_no)

    async def rebuild_all(self) -> int:
        """Rebuild in memory every indexed game that is not yet, soonest deadline first, chunk by chunk
        (commands in between); each game's deadline and reminder are armed as it is rebuilt."""
        far = float("inf")
        pending = sorted(self._pending, key=lambda g: (self._row.get(g, ("", 0, None))[2] or far, g))
        late = self.now() + ARM_AHEAD / 2  # a slow rebuild arms the rest from their rows by then
        for i in range(0, len(pending), store.CHUNK):
            if self.now() > late:
                for gid in pending[i:]:
                    self._arm_from_row(gid)
                late = far
            chunk = [gid for gid in pending[i:i + store.CHUNK]
                     if gid in self._pending and self.judges(self.self_ids.get(gid, 0))]
            if chunk:
                await self._rebuild_chunk(chunk)
            await asyncio.sleep(0)
        for gid in pending:  # could not be rebuilt now: it loads when its deadline fires or a command comes
            self._arm_from_row(gid)
        return len(pending) - len(self._pending)

    async def _rebuild_chunk(self, gids: list[int]) -> None:
        try:
            got = await store.load(gids, self._version)
        except Exception:
            log.exception("restore: could not read %s games; they load on first use", len(gids))
            return
        from_start: list[Game] = []
        for gid in gids:
            if gid not in self._pending or not self.judges(self.self_ids.get(gid, 0)):
                continue  # rebuilt meanwhile by a command, or the account went to another process
            try:
                game = store.replay(gid, got[gid])
            except LookupError:
                continue  # left pending: the first use reads its whole log
            except Exception:
                log.exception("restore: game %s could not be rebuilt", gid)
                continue
            self._install(game, got[gid].snap[0] if got[gid].snap else 0)
            if got[gid].snap is None and game.seq > 0:
                from_start.append(game)
        if from_start:
            # No snapshot of this code yet (an upgrade, or still in sign-up): write one now, so the next
            # restart reads a few inputs instead of the whole log again.
            try:
                await store.save_snapshots(from_start, self._version)
            except Exception as e:
                log.warning("restore: could not write %s snapshots: %s", len(from_start), e)
            else:
                for game in from_start:
                    self._snap[game.gid] = max(self._snap.get(game.gid, 0), game.seq)

    async def wait_indexed(self, timeout: float = INDEX_WAIT) -> None:
        try:
            await asyncio.wait_for(self._indexed.wait(), timeout)
        except TimeoutError:
            pass

    async def adopt(self, account: int) -> int:
        """This process now judges the account (its lease was taken): restore its games. Commands for
        it are taken (and wait for the index) from the moment this is called, before its first await."""
        if self.accounts is not None:
            self.accounts.add(account)
        self.index_begins()
        self.rescan()
        return await self.restore([account], begun=True, rebuild=False)

    async def drop(self, account: int) -> None:
        """Another process judges the account now: forget its games here, stop their timers and sends."""
        if self.accounts is not None:
            self.accounts.discard(account)
        self.forget_account(account)
        for gid in [g for g, sid in self.self_ids.items() if sid == account]:
            self._forget(gid)

    async def group_game(self, group_id: int) -> Game | None:
        """The group's active game, rebuilt now if the background restore has not reached it yet."""
        if group_id not in self._by_group and self._indexing:
            await self.wait_indexed()
        gid = self._by_group.get(group_id)
        game = await self.ensure_loaded(gid) if gid is not None else None
        return game if game is not None and game.status != ENDED else None

    async def player_games(self, qq: int) -> list[Game]:
        """Every active game this QQ plays or judges, rebuilt now where needed."""
        if qq not in self._by_player and self._indexing:
            await self.wait_indexed()
        games = [await self.ensure_loaded(gid) for gid in sorted(self._by_player.get(qq, ()))]
        return [g for g in games if g is not None and g.status != ENDED]

    async def group_owner(self, group_id: int) -> int | None:
        """The account hosting the group's active game (None: no active game), wherever it is judged."""
        gid = self._by_group.get(group_id)
        if gid is not None:
            return self.self_ids.get(gid)
        rows = await GameRow.filter(active_group=group_id).values_list("self_id", flat=True)
        return rows[0] if rows else None

    async def seated_games(self, qq: int) -> list[tuple[int, int]]:
        """(game, account) of every active game this QQ has a seat in, whichever account hosts it."""
        gids = await SeatRow.filter(qq=qq).values_list("game_id", flat=True)
        return await GameRow.filter(id__in=list(gids), status__in=store.ACTIVE).order_by("id").values_list(
            "id", "self_id")
