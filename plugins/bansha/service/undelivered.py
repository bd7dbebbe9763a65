"""What the bot could not deliver: the judges told, the messages kept, and how they are recovered.

The outbox (service/outbox.py) never gives up on a message the rules produced. When a chat stays undelivered
(ALERT_AFTER: 60 s for a person's private messages, 10 minutes for a group) or is refused for good, this
tells the game's judges once per outage, by private message; the messages stay in the outbox, visible in
the 导演台 (`undelivered`, `resend`), and a person gets what was held for him when he next writes to the
bot, sends /补发, or adds the bot as a friend (`heard_from`, `release`).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from tortoise.exceptions import IntegrityError

from ..models import DeliveryAlert, OutboxRow

log = logging.getLogger("bansha")

ALERT_AFTER = {"private": 60.0, "group": 600.0}  # undelivered this long: the judges are told
Chat = tuple[str, int]  # ("group", group id) | ("private", QQ)


@dataclass(frozen=True)
class Recipients:
    """Who a game's delivery notices go to, and how its people are named in them."""

    judges: tuple[int, ...]
    seats: dict[int, int]  # QQ -> seat
    names: dict[int, str]  # QQ -> 「3号 玩家X」


@dataclass(frozen=True)
class Undelivered:
    """A message the bot could not deliver yet (the 导演台's 未送达 page)."""

    id: int
    kind: str  # group | private | forward
    target: int  # group id or QQ
    seat: int | None  # the seat of a private target, if seated
    text: str
    attempts: int
    error: str
    since: float  # wall time of the first failure
    state: str  # retrying | held | uncertain


