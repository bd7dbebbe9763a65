"""Which process judges which bot account.

PostgreSQL: several processes may share the database. Each bot account (OneBot self_id) has one
lease row (`bansha_lease`): the holder, an expiry on the database's clock and a fencing epoch that
grows by one at every takeover. A process judges an account's games only while it holds its lease;
it renews it every `takeover / 5` seconds while the account is connected to it. A second process for
the same account (a standby: NapCat connected to both) polls as often and takes the lease once it
has run out, so it judges within `takeover` seconds of the holder's death. Every input is committed
together with a check that the epoch taken is still the row's (`SELECT … FOR SHARE`): a former holder
that stalled past its lease cannot write after a takeover, and a takeover waits for the commits in
flight. Sending stops when the lease would have run out on the local clock.

SQLite: one process per file, enforced by an exclusive lock on `<file>.lock`; a second process on the
same file refuses to start with a message saying why.
"""

from __future__ import annotations

import asyncio
import fcntl
import logging
import os
import socket
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import IO, Any

log = logging.getLogger("bansha")

TAKEOVER = 15.0  # seconds: the default of BANSHA_TAKEOVER_SECONDS

_NOW = "CAST(EXTRACT(EPOCH FROM clock_timestamp()) AS DOUBLE PRECISION)"


class Fenced(Exception):
    """This process no longer holds the account's lease: the write was refused and nothing changed."""


class SecondProcess(RuntimeError):
    """Another bot process already uses this SQLite file."""


def default_holder(port: int | str = "") -> str:
    """Host and port: a restarted process reclaims its own lease at once (two live processes cannot
    listen on one port), while another instance must wait until the lease runs out."""
    return f"{socket.gethostname()}:{port or os.getpid()}"


