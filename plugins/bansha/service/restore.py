"""Restore in the background, and the gate a command waits at until the games are indexed.

`restore` indexes the active games of the accounts judged here at once (one query for the game rows,
one for their seats), re-arms their deadlines from the rows, then rebuilds the games chunk by chunk
(store.py: the latest snapshot and the inputs after it). A command for a game the restore has not
reached yet rebuilds that one game on the spot (Service.group_game, Service.player_games); one that
arrives before the rows are even indexed waits for them (`wait`), at most INDEX_WAIT seconds.

The restorer owns the gate and the games indexed but not rebuilt yet (`pending`, with the row each
was indexed from). It is told where to index a game (the Index), how to install a rebuilt one, whether
this process judges a game's account, how to arm a deadline, and where the players' PM choices go.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Iterable

from .. import store
from ..engine.game import Game
from ..models import PmChoice
from .index import Index

log = logging.getLogger("bansha")

INDEX_WAIT = 10.0  # seconds a command may wait for the restore to index the games
ARM_AHEAD = 600.0  # deadlines due this soon are armed from the game rows, before the games are rebuilt


class Restorer:
    def __init__(
        self, index: Index, *, install: Callable[[Game, int], None], judged: Callable[[int], bool],
        arm_deadline: Callable[[int, float, int], None], snapshotted: Callable[[int, int], None],
        chose: Callable[[int, int], None], kick: Callable[[], None], now: Callable[[], float], version: str,
    ):
        self._index = index
        self._install = install  # a rebuilt game into the service (game, seq of the snapshot it came from)
        self._judged = judged  # game id -> does this process judge its account now?
        self._arm_deadline = arm_deadline  # (game id, when, phase_no)
        self._snapshotted = snapshotted  # (game id, seq): a snapshot of it was written
        self._chose = chose  # (QQ, game id): a player's /私聊 choice, read back
        self._kick = kick  # the outbox: rows of the newly indexed games may go out
        self._now = now
        self._version = version
        self.pending: dict[int, store.Meta] = {}  # indexed, not yet rebuilt -> its row
        self._indexing = 0  # restores that have not indexed their rows yet
        self._indexed = asyncio.Event()
        self._indexed.set()

    def begin(self) -> None:
        """From now until the rows are indexed, a command that finds no game waits for them."""
        self._indexing += 1
        self._indexed.clear()

    @property
    def indexing(self) -> bool:
        return bool(self._indexing)

    async def wait(self, timeout: float = INDEX_WAIT) -> None:
        try:
            await asyncio.wait_for(self._indexed.wait(), timeout)
        except TimeoutError:
            pass

    def discard(self, gid: int) -> None:
        """The game needs no rebuild from here any more (rebuilt, or forgotten)."""
        self.pending.pop(gid, None)

    async def restore(self, accounts: Iterable[int] | None = None, begun: bool = False, rebuild: bool = True) -> int:
        """Index the active games of these accounts (all: None) and arm their deadlines from the game rows:
        from then on every game answers (a command rebuilds its game on the spot) and every deadline fires.
        Returns how many games were indexed. With `rebuild`, then rebuild them all in memory (`rebuild_all`)."""
        accounts = list(accounts) if accounts is not None else None
        if not begun:
            self.begin()
        try:
            metas = [m for m in await store.active_games(accounts) if not self._index.knows(m.gid)]
            seats = await store.seated(accounts)
            for c in await PmChoice.all():
                self._chose(c.qq, c.game_id)
        finally:
            self._indexing -= 1
            if self._indexing == 0:
                self._indexed.set()
        members: dict[int, set[int]] = {m.gid: {m.owner} for m in metas}
        for gid, qq in seats:
            if gid in members:
                members[gid].add(qq)
        for m in metas:  # the index at once, in bulk: commands may find any game from here on
            self._index.add(m.gid, m.self_id, m.group, frozenset(members[m.gid]))
            self.pending[m.gid] = m
        self._kick()
        soon = self._now() + ARM_AHEAD
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
        m = self.pending.get(gid)
        if m is not None and m.status == "running" and m.deadline is not None:
            self._arm_deadline(gid, m.deadline, m.phase_no)

    async def rebuild_all(self) -> int:
        """Rebuild in memory every indexed game that is not yet, soonest deadline first, chunk by chunk
        (commands in between); each game's deadline and reminder are armed as it is rebuilt."""
        far = float("inf")
        pending = sorted(self.pending, key=lambda g: (self.pending[g].deadline or far, g))
        late = self._now() + ARM_AHEAD / 2  # a slow rebuild arms the rest from their rows by then
        for i in range(0, len(pending), store.CHUNK):
            if self._now() > late:
                for gid in pending[i:]:
                    self._arm_from_row(gid)
                late = far
            chunk = [gid for gid in pending[i:i + store.CHUNK] if gid in self.pending and self._judged(gid)]
            if chunk:
                await self._rebuild_chunk(chunk)
            await asyncio.sleep(0)
        for gid in pending:  # could not be rebuilt now: it loads when its deadline fires or a command comes
            self._arm_from_row(gid)
        return len(pending) - len(self.pending)

    async def _rebuild_chunk(self, gids: list[int]) -> None:
        try:
            got = await store.load(gids, self._version)
        except Exception:
            log.exception("restore: could not read %s games; they load on first use", len(gids))
            return
        from_start: list[Game] = []
        for gid in gids:
            if gid not in self.pending or not self._judged(gid):
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
                    self._snapshotted(game.gid, game.seq)
