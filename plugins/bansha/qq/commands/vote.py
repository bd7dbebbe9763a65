"""Day votes: /投票 · /改票 (and the two-line forum form), /代投, /票型, /加速 · /延时.

A vote's reason is the player's own words: it is kept as typed (「他说了，然后」 keeps its full-width ，),
while the target is read after NFKC like every command (「３」 is 3)."""

from __future__ import annotations

import time

from nonebot.adapters.onebot.v11 import MessageEvent

from ... import parse as parse
from ...engine.core import Refusal
from ...engine.parts import ballots
from .. import table
from ..call import Call
from ..text import one_line, unread_reply
from .play import act

VOTE_IN_GROUP = "投票请在群里公开进行；需要代投请用 /代投。"
BOARD_EVERY = 30.0  # seconds: /票型 posts at most once per group in this time (docs/forum.md)
_boards: dict[int, float] = {}  # group -> when its last /票型 was posted (monotonic)


def as_typed(call: Call, norm: str) -> str:
    """The tail of what the sender typed whose NFKC form is `norm` (a reason read from the normalised command):
    the words as written. Falls back to `norm` when no tail of the raw text reads as it."""
    if not norm:
        return norm
    raw = call.raw_text()
    for i in range(len(raw)):
        tail = raw[i:].strip()
        if len(tail) < len(norm) // 2:
            break
        if parse.normalize(tail) == norm:
            return tail
    return norm


@table.command("投票", "改票", where="group", usage="<目标或弃权> [理由]", who="投票者",
               summary="公开投票；改票是唯一一次更改（最好回复自己的投票）", wrong_place=VOTE_IN_GROUP)
async def vote(call: Call) -> None:
    game = await call.group_game()
    target, reason = parse.split_vote(call.text)
    kind = "改票" if call.name == "改票" else "投票"
    check_reply(call.event, kind)
    await act(call, game, kind, [target], one_line(as_typed(call, reason)))


async def forum_vote(call: Call) -> None:
    """「投票对象：X」 / 「投票理由：Y」 on two lines (改票对象… for a change)."""
    if not call.in_group:
        raise Refusal("投票请在群里公开进行；需要代投请用 /代投 <目标或弃权> <理由>。")
    game = await call.group_game()
    kind, target, reason = parse.parse_forum_vote(call.text)  # type: ignore[misc]
    check_reply(call.event, kind)
    await act(call, game, kind, [target], one_line(as_typed(call, reason)))


def check_reply(event: MessageEvent, kind: str) -> None:
    """改票 is a 楼中楼: when it replies to a message, that must be the sender's own post."""
    if kind == "改票" and unread_reply(event):
        raise Refusal("没能读取你回复的那条消息（QQ 没有返回它），无法确认是你自己的投票，这次改票没有生效："
                      "请不用「回复」，直接重发 /改票 <目标> <理由>。")
    reply = getattr(event, "reply", None)
    if kind == "改票" and reply is not None and getattr(reply.sender, "user_id", None) != event.user_id:
        raise Refusal("改票请回复你自己的投票（楼中楼），不要回复别人的消息。")


@table.command("代投", where="pm", usage="<目标或弃权> [理由]", who="投票者",
               summary="通过法官代投：机器人在群里公布这一票（规则的截止时间之前）",
               wrong_place="代投请私聊机器人：/代投 <目标或弃权> [理由]。")
async def proxy(call: Call) -> None:
    game = await call.pm_game()
    target, reason = parse.split_vote(call.text)
    await call.submit(game, call.input("act", skill="投票", words=(target,), via="pm",
                                       reason=one_line(as_typed(call, reason)), proxy=True))


@table.command("票型", where="group", summary="投票阶段随时查看：谁投了谁、各得几票（票数隐藏的局只列谁投了谁）、谁还没投",
               wrong_place="票型是公开的：请在群里发送 /票型。")
async def board(call: Call) -> str:
    game = await call.group_game()
    text = ballots.text(game)  # a Refusal when no vote is under way
    group = call.event.group_id  # type: ignore[attr-defined]
    now = time.monotonic()
    if now - _boards.get(group, -BOARD_EVERY) < BOARD_EVERY:
        # one post per group in the window: a second asker is pointed at it, in one short line
        raise Refusal(f"票型刚刚发过，请看上面那条（每 {BOARD_EVERY:g} 秒最多发一次）。")
    _boards[group] = now
    return text


@table.command("加速", "延时", "延迟", who="存活玩家", summary="申请加速或延时今天的讨论（群里或私聊）")
async def speed(call: Call) -> None:
    game = await call.pm_game()
    kind = "加速" if call.name == "加速" else "延时"
    await call.submit(game, call.input("speed", which=kind))
