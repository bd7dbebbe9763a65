"""A small plugin of the host bot that uses tortoise the usual way: Tortoise.init() in a startup hook,
its own SQLite file (NOTES_DB), the "default" connection, the global fallback, generated schemas.

/记 <文字> stores a note and answers how many there are; /笔记 lists them.
"""

import os

from nonebot import get_driver, on_command
from nonebot.adapters import Message
from nonebot.params import CommandArg
from tortoise import Tortoise

from .models import Note

driver = get_driver()


@driver.on_startup
async def _init_db() -> None:
    await Tortoise.init(
        db_url=f"sqlite://{os.environ['NOTES_DB']}", modules={"models": [f"{__name__}.models"]},
        _enable_global_fallback=True,
    )
    await Tortoise.generate_schemas()


@driver.on_shutdown
async def _close_db() -> None:
    await Tortoise.close_connections()


remember = on_command("记", block=True)
listing = on_command("笔记", block=True)


@remember.handle()
async def _remember(arg: Message = CommandArg()) -> None:
    await Note.create(text=arg.extract_plain_text().strip())
    await remember.finish(f"记下了，共 {await Note.all().count()} 条")


@listing.handle()
async def _listing() -> None:
    notes = await Note.all().order_by("id").values_list("text", flat=True)
    await listing.finish("；".join(notes) or "还没有笔记")
