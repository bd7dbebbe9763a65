"""The outbox sender: everything the bot says, in order, at least once, each group within its send budget.

Game messages are rows written in the input's transaction (service.py); replies that change nothing (a
refusal, /状态) are held in memory (`say`). Both drain here, chat by chat, each through its game's own
account:

- a group over its send budget (pacing.py) waits; what queues up for it meanwhile goes out as ONE
  message when its next turn comes (merged, in order) — QQ throttles accounts that burst;
- a send that fails waits for the next round; after MAX_ATTEMPTS a row is given up loudly; an account
  that is not connected here waits, and so does everything after it in that chat;
- rows are marked once per round on SQLite (fewer writes competing with the players' commits); with
  leases (PostgreSQL, possibly a standby waiting) each send is marked right after it, so a process that
  takes over resends at most the one message that was in flight. A crash between a send and its mark
  sends that row again after the restart (at-least-once, docs/reliability.md), through the same budget.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from .models import OutboxRow
from .pacing import Pacer

log = logging.getLogger("bansha")

MAX_ATTEMPTS = 5
FORWARD_CHUNK = 1500
MERGE_LIMIT = 3000  # characters in one merged group message (QQ takes about 4,500)
PACED = ("group", "forward")  # what counts against a group's budget (a reaction or a mute is no message)
MERGED_SEP = "\n\n"


@dataclass
class Outgoing:
    id: int  # the outbox row (0: a reply held in memory)
    self_id: int  # the account that owns the game: the only one the message may go through
    kind: str  # group | private | forward | ban | react
    target: int
    group_id: int | None
    text: str
    data: dict | None = None  # {"images": [board, …]}: pictures sent with the text (qq/sending.py)
    ids: tuple[int, ...] = ()  # every row this send delivers (several when merged)

    @property
    def rows(self) -> tuple[int, ...]:
        return self.ids or ((self.id,) if self.id else ())

    @property
    def chat(self) -> tuple[str, int]:
        return ("private", self.target) if self.kind == "private" else ("group", self.target)


class NotConnected(Exception):
    """The message's account is not online here; retry later without counting."""


Sender = Callable[[Outgoing], Awaitable[None]]