class Leases:
    """The leases this process holds, on PostgreSQL."""

    def __init__(self, holder: str, takeover: float = TAKEOVER):
        self.holder = holder
        self.ttl = takeover * 0.8  # a dead holder's lease runs out after this …
        self.poll = takeover * 0.2  # … and a standby looks this often: taken over within `takeover`
        self.epochs: dict[int, int] = {}  # account -> the epoch this process holds
        self._valid: dict[int, float] = {}  # account -> monotonic time until which the lease surely holds
        self._tasks: dict[int, asyncio.Task] = {}
        self._first: dict[int, asyncio.Event] = {}  # account -> set once its first attempt is over

    def _conn(self) -> Any:
        from ..db import connection  # (lazily: the connection exists once the service has started)

        return connection()

    # --- the lease row -----------------------------------------------------------------------
    async def acquire(self, account: int) -> int | None:
        """Take the lease if it is free, expired, or already this holder's; returns the new epoch."""
        started = time.monotonic()
        rows = await self._conn().execute_query_dict(
            f"INSERT INTO bansha_lease (account, holder, epoch, expires) VALUES ($1, $2, 1, {_NOW} + $3::float8) "
            "ON CONFLICT (account) DO UPDATE SET holder = EXCLUDED.holder, epoch = bansha_lease.epoch + 1, "
            "expires = EXCLUDED.expires "
            f"WHERE bansha_lease.expires < {_NOW} OR bansha_lease.holder = EXCLUDED.holder RETURNING epoch",
            [account, self.holder, self.ttl],
        )
        if not rows:
            return None
        epoch = int(rows[0]["epoch"])
        self.epochs[account] = epoch
        self._valid[account] = started + self.ttl
        return epoch

    async def renew(self, account: int) -> bool:
        epoch = self.epochs.get(account)
        if epoch is None:
            return False
        started = time.monotonic()
        rows = await self._conn().execute_query_dict(
            f"UPDATE bansha_lease SET expires = {_NOW} + $3::float8 WHERE account = $1 AND holder = $2 AND epoch = $4 "
            "RETURNING epoch",
            [account, self.holder, self.ttl, epoch],
        )
        if not rows:
            self.forget(account)
            return False
        self._valid[account] = started + self.ttl
        return True

    async def release(self, account: int) -> None:
        """A clean shutdown: let a standby take over at its next look instead of after the expiry."""
        epoch = self.epochs.get(account)
        self.forget(account)
        if epoch is not None:
            await self._conn().execute_query(
                "UPDATE bansha_lease SET expires = 0 WHERE account = $1 AND holder = $2 AND epoch = $3",
                [account, self.holder, epoch],
            )

    def forget(self, account: int) -> None:
        self.epochs.pop(account, None)
        self._valid.pop(account, None)

    def holds(self, account: int) -> bool:
        """Held, and surely not yet expired on the database's clock (the local clock is checked)."""
        return account in self.epochs and time.monotonic() < self._valid.get(account, 0.0)

    async def fence(self, conn: Any, account: int) -> None:
        """Inside an input's transaction: the epoch must still be ours (FOR SHARE holds off a takeover
        until this transaction ends)."""
        epoch = self.epochs.get(account)
        rows = [] if epoch is None else await conn.execute_query_dict(
            "SELECT epoch FROM bansha_lease WHERE account = $1 AND holder = $2 AND epoch = $3 FOR SHARE",
            [account, self.holder, epoch],
        )
        if not rows:
            self.forget(account)
            raise Fenced(f"account {account}: lease lost")

    # --- keeping it --------------------------------------------------------------------------------
    def watch(self, account: int, connected: Callable[[], bool], gained: Callable[[int], Awaitable[None]],
              lost: Callable[[int], Awaitable[None]]) -> None:
        """Hold the account's lease while it is connected here: take it when free, renew it, and say
        when it is gained or lost. One watcher per account; calling again is harmless."""
        task = self._tasks.get(account)
        if task is None or task.done():
            self._first.setdefault(account, asyncio.Event())
            self._tasks[account] = asyncio.create_task(self._keep(account, connected, gained, lost))

    async def settled(self, account: int, timeout: float = 5.0) -> None:
        """Wait (bounded) until this process has tried once to take the account's lease: a message that
        arrives right after the account connects is not ignored only because the lease was not asked yet."""
        deadline = time.monotonic() + timeout
        while account not in self._first and time.monotonic() < deadline:  # the connect hook runs first
            await asyncio.sleep(0.02)
        first = self._first.get(account)
        if first is not None and not first.is_set():
            try:
                await asyncio.wait_for(first.wait(), max(0.0, deadline - time.monotonic()))
            except TimeoutError:
                pass

    async def _keep(self, account: int, connected, gained, lost) -> None:
        while True:
            held = account in self.epochs
            try:
                if held and connected():
                    if not await self.renew(account):
                        log.warning("bansha: account %s: lease taken over by another process", account)
                        await lost(account)
                elif held:  # the account left this process: let the lease run out for a standby
                    log.warning("bansha: account %s disconnected: lease left to run out", account)
                    self.forget(account)
                    await lost(account)
                elif connected():
                    epoch = await self.acquire(account)
                    if epoch is not None:
                        log.info("bansha: account %s: this process judges it now (epoch %s)", account, epoch)
                        await gained(account)
            except asyncio.CancelledError:
                raise
            except Exception as e:  # the database is away: the local expiry stops us in time
                log.warning("bansha: account %s: lease check failed: %s", account, e)
                if held and not self.holds(account):
                    self.forget(account)
                    await lost(account)
            self._first[account].set()
            await asyncio.sleep(self.ttl / 4 if account in self.epochs else self.poll)

    async def stop(self) -> None:
        for task in self._tasks.values():
            task.cancel()
        for task in self._tasks.values():
            try:
                await task
            except BaseException:  # noqa: BLE001  (cancelled or already failed: either way it is over)
                pass
        self._tasks.clear()
        for account in list(self.epochs):
            try:
                await self.release(account)
            except Exception as e:
                log.warning("bansha: account %s: could not release the lease: %s", account, e)




def lock_sqlite(db_url: str) -> IO[str] | None:
    """Hold `<file>.lock` for the life of the process; a second bot process on the file is refused."""
    path = db_url[len("sqlite://"):] if db_url.startswith("sqlite://") else ""
    if not path or path == ":memory:":
        return None
    lock_path = Path(path + ".lock")
    lock_path.parent.mkdir(parents=True, exist_ok=True)
    handle = open(lock_path, "a+")  # noqa: SIM115  (kept open: the lock lives as long as the process)
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.seek(0)
        other = handle.read().strip() or "?"
        handle.close()
        raise SecondProcess(
            f"另一个机器人进程（{other}）已经在使用 SQLite 数据库 {path}：SQLite 只能由一个进程使用。"
            "多个 QQ 号或主备切换请改用 PostgreSQL（BANSHA_DB_URL=postgres://…）。"
        ) from None
    handle.seek(0)
    handle.truncate()
    handle.write(f"pid {os.getpid()} on {socket.gethostname()}\n")
    handle.flush()
    return handle
