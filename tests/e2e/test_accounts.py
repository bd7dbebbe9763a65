"""Several bot accounts, one process (SQLite), and the one-process rule for a SQLite file.

Two fake NapCat accounts (A and B) connect to one real bot process and are both members of the
same group, so both receive every group message (as in QQ). The game belongs to the account that
received its /开局: only that account answers, speaks and PMs for it; the other stays silent, and
a player who PMs the wrong account is told which one hosts the game. A second bot process on the
same SQLite file refuses to start and says why.
"""

from __future__ import annotations

import asyncio
import sqlite3
import time

import pytest
from fakeqq import BotProcess, FakeQQ, Sent, in_group, to_user
from paths import ROOT

pytestmark = pytest.mark.e2e
JUDGE = 99999
A, B = 10000, 20000
GROUP = 4100
PLAYERS = [GROUP * 100 + i for i in range(1, 7)]


def _world(qq: FakeQQ) -> None:
    qq.add_group(GROUP, {JUDGE: "法官"} | {p: f"玩家{p % 100}" for p in PLAYERS}, owner=JUDGE)
    qq.add_member(GROUP, A if qq.self_id == B else B, "另一个机器人")
    qq.friends.update(PLAYERS)


async def _both(a: FakeQQ, b: FakeQQ, user: int, text: str) -> None:
    """One group message, delivered to both accounts (each sees it with its own message id)."""
    await a.group_msg(user, GROUP, text)
    await b.group_msg(user, GROUP, text)


async def _first(a: FakeQQ, b: FakeQQ, pred, timeout: float = 20) -> Sent:
    """The first message matching `pred` that either account sent (waits for it, however slow the machine)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        for q in (a, b):
            found = [s for s in q.sent if pred(s)]
            if found:
                return found[0]
        await asyncio.sleep(0.02)
    raise TimeoutError("neither account sent it")


def _inputs(proc: BotProcess, kind: str) -> int:
    with sqlite3.connect(proc.db_path, timeout=30) as con:
        return con.execute("SELECT count(*) FROM bansha_input WHERE kind = ?", (kind,)).fetchone()[0]


async def _until(check, timeout: float, what: str) -> None:
    end = time.monotonic() + timeout
    while not check():
        if time.monotonic() > end:
            raise TimeoutError(what)
        await asyncio.sleep(0.1)


async def test_the_account_that_opened_the_game_alone_answers_speaks_and_sends():
    proc = BotProcess(ROOT, superusers=(JUDGE,))
    proc.start()
    qa = FakeQQ.for_process(proc, self_id=A)
    qb = FakeQQ.for_process(proc, self_id=B)
    try:
        await proc.wait_ready(60)
        await qa.connect()
        await qb.connect()
        _world(qa)
        _world(qb)
        # /开局 reaches both accounts at once: one game, hosted by the first to commit; the other is silent
        await _both(qa, qb, JUDGE, "/开局 狼人杀 夜晚=4s 女巫=4s")
        opened = await _first(qa, qb, lambda s: "开局（第" in s.text)
        host, other = (qa, qb) if opened in qa.sent else (qb, qa)
        await other.expect_silence(within=1.0, after=0)  # the other account says nothing, now or later
        assert [s for q in (qa, qb) for s in q.sent if "开局（第" in s.text] == [opened]
        for p in PLAYERS:  # the host acknowledges each sign-up with a reaction on its copy
            mid = await host.group_msg(p, GROUP, "/报名")
            await other.group_msg(p, GROUP, "/报名")
            await host.wait_reaction(mid, 20)
        await _both(host, other, JUDGE, "/开始")
        await host.wait_for(in_group(GROUP, "游戏开始"), timeout=20)
        await other.expect_silence(within=1.0, after=0)  # not a word from the other account, in the group or by PM
        # a player who PMs the other account is told which one hosts the game
        other.friends.add(PLAYERS[0])
        mark = other.mark()
        await other.private_msg(PLAYERS[0], "/身份")
        reply = await other.wait_for(to_user(PLAYERS[0]), timeout=10, after=mark)
        assert f"由机器人 {host.self_id} 主持" in reply.text and "私聊那个机器人账号" in reply.text
        deadlines = _inputs(proc, "deadline")
        # the host goes offline while the night's deadline passes: nothing goes out through the other
        # account; the messages wait and arrive through the host when it is back
        await host.close()
        await _until(lambda: _inputs(proc, "deadline") > deadlines, 30, "the night's deadline while the host is away")
        assert [s for s in other.sent if s.target == GROUP or s.target in PLAYERS[1:]] == []
        assert not [c for c in other.api_calls if c[1].get("group_id") == GROUP and "send" in c[0]]
        mark = host.mark()
        await host.connect()
        banner = await host.wait_for(in_group(GROUP, "截止"), timeout=20, after=mark)
        assert "【" in banner.text
    finally:
        await qa.close()
        await qb.close()
        proc.cleanup()


async def test_a_second_process_on_the_same_sqlite_file_refuses_to_start():
    first = BotProcess(ROOT, superusers=(JUDGE,))
    second = BotProcess(ROOT, superusers=(JUDGE,), db_path=first.db_path)
    try:
        first.start()
        await first.wait_ready(60)
        second.start()
        for _ in range(600):
            if second.proc.poll() is not None:
                break
            await asyncio.sleep(0.1)
        assert second.proc.returncode not in (None, 0)
        assert "SQLite 只能由一个进程使用" in second.log_text() and "PostgreSQL" in second.log_text()
        # the first one is unaffected
        qq = FakeQQ.for_process(first)
        await qq.connect()
        qq.add_group(GROUP, {JUDGE: "法官"}, owner=JUDGE)
        await qq.group_msg(JUDGE, GROUP, "/帮助")
        await qq.wait_for(in_group(GROUP, "版杀法官"), timeout=20)
        await qq.close()
    finally:
        second.cleanup()
        first.cleanup()
