"""The QQ shell: NoneBot matchers, the scheduler and the sender around the service.

Only this module (and service/models) touch NoneBot, tortoise and APScheduler;
game rules never do.
"""

from __future__ import annotations

import inspect
import re
import secrets
import time
import unicodedata
from datetime import UTC, datetime
from typing import Any

from apscheduler.jobstores.base import JobLookupError
from nonebot import get_bots, get_driver, get_plugin_config, logger, on_message, require
from nonebot.adapters import Message as BaseMessage
from nonebot.adapters.onebot.v11 import (
    Bot,
    GroupMessageEvent,
    Message,
    MessageEvent,
    MessageSegment,
    PrivateMessageEvent,
)
from nonebot.adapters.onebot.v11.exception import ActionFailed
from nonebot.adapters.onebot.v11.permission import GROUP_ADMIN, GROUP_OWNER
from nonebot.exception import IgnoredException
from nonebot.matcher import Matcher
from nonebot.message import event_preprocessor
from nonebot.permission import SUPERUSER
from nonebot.plugin import PluginMetadata
from nonebot.rule import Rule
from nonebot.typing import T_State

require("nonebot_plugin_apscheduler")
from nonebot_plugin_apscheduler import scheduler  # noqa: E402

from . import commands as cmdparse  # noqa: E402
from .config import Config  # noqa: E402
from .engine import registry  # noqa: E402
from .engine.core import Input, Refusal  # noqa: E402
from .engine.forum import card_ledger  # noqa: E402
from .engine.game import ENDED, MAX_TEXT, RUNNING, SIGNUP, Game, clean_name  # noqa: E402
from .engine.phases import format_duration, parse_options  # noqa: E402
from .models import SeatRow  # noqa: E402
from .service import DatabaseUnavailable, NotConnected, Origin, Outgoing, Service  # noqa: E402

__plugin_meta__ = PluginMetadata(
    name="版杀法官",
    description="在 QQ 群里主持论坛式狼人杀类游戏：发身份、收夜间行动、计时、计票、按规则结算、公布演员表。",
    usage="群内发送 /帮助 查看命令",
    type="application",
    homepage="https://example.invalid/bansha",
    config=Config,
    supported_adapters={"~onebot.v11"},
)

config = get_plugin_config(Config)
driver = get_driver()
JUDGE_PERM = GROUP_ADMIN | GROUP_OWNER | SUPERUSER
RETRY = "数据库暂时不可用，这条指令没有生效，请稍后重发。"
_service: Service | None = None


def service() -> Service:
    if _service is None:
        raise RuntimeError("bansha service not started")
    return _service


# --- sending ------------------------------------------------------------------


def _bot_for(self_id: int) -> Bot:
    bots = get_bots()
    bot = bots.get(str(self_id))
    if bot is None and bots:
        bot = next(iter(bots.values()))
    if not isinstance(bot, Bot):
        raise NotConnected()
    return bot


def _plain(text: str) -> Message:
    """Everything the bot says is one plain text segment: player text can never become CQ codes."""
    return Message(MessageSegment.text(text))


async def _send(out: Outgoing) -> None:
    bot = _bot_for(out.self_id)
    if out.kind == "group":
        await bot.send_group_msg(group_id=out.target, message=_plain(out.text))
    elif out.kind == "private":
        params = {"user_id": out.target, "message": _plain(out.text)}
        if out.group_id:
            params["group_id"] = out.group_id  # temp session through the game's group
        await bot.call_api("send_private_msg", **params)
    elif out.kind == "forward":
        chunks = _chunks(out.text)
        nodes = [
            {"type": "node", "data": {"name": "版杀法官", "uin": str(bot.self_id), "content": _plain(c)}}
            for c in chunks
        ]
        try:
            await bot.call_api("send_group_forward_msg", group_id=out.target, messages=nodes)
        except ActionFailed:
            for c in chunks:  # forwarding refused: plain chunks instead
                await bot.send_group_msg(group_id=out.target, message=_plain(c))
    elif out.kind == "ban":
        qq, seconds = (int(x) for x in out.text.split(":"))
        try:
            await bot.set_group_ban(group_id=out.target, user_id=qq, duration=seconds)
        except ActionFailed as e:  # not an admin: the warning was already posted
            logger.warning(f"bansha: cannot mute {qq} in {out.target}: {e}")


def _chunks(text: str, size: int = 1500) -> list[str]:
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


# --- deadlines ------------------------------------------------------------------


class Clock:
    """Game time. Normally the wall clock; end-to-end tests run it faster (BANSHA_CLOCK_SCALE)."""

    def __init__(self, scale: float, anchor_real: float, anchor_game: float):
        self.scale = scale if scale > 0 else 1.0
        self.real0 = anchor_real or time.time()
        self.game0 = anchor_game or self.real0

    def now(self) -> float:
        return self.game0 + (time.time() - self.real0) * self.scale

    def to_real(self, game_time: float) -> float:
        return self.real0 + (game_time - self.game0) / self.scale


