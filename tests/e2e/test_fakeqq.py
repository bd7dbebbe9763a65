"""Tests of the fake OneBot client against a throwaway NoneBot app.

The app below is written to a temp dir and run through `BotProcess` with the
same env convention as the real bot, so `fakeqq` is proven before `bot.py`
exists. One process serves most tests (startup costs ~1-2 s); the crash test
gets its own.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fakeqq import BotProcess, FakeQQ, in_group, to_user

TINY_BOT = """
import nonebot
from nonebot import on_command
from nonebot.adapters import Message
from nonebot.adapters.onebot.v11 import (
    ActionFailed,
    Adapter,
    Bot,
    GroupMessageEvent,
    MessageEvent,
    MessageSegment,
)
from nonebot.params import CommandArg

nonebot.init()
nonebot.get_driver().register_adapter(Adapter)

ping = on_command("ping")


@ping.handle()
async def _ping() -> None:
    await ping.finish("pong")


quote = on_command("quote")


@quote.handle()
async def _quote(event: MessageEvent) -> None:
    if event.reply is None:
        await quote.finish("no reply")
    await quote.finish("quoted: " + event.reply.message.extract_plain_text())


dm = on_command("dm")


@dm.handle()
async def _dm(bot: Bot, event: GroupMessageEvent, arg: Message = CommandArg()) -> None:
    # /dm <qq> <text>: PM a member through a temp session, report the outcome
    qq, _, text = arg.extract_plain_text().strip().partition(" ")
    try:
        await bot.send_private_msg(
            user_id=int(qq), group_id=event.group_id, message=text
        )
    except ActionFailed:
        await dm.finish(f"dm {qq} failed")
    await dm.finish(f"dm {qq} ok")


whois = on_command("whois")


@whois.handle()
async def _whois(
    bot: Bot, event: GroupMessageEvent, arg: Message = CommandArg()
) -> None:
    qq = int(arg.extract_plain_text().strip())
    try:
        info = await bot.get_group_member_info(group_id=event.group_id, user_id=qq)
    except ActionFailed:
        await whois.finish(f"{qq} unknown")
    await whois.finish(f"{qq} {info['nickname']} {info['role']}")


fwd = on_command("fwd")


@fwd.handle()
async def _fwd(bot: Bot, event: GroupMessageEvent) -> None:
    nodes = [
        MessageSegment.node_custom(10000, "bot", "line one"),
        MessageSegment.node_custom(10000, "bot", "line two"),
    ]
    await bot.send_group_forward_msg(group_id=event.group_id, messages=nodes)


echo = on_command("echo")


@echo.handle()
async def _echo(arg: Message = CommandArg()) -> None:
    # plain text segment: a CQ-looking string must stay text
    await echo.finish(MessageSegment.text(arg.extract_plain_text()))


if __name__ == "__main__":
    nonebot.run()
