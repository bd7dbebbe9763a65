"""From a QQ message to a handler: seven NoneBot matchers in all (each enters Bansha's DB context first).

- every `/命令` goes through ONE matcher and the command table (a matcher per command made
  NoneBot check ~20 rules on every group message: docs/performance.md);
- a QQ reply to a 宣言 that answers it (「是」);
- the forum vote form (「投票对象：3」 / 「投票理由：…」);
- a bare skill by PM (「查验 5」);
- never silent (unknown.py): an unknown `/命令`, and any other private message;
- any other group post by a player, counted for 潜水 and checked for 诈尸.

Every command passes the sender's command budget first (`admitted`).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager

from nonebot import get_driver, get_plugin_config, logger, on_message, on_notice
from nonebot.adapters.onebot.v11 import (
    Bot,
    FriendAddNoticeEvent,
    GroupBanNoticeEvent,
    GroupMessageEvent,
    Message,
    MessageEvent,
    MessageSegment,
    PrivateMessageEvent,
)
from nonebot.exception import IgnoredException
from nonebot.matcher import Matcher
from nonebot.message import event_preprocessor
from nonebot.params import Depends
from nonebot.rule import Rule
from nonebot.typing import T_State

from .. import db
from .. import parse as parse
from ..config import Config
from ..engine.core import Refusal
from ..engine.game import RUNNING
from ..pacing import Budget, CommandGate, Pacer
from ..service import DatabaseUnavailable, NotOwner
from . import table, unknown
from .call import Call, answer, current
from .commands.declare import reply_answer, reply_target
from .commands.play import bare_skill
from .commands.vote import forum_vote
from .judges import judging
from .loose import vote_open
from .text import after_reply, one_line, sanitize, source_of, words_of

driver = get_driver()
config = get_plugin_config(Config)
# Each user's commands, typed in a group and by PM: the excess is ignored after one notice, so one
# user cannot make the bot flood a group (or starve everyone else's answers).
GATES = {
    "group": CommandGate(Pacer(Budget(config.bansha_user_burst, config.bansha_user_interval))),
    "pm": CommandGate(Pacer(Budget(config.bansha_pm_burst, config.bansha_pm_interval))),
    "judge": CommandGate(Pacer(Budget(config.bansha_judge_burst, config.bansha_judge_interval))),
}


async def admitted(call: Call) -> bool:
    """Within the sender's command budget? The first command over it gets the one notice. A judge's own
    commands have a generous budget of their own (judges.py)."""
    where = "judge" if await judging(call) else "group" if call.in_group else "pm"
    run, notice = GATES[where].admit(call.user)
    if notice:
        wait = GATES[where].pacer.budget.interval
        await call.reply(f"你发指令太快了：接下来的指令会被忽略，请 {wait:g} 秒后再发。")
    return run


async def use_db() -> None:
    """Every matcher's first handler: each matcher runs in a task of its own, and in it Bansha's tortoise
    context is the current one (db.py), whatever context another plugin uses."""
    db.enter()


class Turns:
    """A chat's messages are handled in the order they arrived: each waits until the one before it in the
    same chat (a group, or one person's private messages) is done. `/报名` right after `/开局` on a freshly
    started bot must not be answered 「本群没有进行中的游戏」 because /开局 was still importing its rules."""

    WAIT = 30.0  # seconds at most behind the one before (a stuck handler must not stop the chat for good)

    def __init__(self) -> None:
        self._last: dict[tuple[str, int], asyncio.Future] = {}

    @asynccontextmanager
    async def turn(self, key: tuple[str, int]) -> AsyncIterator[None]:
        before = self._last.get(key)
        mine = asyncio.get_running_loop().create_future()  # taken before the first await: arrival order
        self._last[key] = mine
        try:
            if before is not None and not before.done():
                try:
                    await asyncio.wait_for(asyncio.shield(before), self.WAIT)
                except TimeoutError:
                    logger.warning(f"bansha: a message in {key} waited {self.WAIT:g} s for the one before it")
            yield
        finally:
            mine.set_result(None)
            if self._last.get(key) is mine:
                del self._last[key]


turns = Turns()


async def _in_turn(event: MessageEvent) -> AsyncIterator[None]:
    key = ("group", event.group_id) if isinstance(event, GroupMessageEvent) else ("private", event.user_id)
    async with turns.turn(key):
        yield


@event_preprocessor
async def in_order(event: MessageEvent, _: None = Depends(_in_turn)) -> None:
    """Holds the event until the chat's previous message has been handled (the dependency's exit runs when
    NoneBot has finished with this event, whatever the matchers did)."""


@event_preprocessor
async def normalise(event: MessageEvent) -> None:
    """NFKC and sanitise every text segment, drop a QQ message delivered twice, and leave alone what
    another process or another bot account judges (that one answers)."""
    for seg in event.message:
        if seg.type == "text":
            seg.data["text"] = sanitize(parse.normalize(seg.data["text"]))
    svc = current()
    if svc is None:
        return
    if not svc.judges(int(event.self_id)) and svc.leases is not None:
        await svc.leases.settled(int(event.self_id))  # just connected: the lease is being asked for
    if not svc.judges(int(event.self_id)):
        raise IgnoredException("another process judges this bot account (standby)")
    if isinstance(event, GroupMessageEvent):
        gid = svc.index.game_id_in_group(event.group_id)
        if gid is not None and svc.self_ids.get(gid) != int(event.self_id):
            raise IgnoredException("another bot account hosts this group's game")
    if svc.seen(source_of(event)):
        raise IgnoredException("duplicate message")
    if isinstance(event, PrivateMessageEvent) and svc.outbox.delivery.heard_from(event.user_id):
        _spawn(_release(svc, event.user_id))  # he writes: what could not reach him goes now


_spawned: set[asyncio.Task] = set()


def _spawn(coro) -> None:
    task = asyncio.create_task(coro)
    _spawned.add(task)
    task.add_done_callback(_spawned.discard)


async def _release(svc, qq: int) -> None:
    db.enter()  # a task of Bansha's own
    try:
        n = await svc.outbox.delivery.release(qq)
    except Exception as e:  # the DB: he gets them with his next message or /补发
        logger.warning(f"bansha: cannot release the messages held for {qq}: {e}")
        return
    if n:
        logger.info(f"bansha: {n} held messages for {qq} released (he wrote to the bot)")


@on_notice(handlers=[use_db], block=False).handle()
async def _friend_added(event: FriendAddNoticeEvent) -> None:
    """A new friend can be reached now: what was held for him goes at once."""
    svc = current()
    if svc is not None and event.user_id in svc.outbox.delivery.held_targets:
        await svc.outbox.delivery.release(event.user_id)


@on_notice(block=False).handle()
async def _unmuted(event: GroupBanNoticeEvent) -> None:
    """The bot (or the whole group) may speak again: the group's posts go now, not at the next backoff."""
    svc = current()
    if svc is not None and event.sub_type == "lift_ban" and event.user_id in (0, event.self_id):
        svc.outbox.retry_now(("group", event.group_id))