clock = Clock(config.bansha_clock_scale, config.bansha_clock_anchor_real, config.bansha_clock_anchor_game)


def _job_id(job: str, gid: int) -> str:
    return f"bansha-{job}-{gid}"


def _arm(job: str, gid: int, when: float, phase_no: int) -> None:
    """One job per game and kind, re-armed from the DB at startup; overdue ones run at once."""
    run = datetime.fromtimestamp(max(clock.to_real(when), time.time()), tz=UTC)
    scheduler.add_job(
        _fire, "date", run_date=run, id=_job_id(job, gid), replace_existing=True, misfire_grace_time=None,
        args=[job, gid, phase_no],
    )


def _disarm(job: str, gid: int) -> None:
    try:
        scheduler.remove_job(_job_id(job, gid))
    except JobLookupError:
        pass


async def _fire(job: str, gid: int, phase_no: int) -> None:
    await service().fire(job, gid, phase_no)


# --- lifecycle --------------------------------------------------------------------


@driver.on_startup
async def _startup() -> None:
    global _service
    registry.load_all()
    await Service.init_db(config.bansha_db_url)
    _service = Service(_send, _arm, _disarm, now=clock.now)
    restored = await _service.restore()
    await _remember_sources(_service)
    _service.start_sender()
    logger.info(f"bansha: restored {restored} active games")


async def _remember_sources(svc: Service) -> None:
    """QQ messages already in the log count as seen, so one redelivered after a restart stays silent.
    (The log's unique source would drop it anyway, but shell checks such as 「你已经报过名了」 come first.)"""
    from .models import InputRow

    rows = await InputRow.filter(source__isnull=False).order_by("-id").limit(10000).values_list("source", flat=True)
    for source in reversed(rows):
        svc.seen(source)


@driver.on_shutdown
async def _shutdown() -> None:
    if _service is not None:
        await _service.stop()
    from tortoise import Tortoise

    await Tortoise.close_connections()


@driver.on_bot_connect
async def _connected(bot: Bot) -> None:
    if _service is not None:
        _service.kick()


@event_preprocessor
async def _normalise(event: MessageEvent) -> None:
    """NFKC and sanitise every text segment, and drop a QQ message delivered twice."""
    for seg in event.message:
        if seg.type == "text":
            seg.data["text"] = _sanitize(cmdparse.normalize(seg.data["text"]))
    if _service is not None and _service.seen(_source(event)):
        raise IgnoredException("duplicate message")


def _source(event: MessageEvent) -> str:
    return f"{event.self_id}:{event.message_type}:{event.message_id}"


# --- player text the bot echoes -----------------------------------------------------
# Echoed text is always sent as plain text segments (`_plain`), so it can never
# become an @, an image or a forward. What is left is layout: a player must not be
# able to forge a line that reads like the bot's own (「【第2天 白天】…」, 「【狼群】今晚的决定…」),
# or reorder the rest of a line with bidi controls.

_NEWLINES = re.compile(r"\r\n|[\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]")
_KEEP_FORMAT = {"\u200c", "\u200d"}  # ZWNJ/ZWJ: emoji sequences and scripts need them
MAX_MARKS = 3  # combining marks on one character ("zalgo" text spills over other lines)
QUOTE = "｜"  # continuation lines of multi-line echoed text start with this


def _sanitize(text: str) -> str:
    """Every line break becomes \\n; control and invisible format characters (bidi overrides,
    zero-width spaces) are dropped, tabs become spaces; runs of combining marks are capped."""
    text = _NEWLINES.sub("\n", text)
    out: list[str] = []
    marks = 0
    for ch in text:
        cat = unicodedata.category(ch)
        if ch == "\t":
            ch, cat = " ", "Zs"
        if ch != "\n" and (cat == "Cc" or (cat == "Cf" and ch not in _KEEP_FORMAT)):
            continue
        marks = marks + 1 if cat in ("Mn", "Me") else 0
        if marks > MAX_MARKS:
            continue
        out.append(ch)
    return "".join(out)


def _one_line(text: str) -> str:
    """A single-line field (name, vote reason): line breaks become one space."""
    return re.sub(r"\s*\n\s*", " ", _sanitize(text)).strip()


def _quoted(text: str) -> str:
    """A multi-line field (遗言, team chat, relayed PM): lines after the first start with 「｜」,
    so none of them can pass for a line of the bot's own. When the marks would push the text
    over the engine's cap, it is joined into one line instead (same length, same refusal)."""
    lines = [ln.strip() for ln in _sanitize(text).strip().split("\n")]
    lines = [ln for ln in lines if ln]
    quoted = f"\n{QUOTE}".join(lines)
    return quoted if len(quoted) <= MAX_TEXT else " ".join(lines)


