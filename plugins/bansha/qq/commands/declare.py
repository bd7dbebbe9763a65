"""Answers to a 宣言 (004's 审讯): /回复 <编号> <是|否|无法回答>, or a QQ reply to the 宣言 itself
(「若需要回应，回复那一层宣言贴才会有效」)."""

from __future__ import annotations

import re

from nonebot.adapters.onebot.v11 import GroupMessageEvent

from ... import parse as parse
from ...engine.core import Refusal
from ...engine.game import RUNNING, Game
from .. import table
from ..call import Call, current
from ..text import after_reply, unread_reply, words_of

ANSWERS = ("是", "否", "无法回答")
_TAIL = re.compile(r"[\s。.!！~～]+$")


def answer_word(text: str) -> str | None:
    """「是」, 「否。」, 「无法回答！」 → the answer; anything else → None."""
    word = _TAIL.sub("", text.strip())
    return word if word in ANSWERS else None


@table.command("回复", usage="<编号> <是|否|无法回答>", who="被宣言问到的玩家",
               summary="回答一条问你的宣言（如审讯）；也可以在群里用 QQ 的「回复」回复那条宣言")
async def reply(call: Call) -> None:
    game = await call.pm_game()
    words = call.words
    no = 0
    if words and words[0].lstrip("#").isdigit():
        no = parse.number(words[0], "宣言编号")
        words = words[1:]
    if len(words) != 1:
        raise Refusal("用法：/回复 <编号> <是|否|无法回答>")
    await call.submit(game, call.input("answer", no=no, text=words[0], via="group" if call.in_group else "pm"))


def reply_target(event: GroupMessageEvent) -> tuple[Game, int] | None:
    """A seated player's QQ reply with an answer, to a 宣言 of the group's game: (game, 编号).
    (0 when the replied message could not be fetched but a 宣言 waits for this player: refused in words.)"""
    svc = current()
    if svc is None:
        return None
    game = svc.index.game_in_group(event.group_id)
    if game is None or game.status != RUNNING:
        return None
    seat = game.seat_of(event.user_id)
    if seat is None or answer_word(words_of(after_reply(event.get_message()))) is None:
        return None
    reply = getattr(event, "reply", None)
    if reply is not None:
        no = game.rules.declaration_for_reply(game.state, int(reply.message_id), words_of(reply.message))
        return (game, no) if no else None
    if unread_reply(event) and _awaits(game, seat):
        return game, 0
    return None


def _awaits(game: Game, seat: int) -> bool:
    """A 宣言 still waits for this seat's answer (public: every 宣言 is posted in the group)."""
    return any(s.key == "answer" for s in game.skills_of(seat))


async def reply_answer(call: Call) -> None:
    found = reply_target(call.event)  # type: ignore[arg-type]
    if found is None:
        return
    game, no = found
    if not no:
        raise Refusal("没能读取你回复的那条消息（QQ 没有返回它），这次回复没有生效：请发送 /回复 <编号> <是|否|无法回答>。")
    word = answer_word(words_of(after_reply(call.event.get_message())))
    await call.submit(game, call.input("answer", no=no, text=word, via="group"))
