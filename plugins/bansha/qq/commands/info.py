"""/帮助, /状态, /局: reading the game, changing nothing."""

from __future__ import annotations

import difflib

from ...engine import forum, registry
from ...engine.core import Refusal
from ...engine.forum import card_ledger
from ...engine.game import RUNNING, SIGNUP, Game
from ...engine.phases import deadline_text, format_duration
from ...engine.ruleset import how_to_type
from ...engine.skills import find_skill
from .. import table
from ..call import JUDGE_PERM, RETRY, Call, current, service


def forms(where: str, judge: bool) -> str:
    """The table's commands usable in one place (group or pm), as one line of forms."""
    out = [c.form() for c in table.COMMANDS
           if c.where in (where, "any") and c.name != "法官" and (judge or c.who != "法官")]
    return " · ".join(out)


def judge_forms() -> str:
    return "|".join(f"{sub.names[0]}{(' ' + sub.usage) if sub.usage else ''}" for sub in table.JUDGE_COMMANDS)


MORE = "发送 /帮助 <命令> 查看某个命令的完整说明（如 /帮助 投票）。"


@table.command("帮助", "help", "菜单", usage="[命令]", summary="现在能做什么；/帮助 <命令> 查看一个命令的完整说明")
async def help_(call: Call) -> str:
    words = call.words
    if words:
        return await command_help(call, words[0])
    if call.in_group:
        return await group_help(call)
    return await pm_help(call)


async def group_help(call: Call) -> str:
    """What is happening in this group, what anyone may do now; the judges' commands only for judges."""
    svc = current()
    game = await svc.group_game(call.event.group_id) if svc is not None else None  # type: ignore[attr-defined]
    judge = await call.is_judge(game) if game is not None else await JUDGE_PERM(call.bot, call.event)
    lines = ["版杀法官 · 命令"]
    if game is None:
        games = "、".join(r.title for r in registry.offered())
        lines.append(f"本群没有进行中的游戏。可开的游戏：{games}。群主或管理员发送 /开局 <游戏> 开一局。")
    elif game.status == RUNNING:
        lines.append(f"第 {game.gid} 局 {game.rules.title} · 当前阶段：{moment(game, call.now())}")
        lines.append(phase_help(game))
    else:
        lines.append(f"第 {game.gid} 局 {game.rules.title} 正在报名（{len(game.players)} 人）：发送 /报名 加入，"
                     "法官发送 /开始 发牌。")
    lines.append("群内：" + forms("group", judge))
    lines.append("私聊机器人：" + forms("pm", judge) + "（技能也可直接发「查验 3」）")
    if judge:
        lines.append("法官：/法官 " + judge_forms())
    lines.append(MORE)
    return "\n".join(lines)


def phase_help(game: Game) -> str:
    """What anyone may do in the current phase, without revealing who can do what."""
    if forum.in_discussion(game):
        return ("现在可以：在群里 /投票 <目标或弃权> [理由]（或两行的「投票对象：X」「投票理由：Y」），/改票，"
                "/加速，/延时；私聊 /代投。")
    public = sorted({s.name for seat in game.state.living() for s in game.rules.skills_of(game.state, seat)
                     if s.public and game.rules.available(game.state, seat, s) is None})
    tail = f"；群内技能：{'、'.join('/技能 ' + n for n in public)}" if public else ""
    return f"现在是行动阶段：有行动的玩家请私聊机器人（/帮助 查看自己现在能做什么，/放弃 跳过）{tail}。"


def moment(game: Game, now: float) -> str:
    label = game.rules.phase_label(game.state)
    if game.paused:
        return f"{label}（已暂停）"
    return f"{label}，截止 {deadline_text(game.deadline, now, game.options)}" if game.deadline else label


async def pm_help(call: Call) -> str:
    """By PM: my seat's legal actions right now, with how to type them and uses left."""
    svc = current()
    lines = ["版杀法官 · 命令"]
    for game in await call.games() if svc is not None else []:
        seat = game.seat_of(call.user)
        if seat is None:
            lines.append(f"你是第 {game.gid} 局（群 {game.group}）的法官：在群里发送 /法官 <子命令>。")
            continue
        if game.status != RUNNING:
            lines.append(f"第 {game.gid} 局还在报名，开始后私聊会发给你身份。")
            continue
        lines.append(f"第 {game.gid} 局 · {game.seat_name(seat)} · {moment(game, call.now())}")
        lines.extend(legal_now(game, seat))
    lines.append("私聊机器人：" + forms("pm", False) + "（技能也可直接发「查验 3」）")
    lines.append("群内：" + forms("group", False))
    lines.append(MORE)
    return "\n".join(lines)


def legal_now(game: Game, seat: int) -> list[str]:
    state, rules = game.state, game.rules
    choices = rules.legal(state, seat)
    if not choices:
        return ["你现在没有要做的行动。/身份 查看你的身份和全部技能。"]
    out = ["你现在可以："]
    for c in choices:
        s = c.skill
        left = "" if s.uses is None else f"（剩余 {max(0, s.uses - state.used(seat, s.key))} 次）"
        out.append(f"· {s.name}{left}：{how_to_type(s)}")
    if seat in rules.pending(state):
        out.append("不行动可以发送 /放弃。")
    return out


async def command_help(call: Call, word: str) -> str:
    """/帮助 <命令>: the command in full (a /法官 sub-command, or by PM one of my skills, too)."""
    name = word.lstrip("/")
    cmd = table.get(name)
    if cmd is not None:
        also = f"（也可 {' '.join('/' + n for n in cmd.names[1:])}）" if len(cmd.names) > 1 else ""
        lines = [f"{cmd.form()}{also}", f"在哪里：{table.PLACES[cmd.where]}；谁：{cmd.who}", cmd.summary]
        if cmd.name == "法官":
            lines += [f"{sub.form()}：{sub.summary}" for sub in table.JUDGE_COMMANDS]
        return "\n".join(lines)
    sub = table.judge_sub(name)
    if sub is not None:
        return f"{sub.form(name)}：{sub.summary}（法官命令）"
    for game in await call.games() if current() is not None else []:
        seat = game.seat_of(call.user)
        skill = find_skill(game.rules.skills_of(game.state, seat), name) if seat and game.state else None
        if skill is not None:
            if call.in_group:
                raise Refusal("技能的用法请私聊机器人发送 /帮助 <技能名>，别在群里暴露自己！")
            return f"{skill.name}：{skill.help}\n用法：{how_to_type(skill)}"
    close = difflib.get_close_matches(name, [n for c in table.COMMANDS for n in c.names], n=2, cutoff=0.5)
    hint = f"是不是想看：{'、'.join('/帮助 ' + n for n in close)}？" if close else "发送 /帮助 查看全部命令。"
    raise Refusal(f"没有「{name[:10]}」这个命令。{hint}")


@table.command("状态", summary="阶段、截止时间、存活座位（电梯楼顺序）、警长、公开状态")
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
        lines.append(f"截止：{deadline_text(game.deadline, now, game.options)}")  # every time shown carries its zone
    living = [game.seat_name(s) for s in rules.ring(state)]
    lines.append(f"存活（{len(living)}，电梯楼顺序）：" + "、".join(living))
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