def _clean_name(raw: str) -> str:
    return clean_name(_one_line(raw))


# --- helpers ------------------------------------------------------------------------


def _words_of(msg: BaseMessage) -> str:
    """Plain text of a message; @mentions become "@QQ" tokens."""
    parts = []
    for seg in msg:
        if seg.type == "text":
            parts.append(seg.data.get("text", ""))
        elif seg.type == "at":
            parts.append(f" @{seg.data.get('qq')} ")
    return "".join(parts).strip()


def _name_of(event: MessageEvent) -> str:
    """The sender's group card or nickname, cleaned like a player's name (one line, at most 16 chars)."""
    s = event.sender
    return _clean_name(getattr(s, "card", None) or s.nickname or "") or str(event.user_id)


def _origin(event: MessageEvent, game: Game | None = None) -> Origin:
    if isinstance(event, GroupMessageEvent):
        label = _name_of(event)
        if game is not None:
            seat = game.seat_of(event.user_id)
            if seat:
                label = game.seat_name(seat)
        return Origin("group", event.user_id, event.group_id, label)
    return Origin("private", event.user_id, 0)


async def _is_judge(bot: Bot, event: MessageEvent, game: Game) -> bool:
    if game.is_judge(event.user_id):
        return True
    if isinstance(event, GroupMessageEvent):
        return event.group_id == game.group and await JUDGE_PERM(bot, event)
    if await SUPERUSER(bot, event):
        return True
    try:  # a group admin speaking by PM
        info = await bot.get_group_member_info(group_id=game.group, user_id=event.user_id)
        return info.get("role") in ("owner", "admin")
    except ActionFailed:
        return False


async def _group_game(event: MessageEvent) -> Game:
    if not isinstance(event, GroupMessageEvent):
        raise Refusal("这个命令请在游戏所在的群里使用。")
    game = service().game_in_group(event.group_id)
    if game is None:
        raise Refusal("本群没有进行中的游戏。法官可以用 /开局 <游戏> 开一局。")
    return game


async def _pm_game(event: MessageEvent) -> Game:
    if isinstance(event, GroupMessageEvent):
        return await _group_game(event)
    svc = service()
    games = svc.games_of(event.user_id)
    if not games:
        raise Refusal("你没有参加进行中的游戏。")
    if len(games) == 1:
        return games[0]
    chosen = svc.pm_choice.get(event.user_id)
    for g in games:
        if g.gid == chosen:
            return g
    ids = "、".join(f"{g.gid}（群 {g.group}，{g.rules.title}）" for g in games)
    raise Refusal(f"你同时在多局游戏中：{ids}。请先发送 /局 <编号> 选择私聊指令对应的游戏。")


async def _submit(matcher: Matcher, event: MessageEvent, game: Game, inp: Input) -> None:
    # DatabaseUnavailable goes up to _run, which answers RETRY to the sender
    await service().submit(game.gid, inp, _origin(event, game), _source(event))


def _now() -> float:
    return service().now()


async def _run(matcher: Matcher, coro) -> None:
    """Run a handler body; a Refusal (or a DB fault: RETRY) becomes a Chinese reply to the sender only."""
    try:
        await coro
    except (Refusal, DatabaseUnavailable) as e:
        prefix = ""
        event = matcher.state.get("_event")
        if isinstance(event, GroupMessageEvent):
            prefix = f"{_name_of(event)}："
        await matcher.finish(_plain(prefix + (e.message if isinstance(e, Refusal) else RETRY)))


class _Command:
    """A command's names; its handler registers in one dispatch table.

    One NoneBot matcher serves every slash command (see `m_commands`): with a matcher per
    command, NoneBot checked ~20 rules on every group message, which dominated the latency
    of a /投票 when many games were busy at once (docs/performance.md).
    """

    def __init__(self, names: tuple[str, ...]):
        self.names = names

    def handle(self):
        def register(func):
            for name in self.names:
                _COMMANDS[name] = func
            return func

        return register


_COMMANDS: dict[str, Any] = {}


def _cmd(*names: str) -> _Command:
    return _Command(names)


def _split_command(event: MessageEvent) -> tuple[str, Message] | None:
    """`/<command><args…>` → (command, the rest as a message), longest command name first."""
    msg = event.get_message()
    if not msg or msg[0].type != "text":
        return None
    first = msg[0].data.get("text", "").lstrip()
    starts = [p for p in (driver.config.command_start or {"/"}) if p and first.startswith(p)]
    if not starts:
        return None
    body = first[len(max(starts, key=len)):]
    for name in _NAMES:
        if body.startswith(name):
            rest = Message(MessageSegment.text(body[len(name):])) if body[len(name):] else Message()
            return name, rest + msg[1:]
    return None


async def _command_rule(event: MessageEvent, state: T_State) -> bool:
    parsed = _split_command(event)
    if parsed is None:
        return False
    state["_command"] = parsed
    return True


