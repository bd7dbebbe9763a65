"""Sending: one outbox send (service/outbox.py: ordered, paced, merged) becomes one OneBot call.

Everything here is a documented OneBot v11 API or NapCat extension:
send_group_msg, send_private_msg (with group_id: NapCat's temp session),
send_group_forward_msg (merged forward), set_group_ban, can_send_image, and NapCat's
set_msg_emoji_like (a reaction on a player's vote post).

A row whose data carries boards (engine/game/pictures.py) goes out as its text followed by one `image`
segment (base64://) per board, drawn here; the text says everything the picture shows, for
clients that cannot show it. Pictures are skipped when the account is configured without them
(BANSHA_IMAGES, BANSHA_IMAGES_OFF) or OneBot's can_send_image says no.
"""

from __future__ import annotations

import asyncio
import base64
import json
import time

from nonebot import get_bots, get_plugin_config, logger
from nonebot.adapters.onebot.v11 import Bot, Message, MessageSegment
from nonebot.adapters.onebot.v11.exception import ActionFailed, ApiNotAvailable, NetworkError

from .. import images
from ..config import Config
from ..engine.views.posts import FORWARD_BREAK
from ..service import NotConnected, Outgoing, SendFailed
from . import call
from .text import plain

config = get_plugin_config(Config)
_can_send_image: dict[str, bool] = {}
REACTION = "124"  # QQ face 124 「OK」: the vote was taken

FORWARD_NAME = "版杀法官"
CHUNK = 1500  # characters per forward node


def bot_for(self_id: int) -> Bot:
    """The game's own account, never another: a game's messages wait while its account is offline."""
    bot = get_bots().get(str(self_id))
    if not isinstance(bot, Bot):
        raise NotConnected()
    return bot


# What NapCat says when a send cannot get through until something changes (it answers retcode 1200 for
# nearly every failure, so the words decide): the person is no friend and no temp session opens, he or
# the bot left the group, the group is gone. Everything else (风控, 禁言, 发送超时, rate limits) is
# transient and retried (service/outbox.py).
PERMANENT = ("好友", "临时会话", "临时消息", "无法获取用户信息", "不是群成员", "不在群", "已被移出", "移出该群", "被踢",
             "群不存在", "已解散", "not a friend", "not in group", "not a member", "user not found", "no such group")


def failure(e: Exception) -> SendFailed:
    """A failed OneBot call as the outbox sees it: transient, permanent, or an ack that never came."""
    if isinstance(e, NetworkError) and "timeout" in str(e).lower():
        return SendFailed("QQ 没有及时回应（超时）", timeout=True)
    if isinstance(e, ActionFailed):
        info = getattr(e, "info", {}) or {}
        words = f"{info.get('wording') or ''} {info.get('message') or ''}".strip() or str(e)
        retcode = info.get("retcode")
        return SendFailed(f"retcode {retcode}: {words[:200]}", permanent=any(w in words for w in PERMANENT))
    return SendFailed(f"{type(e).__name__}: {str(e)[:200]}")


async def send(out: Outgoing) -> None:
    bot = bot_for(out.self_id)
    try:
        await _send(bot, out)
    except ApiNotAvailable:
        raise NotConnected() from None
    except (ActionFailed, NetworkError) as e:
        raise failure(e) from None


async def _send(bot: Bot, out: Outgoing) -> None:
    if out.kind == "group":
        await bot.send_group_msg(group_id=out.target, message=await with_pictures(bot, out))
    elif out.kind == "private":
        params = {"user_id": out.target, "message": await with_pictures(bot, out)}
        if out.group_id:
            params["group_id"] = out.group_id  # temp session through the game's group
        await bot.call_api("send_private_msg", **params)
    elif out.kind == "forward":
        await _forward(bot, out)
    elif out.kind == "react":
        await _react(bot, out)
    elif out.kind == "ban":
        qq, seconds = (int(x) for x in out.text.split(":"))
        try:
            await bot.set_group_ban(group_id=out.target, user_id=qq, duration=seconds)
        except ActionFailed as e:  # not an admin: the warning was already posted
            logger.warning(f"bansha: cannot mute {qq} in {out.target}: {e}")


async def with_pictures(bot: Bot, out: Outgoing) -> Message:
    """The row's text, then a picture of each board it carries (when this account sends pictures)."""
    msg = plain(out.text)
    boards = (out.data or {}).get("images") or []
    if not boards or not await pictures_on(bot):
        return msg
    for board in boards:
        try:
            png = await asyncio.to_thread(images.render, board)  # Pillow work off the event loop
        except images.NoFont as e:
            logger.warning(f"bansha: no picture: {e}")
            break
        msg += MessageSegment.image(f"base64://{base64.b64encode(png).decode()}")
    return msg


async def pictures_on(bot: Bot) -> bool:
    if not config.bansha_images or int(bot.self_id) in config.bansha_images_off:
        return False
    if bot.self_id not in _can_send_image:
        try:
            answer = await asyncio.wait_for(bot.can_send_image(), 5)
            _can_send_image[bot.self_id] = bool(answer.get("yes", True)) if isinstance(answer, dict) else True
        except (ActionFailed, TimeoutError):
            return True  # not answered (not implemented, or busy): try; the text goes out either way
    return _can_send_image[bot.self_id]


def warm_pictures() -> None:
    """Load the font and its glyph list at startup, so the first picture is not the slow one."""
    try:
        images.glyphs()
        images.font(24)
    except Exception as e:  # no font: every picture is skipped, with a warning when one is due
        logger.warning(f"bansha: pictures unavailable: {e}")


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
    """Forward nodes: each section (FORWARD_BREAK) starts a node; long sections split at line ends."""
    return [c for section in text.split(FORWARD_BREAK) for c in _chunks(section, size)]


def _chunks(text: str, size: int) -> list[str]:
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


async def _react(bot: Bot, out: Outgoing) -> None:
    """A vote typed in the group is acknowledged on the post itself; without the NapCat extension,
    by the vote progress now and then instead."""
    data = json.loads(out.text)
    try:
        await bot.call_api("set_msg_emoji_like", message_id=data["message_id"], emoji_id=REACTION, set=True)
    except ActionFailed as e:
        logger.debug(f"bansha: no reaction on {data['message_id']}: {e}")
        progress.offer(out.self_id, out.target, data.get("progress", ""))


class Progress:
    """The fallback acknowledgement of votes: at most one progress post per group per `every` seconds,
    the latest one winning."""

    def __init__(self, every: float):
        self.every = every
        self.last: dict[int, float] = {}
        self.waiting: dict[int, tuple[int, str]] = {}

    def offer(self, self_id: int, group: int, text: str) -> None:
        if not text:
            return
        due = self.last.get(group, -1e18) + self.every - time.monotonic()
        first = group not in self.waiting
        self.waiting[group] = (self_id, text)
        if due <= 0:
            self.flush(group)
        elif first:
            asyncio.get_running_loop().call_later(due, self.flush, group)

    def flush(self, group: int) -> None:
        item = self.waiting.pop(group, None)
        svc = call.current()
        if item is None or svc is None:
            return
        self.last[group] = time.monotonic()
        svc.outbox.say(item[0], "group", group, item[1])


progress = Progress(get_plugin_config(Config).bansha_progress_every)
