"""/法官 <子命令>: the judge's table. Each sub-command parses its words and returns the engine
Input built by `engine.judge` (the console builds the very same inputs), or None when it only
answers (演员表)."""

from __future__ import annotations

from nonebot.adapters.onebot.v11 import Bot, GroupMessageEvent
from nonebot.permission import SUPERUSER

from ... import parse as parse
from ...engine.core import Input, Refusal
from ...engine.core.skills import decimal
from ...engine.game import RUNNING, SIGNUP, Game, cast_lines
from ...engine.parts import moderator as inputs
from ...models import SeatRow
from .. import table
from ..call import JUDGE_ONLY, JUDGE_PERM, QQ_FAILED, Call, JudgeCall, service
from ..text import plain, player_name


@table.command("法官", usage="<子命令> …", who="法官", summary="法官命令，见下")
async def judge(call: Call) -> None:
    words = call.words
    if not words:
        raise Refusal("用法：/法官 " + "|".join(table.judge_names()))
    sub, rest = words[0], words[1:]
    if sub == "控制台":  # needs no game: the 导演台 lists every game this judge may open
        await console_link(call)
        return
    if call.in_group:
        game = await call.group_game()
    elif not await call.games():  # group owners, admins and SUPERUSERS judge in the group
        raise Refusal("私聊里找不到你主持的游戏：请在游戏所在的群里发送 /法官 命令。")
    else:
        game = await call.pm_game()
    if not await call.is_judge(game):
        raise Refusal(JUDGE_ONLY)
    entry = table.judge_sub(sub)
    if entry is None:
        raise Refusal(f"未知的法官命令「{sub[:10]}」。可用：{'、'.join(table.judge_names())}")
    inp = await entry.run(JudgeCall(call, game, sub), rest)
    if inp is not None:
        await call.submit(game, inp)
        if sub == "移除法官":  # accepted: his open 导演台 sessions end now (console/auth.py)
            from ... import console

            await console.revoke(int(inp.arg("qq", 0)))


def _at(j: JudgeCall) -> float:
    return j.call.now()


def _qq(word: str) -> int | None:
    qq = word.lstrip("@")
    return decimal(qq)


@table.judge_command("推进", summary="立即结束本阶段")
async def _push(j: JudgeCall, rest: list[str]) -> Input:
    return inputs.push(j.call.user, _at(j))


@table.judge_command("暂停", summary="冻结计时")
async def _pause(j: JudgeCall, rest: list[str]) -> Input:
    return inputs.pause(j.call.user, _at(j))


@table.judge_command("继续", summary="恢复计时")
async def _resume(j: JudgeCall, rest: list[str]) -> Input:
    return inputs.resume(j.call.user, _at(j))


@table.judge_command("延长", usage="<时长>", summary="本阶段延长，如 10m")
async def _extend(j: JudgeCall, rest: list[str]) -> Input:
    return inputs.extend(j.call.user, _at(j), parse.parse_seconds(rest[0] if rest else ""))


@table.judge_command("终止", usage="[理由]", summary="结束这局并公布演员表")
async def _end(j: JudgeCall, rest: list[str]) -> Input:
    return inputs.end_game(j.call.user, _at(j), " ".join(rest))


@table.judge_command("演员表", summary="全部身份，私聊发给法官")
async def _cast(j: JudgeCall, rest: list[str]) -> None:
    game, call = j.game, j.call
    if game.status == RUNNING and game.held_seat(call.user):
        raise Refusal("你在这局游戏里有过座位：游戏进行中不能查看演员表。")
    await send_cast(call, game)


@table.judge_command("提醒", usage="[目标]", summary="私聊提醒还没行动的玩家（或其中一人）")
async def _remind(j: JudgeCall, rest: list[str]) -> Input:
    return inputs.remind(j.call.user, _at(j), rest[0] if rest else "")


@table.judge_command("控制台", summary="导演台（网页控制台）的一次性登录链接，私聊发送")
async def _console(j: JudgeCall, rest: list[str]) -> None:
    await console_link(j.call)


async def console_link(call: Call) -> None:
    """A one-time 导演台 login link, by PM only (never in the group), to someone who judges somewhere."""
    from ...console import login_link
    from ...models import GameRow

    svc = service()
    game = await svc.group_game(call.event.group_id) if isinstance(call.event, GroupMessageEvent) else None
    judge = await call.is_judge(game) if game is not None else (
        (call.in_group and await JUDGE_PERM(call.bot, call.event))
        or await SUPERUSER(call.bot, call.event)
        or any(g.is_judge(call.user) for g in await svc.player_games(call.user))
        or await GameRow.filter(owner=call.user).exists()
    )
    if not judge:
        raise Refusal("只有法官（开局者、群主、管理员或被添加的法官）可以使用导演台。")
    url = await login_link(call.user)
    text = f"导演台登录链接（10 分钟内有效，只能使用一次，请勿转发）：\n{url}"
    try:
        params = {"user_id": call.user, "message": plain(text)}
        if isinstance(call.event, GroupMessageEvent):
            params["group_id"] = call.event.group_id  # a temp session when not a friend
        await call.bot.call_api("send_private_msg", **params)
    except QQ_FAILED:
        raise Refusal("导演台链接需要私聊发送，但机器人无法私聊你：请先加机器人为好友。") from None
    if call.in_group:
        await call.reply("导演台登录链接已私聊发送。")


@table.judge_command("添加法官", "移除法官", usage="@某人", summary="添加或移除法官")
async def _judges(j: JudgeCall, rest: list[str]) -> Input:
    qq = _qq(rest[0]) if rest else None
    if qq is None:
        raise Refusal(f"用法：/法官 {j.sub} @某人（或QQ号）")
    build = inputs.add_judge if j.sub == "添加法官" else inputs.remove_judge
    return build(j.call.user, _at(j), qq)