m_commands = on_message(rule=Rule(_command_rule), priority=5, block=True)


@m_commands.handle()
async def _dispatch(bot: Bot, event: MessageEvent, matcher: Matcher, state: T_State) -> None:
    name, arg = state["_command"]
    func = _COMMANDS[name]
    given = {"bot": bot, "event": event, "matcher": matcher, "cmd": "/" + name, "arg": arg}
    params = inspect.signature(func).parameters
    await func(**{k: v for k, v in given.items() if k in params})


# --- commands -------------------------------------------------------------------------

m_help = _cmd("帮助", "help", "菜单")
m_open = _cmd("开局")
m_join = _cmd("报名")
m_leave = _cmd("退出报名")
m_start = _cmd("开始", "发牌")
m_status = _cmd("状态")
m_vote = _cmd("投票")
m_change = _cmd("改票")
m_skill = _cmd("技能")
m_pass = _cmd("放弃")
m_role = _cmd("身份")
m_chat = _cmd("狼聊", "队聊")
m_words = _cmd("遗言")
m_select = _cmd("局")
m_judge = _cmd("法官")
m_speed = _cmd("加速", "延时", "延迟")
m_relay = _cmd("私聊")
m_elect = _cmd("上警", "退水")
m_proxy = _cmd("代投")


@m_help.handle()
async def _help(event: MessageEvent, matcher: Matcher) -> None:
    games = "、".join(r.title for r in registry.all_rulesets())
    lines = [
        "版杀法官 · 命令",
        f"可开的游戏：{games}",
        "群内：/开局 <游戏> [键=值…] · /报名 · /退出报名 · /开始 · /状态 · /投票 <目标|弃权> [理由] · /改票 · "
        "/加速 · /延时 · /上警 · /退水 · /技能 <技能> [目标]",
        "论坛投票格式：投票对象：3（换行）投票理由：…；改票请回复自己的投票：改票对象：…（换行）改票理由：…",
        "私聊：/身份 · /技能 <技能> [目标]（也可直接发「查验 3」）· /放弃 · /狼聊 <内容> · /遗言 <内容> · "
        "/代投 <目标|弃权> [理由] · /加速 · /延时 · /私聊 <目标> <内容>（游戏允许时）· /局 <编号>",
        "法官：/法官 推进|暂停|继续|延长 <时长>|终止 [理由]|演员表|添加法官 @x|移除法官 @x|"
        "蓝牌/黄牌/红牌 <目标> [理由]|替补 <目标> @新玩家|代投 <目标> <投票目标|弃权>|判负 <阵营>|场外助理 <目标> @助理",
    ]
    game = None
    if isinstance(event, GroupMessageEvent) and _service is not None:
        game = _service.game_in_group(event.group_id)
    if game is not None and game.status == RUNNING:
        lines.append(f"当前阶段：{game.rules.phase_label(game.state)}")
        lines.append(phase_help(game))
    elif game is not None:
        lines.append(f"第 {game.gid} 局 {game.rules.title} 正在报名：发送 /报名 加入。")
    await matcher.finish(_plain("\n".join(lines)))


def phase_help(game: Game) -> str:
    """What players can do in the current phase, without revealing who can do what."""
    from .engine import forum

    if forum.in_discussion(game):
        return "现在可以：在群里 /投票 <目标|弃权> [理由]（或论坛格式），/改票，/加速，/延时；私聊 /代投。"
    public = sorted({s.name for seat in game.state.living() for s in game.rules.skills_of(game.state, seat)
                     if s.public and game.rules.available(game.state, seat, s) is None})
    tail = f"；群内技能：{'、'.join('/技能 ' + n for n in public)}" if public else ""
    return f"现在是行动阶段：有行动的玩家请私聊机器人（/身份 查看自己能做什么，/放弃 跳过）{tail}。"


@m_open.handle()
async def _open(bot: Bot, event: MessageEvent, matcher: Matcher, arg: BaseMessage) -> None:
    matcher.state["_event"] = event

    async def body() -> None:
        if not isinstance(event, GroupMessageEvent):
            raise Refusal("请在要开局的群里发送 /开局。")
        if config.bansha_groups and event.group_id not in config.bansha_groups:
            raise Refusal("本群没有开放版杀。")
        words = cmdparse.split_words(_words_of(arg))
        if not words:
            games = "、".join(r.title for r in registry.all_rulesets())
            raise Refusal(f"用法：/开局 <游戏> [键=值…]。可开的游戏：{games}")
        rules = registry.get(words[0])
        if rules is None:
            games = "、".join(r.title for r in registry.all_rulesets())
            raise Refusal(f"没有名为「{words[0][:20]}」的游戏。可开的游戏：{games}")
        options = parse_options(words[1:], rules.all_options())
        why = rules.check_options(options)
        if why:
            raise Refusal(why)
        seed = int(options.pop("种子", None) or secrets.randbits(48))
        await service().open_game(
            group_id=event.group_id, self_id=int(bot.self_id), owner=event.user_id, ruleset=rules.key,
            options=options, seed=seed, origin=_origin(event),
        )

    await _run(matcher, body())


