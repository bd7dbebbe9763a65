"""The outbox sender: everything the bot says, in order per chat, at least once, never given up on.

Game messages are rows written in the input's transaction (service/journal.py); replies that change nothing (a
refusal, /状态) are held in memory (`say`). Each chat (a group, one person's private messages) has its own
queue and its own sender task, so one slow or failing chat never delays another; at most CONCURRENCY
sends are in flight at once, each through its game's own account (docs/reliability.md):

- a group over its send budget (pacing.py) waits; what queues up for it meanwhile goes out as ONE
  message when its next turn comes (merged, in order) — QQ throttles accounts that burst;
- a transient failure (风控, a muted group, a rate limit, an account hiccup) is retried with backoff, per
  chat, for as long as the game runs and RETRY_AFTER_END after; a permanent one (no friend and no temp
  session, left the group, the bot kicked) holds the chat's messages until the recipient writes to the
  bot, sends /补发, or a judge resends them from the 导演台. A chat still undelivered after ALERT_AFTER
  (60 s for a person, 10 minutes for a group), or refused for good, is reported to the game's judges once;
- a send whose ack timed out may have arrived: it is resent at most once, a reminder never; after that it
  counts as sent, marked `uncertain` (the 导演台 lists it, /补发 resends it);
- an account that is not connected here waits, and so does everything after it in that chat;
- rows are marked sent in small batches on SQLite (fewer writes competing with the players' commits);
  with leases (PostgreSQL, possibly a standby waiting) each send is marked right after it, so a process
  that takes over resends at most the one message in flight. A crash between a send and its mark sends
  that row again after the restart (at-least-once), through the same budget.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace

from ..models import OutboxRow
from ..pacing import Pacer
from .undelivered import Chat, Delivery, Recipients, Undelivered, why_undelivered

log = logging.getLogger("bansha")

FORWARD_CHUNK = 1500
MERGE_LIMIT = 3000  # characters in one merged group message (QQ takes about 4,500)
PACED = ("group", "forward")  # what counts against a group's budget (a reaction or a mute is no message)
MERGED_SEP = "\n\n"
CONCURRENCY = 8  # sends in flight at once, over every chat
BACKOFF = (1.0, 2.0, 4.0, 8.0, 15.0, 30.0, 60.0)  # seconds before a chat's next try, by failures in a row
RETRY_AFTER_END = 24 * 3600.0  # a game that ended: its undelivered rows are retried this long, then held
REPLY_TRIES = 3  # a reply held in memory (a refusal, /状态) is tried this often, within REPLY_TTL seconds
REPLY_TTL = 60.0
LOAD_LIMIT = 500  # rows read per page
RESCAN = 10.0  # seconds between reads of the whole queue (otherwise only rows past the last one read)
WINDOW = 200  # ids before the last one read that are read again (transactions commit out of id order)
MARK_EVERY = 0.2  # seconds between batched marks (SQLite)


@dataclass
class Outgoing:
    id: int  # the outbox row (0: a reply held in memory)
    self_id: int  # the account that owns the game: the only one the message may go through
    kind: str  # group | private | forward | ban | react
    target: int
    group_id: int | None
    text: str
    data: dict | None = None  # {"images": [board, …]}: pictures sent with the text (qq/sending.py); flags
    ids: tuple[int, ...] = ()  # every row this send delivers (several when merged)
    game_id: int | None = None
    tries: int = 0  # a reply's failed tries
    born: float = field(default_factory=time.monotonic)

    @property
    def rows(self) -> tuple[int, ...]:
        return self.ids or ((self.id,) if self.id else ())

    @property
    def chat(self) -> tuple[str, int]:
        return ("private", self.target) if self.kind == "private" else ("group", self.target)

    @property
    def remind(self) -> bool:
        return bool((self.data or {}).get("remind"))

    @property
    def notice(self) -> bool:
        """A delivery notice to a judge: its own trouble is not reported again."""
        return bool((self.data or {}).get("notice"))


class NotConnected(Exception):
    """The message's account is not online here; retry later without counting."""


