"""The state service: persistence, the outbox, restore, deadlines.

One transaction per accepted input holds the input row, its outgoing messages
and the game row's new phase/deadline. Only after the commit is the input
acknowledged. The sender drains the outbox afterwards; at startup every active
game is rebuilt (snapshot + replay) and undelivered rows are sent again.

No nonebot import here: the QQ layer (qq/) injects how to send and how to schedule, so
the service can be driven by tests and benchmarks directly.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import pickle
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

from tortoise.exceptions import IntegrityError
from tortoise.transactions import in_transaction

from . import db
from .engine import forum, registry
from .engine.boards import images_of
from .engine.core import Event, Input, Refusal
from .engine.game import ENDED, Game, apply
from .models import GameRow, InputRow, OutboxRow, PmChoice, ResultRow, SeatRow, SnapshotRow
from .records import result_rows

log = logging.getLogger("bansha")

SNAPSHOT_EVERY = 50
MAX_ATTEMPTS = 5
FORWARD_CHUNK = 1500


def code_version() -> str:
    """Hash of the rules' source: a snapshot is reused only under the same code."""
    root = Path(__file__).resolve().parents[1]
    h = hashlib.sha1()
    for p in sorted(root.rglob("*.py")):
        h.update(p.read_bytes())
    return h.hexdigest()


@dataclass(frozen=True)
class Origin:
    """Where an input came from, so replies go back there."""

    kind: str  # "group" | "private"
    user_id: int
    group_id: int = 0
    label: str = ""  # how to address the sender in a group reply


@dataclass
class Outgoing:
    id: int
    self_id: int
    kind: str  # group | private | forward
    target: int
    group_id: int | None
    text: str
    data: dict | None = None  # {"images": [board, …]}: pictures sent with the text (qq/sending.py)


class NotConnected(Exception):
    """No bot account is online to send through; retry later without counting."""


class DatabaseUnavailable(Exception):
    """The DB refused the commit; nothing was acknowledged."""


Sender = Callable[[Outgoing], Awaitable[None]]
Arm = Callable[[str, int, float, int], None]  # (job kind, game id, when, phase_no)