@m_join.handle()
async def _join(bot: Bot, event: MessageEvent, matcher: Matcher) -> None:
    matcher.state["_event"] = event

    async def body() -> None:
        game = await _group_game(event)
        if game.status != SIGNUP:
            raise Refusal("报名已经截止：游戏已经开始了。")
        if game.seat_of(event.user_id) is not None:
            raise Refusal("你已经报过名了。")
        if not await _reachable(bot, event.user_id, game.group):
            raise Refusal("机器人无法私聊你：请先添加机器人为好友（或允许群临时会话）再报名，身份和夜间行动都要靠私聊。")
        await _submit(matcher, event, game, Input.make("join", event.user_id, _now(), name=_name_of(event)))

    await _run(matcher, body())


async def _reachable(bot: Bot, user_id: int, group_id: int) -> bool:
    """Can the bot PM this player? A friend, or a temp session through the group."""
    try:
        friends = await bot.get_friend_list()
        if any(int(f.get("user_id", 0)) == user_id for f in friends):
            return True
    except ActionFailed:
        pass
    if config.bansha_friends_only:
        return False
    try:
        await bot.call_api(
            "send_private_msg", user_id=user_id, group_id=group_id,
            message=_plain("【版杀法官】报名确认：之后的身份和夜间行动都会通过这里私聊。"),
        )
        return True
    except ActionFailed:
        return False


@m_leave.handle()
async def _leave(event: MessageEvent, matcher: Matcher) -> None:
    matcher.state["_event"] = event

    async def body() -> None:
        game = await _group_game(event)
        await _submit(matcher, event, game, Input.make("leave", event.user_id, _now()))

    await _run(matcher, body())


@m_start.handle()
async def _start(bot: Bot, event: MessageEvent, matcher: Matcher) -> None:
    matcher.state["_event"] = event

    async def body() -> None:
        game = await _group_game(event)
        if not await _is_judge(bot, event, game):
            raise Refusal("只有法官（开局者、群主、管理员或被添加的法官）可以开始游戏。")
        await _submit(matcher, event, game, Input.make("start", event.user_id, _now()))

    await _run(matcher, body())


@m_status.handle()
async def _status(event: MessageEvent, matcher: Matcher) -> None:
    matcher.state["_event"] = event

    async def body() -> None:
        game = await (_group_game(event) if isinstance(event, GroupMessageEvent) else _pm_game(event))
        await matcher.finish(_plain(status_text(game, _now())))

    await _run(matcher, body())


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


async def _act(matcher: Matcher, event: MessageEvent, game: Game, skill: str, words: list[str], reason: str = "") -> None:
    via = "group" if isinstance(event, GroupMessageEvent) else "pm"
    inp = Input.make("act", event.user_id, _now(), skill=skill, words=tuple(words), via=via, reason=reason)
    await _submit(matcher, event, game, inp)


@m_vote.handle()
@m_change.handle()
async def _vote(event: MessageEvent, matcher: Matcher, cmd: str, arg: BaseMessage) -> None:
    matcher.state["_event"] = event

    async def body() -> None:
        if not isinstance(event, GroupMessageEvent):
            raise Refusal("投票请在群里公开进行；需要代投请用 /代投。")
        game = await _group_game(event)
        target, reason = cmdparse.split_vote(_words_of(arg))
        kind = "改票" if cmd.endswith("改票") else "投票"
        _check_reply(event, kind)
        await _act(matcher, event, game, kind, [target], _one_line(reason))

    await _run(matcher, body())


async def _forum_vote_rule(event: MessageEvent) -> bool:
    # a private one too: it is refused with the reason instead of passing in silence
    return cmdparse.parse_forum_vote(_words_of(event.get_message())) is not None


m_forum_vote = on_message(rule=Rule(_forum_vote_rule), priority=6, block=True)


@m_forum_vote.handle()
async def _forum_vote(event: MessageEvent, matcher: Matcher) -> None:
    matcher.state["_event"] = event

    async def body() -> None:
        if not isinstance(event, GroupMessageEvent):
            raise Refusal("投票请在群里公开进行；需要代投请用 /代投 <目标或弃权> <理由>。")
        game = await _group_game(event)
        kind, target, reason = cmdparse.parse_forum_vote(_words_of(event.get_message()))  # type: ignore[misc]
        _check_reply(event, kind)
        await _act(matcher, event, game, kind, [target], _one_line(reason))

    await _run(matcher, body())


