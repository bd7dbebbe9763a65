"""/帮助, /状态, /座位, /局: reading the game, changing nothing."""

from __future__ import annotations

import difflib

from ...engine.core import Refusal
from ...engine.core.phases import deadline_text, format_duration
from ...engine.core.skills import decimal, find_skill
from ...engine.game import RUNNING, SIGNUP, Game, registry
from ...engine.game.ruleset import how_to_type
from ...engine.parts import forum
from ...engine.parts.forum import card_ledger
from .. import table
from ..call import JUDGE_PERM, RETRY, Call, current, service

HEAD = "版杀法官 · 命令"
MORE = "/帮助 <命令> 看用法和例子（如 /帮助 投票）。"
PLAYER_LIMIT = 300  # a player's /帮助 fits a phone screen; the rest is in /帮助 <命令>


def names(*wanted: str) -> str:
    """「/状态 · /票型」: the commands of the table among `wanted` (a command still to come is left out)."""
    return " · ".join(f"/{n}" for n in wanted if table.get(n) is not None)


def judge_forms() -> str:
    return "|".join(table.judge_names())


def offered() -> str:
    return "、".join(r.title for r in registry.offered())


@table.command("帮助", "help", "菜单", usage="[命令]", summary="现在能做什么；/帮助 <命令> 查看一个命令的完整说明")
async def help_(call: Call) -> str:
    words = call.words
    if words:
        return await command_help(call, words[0])
    if call.in_group:
        return await group_help(call)
    return await pm_help(call)


async def group_help(call: Call) -> str:
    """What is happening in this group and what anyone may do now, in a few lines (a public answer: nothing
    about anyone's role); the judges' commands only for judges."""
    svc = current()
    game = await svc.group_game(call.event.group_id) if svc is not None else None  # type: ignore[attr-defined]
    judge = await call.is_judge(game) if game is not None else await JUDGE_PERM(call.bot, call.event)
    lines = [HEAD]
    if game is None:
        lines.append(f"本群没有进行中的游戏。可开：{offered()}。")
        lines.append("群主或管理员发 /开局 <游戏> 开一局（如 /开局 狼人杀），大家发 /报名 加入。")
        lines.append(f"随时：{names('战绩', '排行')}。{MORE}")
        if judge:
            lines.append("你可以开局：/开局 <游戏> [键=值…]，/帮助 开局 查看选项。")
        return "\n".join(lines) if judge else fit(lines)
    if game.status == RUNNING:
        lines.append(f"第 {game.gid} 局 {game.rules.title} · 当前阶段：{moment(game, call.now())}")
        lines.append(phase_help(game))
        lines.append(f"随时：{names('状态', '票型', '观战')}；私聊机器人 /身份 看身份，/帮助 看你现在能做什么。")
    else:
        lines.append(f"第 {game.gid} 局 {game.rules.title} 正在报名（{len(game.players)} 人）：发 /报名 加入，"
                     f"/退出报名 退出，/状态 看名单。法官发 /开始 发牌。")
    lines.append(MORE)
    if not judge:
        return fit(lines)
    start = "/开始 发牌；" if game.status != RUNNING else ""
    lines.append(f"法官：{start}/法官 {judge_forms()}（/帮助 法官 看用法）")
    return "\n".join(lines)


def phase_help(game: Game) -> str:
    """What anyone may do in the current phase, without revealing who can do what."""
    state, rules = game.state, game.rules
    needs_reason = forum.opt(game, "投票理由") == "必填"
    vote = "/投票 <目标或弃权> <理由>" if needs_reason else "/投票 <目标或弃权> [理由]（或直接发「投3」）"
    if forum.in_discussion(game):
        return f"现在可以：群内 {vote}、/改票、/加速、/延时；私聊 /代投。"
    if any(s.name == "投票" and rules.available(state, seat, s) is None
           for seat in state.living() for s in rules.skills_of(state, seat)):
        return f"现在是投票：群内 {vote}。"
    public = sorted({s.name for seat in state.living() for s in rules.skills_of(state, seat)
                     if s.public and rules.available(state, seat, s) is None})
    tail = f"；群内技能：{'、'.join('/技能 ' + n for n in public)}" if public else ""
    return f"有行动的玩家请私聊机器人（/放弃 跳过）{tail}。"


