"""Issue 10, part 7: database faults at the moment of a command, end to end.

Two faults, both on the bot's real SQLite file while the bot runs:

- locked: another process holds `BEGIN EXCLUSIVE` (a backup, a sqlite3 shell). The bot's connection waits
  for its busy timeout (5 s: aiosqlite's sqlite3.connect default; tortoise sets none) and gives up. The
  database is in WAL mode, so reads still work.
- unwritable: every write fails, as on a full disk. The bot runs as root here, and an open SQLite file
  ignores a later chmod anyway (permissions are checked at open), so the test lowers the bot process's
  RLIMIT_FSIZE to 0 (`prlimit`): each write() to a file then fails with EFBIG at once (Python ignores
  SIGXFSZ), which SQLite reports as a disk I/O error.

Either way the sender gets 「数据库暂时不可用，这条指令没有生效，请稍后重发。」 addressed to them, nothing
changes, the same command works once the database is back, a deadline that came due meanwhile fires
after it, and after a SIGKILL and restart every acknowledged input is still there, once.
"""

from __future__ import annotations

import asyncio
import contextlib
import resource
import sqlite3

import pytest
from secutil import Table, drained, games_total, input_rows, start_bot, stop_bot, unsafe_sends

pytestmark = pytest.mark.e2e
needs_prlimit = pytest.mark.skipif(not hasattr(resource, "prlimit"), reason="resource.prlimit is Linux-only")
RETRY = "数据库暂时不可用，这条指令没有生效，请稍后重发。"
BUSY_TIMEOUT = 5.0


@pytest.fixture(scope="module")
async def bot():
    proc, qq = await start_bot()
    yield proc, qq
    assert unsafe_sends(qq) == []
    await stop_bot(proc, qq)


@contextlib.contextmanager
def locked(proc):
    """Hold the database's write lock from another connection."""
    con = sqlite3.connect(proc.db_path, timeout=0, isolation_level=None)
    try:
        con.execute("BEGIN EXCLUSIVE")
        yield
    finally:
        con.execute("ROLLBACK")
        con.close()


@contextlib.contextmanager
def unwritable(proc):
    """Every write by the bot process fails (RLIMIT_FSIZE = 0), as on a full disk."""
    pid = proc.proc.pid
    soft, hard = resource.prlimit(pid, resource.RLIMIT_FSIZE)
    resource.prlimit(pid, resource.RLIMIT_FSIZE, (0, hard))
    try:
        yield
    finally:
        resource.prlimit(pid, resource.RLIMIT_FSIZE, (soft, hard))


async def retry_for(t: Table, who: int, text: str, *, pm: bool = False, timeout: float = 3 * BUSY_TIMEOUT) -> None:
    """The command is answered with RETRY, to its sender, and nothing about the game changes."""
    state = (lambda: t.db()) if t.gid else (lambda: games_total(t.proc))  # noqa: E731
    before = state()
    mark = t.qq.mark()
    await t.say(who, text, pm=pm)
    if pm:
        s = await t.qq.wait_for(lambda s: s.kind == "private" and s.target == who, timeout, mark)
        assert s.text == RETRY
    else:
        s = await t.qq.wait_for(lambda s: s.kind == "group" and s.target == t.group, timeout, mark)
        assert s.text == f"{t.nick(who)}：{RETRY}"
    assert state() == before
    assert [x.text for x in t.qq.sent[mark:]] == [s.text]


async def restart(proc, qq) -> None:
    proc.kill()
    proc.start()
    await proc.wait_ready(60)
    await qq.connect()


async def day_one(qq, proc, group: int, **kw) -> Table:
    t = Table(qq, proc, group, n=7, seed=1, **kw)  # 1女巫 2猎人 3预言家 4平民 5狼人 6狼人 7平民
    await t.ready()
    await t.advance("女巫行动")
    await t.advance("第1天")  # a peaceful night
    return t