def _check_reply(event: MessageEvent, kind: str) -> None:
    """改票 is a 楼中楼: when it replies to a message, that must be the sender's own post."""
    reply = getattr(event, "reply", None)
    if kind == "改票" and reply is not None and getattr(reply.sender, "user_id", None) != event.user_id:
        raise Refusal("改票请回复你自己的投票（楼中楼），不要回复别人的消息。")


@m_skill.handle()
async def _skill(bot: Bot, event: MessageEvent, matcher: Matcher, arg: BaseMessage) -> None:
    matcher.state["_event"] = event

    async def body() -> None:
        words = cmdparse.split_words(_words_of(arg))
        if not words:
            raise Refusal("用法：/技能 <技能名> [目标…]。发送 /身份 查看你的技能。")
        game = await _pm_game(event)
        await _public_act(bot, matcher, event, game, words[0], words[1:])

    await _run(matcher, body())


async def _public_act(bot: Bot, matcher: Matcher, event: MessageEvent, game: Game, skill: str, words: list[str]) -> None:
    """A skill typed in the group. Its refusal can give the sender's role away (「你的技能：查验、投票」,
    「现在不能使用「查验」」), so a seated player gets the reason by private message and the group
    only learns that the command did not take effect."""
    try:
        await _act(matcher, event, game, skill, words)
    except Refusal as r:
        if not isinstance(event, GroupMessageEvent) or game.seat_of(event.user_id) is None:
            raise
        try:
            await bot.call_api("send_private_msg", user_id=event.user_id, group_id=game.group, message=_plain(r.message))
        except ActionFailed:
            raise Refusal("这条技能指令没有生效；机器人无法私聊你说明原因，请私聊机器人发送 /身份 查看你的技能。") from None
        raise Refusal("这条技能指令没有生效，原因已私聊告诉你。") from None


async def _bare_skill_rule(event: MessageEvent) -> bool:
    """A PM like 「查验 5」: the first word names a skill the sender holds now."""
    if not isinstance(event, PrivateMessageEvent) or _service is None:
        return False
    words = cmdparse.split_words(_words_of(event.get_message()))
    if not words or words[0].startswith("/"):
        return False
    for game in _service.games_of(event.user_id):
        seat = game.seat_of(event.user_id)
        if game.status == RUNNING and seat and any(s.matches(words[0]) for s in game.rules.skills_of(game.state, seat)):
            return True
    return False


m_bare = on_message(rule=Rule(_bare_skill_rule), priority=7, block=True)


@m_bare.handle()
async def _bare(event: MessageEvent, matcher: Matcher) -> None:
    matcher.state["_event"] = event

    async def body() -> None:
        words = cmdparse.split_words(_words_of(event.get_message()))
        game = await _pm_game(event)
        await _act(matcher, event, game, words[0], words[1:])

    await _run(matcher, body())


@m_pass.handle()
async def _pass(event: MessageEvent, matcher: Matcher, arg: BaseMessage) -> None:
    matcher.state["_event"] = event

    async def body() -> None:
        if isinstance(event, GroupMessageEvent):  # whether one has an action to pass would give the role away
            raise Refusal("放弃行动请私聊机器人发送 /放弃，别在群里暴露自己！")
        game = await _pm_game(event)
        words = cmdparse.split_words(_words_of(arg))
        await _submit(matcher, event, game, Input.make("pass", event.user_id, _now(), skill=words[0] if words else ""))

    await _run(matcher, body())


@m_role.handle()
async def _role(event: MessageEvent, matcher: Matcher) -> None:
    matcher.state["_event"] = event

    async def body() -> None:
        if isinstance(event, GroupMessageEvent):
            raise Refusal("身份是秘密：请私聊机器人发送 /身份。")
        game = await _pm_game(event)
        seat = game.seat_of(event.user_id)
        if seat is None:
            raise Refusal("你是这局的法官，不是玩家；/法官 演员表 可以查看全部身份。")
        if game.status != RUNNING:
            raise Refusal("游戏还没有开始，身份尚未发出。")
        await matcher.finish(_plain(f"第 {game.gid} 局 · {game.seat_name(seat)}\n" + game.rules.help_text(game.state, seat)))

    await _run(matcher, body())


@m_chat.handle()
async def _chat(event: MessageEvent, matcher: Matcher, arg: BaseMessage) -> None:
    matcher.state["_event"] = event

    async def body() -> None:
        if isinstance(event, GroupMessageEvent):
            raise Refusal("队伍频道只能私聊机器人使用，别在群里暴露自己！")
        game = await _pm_game(event)
        await _submit(matcher, event, game, Input.make("chat", event.user_id, _now(), text=_quoted(_words_of(arg))))

    await _run(matcher, body())


