"""The outbox sender: committed messages go out in commit order, each through its game's own account.

Rows are written in the input's transaction (service.py); this loop sends them and marks them sent.
A crash between a send and its mark sends that row again after the restart (at-least-once, see
docs/reliability.md). Rows are marked once per round on SQLite (fewer writes competing with the
players' commits); with leases (PostgreSQL, possibly a standby waiting) each row is marked right after
its send, so a process that takes over resends at most the one message that was in flight.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .models import OutboxRow

log = logging.getLogger("bansha")

MAX_ATTEMPTS = 5
FORWARD_CHUNK = 1500


@dataclass
class Outgoing:
    id: int
    self_id: int  # the account that owns the game: the only one the message may go through
    kind: str  # group | private | forward | ban
    target: int
    group_id: int | None
    text: str
    data: dict | None = None  # {"images": [board, …]}: pictures sent with the text (qq/sending.py)


class NotConnected(Exception):
    """The message's account is not online here; retry later without counting."""


Sender = Callable[[Outgoing], Awaitable[None]]


class Outbox:
    """Mixed into Service, which says which accounts this process judges (`judges`, `accounts`)."""

    accounts: set[int] | None
    leases: object | None

    def __init__(self, send: Sender):
        self._send = send
        self._kick = asyncio.Event()
        self._sender_task: asyncio.Task | None = None
        self._delivered: set[int] = set()  # outbox rows sent but not yet marked (DB write outage)

    if TYPE_CHECKING:
        def judges(self, self_id: int) -> bool: ...  # Service defines it

    def start_sender(self) -> None:
        if self._sender_task is None or self._sender_task.done():
            self._sender_task = asyncio.create_task(self._sender_loop())

    async def stop(self) -> None:
        if self._sender_task:
            self._sender_task.cancel()
            try:
                await self._sender_task
            except (asyncio.CancelledError, Exception):
                pass
            self._sender_task = None

    def kick(self) -> None:
        self._kick.set()

    async def _sender_loop(self) -> None:
        while True:
            self._kick.clear()
            try:
                busy = await self.drain_once()
            except Exception:
                log.exception("outbox drain failed")
                busy = False
            if not busy:
                try:
                    await asyncio.wait_for(self._kick.wait(), timeout=5)
                except TimeoutError:
                    pass

    async def drain_once(self, limit: int = 100) -> bool:
        """Send pending rows of the accounts judged here, in order; a target whose send fails, or an
        account that is not connected, waits for the next round."""
        accounts = self.accounts
        if accounts is not None and not accounts:
            return False
        q = OutboxRow.filter(sent=False)
        if accounts is not None:
            q = q.filter(self_id__in=sorted(accounts))
        rows = await q.order_by("id").limit(limit)
        blocked: set[tuple[str, int]] = set()
        offline: set[int] = set()
        progressed = False
        each = self.leases is not None
        try:
            for row in rows:
                key = (row.kind, row.target)
                if key in blocked or row.self_id in offline or row.id in self._delivered:
                    continue  # (already sent: only its mark is pending)
                if not self.judges(row.self_id):
                    continue  # the account's lease ran out meanwhile: its new holder sends it
                try:
                    await self._send(Outgoing(row.id, row.self_id, row.kind, row.target, row.group_id, row.text,
                                              row.data))
                except NotConnected:
                    offline.add(row.self_id)
                    blocked.add(key)  # keep the order: nothing later to this target either
                    continue
                except Exception as e:
                    row.attempts += 1
                    row.error = str(e)[:500]
                    if row.attempts >= MAX_ATTEMPTS:
                        row.sent = True  # give up loudly rather than block the queue forever
                        log.error("outbox %s dropped after %s attempts: %s", row.id, row.attempts, e)
                    await row.save(update_fields=["attempts", "error", "sent"])
                    blocked.add(key)
                    continue
                self._delivered.add(row.id)
                progressed = True
                if each:
                    await self._mark_delivered()
        finally:
            await self._mark_delivered()
        return progressed and len(rows) == limit

    async def _mark_delivered(self) -> None:
        """Mark what was sent; if the DB refuses, keep the ids and only mark them next round."""
        if not self._delivered:
            return
        ids = sorted(self._delivered)
        try:
            await OutboxRow.filter(id__in=ids).update(sent=True)
        except Exception as e:
            log.warning("outbox: cannot mark %s rows sent yet: %s", len(ids), e)
            return
        self._delivered.difference_update(ids)

    async def pending_outbox(self) -> int:
        return await OutboxRow.filter(sent=False).count()
