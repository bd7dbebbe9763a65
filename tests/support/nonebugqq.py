"""Bansha's QQ layer inside nonebug: the plugin loaded into nonebug's NoneBot, a fresh SQLite database per test,
and OneBot v11 events and expected sends for `ctx.receive_event` / `ctx.should_call_api`.

Why a fixture of our own around nonebug's `App`:
- nonebug starts NoneBot's lifespan once per session, before any test loads a plugin, so Bansha's `on_startup`
  hook (qq/lifecycle.py: database, service, sender, restore) never runs for it. `start` runs that very hook for
  each test, on a database of the test's own (a copy of one migrated once per session), and `stop` runs the
  `on_shutdown` hook. APScheduler's startup hook did not run either: no deadline fires during a test, the game
  moves only by what the test sends;
- every message Bansha says goes through its outbox (service/outbox.py), sent by a background task after the
  matcher has returned, i.e. after nonebug has checked the expected API calls. `start` stops that task and an
  event postprocessor (`deliver`) sends the outbox instead, with the outbox's own one-round sender
  (`drain_once`), once the matchers are done with each event: a reply reaches `bot.call_api` (qq/sending.py:
  send_group_msg, send_private_msg, set_msg_emoji_like) while nonebug is still checking. The calls come in the
  outbox's order: chat by chat, each chat in order; a group over its send budget (5 posts at once) waits
  for a later event, as it would wait in production;
- the QQ layer (plugins/bansha/qq) is what is loaded as the plugin: the package above it is already imported as
  a library by tests/conftest.py (the rules' registry), and NoneBot loads a plugin only from a module not
  imported yet. The QQ layer is every matcher and hook Bansha has; the packages above it only add the
  导演台's web pages and the games' plugin metadata.

The fixtures (`bansha`: the test's service) are in nonebugfixtures.py: a test module uses them with
`pytest_plugins = ["nonebugfixtures"]`. Not a tests/qq/conftest.py: pytest imports every conftest.py of a folder
without __init__.py as the one module `conftest`, and the later one would shadow tests/conftest.py for the
test modules that import from it (`from longrun import LONG`).
"""

from __future__ import annotations

import asyncio
import itertools
import shutil
import sys
from pathlib import Path
from typing import Any

import nonebot
from nonebot.adapters.onebot.v11 import (
    Adapter,
    Bot,
    GroupMessageEvent,
    Message,
    MessageSegment,
    PrivateMessageEvent,
)
from nonebot.adapters.onebot.v11.event import Sender
from nonebot.message import event_postprocessor

BOT = 10000  # the bot's QQ number (self_id)
PLUGIN = "plugins.bansha.qq"
REACTION = "124"  # qq/sending.py: the 「OK」 face on a vote or a sign-up

_ids = itertools.count(1)
_active: dict[str, Any] = {}  # "svc": the service of the test now running (deliver sends its outbox)


def load_plugin():
    """The QQ layer as a NoneBot plugin, once per session (its matchers, preprocessors and hooks)."""
    from nonebot.plugin import get_plugin_by_module_name

    plugin = get_plugin_by_module_name(PLUGIN)
    if plugin is not None and plugin.module_name == PLUGIN:
        return plugin
    _forget_library_copy()
    plugin = nonebot.load_plugin(PLUGIN)
    assert plugin is not None, f"{PLUGIN} could not be loaded as a plugin"
    event_postprocessor(deliver)
    return plugin


def _ours(module: str | None) -> bool:
    return module is not None and (module == PLUGIN or module.startswith(PLUGIN + "."))


def _forget_library_copy() -> None:
    """A test that ran earlier may have imported a QQ module as a library (tests/engine/test_posts.py does): NoneBot must
    import the plugin itself, and that copy's matchers and preprocessors (registered on import, with no service
    behind them) must not answer too."""
    from nonebot import message
    from nonebot.matcher import matchers

    for name in [n for n in sys.modules if _ours(n)]:
        del sys.modules[name]
    for priority in list(matchers):
        matchers[priority] = [m for m in matchers[priority] if not _ours(m.module_name)]
    for hooks in (message._event_preprocessors, message._event_postprocessors):
        for dep in [d for d in hooks if _ours(getattr(d.call, "__module__", None))]:
            hooks.discard(dep)