class Service:
    def __init__(
        self, send: Sender, arm: Arm, disarm: Callable[[str, int], None], now: Callable[[], float] = time.time
    ):
        self._send = send
        self._arm = arm
        self._disarm = disarm
        self.now = now
        self.games: dict[int, Game] = {}
        self.self_ids: dict[int, int] = {}
        self._locks: dict[int, asyncio.Lock] = {}
        self._kick = asyncio.Event()
        self._sender_task: asyncio.Task | None = None
        self._version = code_version()
        self.pm_choice: dict[int, int] = {}
        self._seen: dict[str, None] = {}  # recent message keys (insertion-ordered LRU)
        self._delivered: set[int] = set()  # outbox rows sent but not yet marked (DB write outage)
        self._by_group: dict[int, int] = {}  # group -> its active game (every group message asks)
        self._row: dict[int, tuple] = {}  # game -> (status, phase_no, deadline) last written to its row
        self._armed: dict[int, tuple] = {}  # game -> what its timers were last set to
        self._stale: set[int] = set()  # cached games that hold an uncommitted input (DB fault)
        self._watchers: list[Callable[[int], None]] = []  # told the game id after every accepted input

    # --- lifecycle ----------------------------------------------------------
    @staticmethod
    async def init_db(db_url: str, *, global_fallback: bool = True) -> None:
        """Migrate and connect in Bansha's own tortoise context (db.py). Alone in a process (tests,
        tools) keep the fallback; as a plugin in a bot pass False and enter the context (db.enter)."""
        await db.connect(db_url, global_fallback=global_fallback)

    async def restore(self) -> int:
        """Rebuild every active game and re-arm its deadline; returns how many.

        Three queries in all (games, their latest snapshots, their inputs), not two per game.
        """
        rows = await GameRow.filter(status__in=["signup", "running"]).all()
        ids = [r.id for r in rows]
        snaps: dict[int, tuple[int, bytes]] = {}
        inputs: dict[int, list[tuple]] = {gid: [] for gid in ids}
        for chunk in (ids[i:i + 500] for i in range(0, len(ids), 500)):  # stay under SQL variable limits
            for gid, seq, data in await SnapshotRow.filter(game_id__in=chunk, version=self._version).values_list(
                "game_id", "seq", "data"
            ):
                if gid not in snaps or seq > snaps[gid][0]:
                    snaps[gid] = (seq, data)
            for gid, seq, kind, actor, args, at in await InputRow.filter(game_id__in=chunk).order_by(
                "game_id", "seq"
            ).values_list("game_id", "seq", "kind", "actor", "args", "at"):
                inputs[gid].append((seq, kind, actor, args, at))
        for row in rows:
            game = self._replay(row, snaps.get(row.id), inputs[row.id])
            self.games[row.id] = game
            self.self_ids[row.id] = row.self_id
            self._by_group[row.group_id] = row.id
            self._row[row.id] = (game.status, game.phase_no, game.deadline)
            self._rearm(game)
        for c in await PmChoice.all():
            self.pm_choice[c.qq] = c.game_id
        self.kick()
        return len(rows)

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

    async def _rebuild(self, row: GameRow) -> Game:
        snap = await SnapshotRow.filter(game_id=row.id, version=self._version).order_by("-seq").first()
        rows = await InputRow.filter(game_id=row.id, seq__gt=snap.seq if snap else 0).order_by("seq").values_list(
            "seq", "kind", "actor", "args", "at"
        )
        return self._replay(row, (snap.seq, snap.data) if snap else None, rows)

    def _replay(self, row: GameRow, snap: tuple[int, bytes] | None, inputs: list[tuple]) -> Game:
        """The game = its latest readable snapshot + the inputs after it (or the whole log)."""
        game: Game | None = None
        if snap is not None:
            try:
                game = pickle.loads(snap[1])
            except Exception:  # a snapshot we cannot read is only a lost shortcut
                game = None
        if game is None:
            ruleset = registry.get(row.ruleset)
            if ruleset is None:
                raise RuntimeError(f"game {row.id}: ruleset {row.ruleset} is not installed")
            game = Game.new(row.id, ruleset, row.group_id, row.owner, row.seed, row.options)
        for seq, kind, actor, args, at in inputs:
            if seq > game.seq:
                apply(game, Input.from_json({"kind": kind, "actor": actor, "args": args, "at": at}))
        return game

    # --- queries ------------------------------------------------------------
    def lock(self, gid: int) -> asyncio.Lock:
        return self._locks.setdefault(gid, asyncio.Lock())

    def game_in_group(self, group_id: int) -> Game | None:
        gid = self._by_group.get(group_id)
        g = self.games.get(gid) if gid is not None else None
        return g if g is not None and g.status != ENDED else None

    def games_of(self, qq: int) -> list[Game]:
        return [g for g in self.games.values() if g.status != ENDED and (g.seat_of(qq) is not None or g.is_judge(qq))]

    async def log_of(self, gid: int, after: int = 0) -> tuple[GameRow | None, list[Input]]:
        """A game's row and its input log after input `after`, from the DB (ended games included)."""
        row = await GameRow.get_or_none(id=gid)
        if row is None:
            return None, []
        rows = await InputRow.filter(game_id=gid, seq__gt=after).order_by("seq").values_list(
            "kind", "actor", "args", "at"
        )
        return row, [Input.from_json({"kind": k, "actor": a, "args": args, "at": at}) for k, a, args, at in rows]

    async def added_judges(self, gids: list[int]) -> dict[int, set[int]]:
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

    async def game_rows(self, limit: int = 200) -> list[GameRow]:
        """Active games and the most recent ended ones, newest first."""
        return await GameRow.all().order_by("-id").limit(limit)

    def seen(self, key: str | None) -> bool:
        """True when this QQ message was already handled (duplicate delivery)."""
        if not key:
            return False
        if key in self._seen:
            return True
        self._seen[key] = None
        if len(self._seen) > 10000:
            self._seen.pop(next(iter(self._seen)))
        return False

    # --- commands -------------------------------------------------------------
    async def last_ended(self, group_id: int) -> Game | None:
        """The group's most recent finished game, rebuilt from its log (for /重开)."""
        row = await GameRow.filter(group_id=group_id, status=ENDED).order_by("-id").first()
        return await self._rebuild(row) if row is not None else None

    async def open_game(
        self, *, group_id: int, self_id: int, owner: int, ruleset: str, options: dict, seed: int, origin: Origin,
        players: list[tuple[int, str]] | tuple = (), note: str = "",
    ) -> Game:
        """/开局; with `players` (/重开) they are signed up at once, as join inputs of the new log."""
        rules = registry.get(ruleset)
        if rules is None:
            raise Refusal(f"没有名为「{ruleset[:20]}」的游戏。")
        if self.game_in_group(group_id) is not None:
            raise Refusal("本群已经有一局进行中的游戏；结束或终止后才能开新局。")
        try:
            async with in_transaction():
                row = await GameRow.create(
                    group_id=group_id, self_id=self_id, ruleset=rules.key, status="signup", seed=seed,
                    owner=owner, options=options,
                )
                game = Game.new(row.id, rules, group_id, owner, seed, options)
                row.options = game.options
                await row.save(update_fields=["options"])
                text = (
                    f"{rules.title} 开局（第 {row.id} 局），报名开始！发送 /报名 加入，法官发送 /开始 发牌。\n"
                    f"选项：{_fmt_options(game.options)}"
                )
                text = "\n".join([text, *forum.departures(rules, game.options)])
                if players:
                    await self._presign(game, players)
                    names = "、".join(p.name for p in game.players)
                    text = (f"{note}：{text}\n已为上一局的 {len(game.players)} 名玩家报名：{names}。"
                            "不参加的请发送 /退出报名。")
                await OutboxRow.create(game_id=row.id, self_id=self_id, kind="group", target=group_id, text=text)
        except Refusal:
            raise
        except Exception as e:
            log.exception("open_game failed")
            raise DatabaseUnavailable(str(e)) from e
        self.games[row.id] = game
        self.self_ids[row.id] = self_id
        self._by_group[group_id] = row.id
        self.kick()
        self._notify(row.id)
        return game

    async def _presign(self, game: Game, players: list[tuple[int, str]] | tuple) -> None:
        """Join inputs for each player, logged in the caller's transaction (their messages are one post)."""
        at = self.now()
        for qq, name in players:
            inp = Input.make("join", qq, at, name=name)
            try:
                apply(game, inp)
            except Refusal:
                continue  # more players than the board now allows: the rest sign up again themselves
            await InputRow.create(game_id=game.gid, seq=game.seq, kind=inp.kind, actor=inp.actor,
                                  args=inp.to_json()["args"], at=at)
        await SeatRow.bulk_create([SeatRow(game_id=game.gid, seat=i + 1, qq=p.qq, name=p.name)
                                   for i, p in enumerate(game.players)])

    async def submit(self, gid: int, inp: Input, origin: Origin | None = None, source: str | None = None) -> list[Event]:
        """Apply an input and persist it with its messages in one transaction."""
        async with self.lock(gid):
            if gid in self._stale and not await self._reload(gid, quiet=True):
                raise DatabaseUnavailable("game state could not be reloaded")
            game = self.games.get(gid)
            if game is None:
                raise Refusal("找不到这局游戏。")
            players_before = [(p.qq, p.name) for p in game.players]
            try:
                events = apply(game, inp)  # Refusal leaves the game untouched
            except Refusal:
                raise
            except Exception:
                # A bug must not poison the cached game: rebuild it from the log.
                log.exception("game %s: input %s crashed", gid, inp)
                await self._reload(gid)
                raise Refusal("处理这条指令时出错了，已记录；游戏状态没有改变，请稍后重试或联系法官。") from None
            try:
                await self._commit(game, inp, events, origin, source, players_before)
            except Exception as e:
                log.warning("game %s: commit failed: %s", gid, e)
                # The cached game already holds this input: rebuild it from the log. If the DB
                # cannot even be read, keep it marked stale (commands get the retry message)
                # rather than dropping it from the cache.
                self._stale.add(gid)
                await self._reload(gid, quiet=True)
                if isinstance(e, IntegrityError) and source:
                    return []  # the same QQ message was already recorded
                raise DatabaseUnavailable(str(e)) from e
        self._rearm(game)
        self.kick()
        self._notify(gid)
        return events

    # --- watchers (the 导演台's live pages) -------------------------------------------
    def watch(self, callback: Callable[[int], None]) -> None:
        """Call `callback(game id)` after each accepted input is committed (no polling)."""
        self._watchers.append(callback)

    def _notify(self, gid: int) -> None:
        for callback in self._watchers:
            try:
                callback(gid)
            except Exception:  # a page's bug must never fail a player's command
                log.exception("watcher failed")

    async def _reload(self, gid: int, quiet: bool = False) -> bool:
        """Rebuild a game from the DB; on failure the game stays stale (and cached) for a later try."""
        try:
            row = await GameRow.get(id=gid)
            self.games[gid] = await self._rebuild(row)
        except Exception:
            if not quiet:
                log.exception("game %s: reload failed", gid)
            self._stale.add(gid)
            return False
        self._stale.discard(gid)
        return True

    async def ensure_loaded(self, gid: int) -> Game | None:
        if (gid not in self.games or gid in self._stale) and not await self._reload(gid, quiet=True):
            return None
        return self.games.get(gid)

    async def _commit(self, game: Game, inp: Input, events: list[Event], origin: Origin | None, source: str | None,
                      players_before: list) -> None:
        self_id = self.self_ids.get(game.gid, 0)
        rows = self._route(game, events, origin, self_id)
        async with in_transaction():
            await InputRow.create(
                game_id=game.gid, seq=game.seq, kind=inp.kind, actor=inp.actor, args=inp.to_json()["args"],
                at=inp.at, source=source,
            )
            if rows:
                await OutboxRow.bulk_create(
                    [OutboxRow(game_id=game.gid, seq=game.seq, self_id=self_id, kind=k, target=t, group_id=g, text=x,
                               data=d)
                     for k, t, g, x, d in rows]
                )
            row_state = (game.status, game.phase_no, game.deadline)
            if game.status == ENDED and self._row.get(game.gid, ("",))[0] != ENDED:
                await ResultRow.bulk_create(result_rows(game, inp.at))  # /战绩 and /排行 (records.py)
            if self._row.get(game.gid) != row_state:  # a vote changes none of them: one statement less
                await GameRow.filter(id=game.gid).update(
                    status=game.status, phase_no=game.phase_no, deadline=game.deadline, seq=game.seq
                )
            players_now = [(p.qq, p.name) for p in game.players]
            if players_now != players_before:
                await SeatRow.filter(game_id=game.gid).delete()
                await SeatRow.bulk_create(
                    [SeatRow(game_id=game.gid, seat=i + 1, qq=q, name=n) for i, (q, n) in enumerate(players_now)]
                )
            if game.seq % SNAPSHOT_EVERY == 0:
                await SnapshotRow.filter(game_id=game.gid).delete()  # only the latest is ever read
                await SnapshotRow.create(game_id=game.gid, seq=game.seq, version=self._version, data=pickle.dumps(game))
        self._row[game.gid] = row_state

    def _route(self, game: Game, events: list[Event], origin: Origin | None, self_id: int) -> list[tuple]:
        """Audiences → concrete sends (kind, target, temp group, text, data): data carries the boards
        to draw (engine/boards.py) unless the game's option 图片=关."""
        out: list[tuple] = []
        pictures = game.options.get("图片", True) is not False
        for ev in events:
            a = ev.audience
            data = {"images": images_of(ev.data)} if pictures and images_of(ev.data) else None
            if a.kind == "group" and ev.tag == "mute":
                d = dict(ev.data)
                out.append(("ban", game.group, None, f"{d['qq']}:{d['seconds']}", None))
            elif a.kind == "group":
                kind = "forward" if dict(ev.data).get("forward") else "group"
                out.append((kind, game.group, None, ev.text, data))
            elif a.kind == "seat":
                out.append(("private", game.qq_of(a.seat), game.group, ev.text, None))
            elif a.kind in ("team", "dead"):
                for m in a.members:
                    out.append(("private", game.qq_of(m), game.group, ev.text, None))
            elif a.kind == "user":
                out.append(("private", a.seat, game.group, ev.text, None))
            elif a.kind == "spectator":  # members are QQ numbers (engine/social.py)
                for qq in a.members:
                    out.append(("private", qq, game.group, ev.text, data))
            elif a.kind == "reply" and origin is not None:
                if origin.kind == "group":
                    prefix = f"{origin.label}：" if origin.label else ""
                    out.append(("group", origin.group_id, None, prefix + ev.text, None))
                else:
                    out.append(("private", origin.user_id, game.group, ev.text, None))
            # "judge" events are the record, published at the end
        return out

    async def set_pm_choice(self, qq: int, gid: int) -> None:
        await PmChoice.update_or_create(defaults={"game_id": gid}, qq=qq)
        self.pm_choice[qq] = gid

    # --- deadlines ------------------------------------------------------------
    def _rearm(self, game: Game) -> None:
        live = game.status == "running" and not game.paused
        armed = (live, game.deadline, game.remind_at, game.phase_no)
        if self._armed.get(game.gid) != armed:  # most inputs (votes, night actions) change no timer
            self._armed[game.gid] = armed
            for job, when in (("deadline", game.deadline), ("remind", game.remind_at)):
                if live and when is not None:
                    self._arm(job, game.gid, when, game.phase_no)
                else:
                    self._disarm(job, game.gid)
        if game.status == ENDED:
            self.games.pop(game.gid, None)
            self._locks.pop(game.gid, None)
            self._row.pop(game.gid, None)
            self._armed.pop(game.gid, None)
            if self._by_group.get(game.group) == game.gid:
                del self._by_group[game.group]

    async def fire(self, job: str, gid: int, phase_no: int) -> None:
        """A scheduled deadline or reminder came due (or was overdue at startup)."""
        game = await self.ensure_loaded(gid)
        if game is None or game.phase_no != phase_no:
            return
        due = game.deadline if job == "deadline" else game.remind_at
        at = max(self.now(), due or 0)
        try:
            await self.submit(gid, Input.make(job, 0, at, phase_no=phase_no))
        except Refusal:
            pass
        except DatabaseUnavailable:
            # Try again shortly: the due time is still in the game row.
            self._arm(job, gid, self.now() + 5, phase_no)

    async def fire_deadline(self, gid: int, phase_no: int) -> None:
        await self.fire("deadline", gid, phase_no)

    # --- outbox -----------------------------------------------------------------
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
        """Send pending rows in order; a target whose send fails waits for the next round.

        Rows are marked sent in one statement per round (or when a send fails), not one per
        row: fewer writes competing with the players' commits. A crash before the mark means
        those rows go out again after restart (at-least-once, see docs/reliability.md).
        """
        rows = await OutboxRow.filter(sent=False).order_by("id").limit(limit)
        blocked: set[tuple[str, int]] = set()
        progressed = False
        try:
            for row in rows:
                key = (row.kind, row.target)
                if key in blocked or row.id in self._delivered:
                    continue  # already sent: only its mark is pending
                try:
                    await self._send(Outgoing(row.id, row.self_id, row.kind, row.target, row.group_id, row.text, row.data))
                except NotConnected:
                    return False
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


def _fmt_options(options: dict) -> str:
    forum_only = ("开门", "关门", "时区")
    shown = []
    for k, v in options.items():
        if options.get("节奏") != "论坛" and k in forum_only:
            continue
        shown.append(f"{k}={('开' if v else '关') if isinstance(v, bool) else v}")
    return " ".join(shown) or "默认"