def moment(game: Game, now: float) -> str:
    label = game.rules.phase_label(game.state)
    if game.paused:
        return f"{label}（已暂停）"
    return f"{label}，截止 {deadline_text(game.deadline, now, game.options)}" if game.deadline else label


async def pm_help(call: Call) -> str:
    """By PM: my seat's legal actions right now, with how to type them and uses left."""
    svc = current()
    lines = [HEAD]
    games = await call.games() if svc is not None else []
    for game in games:
        seat = game.seat_of(call.user)
        if seat is None:
            lines.append(f"你是第 {game.gid} 局（群 {game.group}）的法官：在群里发 /法官 <子命令>（/帮助 法官 看全部）。")
            continue
        if game.status != RUNNING:
            lines.append(f"第 {game.gid} 局还在报名，开始后私聊会发给你身份。")
            continue
        lines.append(f"第 {game.gid} 局 · {game.seat_name(seat)} · {moment(game, call.now())}")
        lines.extend(legal_now(game, seat))
    if not games:
        lines.append(f"你没有参加进行中的游戏。可开：{offered()}。在群里由群主或管理员发 /开局 <游戏> 开一局，"
                     "大家发 /报名 加入。")
    else:
        lines.append(f"随时：{names('身份', '状态', '狼聊')}；技能直接发「查验 3」或「查验3」。")
    lines.append(MORE)
    return fit(lines)


def fit(lines: list[str], limit: int = PLAYER_LIMIT) -> str:
    """The lines within `limit` characters: the last one (where the rest is) stays; lines before it go,
    from the end, with one 「……」 line telling where the rest is."""
    body, last = lines[:-1], lines[-1]
    text = "\n".join(lines)
    while len(text) > limit and body:
        body = body[:-1]
        text = "\n".join([*body, "……（其余：私聊 /身份）", last])
    return text[:limit]


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
    """/帮助 <命令>: the command in full, with examples (a /法官 sub-command, or by PM one of my skills, too)."""
    name = word.lstrip("/")
    cmd = table.get(name)
    if cmd is not None:
        also = f"（也可 {' '.join('/' + n for n in cmd.names[1:])}）" if len(cmd.names) > 1 else ""
        shorts = table.shorts(cmd)
        lines = [f"{cmd.form()}{also}", f"在哪里：{table.PLACES[cmd.where]}；谁：{cmd.who}", cmd.summary]
        if shorts:
            lines.append("简写：" + " ".join(f"/{n}（{table.SHORT_FORMS[n]}）" for n in shorts))
        lines += [f"例：{e}" for e in EXAMPLES.get(cmd.name, ())]
        if cmd.name == "法官":
            lines += [f"{sub.form()}：{sub.summary}" for sub in table.JUDGE_COMMANDS]
        if cmd.name == "开局":
            lines.append(f"可开：{offered()}。")
        return "\n".join(lines)
    sub = table.judge_sub(name)
    if sub is not None:
        return f"{sub.form(name)}：{sub.summary}（法官命令）"
    for game in await call.games() if current() is not None else []:
        seat = game.seat_of(call.user)
        skill = find_skill(game.skills_of(seat), name) if seat and game.state else None
        if skill is not None:
            if call.in_group:
                raise Refusal("技能的用法请私聊机器人发送 /帮助 <技能名>，别在群里暴露自己！")
            return f"{skill.name}：{skill.help}\n用法：{how_to_type(skill)}（私聊也可直接发「{skill.usage()}」）"
    close = difflib.get_close_matches(name, [n for c in table.COMMANDS for n in c.names], n=2, cutoff=0.5)
    hint = f"是不是想看：{'、'.join('/帮助 ' + n for n in close)}？" if close else "发送 /帮助 查看全部命令。"
    raise Refusal(f"没有「{name[:10]}」这个命令。{hint}")