# --- slash commands ---------------------------------------------------------------------


def _after_prefix(event: MessageEvent) -> tuple[str, Message] | None:
    """(the first text after the command prefix 「/」, the message it starts) or None without a prefix.
    A reply whose replied message could not be fetched still starts with its reply segment: skip it."""
    msg = after_reply(event.get_message())
    if not msg or msg[0].type != "text":
        return None
    first = msg[0].data.get("text", "").lstrip()
    starts = [p for p in (driver.config.command_start or {"/"}) if p and first.startswith(p)]
    return (first[len(max(starts, key=len)):], msg) if starts else None


def split_command(event: MessageEvent) -> tuple[table.Command, str, Message] | None:
    """`/<command><args…>` → (command, name as typed, the rest as a message)."""
    head = _after_prefix(event)
    found = table.find(head[0]) if head is not None else None
    if found is None:
        return None
    cmd, name, rest = found
    return cmd, name, (Message(MessageSegment.text(rest)) if rest else Message()) + head[1][1:]


def _stashing(parse, key: str) -> Rule:
    """A rule that matches when `parse(event)` finds something, and keeps it in the state for the handler."""

    async def rule(event: MessageEvent, state: T_State) -> bool:
        found = parse(event)
        if found is None:
            return False
        state[key] = found
        return True

    return Rule(rule)


command_matcher = on_message(rule=_stashing(split_command, "bansha_command"), priority=5, block=True,
                             handlers=[use_db])


@command_matcher.handle()
async def _dispatch(bot: Bot, event: MessageEvent, state: T_State) -> None:
    cmd, name, arg = state["bansha_command"]
    call = Call(bot, event, name, arg)
    if not await admitted(call):
        return

    async def run(call: Call) -> str | None:
        if cmd.where == "group" and not call.in_group or cmd.where == "pm" and call.in_group:
            raise Refusal(cmd.wrong_place)
        return await cmd.run(call)

    await answer(call, run)


# --- an answer to a 宣言 as a QQ reply to it -----------------------------------------------------


