"""Sending: one outbox row (see service.py) becomes one OneBot call.

Everything here is a documented OneBot v11 API or NapCat extension:
send_group_msg, send_private_msg (with group_id: NapCat's temp session),
send_group_forward_msg (merged forward), set_group_ban.
"""

from __future__ import annotations

from nonebot import get_bots, logger
from nonebot.adapters.onebot.v11 import Bot
from nonebot.adapters.onebot.v11.exception import ActionFailed

from ..service import NotConnected, Outgoing
from .text import plain

FORWARD_NAME = "版杀法官"
CHUNK = 1500  # characters per forward node


def bot_for(self_id: int) -> Bot:
    bots = get_bots()
    bot = bots.get(str(self_id))
    if bot is None and bots:
        bot = next(iter(bots.values()))
    if not isinstance(bot, Bot):
        raise NotConnected()
    return bot


async def send(out: Outgoing) -> None:
    bot = bot_for(out.self_id)
    if out.kind == "group":
        await bot.send_group_msg(group_id=out.target, message=plain(out.text))
    elif out.kind == "private":
        params = {"user_id": out.target, "message": plain(out.text)}
        if out.group_id:
            params["group_id"] = out.group_id  # temp session through the game's group
        await bot.call_api("send_private_msg", **params)
    elif out.kind == "forward":
        await _forward(bot, out)
    elif out.kind == "ban":
        qq, seconds = (int(x) for x in out.text.split(":"))
        try:
            await bot.set_group_ban(group_id=out.target, user_id=qq, duration=seconds)
        except ActionFailed as e:  # not an admin: the warning was already posted
            logger.warning(f"bansha: cannot mute {qq} in {out.target}: {e}")


async def _forward(bot: Bot, out: Outgoing) -> None:
    parts = chunks(out.text)
    nodes = [
        {"type": "node", "data": {"name": FORWARD_NAME, "uin": str(bot.self_id), "content": plain(c)}}
        for c in parts
    ]
    try:
        await bot.call_api("send_group_forward_msg", group_id=out.target, messages=nodes)
    except ActionFailed:
        for c in parts:  # forwarding refused: plain chunks instead
            await bot.send_group_msg(group_id=out.target, message=plain(c))


def chunks(text: str, size: int = CHUNK) -> list[str]:
    out, cur = [], ""
    for line in text.split("\n"):
        while len(line) > size:
            out.append(line[:size])
            line = line[size:]
        if len(cur) + len(line) + 1 > size and cur:
            out.append(cur)
            cur = ""
        cur = f"{cur}\n{line}" if cur else line
    if cur:
        out.append(cur)
    return out or [""]
