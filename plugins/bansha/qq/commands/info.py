"""/帮助, /状态, /局: reading the game, changing nothing."""

from __future__ import annotations

from ...engine import forum, registry
from ...engine.core import Refusal
from ...engine.forum import card_ledger
from ...engine.game import RUNNING, SIGNUP, Game
from ...engine.phases import format_duration
from .. import table
from ..call import RETRY, Call, current, service


def command_lines(where: str, judge: bool = True) -> str:
    """The table, as one line of forms for one place (group or pm)."""
    forms = [c.form() for c in table.COMMANDS if c.where in (where, "any") and c.name != "法官"]
    return " · ".join(forms)


def judge_lines() -> str:
    return "|".join(f"{sub.names[0]}{(' ' + sub.usage) if sub.usage else ''}" for sub in table.JUDGE_COMMANDS)


@table.command("帮助", "help", "菜单", summary="可开的游戏，以及现在能用的命令")
async def help_(call: Call) -> str:
    games = "、".join(r.title for r in registry.offered())
    lines = [
        "版杀法官 · 命令",
        f"可开的游戏：{games}",
        "群内：" + command_lines("group"),
        "论坛投票格式：投票对象：3（换行）投票理由：…；改票请回复自己的投票：改票对象：…（换行）改票理由：…",
        "私聊：" + command_lines("pm") + "（技能也可直接发「查验 3」）",
        "法官：/法官 " + judge_lines(),
    ]
    svc = current()
    game = await svc.group_game(call.event.group_id) if call.in_group and svc is not None else None  # type: ignore[attr-defined]
    if game is not None and game.status == RUNNING:
        lines.append(f"当前阶段：{game.rules.phase_label(game.state)}")
        lines.append(phase_help(game))
    elif game is not None:
        lines.append(f"第 {game.gid} 局 {game.rules.title} 正在报名：发送 /报名 加入。")
    return "\n".join(lines)


def phase_help(game: Game) -> str:
    """What players can do in the current phase, without revealing who can do what."""
    if forum.in_discussion(game):
        return "现在可以：在群里 /投票 <目标|弃权> [理由]（或论坛格式），/改票，/加速，/延时；私聊 /代投。"
    public = sorted({s.name for seat in game.state.living() for s in game.rules.skills_of(game.state, seat)
                     if s.public and game.rules.available(game.state, seat, s) is None})
    tail = f"；群内技能：{'、'.join('/技能 ' + n for n in public)}" if public else ""
    return f"现在是行动阶段：有行动的玩家请私聊机器人（/身份 查看自己能做什么，/放弃 跳过）{tail}。"


@table.command("状态", summary="阶段、剩余时间、存活座位（电梯楼顺序）、警长、公开状态")
async def status(call: Call) -> str:
    game = await call.pm_game()
    return status_text(game, call.now())


def status_text(game: Game, now: float) -> str:
    rules = game.rules
    lines = [f"第 {game.gid} 局 · {rules.title}"]
    if game.status == SIGNUP:
        names = "、".join(p.name for p in game.players) or "（暂无）"
        lines.append(f"报名中：{len(game.players)} 人：{names}")
        return "\n".join(lines)
    state = game.state
    lines.append(f"阶段：{rules.phase_label(state)}")
    if game.paused:
        lines.append(f"已暂停，剩余 {format_duration(game.paused_left or 0)}")
    elif game.deadline:
        lines.append(f"剩余：{format_duration(game.deadline - now)}")
    living = [game.seat_name(s) for s in state.living()]
    lines.append(f"存活（{len(living)}）：" + "、".join(living))
    extra = rules.public_status(state)
    if extra:
        lines.append(extra)
    if game.forum.accelerated:
        lines.append("今天已执行加速：不可改票，不判罚潜水。")
    ledger = card_ledger(game)
    if ledger:
        lines.append(ledger)
    return "\n".join(lines)


@table.command("局", usage="<编号>", summary="同时参加多局时，选择私聊指令对应哪一局", who="玩家")
async def select(call: Call) -> str:
    text = call.text
    games = await call.games()
    if not text.isdigit() or not any(g.gid == int(text) for g in games):
        ids = "、".join(str(g.gid) for g in games) or "无"
        raise Refusal(f"用法：/局 <编号>。你参加的游戏：{ids}")
    try:
        await service().set_pm_choice(call.user, int(text))
    except Exception:
        raise Refusal(RETRY) from None
    return f"之后的私聊指令将用于第 {text} 局。"