@m_words.handle()
async def _last_words(event: MessageEvent, matcher: Matcher, arg: BaseMessage) -> None:
    matcher.state["_event"] = event

    async def body() -> None:
        if isinstance(event, GroupMessageEvent):
            raise Refusal("遗言请私聊机器人发送 /遗言 <内容>，由机器人在群里公布。")
        game = await _pm_game(event)
        await _submit(matcher, event, game, Input.make("lastwords", event.user_id, _now(), text=_quoted(_words_of(arg))))

    await _run(matcher, body())


@m_select.handle()
async def _select(event: MessageEvent, matcher: Matcher, arg: BaseMessage) -> None:
    matcher.state["_event"] = event

    async def body() -> None:
        text = _words_of(arg)
        games = service().games_of(event.user_id)
        if not text.isdigit() or not any(g.gid == int(text) for g in games):
            ids = "、".join(str(g.gid) for g in games) or "无"
            raise Refusal(f"用法：/局 <编号>。你参加的游戏：{ids}")
        try:
            await service().set_pm_choice(event.user_id, int(text))
        except Exception:
            raise Refusal(RETRY) from None
        await matcher.finish(_plain(f"之后的私聊指令将用于第 {text} 局。"))

    await _run(matcher, body())


JUDGE_SUBS = (
    "推进", "暂停", "继续", "延长", "终止", "演员表", "添加法官", "移除法官", "蓝牌", "黄牌", "红牌", "替补", "代投",
    "判负", "场外助理",
)


@m_judge.handle()
async def _judge(bot: Bot, event: MessageEvent, matcher: Matcher, arg: BaseMessage) -> None:
    matcher.state["_event"] = event

    async def body() -> None:
        words = cmdparse.split_words(_words_of(arg))
        if not words:
            raise Refusal("用法：/法官 " + "|".join(JUDGE_SUBS))
        sub, rest = words[0], words[1:]
        if isinstance(event, GroupMessageEvent):
            game = await _group_game(event)
        elif not service().games_of(event.user_id):  # group owners, admins and SUPERUSERS judge in the group
            raise Refusal("私聊里找不到你主持的游戏：请在游戏所在的群里发送 /法官 命令。")
        else:
            game = await _pm_game(event)
        if not await _is_judge(bot, event, game):
            raise Refusal("只有法官（开局者、群主、管理员或被添加的法官）可以使用法官命令。")
        if sub == "演员表":
            if game.status == RUNNING and game.seat_of(event.user_id) is not None:
                raise Refusal("你在这局游戏里有座位：游戏进行中不能查看演员表。")
            await _send_cast(bot, event, game)
            return
        if sub not in JUDGE_SUBS:
            raise Refusal(f"未知的法官命令「{sub[:10]}」。可用：{'、'.join(JUDGE_SUBS)}")
        args: dict = {"sub": sub}
        if sub == "延长":
            args["seconds"] = cmdparse.parse_seconds(rest[0] if rest else "")
        elif sub in ("添加法官", "移除法官"):
            qq = rest[0].lstrip("@") if rest else ""
            if not qq.isdigit():
                raise Refusal(f"用法：/法官 {sub} @某人（或QQ号）")
            args["qq"] = int(qq)
        elif sub == "终止":
            args["reason"] = " ".join(rest)
        elif sub in ("蓝牌", "黄牌", "红牌"):
            if not rest:
                raise Refusal(f"用法：/法官 {sub} <目标> [理由]")
            args["target"], args["reason"] = rest[0], " ".join(rest[1:])
        elif sub == "场外助理":
            if len(rest) < 2 or not rest[1].lstrip("@").isdigit():
                raise Refusal("用法：/法官 场外助理 <目标> <@助理>")
            seat = game.resolve(rest[0])
            if seat is None:
                raise Refusal("找不到这名玩家：请用座位号、@或QQ号。")
            player = game.qq_of(seat)
            played = await SeatRow.filter(qq=player).exclude(game_id=game.gid).distinct().values_list("game_id", flat=True)
            args.update(target=rest[0], qq=int(rest[1].lstrip("@")), played=len(set(played)))
        elif sub == "判负":
            if not rest:
                raise Refusal("用法：/法官 判负 <阵营名>（例如 狼人阵营）")
            args["faction"] = rest[0]
        elif sub == "替补":
            if len(rest) < 2 or not rest[1].lstrip("@").isdigit():
                raise Refusal("用法：/法官 替补 <目标> <@新玩家>")
            qq = int(rest[1].lstrip("@"))
            args.update(target=rest[0], qq=qq, name=await _member_name(bot, game.group, qq))
        elif sub == "代投":
            if len(rest) < 2:
                raise Refusal("用法：/法官 代投 <目标> <投票目标或弃权> [理由]")
            seat = game.resolve(rest[0])
            if seat is None or game.status != RUNNING:
                raise Refusal("找不到这名玩家：请用座位号、@或QQ号。")
            inp = Input.make(
                "act", game.qq_of(seat), _now(), skill="投票", words=(rest[1],), via="pm", reason=" ".join(rest[2:]),
                proxy=True, judge=event.user_id,
            )
            await _submit(matcher, event, game, inp)
            return
        await _submit(matcher, event, game, Input.make("judge", event.user_id, _now(), **args))

    await _run(matcher, body())