async def deliver() -> None:
    """After the matchers: send what the outbox holds now, as Bansha's sender would (see the module's doc)."""
    svc = _active.get("svc")
    if svc is None:
        return
    from plugins.bansha import db

    with db.scope():
        for _ in range(20):  # a send may queue another (a delivery notice to the judges): a few rounds at most
            if not await svc.drain_once():
                break


async def migrated(path: Path) -> Path:
    """An empty database with every migration applied (once per session: each test copies it, which is ~20 times
    faster than migrating anew, and the startup then finds nothing left to migrate)."""
    from plugins.bansha import db

    await db.connect(f"sqlite://{path}", global_fallback=False)
    await db.close()
    return path


async def start(db_path: Path, template: Path):
    """Run Bansha's startup hook on a new database (a copy of `template`); the service, with its background
    sender stopped."""
    from plugins.bansha.qq import call, dispatch, lifecycle
    from plugins.bansha.qq.commands import vote

    shutil.copyfile(template, db_path)
    lifecycle.config.bansha_db_url = f"sqlite://{db_path}"
    lifecycle._online.set()  # as if an account had connected: the restore does not wait WARM_AFTER for one
    await lifecycle.startup()
    await asyncio.gather(*list(lifecycle._tasks))  # the restore's index and the warm-up: every game answers
    svc = call.current()
    await svc.stop()  # its sender task: `deliver` sends instead, while nonebug watches
    # what a freshly started bot holds in memory: each user's full command budget, no /票型 posted lately
    dispatch.GATES.update(fresh_gates(dispatch))
    vote._boards.clear()
    _active["svc"] = svc
    return svc


async def stop() -> None:
    from plugins.bansha.qq import call, lifecycle

    _active.pop("svc", None)
    await lifecycle.shutdown()
    call.set_service(None)
    lock = lifecycle._held.pop("lock", None)
    if lock is not None:
        lock.close()


def fresh_gates(dispatch) -> dict:
    from plugins.bansha.pacing import Budget, CommandGate, Pacer

    c = dispatch.config
    return {
        "group": CommandGate(Pacer(Budget(c.bansha_user_burst, c.bansha_user_interval))),
        "pm": CommandGate(Pacer(Budget(c.bansha_pm_burst, c.bansha_pm_interval))),
        "judge": CommandGate(Pacer(Budget(c.bansha_judge_burst, c.bansha_judge_interval))),
    }


def make_bot(ctx) -> Bot:
    """A OneBot v11 bot whose every API call nonebug checks against `should_call_api`."""
    adapter = ctx.create_adapter(base=Adapter)
    return ctx.create_bot(base=Bot, adapter=adapter, self_id=str(BOT))


def group_msg(user: int, group: int, text: str | Message, *, name: str = "", role: str = "member",
              message_id: int | None = None) -> GroupMessageEvent:
    message = Message(text) if isinstance(text, str) else text
    return GroupMessageEvent(
        time=0, self_id=BOT, post_type="message", sub_type="normal", user_id=user, message_type="group",
        message_id=message_id or next(_ids), message=message, raw_message=str(message), font=0,
        sender=Sender(user_id=user, nickname=name or f"玩家{user % 100}", card="", role=role),
        group_id=group, to_me=False,
    )


def private_msg(user: int, text: str | Message, *, name: str = "", message_id: int | None = None) -> PrivateMessageEvent:
    message = Message(text) if isinstance(text, str) else text
    return PrivateMessageEvent(
        time=0, self_id=BOT, post_type="message", sub_type="friend", user_id=user, message_type="private",
        message_id=message_id or next(_ids), message=message, raw_message=str(message), font=0,
        sender=Sender(user_id=user, nickname=name or f"玩家{user % 100}"), to_me=True,
    )


def text(s: str) -> Message:
    """What qq/sending.py sends for a text: one plain text segment."""
    return Message(MessageSegment.text(s))


