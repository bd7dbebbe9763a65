"""Words relayed by the bot: /狼聊 · /队聊 (team channels), /遗言, /私聊 (where the game allows); and /过, the end of
one's speaking turn (快速 tempo, engine/parts/speaking.py)."""

from __future__ import annotations

from ... import parse as parse
from ...engine.core import Refusal
from .. import table
from ..call import Call
from ..text import quoted


@table.command("狼聊", "队聊", where="pm", usage="[频道] <内容>", who="玩家",
               summary="发到我的队伍频道（狼群、恋人、共群…），只转给队友；有几个频道时写明频道，/狼聊 发到狼群",
               wrong_place="队伍频道只能私聊机器人使用，别在群里暴露自己！")
async def team_chat(call: Call) -> None:
    game = await call.pm_game()
    await call.submit(game, call.input("chat", text=quoted(call.raw_text()), alias=call.name))


@table.command("遗言", where="pm", usage="<内容>", who="出局玩家", summary="发表遗言（有遗言时），由机器人在群里公布",
               wrong_place="遗言请私聊机器人发送 /遗言 <内容>，由机器人在群里公布。")
async def last_words(call: Call) -> None:
    game = await call.pm_game()
    await call.submit(game, call.input("lastwords", text=quoted(call.raw_text())))


@table.command("私聊", where="pm", usage="<目标> <内容>", who="玩家", summary="经机器人私聊另一名玩家（游戏允许时）",
               wrong_place="私聊转发请私聊机器人：/私聊 <目标> <内容>。")
async def relay(call: Call) -> None:
    game = await call.pm_game()
    parts = call.raw_text().split(None, 1)
    if len(parts) < 2:
        raise Refusal("用法：/私聊 <目标> <内容>")
    target = parse.normalize(parts[0])  # 「３号」 is seat 3; the words stay as typed
    await call.submit(game, call.input("relay", target=target, text=quoted(parts[1])))


@table.command("过", where="group", who="正在发言的玩家",
               summary="轮流发言时结束自己的发言，轮到下一位（快速节奏的白天，轮到你时机器人会 @ 你）",
               wrong_place="/过 请在群里发送：轮到你发言时，用它结束发言。")
async def end_turn(call: Call) -> None:
    game = await call.group_game()
    await call.submit(game, call.input("turn"))
