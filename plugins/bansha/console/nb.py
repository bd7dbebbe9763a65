"""The 导演台 inside the running bot: NoneBot's app, its SUPERUSERS, group roles asked through OneBot.
Imported by lazy.py when the console is first needed (after the bot's start), which calls `install_in_bot`."""

from __future__ import annotations

import nonebot
from nonebot import get_bots, get_driver, get_plugin_config
from nonebot.adapters.onebot.v11 import Bot
from nonebot.adapters.onebot.v11.exception import ActionFailed

from ..config import Config
from ..engine.core import Input, Refusal
from ..engine.game import Game
from ..qq import table
from ..qq.call import JudgeCall, current, service
from ..qq.commands.signup import scripts_dir
from .mount import Console, install, watch

NOT_IN_CONSOLE = ("演员表", "控制台")  # the grimoire shows the cast; the console needs no link to itself


class ConsoleCall:
    """What a `/法官` sub-command reads of the call that typed it (sender, clock, bot), for a form
    submitted on the 导演台: the sub-command table parses the same words into the same input."""

    in_group = False

    def __init__(self, user: int, bot: Bot | None):
        self.user = user
        self.bot = bot

    def now(self) -> float:
        return service().now()


async def judge_input(game: Game, qq: int, words: list[str]) -> Input:
    sub, rest = words[0], words[1:]
    entry = table.judge_sub(sub)
    if entry is None or sub in NOT_IN_CONSOLE:
        raise Refusal(f"导演台没有「{sub[:10]}」这个法官命令。")
    bots = get_bots()
    bot = bots.get(str(service().self_ids.get(game.gid, 0))) or next(iter(bots.values()), None)
    inp = await entry.run(JudgeCall(ConsoleCall(qq, bot if isinstance(bot, Bot) else None), game, sub), rest)
    if inp is None:
        raise Refusal(f"「{sub}」在导演台上没有可执行的操作。")
    return inp


async def group_role(self_id: int, group: int, qq: int) -> str | None:
    """owner / admin / member, or None when no bot can tell (not in the group, offline)."""
    bots = get_bots()
    bot = bots.get(str(self_id)) or next(iter(bots.values()), None)
    if not isinstance(bot, Bot):
        return None
    try:
        info = await bot.get_group_member_info(group_id=group, user_id=qq, no_cache=True)
    except ActionFailed:
        return None
    return info.get("role")


def _public_url(config: Config) -> str:
    if config.bansha_console_url:
        return config.bansha_console_url
    driver = get_driver()
    host = str(driver.config.host)
    return f"http://{'127.0.0.1' if host in ('0.0.0.0', '::') else host}:{driver.config.port}"


def install_in_bot() -> Console:
    """Add the console's routes to NoneBot's app (lazy.py puts them where its placeholder stood) and, once
    the service runs, subscribe the live-update hub to it."""
    config = get_plugin_config(Config)
    superusers = {int(q) for q in get_driver().config.superusers if str(q).isdigit()}
    console = install(nonebot.get_app(), service, config, superusers, group_role, _public_url(config), judge_input,
                      scripts_dir)  # the 剧本 page's folder: the same as /开局 剧本's
    if current() is not None:
        watch(service())
    else:  # installed before the startup hooks ran (a host bot importing it early): watch once they have
        get_driver().on_startup(_watch)
    return console


async def _watch() -> None:
    watch(service())