async def _reply_answer_rule(event: MessageEvent) -> bool:
    if not isinstance(event, GroupMessageEvent) or not await _group_game_loaded(event):
        return False
    return reply_target(event) is not None


async def _group_game_loaded(event: GroupMessageEvent) -> bool:
    """A rule that reads the group's game: rebuilt first if the restore has not reached it (as a command's
    handler does), in Bansha's DB context (each matcher's rule runs in that matcher's own task)."""
    svc = current()
    if svc is None:
        return False
    db.enter()
    return await svc.group_game(event.group_id) is not None


def _answering(rule: Rule, priority: int, run: Callable[[Call, T_State], Awaitable[None]]) -> type[Matcher]:
    """A blocking matcher whose handler admits the sender and runs `run` with the message as the call."""
    matcher = on_message(rule=rule, priority=priority, block=True, handlers=[use_db], _depth=1)

    @matcher.handle()
    async def _handle(bot: Bot, event: MessageEvent, state: T_State) -> None:
        call = Call(bot, event, arg=event.get_message())
        if await admitted(call):
            await run(call, state)

    return matcher


reply_answer_matcher = _answering(Rule(_reply_answer_rule), 6, lambda call, _: answer(call, reply_answer))


# --- the forum vote form ----------------------------------------------------------------------


async def _forum_vote_rule(event: MessageEvent) -> bool:
    # a private one too: it is refused with the reason instead of passing in silence; 「投3」 only in the
    # group while its sender may vote (loose.py), else it is chat
    text = words_of(event.get_message())
    if parse.parse_short_vote(text) is not None:
        db.enter()  # vote_open reads the game (rebuilt on the spot): this matcher's own task
        return await vote_open(event)
    return parse.parse_forum_vote(text) is not None


forum_vote_matcher = _answering(Rule(_forum_vote_rule), 6, lambda call, _: answer(call, forum_vote))


# --- a bare skill by PM ---------------------------------------------------------------------


async def _bare_skill_rule(event: MessageEvent) -> bool:
    """A PM like 「查验 5」: the first word names a skill the sender holds now."""
    svc = current()
    if not isinstance(event, PrivateMessageEvent) or svc is None:
        return False
    words = parse.split_words(words_of(event.get_message()))
    if not words or words[0].startswith("/"):
        return False
    db.enter()  # the games are rebuilt now if the restore has not reached them (this matcher's own task)
    for game in await svc.player_games(event.user_id):
        if svc.self_ids.get(game.gid) != int(event.self_id):
            continue
        seat = game.seat_of(event.user_id)
        if game.status == RUNNING and seat and any(s.matches(words[0]) for s in game.skills_of(seat)):
            return True
    return False


bare_skill_matcher = _answering(Rule(_bare_skill_rule), 7, lambda call, _: answer(call, bare_skill))


# --- never silent: an unknown /命令, a stray private message --------------------------------------


def _unknown_word(event: MessageEvent) -> str | None:
    """The word after the command prefix of a message no command took, or None."""
    head = _after_prefix(event)
    words = head[0].split() if head is not None else []
    return words[0] if words else None


unknown_matcher = _answering(_stashing(_unknown_word, "bansha_word"), 8,
                             lambda call, state: unknown.unknown_command(call, state["bansha_word"]))


async def _stray_rule(event: MessageEvent) -> bool:
    return isinstance(event, PrivateMessageEvent) and bool(words_of(event.get_message()).strip())


stray_matcher = _answering(Rule(_stray_rule), 9, lambda call, _: unknown.stray_pm(call))


# --- every other group post by a player ------------------------------------------------------


async def _speak_rule(event: MessageEvent) -> bool:
    svc = current()
    if not isinstance(event, GroupMessageEvent) or svc is None:
        return False
    db.enter()  # this matcher's own task
    game = await svc.group_game(event.group_id)  # the preprocessor left only this account's game
    return game is not None and game.status == RUNNING and game.seat_of(event.user_id) is not None


speak_matcher = on_message(rule=Rule(_speak_rule), priority=50, block=False, handlers=[use_db])


@speak_matcher.handle()
async def _speak(bot: Bot, event: GroupMessageEvent) -> None:
    """Every group post by a player counts (潜水) and is checked (诈尸, 寡言)."""
    call = Call(bot, event)
    svc = current()
    game = await svc.group_game(event.group_id) if svc is not None else None
    if game is None:
        return
    text = one_line(words_of(event.get_message()))[:200]  # only the judge's record shows it
    try:
        await call.submit(game, call.input("speak", text=text))
    except (Refusal, DatabaseUnavailable, NotOwner):
        pass  # a lost post count is not worth a reply