class Delivery:
    """The outbox's record of trouble. `retry(chat)` lets a chat's sender try again at once; `rescan()` makes
    the outbox read the whole queue (released rows are unsent again)."""

    def __init__(self, context: Callable[[int], Awaitable[Recipients | None]], retry: Callable[[Chat], None],
                 rescan: Callable[[], None], wall: Callable[[], float] = time.time):
        self._context = context
        self._retry = retry
        self._rescan = rescan
        self.wall = wall
        self.alert_after = dict(ALERT_AFTER)  # (settings change them: BANSHA_ALERT_PRIVATE, _GROUP)
        self.held_targets: set[int] = set()  # QQs with messages held for them: a PM from one releases them
        self.alerted: set[Chat] = set()  # chats whose trouble the judges were told of, not over yet

    async def load(self) -> None:
        """After a restart: who has messages held, which alerts are still open."""
        try:
            targets = await OutboxRow.filter(held=True, sent=False, kind="private").distinct().values_list(
                "target", flat=True)
            alerts = await DeliveryAlert.filter(cleared__isnull=True).values_list("kind", "target")
        except Exception as e:
            log.warning("outbox: cannot read the held messages yet: %s", e)
            return
        self.held_targets.update(targets)
        self.alerted.update((k, t) for k, t in alerts)

    # --- telling the judges ------------------------------------------------------------------
    def due(self, chat: Chat, since: float) -> bool:
        return self.wall() - since >= self.alert_after[chat[0]]

    async def alert(self, chat: Chat, gid: int | None, self_id: int, group_id: int | None, why: str,
                    since: float) -> None:
        """Tell the game's judges, once per outage of this chat, by private message (outbox rows that say
        they are notices: their own trouble is not reported again)."""
        if gid is None:
            return
        kind, target = chat
        self.alerted.add(chat)
        try:
            alert, created = await DeliveryAlert.get_or_create(game_id=gid, kind=kind, target=target,
                                                               defaults={"since": since})
        except IntegrityError:  # another process told them at the same moment
            return
        if not created:
            if alert.cleared is None:
                return  # told already
            alert.since, alert.cleared = since, None
            await alert.save(update_fields=["since", "cleared"])
        context = await self._context(gid)
        if context is None:
            return
        if kind == "private":
            who = context.names.get(target, f"QQ {target}")
            text = (f"【送达问题】第 {gid} 局：{who} 收不到私聊（{why}）："
                    f"请他加机器人为好友后私聊机器人发送 /补发；未送达的消息在导演台「未送达」页可重发。")
        else:
            text = (f"【送达问题】第 {gid} 局：机器人在群 {target} 发不出消息（{why}）："
                    f"群里暂时看不到进程帖；恢复后会按顺序补发，导演台「未送达」页可查看和重发。")
        rows = [OutboxRow(game_id=gid, self_id=self_id, kind="private", target=j,
                          group_id=group_id if kind == "private" else target, text=text, data={"notice": True})
                for j in context.judges if not (kind == "private" and j == target)]
        if rows:
            await OutboxRow.bulk_create(rows)
            self._rescan()
        log.warning("outbox: game %s: %s %s undelivered (%s); %s judges told", gid, kind, target, why, len(rows))

    async def cleared(self, chat: Chat) -> None:
        """A message got through again: the chat's alert ends; a new outage is told anew."""
        kind, target = chat
        await DeliveryAlert.filter(kind=kind, target=target, cleared__isnull=True).update(cleared=self.wall())
        self.alerted.discard(chat)

    # --- what a player or a judge can recover ----------------------------------------------------
    def heard_from(self, qq: int) -> bool:
        """The person wrote to the bot privately: his private chat is open now, so what waits for him goes at
        once (a backoff is cut short). True when messages are held for him: the caller releases them
        (`release`, in a task of Bansha's own: it reads the DB)."""
        self._retry(("private", qq))
        return qq in self.held_targets

    async def release(self, qq: int, *, uncertain_in: list[int] | tuple = ()) -> int:
        """Put the messages held for this QQ (and those of the games `uncertain_in` whose ack never came)
        back in the queue, now; returns how many."""
        q = OutboxRow.filter(kind="private", target=qq)
        n = await q.filter(held=True, sent=False).update(held=False, attempts=0)
        if uncertain_in:
            n += await q.filter(uncertain=True, game_id__in=list(uncertain_in)).update(
                sent=False, uncertain=False, timeouts=0)
        self.held_targets.discard(qq)
        self._retry(("private", qq))
        self._rescan()
        return n

    async def undelivered(self, gid: int) -> list[Undelivered]:
        """Every message of this game not delivered yet (or whose delivery is uncertain), oldest first."""
        rows = await OutboxRow.filter(game_id=gid, failed_at__isnull=False).order_by("id")
        context = await self._context(gid)
        seats = context.seats if context is not None else {}
        return [Undelivered(r.id, r.kind, r.target, seats.get(r.target) if r.kind == "private" else None, r.text,
                            r.attempts, r.error or "", r.failed_at or 0.0,
                            "uncertain" if r.uncertain else "held" if r.held else "retrying")
                for r in rows if not r.sent or r.uncertain]

    async def resend(self, gid: int, *, ids: list[int] | None = None, target: int | None = None) -> int:
        """Put these rows (or every undelivered row of the game to `target`) back in the queue now."""
        q = OutboxRow.filter(game_id=gid, failed_at__isnull=False)
        if ids is not None:
            q = q.filter(id__in=ids)
        if target is not None:
            q = q.filter(target=target)
        rows = [r for r in await q if not r.sent or r.uncertain]
        if not rows:
            return 0
        await OutboxRow.filter(id__in=[r.id for r in rows]).update(held=False, sent=False, uncertain=False,
                                                                   timeouts=0, attempts=0)
        for chat in {("private", r.target) if r.kind == "private" else ("group", r.target) for r in rows}:
            self._retry(chat)
            if chat[0] == "private" and not await OutboxRow.filter(kind="private", target=chat[1], held=True,
                                                                    sent=False).exists():
                self.held_targets.discard(chat[1])
        self._rescan()
        return len(rows)


def why_undelivered(permanent: bool, timeout: bool, words: str) -> str:
    """A failure in a judge's words."""
    if timeout:
        return "QQ 长时间没有回应"
    if permanent:
        return "对方不是机器人的好友，也无法发起临时会话" if "好友" in words or "临时" in words else "QQ 拒绝发送"
    return "QQ 暂时拒绝发送，可能是风控或禁言"