# /帮助 <命令>'s examples: what people type, short forms included
EXAMPLES: dict[str, tuple[str, ...]] = {
    "投票": ("/投票 3 发言太划水", "/投 3号", "/投票 弃权", "投3（群里直接发；本局要求写理由时不算）",
             "两行：投票对象：3 / 投票理由：……", "/改票 5 理由（或 /改 5）"),
    "开局": ("/开局 狼人杀", "/开局 狼人杀 节奏=快速 白天=90s 夜晚=60s", "/开局 鹿鼎记 节奏=论坛 开门=09:00 关门=22:00"),
    "技能": ("私聊：查验 3、查验3、/查验 三号、/技能 查验 3", "群里公开的技能：/技能 自爆"),
    "代投": ("/代投 3 理由", "/代投 弃权"),
    "狼聊": ("/狼聊 今晚刀3号",),
    "遗言": ("/遗言 我是预言家，3号查杀",),
    "放弃": ("/放弃", "/放弃 毒药"),
    "局": ("/局 12",),
    "战绩": ("/战绩", "/战绩 @某人"),
    "法官": ("/法官 推进", "/法官 红牌 3 场外", "/法官 延长 10m", "/法官 替补 3 @新玩家"),
}


@table.command("状态", summary="阶段、截止时间、存活座位（电梯楼顺序）、警长、公开状态")
async def status(call: Call) -> str:
    game = await call.pm_game()
    return status_text(game, call.now())


def status_text(game: Game, now: float) -> str:
    rules = game.rules
    lines = [f"第 {game.gid} 局 · {rules.title}"]
    from .ai import status_line  # which seats an AI plays (issue 27)

    if game.status == SIGNUP:
        names = "、".join(p.name for p in game.players) or "（暂无）"
        lines.append(f"报名中：{len(game.players)} 人：{names}")
        lines += [x for x in (status_line(game),) if x]
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
    lines += [x for x in (status_line(game),) if x]
    if game.forum.accelerated:
        lines.append("今天已执行加速：不可改票，不判罚潜水。")
    ledger = card_ledger(game)
    if ledger:
        lines.append(ledger)
    return "\n".join(lines)


# --- guide: command ---
@table.command("座位", "座位表", summary="座位表：每个座位是谁、是否还在场；私聊里还告诉你坐几号")
async def seats(call: Call) -> str:
    game = await call.pm_game()
    return seats_text(game, 0 if call.in_group else call.user)


def seats_text(game: Game, asker: int = 0) -> str:
    """Public facts only: who sits where and who is out (a phone player's short /状态)."""
    if game.status == SIGNUP:
        raise Refusal("还没有发牌：座位在 /开始 时排定。现在发 /状态 看报名名单。")
    state = game.state
    lines = [f"第 {game.gid} 局 · {game.rules.title} · 座位表"]
    lines += [game.seat_name(s) + ("" if state.alive[s] else "（出局）") for s in range(1, state.n + 1)]
    mine = game.seat_of(asker) if asker else None
    if mine:
        lines.append(f"你是 {mine}号。")
    return "\n".join(lines)
# --- end ---


@table.command("局", usage="<编号>", summary="同时参加多局时，选择私聊指令对应哪一局", who="玩家")
async def select(call: Call) -> str:
    text = call.text
    games = await call.games()
    ids = "、".join(str(g.gid) for g in games) or "无"
    gid = decimal(text)
    if gid is None or not any(g.gid == gid for g in games):
        raise Refusal(f"没有你参加的第「{text[:12]}」局。用法：/局 <编号>。你参加的游戏：{ids}")
    try:
        await service().set_pm_choice(call.user, gid)
    except Exception:
        raise Refusal(RETRY) from None
    return f"之后的私聊指令将用于第 {gid} 局。"
