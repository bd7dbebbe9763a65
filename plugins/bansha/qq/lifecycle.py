"""Startup (DB, restore, sender), shutdown, and a bot (re)connecting."""

from __future__ import annotations

from nonebot import get_driver, get_plugin_config, logger
from nonebot.adapters.onebot.v11 import Bot

from ..config import Config
from ..engine import registry
from ..service import Service
from . import call, clock, sending

driver = get_driver()
config = get_plugin_config(Config)


@driver.on_startup
async def startup() -> None:
    registry.load_all()
    await Service.init_db(config.bansha_db_url)
    svc = Service(sending.send, clock.arm, clock.disarm, now=clock.clock.now)
    call.set_service(svc)
    restored = await svc.restore()
    await remember_sources(svc)
    svc.start_sender()
    logger.info(f"bansha: restored {restored} active games")


async def remember_sources(svc: Service) -> None:
    """QQ messages already in the log count as seen, so one redelivered after a restart stays silent.
    (The log's unique source would drop it anyway, but checks such as 「你已经报过名了」 come first.)"""
    from ..models import InputRow

    rows = await InputRow.filter(source__isnull=False).order_by("-id").limit(10000).values_list("source", flat=True)
    for source in reversed(rows):
        svc.seen(source)


@driver.on_shutdown
async def shutdown() -> None:
    svc = call.current()
    if svc is not None:
        await svc.stop()
    from tortoise import Tortoise

    await Tortoise.close_connections()


@driver.on_bot_connect
async def connected(bot: Bot) -> None:
    svc = call.current()
    if svc is not None:
        svc.kick()