async def test_a_locked_database_gives_a_clear_retry_and_loses_nothing(bot):
    proc, qq = bot
    t = await day_one(qq, proc, 600)
    acked = [await t.vote(t.player(3), "/投票 5 第一票")]
    await drained(proc)

    with locked(proc):
        await retry_for(t, t.player(7), "/投票 5 第二票")
        await retry_for(t, t.player(1), "/代投 5 第三票", pm=True)
        assert "阶段：第1天" in await t.status()  # reads still work: /状态 answers at once

    acked.append(await t.vote(t.player(7), "/投票 5 第二票"))
    mark = qq.mark()
    acked.append(await t.say(t.player(1), "/代投 5 第三票", pm=True))
    await t.group_says("【代投】1号 玩家1 投票：5号 玩家5，理由：第三票", mark)
    await drained(proc)

    await restart(proc, qq)
    sources = [row[4] for row in input_rows(proc, t.gid)]
    for mid in acked:
        assert sum(1 for s in sources if s and s.endswith(f":{mid}")) == 1
    await t.advance("计票：5号 玩家5：3票")


@pytest.mark.slow  # a further database fault (~12 s each): make test-long; the locked database stays in make test
@needs_prlimit
async def test_an_unwritable_database_gives_a_clear_retry_and_the_bot_recovers(bot):
    proc, qq = bot
    t = await day_one(qq, proc, 610, options="白天=3s 发言=自由")  # a 3 s day, no speaking turns
    newcomer = Table(qq, proc, 611, n=6, seed=1)
    newcomer.setup_group()
    acked = [await t.vote(t.player(3), "/投票 5 第一票")]
    await drained(proc)
    games = games_total(proc)

    with unwritable(proc):
        await retry_for(t, t.player(7), "/投票 5 第二票")
        await retry_for(t, t.player(5), "/狼聊 写不进去", pm=True)
        await retry_for(t, t.opener, "/法官 继续")  # the day's 3 s run from here on: not yet
        await retry_for(newcomer, newcomer.opener, "/开局 狼人杀")
        assert games_total(proc) == games

    acked.append(await t.vote(t.player(7), "/投票 5 第二票"))
    await newcomer.command(newcomer.opener, "/开局 狼人杀", "开局（第")
    await drained(proc)

    # a deadline that comes due while writes fail is retried, and fires once they work again
    mark = qq.mark()
    acked.append(await t.say(t.opener, "/法官 继续"))
    await t.group_says("游戏继续", mark)
    await drained(proc)
    phase_no = t.db().phase_no
    with unwritable(proc):
        await asyncio.sleep(4)  # the 3 s day is over: its close cannot be written
        assert t.db().phase_no == phase_no
        assert not [s for s in qq.sent[mark:] if "计票" in s.text]
    await t.group_says("计票：5号 玩家5：2票", mark, timeout=15)  # the retry, 5 s later
    await t.command(t.opener, "/法官 暂停", "游戏已暂停")
    await drained(proc)

    await restart(proc, qq)
    sources = [row[4] for row in input_rows(proc, t.gid)]
    for mid in acked:
        assert sum(1 for s in sources if s and s.endswith(f":{mid}")) == 1
    assert "5号" not in (await t.status()).split("存活（")[1].split("\n")[0]  # 5 was voted out, once


@pytest.mark.slow  # a further database fault (~12 s each): make test-long; the locked database stays in make test
@needs_prlimit
async def test_a_message_sent_during_an_outage_is_not_sent_again_and_again(bot):
    proc, qq = bot
    t = await day_one(qq, proc, 620)
    qq.api_delays["set_msg_emoji_like"] = 0.5  # the answer to the send arrives once writes already fail
    try:
        vote = await t.vote(t.player(3), "/投票 5 在途")
        with unwritable(proc):
            await asyncio.sleep(6)
    finally:
        qq.api_delays.clear()
    await drained(proc)
    assert [r for r in qq.reactions if r[0] == vote] == [(vote, "124")]
