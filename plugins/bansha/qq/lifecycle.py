"""Startup (DB, restore, sender), shutdown, and a bot (re)connecting."""

from __future__ import annotations

import asyncio

from nonebot import get_driver, get_plugin_config, logger, require
from nonebot.adapters.onebot.v11 import Bot

require("nonebot_plugin_localstore")
import nonebot_plugin_localstore as localstore  # noqa: E402

from .. import db  # noqa: E402
from ..config import Config  # noqa: E402
from ..engine import registry  # noqa: E402
from ..service import Service  # noqa: E402
from . import call, clock, sending  # noqa: E402

driver = get_driver()
config = get_plugin_config(Config)


def db_url() -> str:
    """BANSHA_DB_URL, else a SQLite file in localstore's data directory for this plugin (by default
    ~/.local/share/nonebot2/<plugin>/bansha/bansha.sqlite3; LOCALSTORE_* settings move it)."""
    return config.bansha_db_url or f"sqlite://{localstore.get_plugin_data_file('bansha.sqlite3')}"


# NoneBot runs every plugin's startup and shutdown hooks in one task: Bansha's database context is
# current only inside these hooks (db.scope), never left behind for the next plugin's hooks (db.py).
@driver.on_startup
async def startup() -> None:
    registry.load_all()
    url = db_url()
    await Service.init_db(url, global_fallback=False)  # the fallback slot is the host bot's
    with db.scope():
        svc = Service(sending.send, clock.arm, clock.disarm, now=clock.clock.now)
        call.set_service(svc)
        restored = await svc.restore()
        await remember_sources(svc)
        svc.start_sender()  # its task inherits Bansha's context
    logger.info(f"bansha: restored {restored} active games ({url.split('://', 1)[0]})")
    asyncio.get_running_loop().run_in_executor(None, sending.warm_pictures)  # the font, off the first send


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
            await svc.stop()
    await db.close()  # Bansha's connections only


@driver.on_bot_connect
async def connected(bot: Bot) -> None:
    svc = call.current()
    if svc is not None:
        svc.kick()