class Outbox:
    """Mixed into Service, which says which accounts this process judges (`judges`, `accounts`)."""

    accounts: set[int] | None
    leases: object | None

    def __init__(self, send: Sender, pacer: Pacer | None = None):
        self._send = send
        self.pacer = pacer
        self._kick = asyncio.Event()
        self._sender_task: asyncio.Task | None = None
        self._delivered: set[int] = set()  # outbox rows sent but not yet marked (DB write outage)
        self._says: list[Outgoing] = []  # replies held in memory
        self._held: set[int] = set()  # groups whose queue waits for the budget: merge what is there
        self.wake: float | None = None  # seconds until a held group's next turn

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

    def say(self, self_id: int, kind: str, target: int, text: str, group_id: int | None = None) -> None:
        """A reply that changes no game (a refusal, /状态): sent in turn, within the group's budget,
        never written down."""
        self._says.append(Outgoing(0, self_id, kind, target, group_id, text))
        self.kick()

    async def _sender_loop(self) -> None:
        while True:
            self._kick.clear()
            try:
                busy = await self.drain_once()
            except Exception:
                log.exception("outbox drain failed")
                busy = False
            if not busy:
                timeout = 5.0 if self.wake is None else min(5.0, max(0.02, self.wake))
                try:
                    await asyncio.wait_for(self._kick.wait(), timeout=timeout)
                except TimeoutError:
                    pass

    # --- one round ---------------------------------------------------------------------------
    async def drain_once(self, limit: int = 100) -> bool:
        """Send what is pending for the accounts judged here, chat by chat in order; True when more rows wait."""
        accounts = self.accounts
        says, self._says = self._says, []
        rows: list[OutboxRow] = []
        try:
            if accounts is None or accounts:
                q = OutboxRow.filter(sent=False)
                if accounts is not None:
                    q = q.filter(self_id__in=sorted(accounts))
                rows = await q.order_by("id").limit(limit)
        except Exception:
            self._says = says + self._says
            if not says:
                raise
            rows = []  # the DB is down: the replies held in memory still go out
        by_id = {r.id: r for r in rows}
        chats: dict[tuple[str, int], list[Outgoing]] = {}
        for r in rows:
            if r.id not in self._delivered:  # (already sent: only its mark is pending)
                out = Outgoing(r.id, r.self_id, r.kind, r.target, r.group_id, r.text, r.data)
                chats.setdefault(out.chat, []).append(out)
        for out in says:
            chats.setdefault(out.chat, []).append(out)
        self.wake = None
        sent: set[int] = set()  # the replies done with (by identity)
        offline: set[int] = set()
        progressed = False
        try:
            for outs in chats.values():
                progressed |= await self._drain_chat(outs, by_id, sent, offline) > 0
        finally:
            self._says = [o for o in says if id(o) not in sent] + self._says
            await self._mark_delivered()
        return progressed and len(rows) == limit

    async def _drain_chat(self, outs: list[Outgoing], by_id: dict[int, OutboxRow], sent: set[int],
                          offline: set[int]) -> int:
        """Send one chat's queue in order until one must wait; returns how many went."""
        i = 0
        while i < len(outs):
            out, taken = outs[i], 1
            if out.self_id in offline or (out.id and not self.judges(out.self_id)):
                break  # not here (offline, or the account's lease ran out: its new holder sends it)
            if out.kind in PACED and self.pacer is not None:
                wait = self.pacer.wait(out.target)
                if wait > 0:  # over budget: this chat waits, and what queues up meanwhile is merged
                    self._held.add(out.target)
                    self.wake = wait if self.wake is None else min(self.wake, wait)
                    return i
                if out.kind == "group" and out.target in self._held:
                    out, taken = _merge(outs, i)
                self.pacer.take(out.target)
            try:
                await self._send(out)
            except NotConnected:
                offline.add(out.self_id)
                break
            except Exception as e:
                await self._failed(out, e, by_id)
                sent.update(id(o) for o in outs[i:i + taken] if not o.id)  # a reply is tried once
                return i
            self._delivered.update(out.rows)
            sent.update(id(o) for o in outs[i:i + taken] if not o.id)
            if self.leases is not None:
                await self._mark_delivered()
            i += taken
        if i == len(outs) and outs and outs[0].chat[0] == "group":
            self._held.discard(outs[0].target)
        return i

    async def _failed(self, out: Outgoing, e: Exception, by_id: dict[int, OutboxRow]) -> None:
        if not out.rows:
            log.warning("reply to %s %s not sent: %s", out.kind, out.target, e)
            return
        for rid in out.rows:
            row = by_id[rid]
            row.attempts += 1
            row.error = str(e)[:500]
            if row.attempts >= MAX_ATTEMPTS:
                row.sent = True  # give up loudly rather than block the queue forever
                log.error("outbox %s dropped after %s attempts: %s", row.id, row.attempts, e)
            await row.save(update_fields=["attempts", "error", "sent"])

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
        return await OutboxRow.filter(sent=False).count() + len(self._says)


def _merge(outs: list[Outgoing], i: int) -> tuple[Outgoing, int]:
    """The group messages queued at `i` onwards (up to MERGE_LIMIT characters) as one send."""
    texts: list[str] = []
    rows: list[int] = []
    data: dict | None = None
    j = i
    while j < len(outs) and outs[j].kind == "group" and outs[j].self_id == outs[i].self_id:
        size = sum(len(t) for t in texts) + len(outs[j].text)
        if texts and size > MERGE_LIMIT:
            break
        texts.append(outs[j].text)
        rows.extend(outs[j].rows)
        data = merge_data(data, outs[j].data)
        j += 1
    if j - i == 1:
        return outs[i], 1
    return replace(outs[i], text=MERGED_SEP.join(texts), data=data, ids=tuple(rows)), j - i


def merge_data(a: dict | None, b: dict | None) -> dict | None:
    """The pictures of two messages that become one, in order."""
    images = [*(a or {}).get("images", ()), *(b or {}).get("images", ())]
    return {"images": images} if images else None
