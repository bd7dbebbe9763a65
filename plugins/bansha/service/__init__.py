"""The state service: persistence, the outbox, restore, deadlines, ownership.

One transaction per accepted input holds the input row (with the record it adds: engine/game/record.py),
its outgoing messages and, on a phase change, the game row and a snapshot. Only after the commit is
the input acknowledged. The sender drains the outbox afterwards.

Ownership: a game belongs to the bot account (`self_id`) that received its /开局. This process
judges an account's games only while it judges the account: always on SQLite (one process per
file), while it holds the account's lease on PostgreSQL (service/lease.py). It restores, takes inputs for,
fires the deadlines of and sends the messages of those games only, and sends a message only
through the account that owns its game.

Restore runs in the background: the game rows are indexed at once (group → game, player → games)
and the deadlines re-armed from them; the games are then rebuilt chunk by chunk from their latest
snapshot and the few inputs after it (store.py). A command for a game not yet rebuilt rebuilds that
game on the spot.

The service holds the rebuilt games and takes the inputs; the rest is done by parts it holds, each
owning its own state and told what it needs when made: `index` (index.py: which game a message is
about, and which account owns it), `journal` (journal.py: the transaction of one input), `timers`
(timers.py: deadlines), `restorer` (restore.py: the background restore) and `outbox` (outbox.py).

No nonebot import here: the QQ layer (qq/) injects how to send and how to schedule, so the service
can be driven by tests and benchmarks directly.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Iterable

from tortoise.exceptions import IntegrityError
from tortoise.transactions import in_transaction

from .. import db, store
from ..ai.runtime import AiRuntime
from ..engine.core import Event, Input, Refusal
from ..engine.game import ENDED, Game, apply, fixed_seed, record, registry
from ..engine.game.registry import code_version  # noqa: F401  # where the service and the tests ask it
from ..engine.parts import forum
from ..models import GameRow, InputRow, OutboxRow, PmChoice, SeatRow
from ..pacing import Pacer
from .index import Index
from .journal import Journal
from .lease import Fenced, Leases
from .outbox import NotConnected, Outbox, Outgoing, Recipients, Sender, SendFailed, Undelivered
from .restore import Restorer
from .routing import Origin, route
from .timers import Arm, Disarm, Timers

__all__ = ["DatabaseUnavailable", "NotConnected", "NotOwner", "Origin", "Outgoing", "Recipients", "SendFailed",
           "Sender", "Service", "Undelivered"]

log = logging.getLogger("bansha")

class DatabaseUnavailable(Exception):
    """The DB refused the commit; nothing was acknowledged."""


class NotOwner(Exception):
    """Another account (or another process) judges this game: say nothing, its owner answers."""


class Service:
    def __init__(self, send: Sender, arm: Arm, disarm: Disarm, now: Callable[[], float] = time.time,
                 leases: Leases | None = None, pacer: Pacer | None = None):
        self.now = now
        self.leases = leases
        # The accounts this process judges: None = every account (SQLite: one process owns the file);
        # on PostgreSQL the accounts whose lease it holds.
        self.accounts: set[int] | None = None if leases is None else set()
        self.games: dict[int, Game] = {}  # rebuilt games
        self._locks: dict[int, asyncio.Lock] = {}
        self._version = code_version()
        self.pm_choice: dict[int, int] = {}  # QQ -> the game its private messages go to (/私聊)
        self._seen: dict[str, None] = {}  # recent message keys (insertion-ordered LRU)
        self._stale: set[int] = set()  # cached games that hold an uncommitted input (DB fault)
        self._watchers: list[Callable[[int], None]] = []  # told the game id after every accepted input
        self.index = Index(self.games)
        self.journal = Journal(leases, self._version)
        self.timers = Timers(arm, disarm)
        self.outbox = Outbox(send, pacer, accounts=lambda: self.accounts, judges=self.judges,
                             active=self.index.knows, notify=self._notify,
                             context=self.delivery_context, mark_each=leases is not None)
        self.restorer = Restorer(self.index, install=self._install, judged=self._judged,
                                 arm_deadline=self.timers.arm_deadline, snapshotted=self.journal.snapshotted,
                                 chose=self.pm_choice.__setitem__, kick=self.outbox.kick, now=now,
                                 version=self._version)
        self.ai = AiRuntime(self, arm, disarm)  # the AI seats: told of every input, armed as job "ai"

    @property
    def self_ids(self) -> dict[int, int]:
        """Every game indexed here -> the account that owns it (the index's)."""
        return self.index.owners

    # --- lifecycle ----------------------------------------------------------
    @staticmethod
    async def init_db(db_url: str, *, global_fallback: bool = True) -> None:
        """Migrate and connect in Bansha's own tortoise context (db.py). Alone in a process (tests,
        tools) keep the fallback; as a plugin in a bot pass False and enter the context (db.enter)."""
        await db.connect(db_url, global_fallback=global_fallback)

    def judges(self, self_id: int) -> bool:
        """Does this process judge that account's games now?"""
        if self.accounts is None:
            return True
        return self_id in self.accounts and (self.leases is None or self.leases.holds(self_id))

    def _judged(self, gid: int) -> bool:
        return self.judges(self.index.account_of(gid))

    # --- restore (service/restore.py) and accounts taken or lost ----------------------------------
    async def restore(self, accounts: Iterable[int] | None = None, begun: bool = False, rebuild: bool = True) -> int:
        return await self.restorer.restore(accounts, begun, rebuild)

    async def rebuild_all(self) -> int:
        return await self.restorer.rebuild_all()

    async def adopt(self, account: int) -> int:
        """This process now judges the account (its lease was taken): restore its games. Commands for
        it are taken (and wait for the index) from the moment this is called, before its first await."""
        if self.accounts is not None:
            self.accounts.add(account)
        self.restorer.begin()
        self.outbox.rescan()
        return await self.restorer.restore([account], begun=True, rebuild=False)

    async def drop(self, account: int) -> None:
        """Another process judges the account now: forget its games here, stop their timers and sends."""
        if self.accounts is not None:
            self.accounts.discard(account)
        self.outbox.forget_account(account)
        for gid in self.index.of_account(account):
            self._forget(gid)

    def _install(self, game: Game, snap_seq: int) -> None:
        gid = game.gid
        self.restorer.discard(gid)
        self.games[gid] = game
        self.journal.installed(game, snap_seq)
        self.index.place(game)
        self._rearm(game)
        self.ai.installed(game)

    # --- queries ------------------------------------------------------------
    def lock(self, gid: int) -> asyncio.Lock:
        return self._locks.setdefault(gid, asyncio.Lock())

    async def group_game(self, group_id: int) -> Game | None:
        """The group's active game, rebuilt now if the background restore has not reached it yet."""
        if not self.index.has_group(group_id) and self.restorer.indexing:
            await self.restorer.wait()
        gid = self.index.game_id_in_group(group_id)
        game = await self.ensure_loaded(gid) if gid is not None else None
        return game if game is not None and game.status != ENDED else None

    async def player_games(self, qq: int) -> list[Game]:
        """Every active game this QQ plays or judges, rebuilt now where needed."""
        if not self.index.has_player(qq) and self.restorer.indexing:
            await self.restorer.wait()
        games = [await self.ensure_loaded(gid) for gid in self.index.game_ids_of(qq)]
        return [g for g in games if g is not None and g.status != ENDED]

    # the log, read back from the DB (ended games included)
    log_of = staticmethod(store.log_of)
    added_judges = staticmethod(store.added_judges)

    async def game_rows(self, limit: int = 200) -> list[GameRow]:
        """Active games and the most recent ended ones, newest first."""
        return await GameRow.all().order_by("-id").limit(limit)

    async def timeline(self, gid: int) -> list[str]:
        """The judge's record of a game so far (what the end-of-game 完整记录 publishes), from the log."""
        return (await store.record(gid))[0]

    async def seat_history(self, gid: int, seat: int) -> list[str]:
        """Every private text the seat received so far (what a 替补 is handed), from the log."""
        return (await store.record(gid))[1].get(seat, [])

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

    def _forget(self, gid: int) -> None:
        """Drop a game from memory (ended, or judged elsewhere now)."""
        game = self.games.pop(gid, None)
        self.timers.forget(gid)
        self.ai.forget(gid)
        self.restorer.discard(gid)
        self.index.remove(gid, game.group if game is not None else None)
        self.journal.forget(gid)
        self._locks.pop(gid, None)
        self._stale.discard(gid)

    # --- commands -------------------------------------------------------------
    async def last_ended(self, group_id: int) -> Game | None:
        """The group's most recent finished game, rebuilt from its log (for /重开)."""
        row = await GameRow.filter(group_id=group_id, status=ENDED).order_by("-id").first()
        return (await store.rebuild(row.id, self._version))[0] if row is not None else None

    async def open_game(
        self, *, group_id: int, self_id: int, owner: int, ruleset: str, options: dict, seed: int, origin: Origin,
        players: list[tuple[int, str]] | tuple = (), note: str = "",
    ) -> Game:
        """/开局; with `players` (/重开) they are signed up at once, as join inputs of the new log."""
        rules = registry.get(ruleset)
        if rules is None:
            raise Refusal(f"没有名为「{ruleset[:20]}」的游戏。")
        if not self.judges(self_id):
            raise NotOwner(f"account {self_id} is judged elsewhere")
        await self.group_game(group_id)  # index it if it is only in the DB yet
        host = await self.index.group_owner(group_id)
        if host is not None and host != self_id:
            raise NotOwner(f"group {group_id}: account {host} hosts its game")  # and answers
        if host is not None:
            raise Refusal("本群已经有一局进行中的游戏；结束或终止后才能开新局。")
        try:
            async with in_transaction() as conn:
                if self.leases is not None:
                    await self.leases.fence(conn, self_id)
                row = await GameRow.create(
                    group_id=group_id, self_id=self_id, ruleset=rules.key, status="signup", seed=seed,
                    owner=owner, options=options, active_group=group_id,
                )
                game = Game.new(row.id, rules, group_id, owner, seed, options)
                game.keep_record = False  # the log keeps it (engine/game/record.py)
                row.options = game.options
                await row.save(update_fields=["options"])
                text = (
                    f"{rules.title} 开局（第 {row.id} 局），报名开始！发送 /报名 加入，法官发送 /开始 发牌。\n"
                    f"选项：{rules.options_text(game.options)}"
                )
                text = "\n".join([text, *forum.departures(rules, game.options)])
                if fixed_seed(game):
                    text += "\n注意：本局使用法官指定的种子，发牌可以被算出来，只适合测试或复盘；指定种子的法官不能报名。"
                if players:
                    await self._presign(game, players)
                    names = "、".join(p.name for p in game.players)
                    text = (f"{note}：{text}\n已为上一局的 {len(game.players)} 名玩家报名：{names}。"
                            "不参加的请发送 /退出报名。")
                await OutboxRow.create(game_id=row.id, self_id=self_id, kind="group", target=group_id, text=text)
        except Fenced as e:
            await self.drop(self_id)
            raise NotOwner(str(e)) from None
        except IntegrityError:
            # The group got a game at the same moment, through another account or process.
            if await self.index.group_owner(group_id) not in (None, self_id):
                raise NotOwner(f"group {group_id}: another account hosts its game") from None
            raise Refusal("本群已经有一局进行中的游戏；结束或终止后才能开新局。") from None
        except Exception as e:
            log.exception("open_game failed")
            raise DatabaseUnavailable(str(e)) from e
        self.index.own(row.id, self_id)
        self._install(game, 0)
        self.outbox.kick()
        self._notify(row.id)
        return game

    async def _presign(self, game: Game, players: list[tuple[int, str]] | tuple) -> None:
        """Join inputs for each player, logged in the caller's transaction (their messages are one post)."""
        at = self.now()
        for qq, name in players:
            inp = Input.make("join", qq, at, name=name)
            try:
                events = apply(game, inp)
            except Refusal:
                continue  # more players than the board now allows: the rest sign up again themselves
            await InputRow.create(game_id=game.gid, seq=game.seq, kind=inp.kind, actor=inp.actor,
                                  args=inp.to_json()["args"], at=at, notes=record.notes(game, at, events))
        await SeatRow.bulk_create([SeatRow(game_id=game.gid, seat=i + 1, qq=p.qq, name=p.name)
                                   for i, p in enumerate(game.players)])

    async def submit(self, gid: int, inp: Input, origin: Origin | None = None, source: str | None = None) -> list[Event]:
        """Apply an input and persist it with its messages in one transaction.

        When the log already has an input at that sequence number (written by another process), the
        game is reloaded and the input applied again to the fresh state; it is never dropped in silence.
        """
        async with self.lock(gid):
            for _attempt in range(3):
                game = await self._live(gid)
                players_before = [(p.qq, p.name) for p in game.players]
                events = await self._apply(game, inp)
                try:
                    await self.journal.write(game, inp, events, route(game, events, origin), source, players_before,
                                             self.index.account_of(gid))
                except Fenced as e:
                    await self.drop(self.index.account_of(gid))
                    raise NotOwner(str(e)) from None
                except IntegrityError as e:
                    self._stale.add(gid)
                    await self._reload(gid, quiet=True)
                    if source and await InputRow.filter(game_id=gid, source=source).exists():
                        return []  # the same QQ message was already recorded
                    log.warning("game %s: sequence %s was taken (%s); applying the input again", gid, game.seq, e)
                    continue
                except Exception as e:
                    log.warning("game %s: commit failed: %s", gid, e)
                    # The cached game already holds this input: rebuild it from the log. If the DB
                    # cannot even be read, keep it marked stale (commands get the retry message)
                    # rather than dropping it from the cache.
                    self._stale.add(gid)
                    await self._reload(gid, quiet=True)
                    raise DatabaseUnavailable(str(e)) from e
                break
            else:
                raise Refusal("这条指令和同时到达的另一条冲突了，没有生效，请重发。")
        self.index.reindex(game)
        self._rearm(game)
        self.outbox.kick()
        self._notify(gid)
        try:
            self.ai.after_input(game, inp, events)
        except Exception:  # the AI's bug must never fail a player's command
            log.exception("game %s: AI seats could not follow input %s", gid, inp.kind)
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

    async def _live(self, gid: int) -> Game:
        if gid in self._stale and not await self._reload(gid, quiet=True):
            raise DatabaseUnavailable("game state could not be reloaded")
        game = await self.ensure_loaded(gid)
        if game is None:
            owner = await GameRow.filter(id=gid).values_list("self_id", flat=True)
            if owner and not self.judges(owner[0]):
                raise NotOwner(f"game {gid} is judged elsewhere")
            raise Refusal("找不到这局游戏。")
        return game

    async def _apply(self, game: Game, inp: Input) -> list[Event]:
        """Fold the input; the record the engine needs (a 替补's history, the final 完整记录) comes from the log."""
        seat = record.history_seat(game, inp) if not game.keep_record else None
        try:
            if seat is not None:
                game.private = {seat: await self.seat_history(game.gid, seat)}
            try:
                events = apply(game, inp)  # Refusal leaves the game untouched
            finally:
                if not game.keep_record:
                    game.private = {}
            if not game.keep_record and any(dict(e.data).get("record") for e in events):
                earlier = await self.timeline(game.gid)
                events = [record.completed(e, earlier) if dict(e.data).get("record") else e for e in events]
            return events
        except Refusal:
            raise
        except Exception:
            # A bug (or the DB failing while the record was read) must not poison the cached game.
            log.exception("game %s: input %s crashed", game.gid, inp)
            await self._reload(game.gid)
            raise Refusal("处理这条指令时出错了，已记录；游戏状态没有改变，请稍后重试或联系法官。") from None

    async def _reload(self, gid: int, quiet: bool = False) -> bool:
        """Rebuild a game from the DB; on failure the game stays stale (and cached) for a later try."""
        try:
            self_id = self.self_ids.get(gid)
            if self_id is None:
                self_id = (await GameRow.get(id=gid)).self_id
            if not self.judges(self_id):
                return False
            game, snap_seq = await store.rebuild(gid, self._version)
        except Exception:
            if not quiet:
                log.exception("game %s: reload failed", gid)
            self._stale.add(gid)
            return False
        self._stale.discard(gid)
        self.index.own(gid, self_id)
        if game.status == ENDED:
            self._forget(gid)
            return True
        self._install(game, snap_seq)
        return True

    async def ensure_loaded(self, gid: int) -> Game | None:
        if (gid not in self.games or gid in self._stale) and not await self._reload(gid, quiet=True):
            return None
        return self.games.get(gid)

    async def delivery_context(self, gid: int) -> Recipients | None:
        """A game's judges and how its people are named, for the outbox's delivery notices."""
        game = await self.ensure_loaded(gid) if self.index.knows(gid) else None
        if game is not None:
            seats = {p.qq: i + 1 for i, p in enumerate(game.players)}
            return Recipients((game.owner, *game.judges), seats, {q: game.seat_name(s) for q, s in seats.items()})
        row = await GameRow.get_or_none(id=gid)
        if row is None:
            return None
        seated = await SeatRow.filter(game_id=gid).order_by("seat")
        added = (await store.added_judges([gid])).get(gid, ())
        return Recipients((row.owner, *added), {r.qq: r.seat for r in seated},
                          {r.qq: f"{r.seat}号 {r.name}" for r in seated})

    async def set_pm_choice(self, qq: int, gid: int) -> None:
        await PmChoice.update_or_create(defaults={"game_id": gid}, qq=qq)
        self.pm_choice[qq] = gid

    # --- the outbox's (service/outbox.py), as the QQ layer, the 导演台 and the tests ask it ------------
    async def drain_once(self) -> bool:
        return await self.outbox.drain_once()

    async def undelivered(self, gid: int) -> list[Undelivered]:
        return await self.outbox.undelivered(gid)

    async def resend(self, gid: int, *, ids: list[int] | None = None, target: int | None = None) -> int:
        return await self.outbox.resend(gid, ids=ids, target=target)

    async def stop(self) -> None:
        await self.outbox.stop()

    # --- deadlines ------------------------------------------------------------
    def _rearm(self, game: Game) -> None:
        self.timers.rearm(game)
        if game.status == ENDED:
            self._forget(game.gid)

    async def fire(self, job: str, gid: int, phase_no: int) -> None:
        """A scheduled deadline or reminder came due (or was overdue at startup); or an AI seat's decision."""
        if job == "ai":
            await self.ai.fire(gid)
            return
        game = await self.ensure_loaded(gid)
        if game is None or game.phase_no != phase_no:
            return
        due = game.deadline if job == "deadline" else game.remind_at
        at = max(self.now(), due or 0)
        try:
            await self.submit(gid, Input.make(job, 0, at, phase_no=phase_no))
        except (Refusal, NotOwner):
            pass
        except DatabaseUnavailable:
            # Try again shortly: the due time is still in the game row.
            self.timers.arm(job, gid, self.now() + 5, phase_no)

    async def fire_deadline(self, gid: int, phase_no: int) -> None:
        await self.fire("deadline", gid, phase_no)
