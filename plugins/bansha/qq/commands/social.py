"""The social table: /观战 · /退出观战 (spectators), /亡者 (the dead chat), /重开 (play again).

The engine decides who may (engine/parts/social.py); these find the game and submit the input."""

from __future__ import annotations

import secrets

from ...engine.core import Refusal
from ...engine.game import ENDED, Game
from .. import table
from ..call import Call, service
from ..text import name_of, quoted
from .signup import reachable


def _watched(qq: int) -> list[Game]:
    return [g for g in service().games.values() if g.status != ENDED and qq in g.spectators]


async def _my_game(call: Call, *, seats: bool = True) -> Game:
    """In the group: its game. By PM: the one game the sender plays in or watches (/局 chooses)."""
    if call.in_group:
        return await call.group_game()
    svc = service()
    games = {g.gid: g for g in _watched(call.user)}
    if seats:
        games.update({g.gid: g for g in svc.index.games_of(call.user) if g.seat_of(call.user) is not None})
    if not games:
        raise Refusal("你没有参加或观战进行中的游戏。")
    if len(games) == 1:
        return next(iter(games.values()))
    chosen = svc.pm_choice.get(call.user)
    if chosen in games:
        return games[chosen]
    ids = "、".join(f"{g.gid}（群 {g.group}，{g.rules.title}）" for g in games.values())
    raise Refusal(f"你同时在多局游戏中：{ids}。请先发送 /局 <编号> 选择。")


@table.command("观战", where="group", who="不参加游戏的人", summary="不参加游戏的人订阅公开帖的私聊转发（也能看到亡者聊天）",
               wrong_place="请在游戏所在的群里发送 /观战。")
async def watch(call: Call) -> None:
    game = await call.group_game()
    if game.seat_of(call.user) is not None:
        raise Refusal("你是这局游戏的玩家，不能观战。")
    if call.user not in game.spectators and not await reachable(call.bot, call.user, game.group):
        raise Refusal("机器人无法私聊你：请先添加机器人为好友（或允许群临时会话）再观战，观战内容通过私聊转发。")
    await call.submit(game, call.input("watch", name=name_of(call.event)))


@table.command("退出观战", summary="停止观战的私聊转发")
async def unwatch(call: Call) -> None:
    if call.in_group:
        game = await call.group_game()
    else:
        games = _watched(call.user)
        if not games:
            raise Refusal("你没有在观战进行中的游戏。")
        game = games[0] if len(games) == 1 else await _my_game(call, seats=False)
    await call.submit(game, call.input("unwatch"))


@table.command("亡者", where="pm", usage="<内容>", who="出局玩家、观战者",
               summary="出局之后和其他出局玩家（及观战者）聊天，活着的玩家收不到",
               wrong_place="亡者聊天请私聊机器人：/亡者 <内容>（群里说话会被当作诈尸）。")
async def dead_chat(call: Call) -> None:
    game = await _my_game(call)
    await call.submit(game, call.input("deadchat", text=quoted(call.raw_text())))  # as typed (，stays ，)


@table.command("重开", where="group", who="法官", summary="上一局结束后：同样的游戏和选项重新报名，上局玩家已自动报名")
async def restart(call: Call) -> None:
    svc = service()
    group = call.event.group_id  # type: ignore[attr-defined]
    if svc.index.game_in_group(group) is not None:
        raise Refusal("本群还有一局没有结束的游戏：结束（或 /法官 终止）之后才能重开。")
    old = await svc.last_ended(group)
    if old is None:
        raise Refusal("本群还没有结束的游戏可以重开。请用 /开局 <游戏> 开一局。")
    if not await call.is_judge(old):
        raise Refusal("只有上一局的法官（开局者、群主、管理员或被添加的法官）可以重开。")
    options = {k: v for k, v in old.options.items() if k != "种子"}
    await svc.open_game(
        group_id=group, self_id=int(call.bot.self_id), owner=call.user, ruleset=old.ruleset, options=options,
        seed=secrets.randbits(48), origin=call.origin(), players=[(p.qq, p.name) for p in old.players],
        note=f"重开第 {old.gid} 局",
    )
