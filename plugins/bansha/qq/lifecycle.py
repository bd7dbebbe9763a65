"""Startup (DB, sender, restore in the background), shutdown, and bot accounts (re)connecting.

The WebSocket is served as soon as the database is migrated: games are restored in the background
(a command for a game not restored yet rebuilds it on the spot, see service/restore.py). What the handshake does
not need waits until the first bot account is connected (or WARM_AFTER seconds): the games' rules (each
declared by name at load, engine/game/registry.py), the 导演台 (console/lazy.py) and the pictures' font; a
command that needs one of them before that imports it on the spot.

SQLite: this process owns the file (a second process on it refuses to start) and judges every
account's games. PostgreSQL: it judges an account while it holds the account's lease (service/lease.py):
taken when the account connects here and no other process holds it, renewed while it stays
connected; a second process for the same account is a standby that takes over when the holder dies.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

from nonebot import get_bots, get_driver, get_plugin_config, logger, require
from nonebot.adapters.onebot.v11 import Bot
from nonebot.log import LoguruHandler

require("nonebot_plugin_localstore")
import nonebot_plugin_localstore as localstore  # noqa: E402

from .. import db  # noqa: E402
from ..config import Config  # noqa: E402
from ..engine.game import registry  # noqa: E402
from ..pacing import Budget, Pacer  # noqa: E402
from ..service import Service  # noqa: E402
from ..service.lease import Leases, SecondProcess, default_holder, lock_sqlite  # noqa: E402
from . import call, clock, sending  # noqa: E402

driver = get_driver()
config = get_plugin_config(Config)
_log = logging.getLogger("bansha")  # the service's own log (leases, restore, outbox) in NoneBot's
_log.addHandler(LoguruHandler())
_log.setLevel(logging.INFO)
_log.propagate = False
_tasks: set[asyncio.Task] = set()
_online = asyncio.Event()  # a bot account has connected: the handshake is behind us
_restored = asyncio.Event()  # the startup's restore has indexed the games and armed their deadlines
WARM_AFTER = 2.0  # seconds after startup to warm up anyway when no account connects
_held: dict[str, Any] = {}  # the SQLite lock file, open for the life of the process


def _background(coro) -> None:
    task = asyncio.create_task(coro)
    _tasks.add(task)
    task.add_done_callback(_tasks.discard)


def is_postgres(url: str) -> bool:
    return url.split("://", 1)[0] in ("postgres", "postgresql", "asyncpg", "psycopg")


def db_url() -> str:
    """BANSHA_DB_URL, else a SQLite file in localstore's data directory for this plugin (by default
    ~/.local/share/nonebot2/<plugin>/bansha/bansha.sqlite3; LOCALSTORE_* settings move it)."""
    return config.bansha_db_url or f"sqlite://{localstore.get_plugin_data_file('bansha.sqlite3')}"


# NoneBot runs every plugin's startup and shutdown hooks in one task: Bansha's database context is
# current only inside these hooks (db.scope), never left behind for the next plugin's hooks (db.py).
@driver.on_startup
async def startup() -> None:
    registry.declare_all()  # every game by name; their rules load after the handshake (warm_up)
    url = db_url()
    leases = None
    if is_postgres(url):
        leases = Leases(config.bansha_instance or default_holder(driver.config.port), config.bansha_takeover_seconds)
    else:
        try:
            _held["lock"] = lock_sqlite(url)
        except SecondProcess as e:
            logger.error(f"bansha: {e}")
            raise
    await Service.init_db(url, global_fallback=False)  # the fallback slot is the host bot's
    with db.scope():  # the tasks started here inherit Bansha's context
        pacer = Pacer(Budget(config.bansha_group_burst, config.bansha_group_interval))
        svc = Service(sending.send, clock.arm, clock.disarm, now=clock.clock.now, leases=leases, pacer=pacer)
        svc.outbox.delivery.alert_after = {"private": config.bansha_alert_private, "group": config.bansha_alert_group}
        call.set_service(svc)
        svc.outbox.start_sender()
        if leases is None:
            svc.restorer.begin()  # from now on a command that finds no game waits for the index (service/restore.py)
            _background(restore(svc))  # then remember_sources: the restart's queries go first
        else:
            _restored.set()  # PostgreSQL: each account's games are restored when its lease is taken
            _background(remember_sources(svc))
        _background(warm_up())


async def online() -> None:
    """Until a bot account has connected, or WARM_AFTER seconds (no account: warm up all the same)."""
    try:
        await asyncio.wait_for(_online.wait(), WARM_AFTER)
    except TimeoutError:
        pass


async def warm_up() -> None:
    """After the handshake and the restore's index: import what the start left out, one piece per turn
    of the event loop (commands in between), so the first command or page that needs it is not the slow one."""
    await online()
    await _restored.wait()
    for key in registry.unloaded():
        try:
            registry.load(key)
        except Exception:  # that game fails when used, with the same error; the others are ready
            logger.exception(f"bansha: the rules of {key} could not be imported")
        await asyncio.sleep(0)
    try:
        from ..console import lazy

        if lazy.held():
            lazy.install()
        await asyncio.sleep(0)
        await asyncio.to_thread(sending.warm_pictures)  # Pillow, fontTools, the font and its glyphs: off the loop
    except Exception:
        logger.exception("bansha: warm-up failed; each part loads on first use")


async def restore(svc: Service, account: int | None = None) -> None:
    """Index the games and arm their deadlines (every game answers from then on), then rebuild them in memory."""
    if account is None:
        await online()  # the handshake first: indexing many games must not delay it
    start = time.perf_counter()
    try:
        try:
            restored = await (svc.restore(begun=True, rebuild=False) if account is None else svc.adopt(account))
        finally:
            _restored.set()  # the warm-up waits for it: the index and the deadlines come first
        whose = "" if account is None else f" of account {account}"
        logger.info(f"bansha: restored {restored} active games{whose} in {time.perf_counter() - start:.2f} s "
                    "(deadlines armed; each game is rebuilt in the background, or at once when a command needs it)")
        built = await svc.rebuild_all()  # after the handshake (online): the rebuild imports the rules
    except Exception:
        logger.exception("bansha: restore failed; games load on first use")
        return
    logger.info(f"bansha: {built} games rebuilt in memory in {time.perf_counter() - start:.2f} s")
    if account is None:
        await remember_sources(svc)


async def remember_sources(svc: Service) -> None:
    """QQ messages already in the log count as seen, so one redelivered after a restart stays silent.
    (The log's unique source would drop it anyway, but checks such as 「你已经报过名了」 come first.)"""
    from ..models import InputRow

    rows = await InputRow.filter(source__isnull=False).order_by("-id").limit(10000).values_list("source", flat=True)
    for source in reversed(rows):
        svc.seen(source)


@driver.on_shutdown
async def shutdown() -> None:
    with db.scope():
        svc = call.current()
        if svc is not None:
            if svc.leases is not None:
                await svc.leases.stop()  # released: a standby takes over at its next look
            await svc.stop()
    for task in list(_tasks):
        task.cancel()
    await db.close()  # Bansha's connections only


@driver.on_bot_connect
async def connected(bot: Bot) -> None:
    _online.set()
    svc = call.current()
    if svc is None:
        return
    svc.outbox.kick()
    if svc.leases is not None:
        account = int(bot.self_id)

        async def gained(acct: int) -> None:
            _background(restore(svc, acct))  # not in the lease keeper: it must go on renewing meanwhile
            await asyncio.sleep(0)  # the restore takes the account (svc.adopt) before the keeper goes on

        with db.scope():  # the keeper's task (and the restores it starts) inherit Bansha's context
            svc.leases.watch(account, lambda: str(account) in get_bots(), gained, svc.drop)
