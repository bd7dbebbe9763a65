"""/开局, /报名, /退出报名, /开始: before the deal."""

from __future__ import annotations

import secrets
from typing import Any

from nonebot import get_plugin_config
from nonebot.adapters.onebot.v11 import Bot

from ... import parse as parse
from ... import scripts
from ...config import Config
from ...engine.core import Refusal
from ...engine.core.phases import parse_options
from ...engine.game import SIGNUP, registry
from ...service import NotOwner
from .. import table
from ..call import JUDGE_PERM, QQ_FAILED, Call, service
from ..text import name_of, plain

config = get_plugin_config(Config)


def _games() -> str:
    return "、".join(r.title for r in registry.offered())


@table.command("开局", where="group", usage="<游戏>（或 剧本 <名字>）[键=值…]", who="法官", summary="开一局，开始报名",
               wrong_place="请在要开局的群里发送 /开局。")
async def open_(call: Call) -> None:
    group = call.event.group_id  # type: ignore[attr-defined]
    if config.bansha_groups and group not in config.bansha_groups:
        raise Refusal("本群没有开放版杀。")
    owner = await service().index.group_owner(group)
    if owner is not None and owner != call.account:
        raise NotOwner(f"group {group}: another account's game")  # that account answers
    if owner is not None:
        raise Refusal("本群已经有一局进行中的游戏；结束或终止后才能开新局。")
    if config.bansha_open_by != "anyone" and not await JUDGE_PERM(call.bot, call.event):
        raise Refusal("只有群主、管理员（和机器人的超级用户）可以开局。开局的人就是这一局的法官。")
    words = parse.split_options(call.text)  # a value may list names: 指定身份=魔术师、通灵师
    if not words:
        raise Refusal(f"用法：/开局 <游戏> [键=值…]。可开的游戏：{_games()}")
    if words == ["剧本"]:
        await call.reply(script_list())
        return
    if words[0] == "剧本":
        rules, options = _script(words[1:])
    else:
        rules = registry.get(words[0])
        if rules is None:
            raise Refusal(f"没有名为「{words[0][:20]}」的游戏。可开的游戏：{_games()}；或者 /开局 剧本 看看有哪些剧本。")
        options = parse_options(words[1:], rules.all_options())
    why = rules.check_options(options)
    if why:
        raise Refusal(why)
    # 种子= (tests, the simulator, replays) stays in the options: the game then deals from it alone, says so in
    # its opening post and seats no one who could know it (engine/parts/signup.py seat_refusal). Otherwise the deal's
    # randomness is drawn only at /开始 (below).
    fixed = options.get("种子")
    seed = int(fixed) if fixed is not None else secrets.randbits(48)
    await service().open_game(
        group_id=group, self_id=int(call.bot.self_id), owner=call.user, ruleset=rules.key,
        options=options, seed=seed, origin=call.origin(),
    )


def scripts_dir() -> str:
    """BANSHA_SCRIPTS_DIR, else 剧本/ in the plugin's data directory."""
    if config.bansha_scripts_dir:
        return config.bansha_scripts_dir
    import nonebot_plugin_localstore as localstore  # (loaded by qq/lifecycle.py)

    return str(localstore.get_plugin_data_dir() / "剧本")


def script_list() -> str:
    """/开局 剧本: every 剧本 found, with its 说明, and why one cannot be opened."""
    every = scripts.found(scripts_dir())
    if not every:
        return "还没有剧本。把 .toml 剧本放进剧本文件夹（docs/script.md），再发 /开局 剧本 <名字>。"
    lines = [f"· {f.name}" + (f"：{f.script.summary}" if f.script and f.script.summary else "")
             + ("" if f.ok else f"（不能开：{f.problems[0]}）") for f in every[:30]]
    return "可开的剧本（/开局 剧本 <名字> [键=值…]）：\n" + "\n".join(lines)


def _script(words: list[str]) -> tuple[Any, dict[str, Any]]:
    """/开局 剧本 [名字 [键=值…]]: the 剧本's game and options (the 导演's 键=值 on top of the 剧本's day options)."""
    found = scripts.find(words[0], scripts_dir())
    if found is None:
        raise Refusal(f"没有名为「{words[0][:20]}」的剧本。发 /开局 剧本 看看有哪些。")
    if not found.ok:
        raise Refusal(f"剧本「{found.name}」不能开：\n" + "\n".join(str(p) for p in found.problems[:5]))
    _, rules, options = scripts.load(found.source)
    mine = parse_options(words[1:], rules.all_options())
    said = {w.partition("=")[0].strip() for w in words[1:]}
    if said & {"板子", "角色"}:
        raise Refusal("剧本的角色由剧本决定：不能再写 板子= 或 角色=。")
    return rules, {**mine, **options, **{k: v for k, v in mine.items() if k in said}}


@table.command("报名", where="group", summary="报名参加这一局")
async def join(call: Call) -> None:
    game = await call.group_game()
    if game.status != SIGNUP:
        raise Refusal("报名已经截止：游戏已经开始了。")
    if game.seat_of(call.user) is not None:
        raise Refusal("你已经报过名了。")
    if not await reachable(call.bot, call.user, game.group):
        raise Refusal("机器人无法私聊你：请先添加机器人为好友（或允许群临时会话）再报名，身份和夜间行动都要靠私聊。")
    await call.submit(game, call.input("join", name=name_of(call.event)))


async def reachable(bot: Bot, user_id: int, group_id: int) -> bool:
    """Can the bot PM this player? A friend, or a temp session through the group."""
    try:
        friends = await bot.get_friend_list()
        if any(int(f.get("user_id", 0)) == user_id for f in friends):
            return True
    except QQ_FAILED:
        pass
    if config.bansha_friends_only:
        return False
    try:
        await bot.call_api(
            "send_private_msg", user_id=user_id, group_id=group_id,
            message=plain("【版杀法官】报名确认：之后的身份和夜间行动都会通过这里私聊。"),
        )
        return True
    except QQ_FAILED:
        return False


@table.command("退出报名", where="group", summary="退出报名")
async def leave(call: Call) -> None:
    game = await call.group_game()
    await call.submit(game, call.input("leave"))


@table.command("开始", "发牌", where="group", who="法官", summary="发身份，开始游戏")
async def start(call: Call) -> None:
    game = await call.group_game()
    if not await call.is_judge(game):
        raise Refusal("只有法官（开局者、群主、管理员或被添加的法官）可以开始游戏。")
    await call.submit(game, call.input("start", entropy=secrets.randbits(63)))