async def _member_name(bot: Bot, group_id: int, qq: int) -> str:
    try:
        info = await bot.get_group_member_info(group_id=group_id, user_id=qq)
        return _clean_name(info.get("card") or info.get("nickname") or "") or str(qq)
    except ActionFailed:
        return str(qq)


@m_speed.handle()
async def _speed(event: MessageEvent, matcher: Matcher, cmd: str) -> None:
    matcher.state["_event"] = event

    async def body() -> None:
        game = await _pm_game(event)
        kind = "加速" if cmd.endswith("加速") else "延时"
        await _submit(matcher, event, game, Input.make("speed", event.user_id, _now(), which=kind))

    await _run(matcher, body())


@m_proxy.handle()
async def _proxy(event: MessageEvent, matcher: Matcher, arg: BaseMessage) -> None:
    matcher.state["_event"] = event

    async def body() -> None:
        if isinstance(event, GroupMessageEvent):
            raise Refusal("代投请私聊机器人：/代投 <目标或弃权> [理由]。")
        game = await _pm_game(event)
        target, reason = cmdparse.split_vote(_words_of(arg))
        inp = Input.make("act", event.user_id, _now(), skill="投票", words=(target,), via="pm", reason=_one_line(reason),
                         proxy=True)
        await _submit(matcher, event, game, inp)

    await _run(matcher, body())


@m_relay.handle()
async def _relay(event: MessageEvent, matcher: Matcher, arg: BaseMessage) -> None:
    matcher.state["_event"] = event

    async def body() -> None:
        if isinstance(event, GroupMessageEvent):
            raise Refusal("私聊转发请私聊机器人：/私聊 <目标> <内容>。")
        game = await _pm_game(event)
        parts = _words_of(arg).split(None, 1)
        if len(parts) < 2:
            raise Refusal("用法：/私聊 <目标> <内容>")
        inp = Input.make("relay", event.user_id, _now(), target=parts[0], text=_quoted(parts[1]))
        await _submit(matcher, event, game, inp)

    await _run(matcher, body())


@m_elect.handle()
async def _elect(bot: Bot, event: MessageEvent, matcher: Matcher, cmd: str) -> None:
    """/上警 and /退水 are the public skills of that name (sheriff election boards)."""
    matcher.state["_event"] = event

    async def body() -> None:
        if not isinstance(event, GroupMessageEvent):
            raise Refusal("上警和退水请在群里公开发送。")
        game = await _group_game(event)
        await _public_act(bot, matcher, event, game, "上警" if cmd.endswith("上警") else "退水", [])

    await _run(matcher, body())


_NAMES = sorted(_COMMANDS, key=len, reverse=True)  # longest first: 退出报名 before 报名


async def _speak_rule(event: MessageEvent) -> bool:
    if not isinstance(event, GroupMessageEvent) or _service is None:
        return False
    game = _service.game_in_group(event.group_id)
    return game is not None and game.status == RUNNING and game.seat_of(event.user_id) is not None


m_speak = on_message(rule=Rule(_speak_rule), priority=50, block=False)


@m_speak.handle()
async def _speak(event: MessageEvent) -> None:
    """Every group post by a player counts (潜水) and is checked (诈尸, 寡言)."""
    game = service().game_in_group(event.group_id)  # type: ignore[attr-defined]
    if game is None:
        return
    text = _one_line(_words_of(event.get_message()))[:200]  # only the judge's record shows it
    try:
        await service().submit(game.gid, Input.make("speak", event.user_id, _now(), text=text), _origin(event, game),
                               _source(event))
    except (Refusal, DatabaseUnavailable):
        pass  # a lost post count is not worth a reply


async def _send_cast(bot: Bot, event: MessageEvent, game: Game) -> None:
    if game.status == SIGNUP or game.state is None:
        raise Refusal("游戏还没有开始，没有演员表。")
    rows = []
    for row in game.rules.cast(game.state):
        p = game.players[row.seat - 1]
        rows.append(f"{row.seat}号 {p.name}（{p.qq}）：{row.role}，{row.faction}，{row.fate}")
    text = f"第 {game.gid} 局 演员表：\n" + "\n".join(rows)
    try:
        await bot.call_api("send_private_msg", user_id=event.user_id, group_id=game.group, message=_plain(text))
    except ActionFailed:
        raise Refusal("演员表需要私聊发送，但机器人无法私聊你：请先加好友。") from None
    if isinstance(event, GroupMessageEvent):
        await bot.send_group_msg(group_id=event.group_id, message=_plain(f"{_name_of(event)}：演员表已私聊发送。"))


__all__ = ["status_text", "service", "ENDED"]