"""

pytestmark = pytest.mark.e2e

GROUP = 20000
ALICE, BOB, CAROL = 10001, 10002, 10003


def _write_app(tmp: Path) -> Path:
    (tmp / "bot.py").write_text(TINY_BOT, encoding="utf-8")
    return tmp


def _new_qq(proc: BotProcess) -> FakeQQ:
    qq = FakeQQ.for_process(proc)
    qq.add_group(GROUP, {ALICE: "爱丽丝", BOB: "鲍勃", CAROL: "卡萝尔"}, owner=ALICE)
    qq.friends |= {ALICE, BOB}  # CAROL is only reachable through the group
    return qq


# These tests drive a separate bot process, so they need no in-process NoneBot.
# Shadow nonebug's autouse async session fixtures (and any conftest overrides
# that load the real plugins) with no-ops: the module then runs under both
# pytest-asyncio strict and auto mode, and never starts the real bot in-process.
@pytest.fixture(scope="session")
def after_nonebot_init() -> None:
    return None


@pytest.fixture(scope="session")
def nonebug_init() -> None:
    return None


@pytest.fixture(scope="module")
def tiny_bot(tmp_path_factory: pytest.TempPathFactory) -> Iterator[BotProcess]:
    # sync fixture: independent of the event-loop scope the project configures
    proc = BotProcess(_write_app(tmp_path_factory.mktemp("tinybot")))
    proc.start()
    try:
        proc.wait_ready_blocking(30)
        yield proc
    finally:
        proc.cleanup()


@pytest.mark.asyncio
async def test_group_ping(tiny_bot: BotProcess) -> None:
    async with _new_qq(tiny_bot) as qq:
        mid = await qq.group_msg(BOB, GROUP, "/ping")
        got = await qq.wait_for(in_group(GROUP, "pong"))
        assert got.text == "pong"
        assert got.kind == "group" and got.target == GROUP
        assert got.message_id > mid
        assert qq.group_texts(GROUP) == ["pong"]
        assert qq.private_texts(BOB) == []


@pytest.mark.asyncio
async def test_private_ping(tiny_bot: BotProcess) -> None:
    async with _new_qq(tiny_bot) as qq:
        await qq.private_msg(ALICE, "/ping")
        got = await qq.wait_for(to_user(ALICE))
        assert got.text == "pong"
        assert got.kind == "private" and got.group_id is None
        assert qq.group_texts(GROUP) == []


@pytest.mark.asyncio
async def test_temp_session_private(tiny_bot: BotProcess) -> None:
    async with _new_qq(tiny_bot) as qq:
        await qq.private_msg(CAROL, "/ping", temp_group=GROUP)
        got = await qq.wait_for(to_user(CAROL))
        assert got.text == "pong"
        assert got.group_id == GROUP  # answered through the temp session


@pytest.mark.asyncio
async def test_reply_segment_uses_get_msg(tiny_bot: BotProcess) -> None:
    async with _new_qq(tiny_bot) as qq:
        # a reply to a user's message
        original = await qq.group_msg(ALICE, GROUP, "我是一号，我是好人")
        mark = qq.mark()
        await qq.group_msg(BOB, GROUP, "/quote", reply_to=original)
        got = await qq.wait_for(in_group(GROUP, "quoted"), after=mark)
        assert got.text == "quoted: 我是一号，我是好人"
        assert ("get_msg", {"message_id": original}) in qq.api_calls

        # a reply to one of the bot's own messages
        await qq.group_msg(ALICE, GROUP, "/ping")
        pong = await qq.wait_for(in_group(GROUP, "pong"), after=mark)
        mark = qq.mark()
        await qq.group_msg(BOB, GROUP, "/quote", reply_to=pong.message_id)
        got = await qq.wait_for(in_group(GROUP, "quoted"), after=mark)
        assert got.text == "quoted: pong"


@pytest.mark.asyncio
async def test_at_bot_and_segments(tiny_bot: BotProcess) -> None:
    async with _new_qq(tiny_bot) as qq:
        await qq.group_msg(ALICE, GROUP, "/ping", at_bot=True)
        await qq.wait_for(in_group(GROUP, "pong"))
        mark = qq.mark()
        await qq.group_msg(BOB, GROUP, [{"type": "text", "data": {"text": "/ping"}}])
        await qq.wait_for(in_group(GROUP, "pong"), after=mark)


@pytest.mark.asyncio
async def test_plain_text_is_not_cq(tiny_bot: BotProcess) -> None:
    async with _new_qq(tiny_bot) as qq:
        await qq.group_msg(ALICE, GROUP, "/echo [CQ:at,qq=all] hi")
        got = await qq.wait_for(in_group(GROUP))
        assert got.text == "[CQ:at,qq=all] hi"
        assert got.ats == []
        assert [s["type"] for s in got.segments] == ["text"]


@pytest.mark.asyncio
async def test_private_reachability(tiny_bot: BotProcess) -> None:
    async with _new_qq(tiny_bot) as qq:
        # CAROL is no friend but a member: the temp session works
        await qq.group_msg(ALICE, GROUP, "/dm 10003 你好")
        await qq.wait_for(in_group(GROUP, "dm 10003 ok"))
        assert qq.private_texts(CAROL) == ["你好"]
        assert qq.sent[0].group_id == GROUP
        # a stranger outside the group cannot be reached
        await qq.group_msg(ALICE, GROUP, "/dm 55555 你好")
        await qq.wait_for(in_group(GROUP, "dm 55555 failed"))
        assert qq.private_texts(55555) == []
        # fail_apis forces a failure even for a friend
        qq.fail_apis.add("send_private_msg")
        await qq.group_msg(ALICE, GROUP, "/dm 10002 你好")
        await qq.wait_for(in_group(GROUP, "dm 10002 failed"))


@pytest.mark.asyncio
async def test_member_info_and_forward(tiny_bot: BotProcess) -> None:
    async with _new_qq(tiny_bot) as qq:
        await qq.group_msg(BOB, GROUP, "/whois 10001")
        await qq.wait_for(in_group(GROUP, "10001 爱丽丝 owner"))
        await qq.group_msg(BOB, GROUP, "/whois 77777")
        await qq.wait_for(in_group(GROUP, "77777 unknown"))
        await qq.group_msg(BOB, GROUP, "/fwd")
        got = await qq.wait_for(lambda s: s.is_forward)
        assert got.action == "send_group_forward_msg" and got.target == GROUP
        assert got.text == "line one\nline two"
        assert got.node_texts == ["line one", "line two"]


@pytest.mark.asyncio
async def test_redeliver_and_slow_answers(tiny_bot: BotProcess) -> None:
    async with _new_qq(tiny_bot) as qq:
        mid = await qq.group_msg(ALICE, GROUP, "/ping")
        await qq.wait_for(in_group(GROUP, "pong"))
        await qq.redeliver(mid)  # same message_id again; this app does not dedupe
        await qq.wait_for(in_group(GROUP, "pong"), after=1)
        qq.api_delays["send_msg"] = 0.5  # recorded at once, answered late
        mark = qq.mark()
        await qq.group_msg(ALICE, GROUP, "/ping")
        await qq.wait_for(in_group(GROUP, "pong"), after=mark)
        assert qq.group_texts(GROUP) == ["pong"] * 3
        await qq.flush()  # else the app waits api_timeout for the answer


@pytest.mark.asyncio
async def test_wait_for_timeout_dumps_messages(tiny_bot: BotProcess) -> None:
    async with _new_qq(tiny_bot) as qq:
        await qq.group_msg(ALICE, GROUP, "/ping")
        await qq.wait_for(in_group(GROUP, "pong"))
        with pytest.raises(TimeoutError) as exc:
            await qq.wait_for(in_group(GROUP, "never"), timeout=0.3)
        assert "pong" in str(exc.value)
        await qq.expect_silence(within=0.3)


@pytest.mark.asyncio
async def test_sigkill_restart_reconnect(tmp_path: Path) -> None:
    proc = BotProcess(_write_app(tmp_path))
    proc.start()
    try:
        await proc.wait_ready(30)
        qq = _new_qq(proc)
        await qq.connect()
        await qq.group_msg(ALICE, GROUP, "/ping")
        await qq.wait_for(in_group(GROUP, "pong"))

        proc.kill()
        assert not proc.running
        proc.start()
        await proc.wait_ready(30)
        await qq.connect()
        assert qq.connections == 2

        mark = qq.mark()
        await qq.private_msg(BOB, "/ping")
        await qq.wait_for(to_user(BOB, "pong"), after=mark)
        assert qq.group_texts(GROUP) == ["pong"]  # kept from before the crash
        assert qq.private_texts(BOB) == ["pong"]
        assert "start #2" in proc.log_text()
        assert qq.errors == []
        await qq.close()
    finally:
        proc.cleanup()