class SendFailed(Exception):
    """QQ refused or did not answer a send. `permanent`: it will not get through until something changes
    (the recipient adds the bot, rejoins, the bot is let back in); `timeout`: the ack never came, so the
    message may have arrived."""

    def __init__(self, why: str, *, permanent: bool = False, timeout: bool = False):
        super().__init__(why)
        self.why = why
        self.permanent = permanent
        self.timeout = timeout


Sender = Callable[[Outgoing], Awaitable[None]]


@dataclass
class _Chat:
    """One chat's queue and its trouble so far."""

    key: tuple[str, int]
    queue: list[Outgoing] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    failures: int = 0  # failed tries in a row
    retry_at: float = 0.0  # monotonic: no try before then
    held_back: bool = False  # over the group's budget: merge what is queued when the turn comes
    parked: bool = False  # its account is offline here: waits for a kick
    task: asyncio.Task | None = None
    wake: asyncio.Event = field(default_factory=asyncio.Event)


class Outbox:
    """The service's sender. It is told how to send (`send`), each group's budget (`pacer`), which accounts
    this process sends for (`accounts`: None = all; `judges`: right now, lease included), whether a game is
    still judged here (`active`), who a game's judges are (`context`), whom to tell that a game's delivery
    changed (`notify`: the 导演台's live pages), and whether to mark each send at once (`mark_each`: with
    leases, a process that takes over resends at most the message in flight). Trouble is recorded and
    recovered by `delivery`."""

    def __init__(self, send: Sender, pacer: Pacer | None, *, accounts: Callable[[], set[int] | None],
                 judges: Callable[[int], bool], active: Callable[[int], bool], notify: Callable[[int], None],
                 context: Callable[[int], Awaitable[Recipients | None]], mark_each: bool):
        self._send = send
        self.pacer = pacer
        self._accounts = accounts
        self._judges = judges
        self._active = active
        self._notify = notify
        self._mark_each = mark_each
        self._kick = asyncio.Event()
        self._sender_task: asyncio.Task | None = None
        self._marker: asyncio.Task | None = None
        self._delivered: set[int] = set()  # outbox rows sent but not yet marked (batched, or a DB write outage)
        self._says: list[Outgoing] = []  # replies held in memory, not yet in a chat's queue
        self._chats: dict[tuple[str, int], _Chat] = {}
        self._queued: set[int] = set()  # rows in some chat's queue
        self._slots = asyncio.Semaphore(CONCURRENCY)
        self._background = False  # chats run in tasks of their own (start_sender); else drain_once steps them
        self.wake: float | None = None  # seconds until a waiting chat's next turn (drain_once)
        self.monotonic = time.monotonic  # (tests set both clocks)
        self.delivery = Delivery(context, self.retry_now, self.rescan)
        self._cursor = 0  # the highest row id read
        self._last_full = 0.0  # monotonic: the last read of the whole queue
        self._rescan = True

    # --- lifecycle --------------------------------------------------------------------------
    def start_sender(self) -> None:
        self._background = True
        if self._sender_task is None or self._sender_task.done():
            self._sender_task = asyncio.create_task(self._sender_loop())

    async def stop(self) -> None:
        tasks = [t for t in (self._sender_task, self._marker, *(c.task for c in self._chats.values())) if t]
        for task in tasks:
            task.cancel()
        for task in tasks:
            try:
                await task
            except (asyncio.CancelledError, Exception):
                pass
        self._sender_task = self._marker = None
        await self._mark_delivered()

    def kick(self) -> None:
        self._kick.set()

    def say(self, self_id: int, kind: str, target: int, text: str, group_id: int | None = None) -> None:
        """A reply that changes no game (a refusal, /状态): sent in turn, within the group's budget, tried
        a few times, never written down."""
        self._says.append(Outgoing(0, self_id, kind, target, group_id, text, born=self.monotonic()))
        self.kick()

    async def _sender_loop(self) -> None:
        await self.delivery.load()
        while True:
            self._kick.clear()
            try:
                await self._load()
            except Exception:
                log.exception("outbox: reading the queue failed")
            for chat in list(self._chats.values()):
                if chat.queue and not chat.parked and (chat.task is None or chat.task.done()):
                    chat.task = asyncio.create_task(self._run_chat(chat))
            try:
                await asyncio.wait_for(self._kick.wait(), timeout=5.0)
            except TimeoutError:
                pass

    async def _run_chat(self, chat: _Chat) -> None:
        """One chat's sender: step, wait what it says, until the queue is empty or its account is away."""
        while True:
            try:
                wait = await self._step(chat)
            except Exception:
                log.exception("outbox: chat %s failed", chat.key)
                wait = 5.0
            if wait is None:
                return
            chat.wake.clear()
            try:
                await asyncio.wait_for(chat.wake.wait(), timeout=wait)
            except TimeoutError:
                pass

    # --- reading the queue ------------------------------------------------------------------
    def _chat(self, key: tuple[str, int]) -> _Chat:
        chat = self._chats.get(key)
        if chat is None:
            chat = self._chats[key] = _Chat(key)
        return chat

    async def _load(self, limit: int = LOAD_LIMIT, full: bool = False) -> int:
        """New rows and replies into their chats' queues, in order; returns how many rows were read.

        Normally only rows past the last one read (less a window: a transaction may commit a lower id
        later); every RESCAN seconds, and when asked (a release, a resend, a connect), all of them."""
        accounts = self._accounts()
        says, self._says = self._says, []
        full = full or self._rescan or self.monotonic() - self._last_full > RESCAN
        rows: list[OutboxRow] = []
        try:
            if accounts is None or accounts:
                q = OutboxRow.filter(sent=False, held=False)
                if accounts is not None:
                    q = q.filter(self_id__in=sorted(accounts))
                after = 0 if full else max(0, self._cursor - WINDOW)
                while True:  # page by page: a long backlog in one chat must not hide another chat's rows
                    page = await q.filter(id__gt=after).order_by("id").limit(limit)
                    rows += page
                    if len(page) < limit or not full:
                        break
                    after = page[-1].id
        finally:
            # the DB may be down: the replies held in memory still go out
            for out in says:
                chat = self._chat(out.chat)
                chat.queue.append(out)
                chat.parked = False
        if full:
            self._rescan, self._last_full = False, self.monotonic()
        for r in rows:
            self._cursor = max(self._cursor, r.id)
            chat = self._chat(("private", r.target) if r.kind == "private" else ("group", r.target))
            chat.parked = False
            if r.id in self._queued or r.id in self._delivered:
                continue
            out = Outgoing(r.id, r.self_id, r.kind, r.target, r.group_id, r.text, r.data,
                           game_id=r.game_id)  # type: ignore[attr-defined]
            # in id order: a row committed late (a concurrent transaction) goes before the newer ones
            at = len(chat.queue)
            while at > 0 and (chat.queue[at - 1].id == 0 or chat.queue[at - 1].id > r.id):
                at -= 1
            chat.queue.insert(at, out)
            self._queued.add(r.id)
        return len(rows)

    def rescan(self) -> None:
        """Read the whole queue at the next round (rows released, or an account back)."""
        self._rescan = True
        self.kick()

    def forget_account(self, self_id: int) -> None:
        """Another process sends this account's messages now: drop them from the queues here (they stay in
        the DB; a process that judges the account again reads them anew)."""
        for chat in self._chats.values():
            gone = [o for o in chat.queue if o.self_id == self_id]
            for o in gone:
                chat.queue.remove(o)
                self._queued.difference_update(o.rows)

    # --- one round, for tests and tools (start_sender runs the same steps in tasks) -------------
    async def drain_once(self) -> bool:
        """Send what may go now, chat by chat; True when new messages came up meanwhile (e.g. a notice to
        the judges): another round would send them."""
        self._kick.clear()
        await self._load(full=True)
        self.wake = None
        chats = [c for c in self._chats.values() if c.queue]
        waits = await asyncio.gather(*(self._step(c) for c in chats))
        for wait in waits:
            if wait is not None:
                self.wake = wait if self.wake is None else min(self.wake, wait)
        await self._mark_delivered()
        return self._kick.is_set()

    # --- one chat -----------------------------------------------------------------------------
    async def _step(self, chat: _Chat) -> float | None:
        """Send the chat's queue in order until it must wait: the seconds to wait, or None (empty, or its
        account is not here)."""
        async with chat.lock:
            while chat.queue:
                now = self.monotonic()
                if chat.retry_at > now:
                    return chat.retry_at - now
                out, taken = chat.queue[0], 1
                if out.id and not self._judges(out.self_id):
                    chat.parked = True  # the account's lease ran out: its new holder sends it
                    return None
                if out.kind in PACED and self.pacer is not None:
                    wait = self.pacer.wait(out.target)
                    if wait > 0:  # over budget: this chat waits, and what queues up meanwhile is merged
                        chat.held_back = True
                        return wait
                    if out.kind == "group" and chat.held_back:
                        out, taken = _merge(chat.queue, 0)
                    self.pacer.take(out.target)
                batch = chat.queue[:taken]  # (a late row may be inserted during the send: remove by identity)
                try:
                    async with self._slots:
                        await self._send(out)
                except NotConnected:
                    chat.parked = True
                    return None
                except Exception as e:
                    failure = e if isinstance(e, SendFailed) else SendFailed(f"{type(e).__name__}: {e}")
                    wait = await self._failed(chat, batch, out, failure)
                    if wait is not None:
                        return wait
                    continue
                self._drop(chat, batch)
                self._delivered.update(out.rows)
                if chat.failures and out.game_id is not None:
                    self._notify(out.game_id)  # it got through after trouble: the 导演台's count drops
                chat.failures = 0
                if chat.key in self.delivery.alerted:
                    await self.delivery.cleared(chat.key)
                if out.rows:
                    self._schedule_mark()
            chat.held_back = False
            return None

    def _drop(self, chat: _Chat, batch: list[Outgoing]) -> None:
        """These messages leave the chat's queue (sent, held, or given up)."""
        for o in batch:
            if o in chat.queue:
                chat.queue.remove(o)
            self._queued.difference_update(o.rows)

    async def _failed(self, chat: _Chat, batch: list[Outgoing], out: Outgoing, e: SendFailed) -> float | None:
        """Book a failed send; the seconds the chat waits before its next try, or None to go on at once
        (what failed left the queue: held, counted as sent, or a reply given up)."""
        chat.failures += 1
        backoff = BACKOFF[min(chat.failures, len(BACKOFF)) - 1]
        gone: list[Outgoing] = []
        for o in batch:  # replies: a few tries, then given up (they change nothing; the sender may ask again)
            if not o.rows:
                o.tries += 1
                if e.permanent or e.timeout or o.tries >= REPLY_TRIES or self.monotonic() - o.born > REPLY_TTL:
                    log.warning("reply to %s %s not sent: %s", o.kind, o.target, e.why)
                    gone.append(o)
        now = self.delivery.wall()
        first = now
        if out.rows:
            rows = await OutboxRow.filter(id__in=list(out.rows))
            first = min((r.failed_at for r in rows if r.failed_at), default=now)
            ended = out.game_id is None or not self._active(out.game_id)
            for row in rows:
                row.attempts += 1
                row.error = e.why[:500]
                row.failed_at = row.failed_at or now
                if e.timeout:
                    row.timeouts += 1
                    if out.remind or row.timeouts >= 2:  # it may have arrived: a reminder never twice, others once
                        row.sent = row.uncertain = True
                        log.warning("outbox %s: ack timed out %s times; counted as sent (it may have arrived)",
                                    row.id, row.timeouts)
                elif e.permanent or (ended and now - first > RETRY_AFTER_END):
                    row.held = True
                await row.save(update_fields=["attempts", "error", "failed_at", "timeouts", "sent", "uncertain",
                                              "held"])
            if any(r.sent or r.held for r in rows):
                gone += [o for o in batch if o.rows]
        if e.permanent:
            # the chat cannot be reached now: everything else queued for it is held too (each new message
            # is tried once more as it comes; a PM from the person, /补发 or a resend releases them)
            rest = [o for o in chat.queue if o.rows and o not in gone]
            ids = [r for o in rest for r in o.rows]
            if ids:
                await OutboxRow.filter(id__in=ids).update(held=True, failed_at=now, error=e.why[:500])
                gone += rest
            if chat.key[0] == "private":
                self.delivery.held_targets.add(chat.key[1])
        self._drop(chat, gone)
        if out.game_id is not None and (gone or first == now):
            self._notify(out.game_id)  # the 导演台's 未送达 count changed
        if out.rows and not out.notice and (e.permanent or self.delivery.due(chat.key, first)):
            await self.delivery.alert(chat.key, out.game_id, out.self_id, out.group_id,
                                      why_undelivered(e.permanent, e.timeout, e.why), first)
        if gone and (e.permanent or not chat.queue):
            return None  # nothing left to retry now (what is left are replies or new rows: try them)
        chat.retry_at = self.monotonic() + backoff
        return backoff

    def retry_now(self, chat: Chat) -> None:
        """The chat may be reachable again: its sender tries at once."""
        c = self._chats.get(chat)
        if c is not None and (c.failures or c.retry_at):
            c.failures, c.retry_at = 0, 0.0
            c.wake.set()

    # the 导演台's view of the trouble (service/undelivered.py)
    async def undelivered(self, gid: int) -> list[Undelivered]:
        return await self.delivery.undelivered(gid)

    async def resend(self, gid: int, *, ids: list[int] | None = None, target: int | None = None) -> int:
        return await self.delivery.resend(gid, ids=ids, target=target)


    # --- marking ----------------------------------------------------------------------------------
    def _schedule_mark(self) -> None:
        if not self._background:
            return  # drain_once marks at the end of its round
        if self._mark_each:
            self._marker = asyncio.get_running_loop().create_task(self._mark_delivered())
        elif self._marker is None or self._marker.done():
            self._marker = asyncio.get_running_loop().create_task(self._mark_soon())

    async def _mark_soon(self) -> None:
        await asyncio.sleep(MARK_EVERY)
        await self._mark_delivered()

    async def _mark_delivered(self) -> None:
        """Mark what was sent; if the DB refuses, keep the ids and mark them with the next batch. A send that
        completes while a batch is being written is marked by the next turn of this loop: no marker would be
        scheduled for it (this one is still running), and an unmarked row would go out again after a restart."""
        while self._delivered:
            ids = sorted(self._delivered)
            try:
                await OutboxRow.filter(id__in=ids).update(sent=True)
            except Exception as e:
                log.warning("outbox: cannot mark %s rows sent yet: %s", len(ids), e)
                if self._background:
                    asyncio.get_running_loop().call_later(5.0, self._schedule_mark)
                return
            self._delivered.difference_update(ids)

    async def pending(self) -> int:
        """Messages not sent yet: unsent rows (not held) and replies held in memory."""
        return (await OutboxRow.filter(sent=False, held=False).count() + len(self._says)
                + sum(1 for c in self._chats.values() for o in c.queue if not o.id))


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