class Says:
    """An expected message, for `should_call_api` data: plain text segments (never a CQ code) whose text holds
    every fragment in `parts`, none in `never`, and at most `limit` characters. Compared by nonebug with `==`."""

    def __init__(self, *parts: str, never: tuple[str, ...] = (), limit: int | None = None):
        self.parts, self.never, self.limit = parts, never, limit

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Message) or any(seg.type != "text" for seg in other):
            return False
        said = "".join(seg.data["text"] for seg in other)
        return (all(p in said for p in self.parts) and not any(n in said for n in self.never)
                and (self.limit is None or len(said) <= self.limit))

    def __repr__(self) -> str:
        extra = (f", never={self.never!r}" if self.never else "") + (f", limit={self.limit}" if self.limit else "")
        return f"Says{self.parts!r}{extra}"


def group_says(ctx, group: int, *parts: str, **kw) -> None:
    """The next OneBot call is a post in `group` saying `parts` (see Says)."""
    ctx.should_call_api("send_group_msg", {"group_id": group, "message": Says(*parts, **kw)},
                        result={"message_id": next(_ids)})


def pm_says(ctx, user: int, *parts: str, group: int | None = None, **kw) -> None:
    """The next OneBot call is a private message to `user` (through `group`'s temp session when given)."""
    data: dict[str, Any] = {"user_id": user, "message": Says(*parts, **kw)}
    if group is not None:
        data["group_id"] = group
    ctx.should_call_api("send_private_msg", data, result={"message_id": next(_ids)})


def reacts(ctx, message_id: int) -> None:
    """The next OneBot call is NapCat's reaction on the player's own post (a vote, a sign-up): no message."""
    ctx.should_call_api("set_msg_emoji_like", {"message_id": message_id, "emoji_id": REACTION, "set": True}, result={})


def friends(ctx, *qqs: int) -> None:
    """The next OneBot call is get_friend_list (/报名 checks the bot can PM the player), answered with `qqs`."""
    ctx.should_call_api("get_friend_list", {}, result=[{"user_id": q, "nickname": f"玩家{q % 100}"} for q in qqs])


async def dealt(svc, group: int, judge: int, players: list[int], seed: int = 1):
    """A 狼人杀 game in `group`, dealt and paused on its first night, through the service (the very inputs /开局,
    /报名, /开始 and /法官 暂停 submit), with everything it said so far counted as delivered: the test then
    hears only what its own messages make the bot say. Returns the game."""
    from plugins.bansha import db
    from plugins.bansha.engine.core import Input
    from plugins.bansha.engine.core.phases import parse_options
    from plugins.bansha.engine.game import registry
    from plugins.bansha.engine.parts import moderator
    from plugins.bansha.service import Origin

    rules = registry.get("狼人杀")
    options = parse_options([f"种子={seed}", "报名名单=0"], rules.all_options())
    with db.scope():
        game = await svc.open_game(group_id=group, self_id=BOT, owner=judge, ruleset=rules.key, options=options,
                                   seed=seed, origin=Origin("group", judge, group))
        for qq in players:
            await svc.submit(game.gid, Input.make("join", qq, svc.now(), name=f"玩家{qq % 100}"))
        await svc.submit(game.gid, Input.make("start", judge, svc.now(), entropy=1))
        await svc.submit(game.gid, moderator.pause(judge, svc.now()))
        await delivered()
        return await svc.group_game(group)


async def day_vote(svc, group: int, judge: int, players: list[int], seed: int = 1):
    """As `dealt`, then the judge's 推进 until the first day's vote is open (nobody acted at night)."""
    from plugins.bansha import db
    from plugins.bansha.engine.core.skills import find_skill
    from plugins.bansha.engine.parts import moderator

    game = await dealt(svc, group, judge, players, seed)
    with db.scope():
        for _ in range(8):
            vote = find_skill(game.skills_of(1), "投票")
            if vote is not None and game.rules.available(game.state, 1, vote) is None:
                break
            await svc.submit(game.gid, moderator.push(judge, svc.now()))
            game = await svc.group_game(group)
        else:
            raise AssertionError("the day vote never opened")
        await delivered()
    return game


async def delivered() -> None:
    """Everything in the outbox counts as sent (what the setup said, before the test listens)."""
    from plugins.bansha.models import OutboxRow

    await OutboxRow.filter(sent=False).update(sent=True)