@table.judge_command("蓝牌", "黄牌", "红牌", usage="<目标> [理由]", summary="判罚；三蓝合一黄，三黄合一红，红牌罚下")
async def _card(j: JudgeCall, rest: list[str]) -> Input:
    if not rest:
        raise Refusal(f"用法：/法官 {j.sub} <目标> [理由]")
    return inputs.card(j.call.user, _at(j), j.sub, rest[0], " ".join(rest[1:]))


@table.judge_command("撤牌", usage="<目标> <蓝牌|黄牌|红牌> [理由]",
                     summary="撤回一张牌：合并的牌按账本拆开；红牌罚下生效前撤回，座位不再被罚下")
async def _take_back(j: JudgeCall, rest: list[str]) -> Input:
    if len(rest) < 2:
        raise Refusal("用法：/法官 撤牌 <目标> <蓝牌|黄牌|红牌> [理由]，例如 /法官 撤牌 3 黄牌 误判")
    colour = rest[1] if rest[1].endswith("牌") else rest[1] + "牌"  # 「黄」 is 黄牌
    return inputs.take_back(j.call.user, _at(j), rest[0], colour, " ".join(rest[2:]))


@table.judge_command("替补", usage="<目标> @新玩家", summary="新玩家接替这个座位（身份、状态、私聊记录）")
async def _substitute(j: JudgeCall, rest: list[str]) -> Input:
    if len(rest) >= 2 and rest[1].upper() == "AI":  # /法官 替补 <座位> AI (issue 27: commands/ai.py)
        from .ai import substitute
        return substitute(j, rest[0])
    qq = _qq(rest[1]) if len(rest) >= 2 else None
    if qq is None:
        raise Refusal("用法：/法官 替补 <目标> <@新玩家>")
    name = await member_name(j.call.bot, j.game.group, qq)
    return inputs.substitute(j.call.user, _at(j), rest[0], qq, name)


@table.judge_command("代投", usage="<目标> <投票目标或弃权> [理由]", summary="替这名玩家投票")
async def _proxy(j: JudgeCall, rest: list[str]) -> Input:
    if len(rest) < 2:
        raise Refusal("用法：/法官 代投 <目标> <投票目标或弃权> [理由]")
    return inputs.proxy_vote(j.game, j.call.user, _at(j), rest[0], rest[1], " ".join(rest[2:]))


@table.judge_command("判负", usage="<阵营>", summary="判定某阵营判负")
async def _forfeit(j: JudgeCall, rest: list[str]) -> Input:
    if not rest:
        raise Refusal("用法：/法官 判负 <阵营名>（例如 狼人阵营）")
    return inputs.forfeit(j.call.user, _at(j), rest[0])


@table.judge_command("裁定", usage="<编号> <结果>", summary="裁定一条待裁定（如审讯的回复：正确|错误），私聊机器人即可")
async def _rule(j: JudgeCall, rest: list[str]) -> Input:
    if len(rest) < 2 or not rest[0].lstrip("#").isdigit():
        raise Refusal("用法：/法官 裁定 <编号> <结果>，例如 /法官 裁定 1 正确")
    # a result the judge writes himself (a 剧本's 裁定 skill) may have spaces: 「出局 3」
    return inputs.rule(j.call.user, _at(j), parse.number(rest[0], "裁定编号"), " ".join(rest[1:]))


@table.judge_command("场外助理", usage="<目标> @助理", summary="登记场外助理（004）")
async def _adviser(j: JudgeCall, rest: list[str]) -> Input:
    qq = _qq(rest[1]) if len(rest) >= 2 else None
    if qq is None:
        raise Refusal("用法：/法官 场外助理 <目标> <@助理>")
    seat = j.game.resolve(rest[0])
    if seat is None:
        raise Refusal("找不到这名玩家：请用座位号、@或QQ号。")
    player = j.game.qq_of(seat)
    played = await SeatRow.filter(qq=player).exclude(game_id=j.game.gid).distinct().values_list("game_id", flat=True)
    return inputs.adviser(j.call.user, _at(j), rest[0], qq, len(set(played)))


@table.judge_command("观战", usage="@某人 全知", summary="全知观战：身份和夜间行动都私聊发给他，他不能再参加这局，也不能进入亡者聊天")
async def _all_seeing(j: JudgeCall, rest: list[str]) -> Input:
    qq = _qq(rest[0]) if rest else None
    if qq is None or rest[1:] != ["全知"]:
        raise Refusal("用法：/法官 观战 @某人 全知（普通观战请本人在群里发送 /观战）")
    if j.game.status != SIGNUP and j.game.status != RUNNING:
        raise Refusal("这局游戏已经结束了。")
    return inputs.all_seeing(j.call.user, _at(j), qq, await member_name(j.call.bot, j.game.group, qq))


async def member_name(bot: Bot, group_id: int, qq: int) -> str:
    try:
        info = await bot.get_group_member_info(group_id=group_id, user_id=qq)
        return player_name(info.get("card") or info.get("nickname") or "") or str(qq)
    except QQ_FAILED:
        return str(qq)


async def send_cast(call: Call, game: Game) -> None:
    if game.status == SIGNUP or game.state is None:
        raise Refusal("游戏还没有开始，没有演员表。")
    text = f"第 {game.gid} 局 演员表：\n" + "\n".join(cast_lines(game))
    try:
        await call.tell(game, text)
    except QQ_FAILED:
        raise Refusal("演员表需要私聊发送，但机器人无法私聊你：请先加好友。") from None
    if isinstance(call.event, GroupMessageEvent):
        await call.reply("演员表已私聊发送。")
