"""Issue 10, part 6: duplicate and out-of-order delivery, end to end.

NapCat can post the same event twice (same message_id), e.g. around a reconnect. A duplicate must have
one effect: one announcement, one log entry, no second refusal either — whether it arrives at once, a
phase later, or after the bot restarted. A private message that arrives after its phase closed is
refused with the reason, even when the event says it was written in time: the bot judges by when it
receives a message.
"""

from __future__ import annotations

import asyncio
import json
import time

import pytest
from secutil import WAIT, Table, db_query, drained, games_total, start_bot, stop_bot, unsafe_sends

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
async def bot():
    proc, qq = await start_bot()
    yield proc, qq
    assert unsafe_sends(qq) == []
    await stop_bot(proc, qq)


def logged(proc, message_id: int) -> int:
    """Input rows recorded for one QQ message."""
    return db_query(proc, "SELECT count(*) FROM bansha_input WHERE source LIKE ?", f"%:{message_id}")[0][0]


async def quiet(proc, seconds: float = 0.15) -> None:
    await asyncio.sleep(seconds)
    await drained(proc)


async def twice(t: Table, who: int, text: str, *, pm: bool = False, at_once: bool = False) -> tuple[int, int]:
    """Send a message, then deliver the very same event again; returns (message_id, mark).

    Every message used here gets an answer (a message, or for a vote typed in the group the reaction on
    it): the first delivery's is awaited (a busy machine may take longer than any fixed pause) before the
    copy goes out, or, `at_once`, after both went out."""
    mark = t.qq.mark()
    mid = await t.say(who, text, pm=pm)
    if not at_once:
        await answered(t, mid, mark)
        await quiet(t.proc)
    await t.qq.redeliver(mid)
    if at_once:
        await answered(t, mid, mark)
    await quiet(t.proc)
    return mid, mark


async def answered(t: Table, mid: int, mark: int) -> None:
    """Something was sent after `mark`, or the message `mid` got its reaction."""
    until = time.monotonic() + WAIT
    while len(t.qq.sent) <= mark and reactions(t.qq, mid) == 0:
        if time.monotonic() > until:
            raise TimeoutError(f"no answer to message {mid} within {WAIT}s")
        await asyncio.sleep(0.02)


def reactions(qq, message_id: int) -> int:
    return len([r for r in qq.reactions if r[0] == message_id])


def said(t: Table, mark: int, contains: str) -> list[str]:
    return [s.text for s in t.qq.sent[mark:] if contains in s.text]


async def test_the_same_event_twice_has_one_effect(bot):
    proc, qq = bot
    t = Table(qq, proc, 400, n=7, seed=1)  # 1女巫 2猎人 3预言家 4平民 5狼人 6狼人 7平民
    t.setup_group()

    # /开局 twice: one game, and no 「本群已经有一局」
    before = games_total(proc)
    mid, mark = await twice(t, t.opener, "/开局 狼人杀 种子=1 报名名单=0")
    assert games_total(proc) == before + 1
    assert len(said(t, mark, "开局（第")) == 1 and said(t, mark, "已经有一局") == []
    t.gid = db_query(proc, "SELECT max(id) FROM bansha_game")[0][0]

    # /报名 twice, once after a pause and once back to back: one seat each, no 「你已经报过名了」
    for p in t.players:
        mid, mark = await twice(t, p, "/报名", at_once=p % 2 == 0)
        assert reactions(qq, mid) == 1 and said(t, mark, "报过名") == []  # acknowledged once, on the post
        assert logged(proc, mid) == 1
    assert "报名中：7 人" in await t.status()
    await t.start()

    # a night skill by PM twice: the wolf team hears it once
    night_kill, mark = await twice(t, t.player(5), "/技能 杀人 4", pm=True)
    assert len([s for s in qq.sent[mark:] if s.target == t.player(6) and "选择杀" in s.text]) == 1
    assert logged(proc, night_kill) == 1
    mid, mark = await twice(t, t.player(6), "杀人 4", pm=True, at_once=True)  # the bare form
    assert len([s for s in qq.sent[mark:] if s.target == t.player(5) and "选择杀" in s.text]) == 1
    await t.advance("女巫行动")
    mid, mark = await twice(t, t.player(1), "/放弃", pm=True)
    assert len(said(t, mark, "已放弃")) == 1 and logged(proc, mid) == 1
    await t.advance("发表遗言")
    mid, mark = await twice(t, t.player(4), "/遗言 再见", pm=True)
    assert len(said(t, mark, "【遗言】4号 玩家4：再见")) == 1 and said(t, mark, "已经发表过") == []
    await t.advance("第1天")

    # votes, both forms, a 加速 request and a judge's card: each once
    # (a vote typed in the group is its own post: the bot acknowledges it with one reaction, no echo)
    mid, mark = await twice(t, t.player(3), "/投票 5 查杀")
    assert reactions(qq, mid) == 1 and said(t, mark, "改票") == [] and said(t, mark, "投票：5号") == []
    mid, mark = await twice(t, t.player(7), "投票对象：5\n投票理由：跟预言家", at_once=True)
    assert reactions(qq, mid) == 1 and said(t, mark, "改票") == []
    mid, mark = await twice(t, t.player(1), "/代投 5 托法官", pm=True)
    assert len(said(t, mark, "【代投】1号 玩家1 投票：5号")) == 1
    mid, mark = await twice(t, t.player(3), "/加速")
    assert said(t, mark, "加速申请：目前 1 人申请") and said(t, mark, "目前 2 人") == [] and said(t, mark, "已经申请过") == []
    mid, mark = await twice(t, t.opener, "/法官 蓝牌 6 测试")
    assert len(said(t, mark, "6号 玩家6 获得蓝牌")) == 1
    assert "蓝1 黄0 红0" in await t.status()

    # a message from the night, delivered again by day: still nothing
    mark = qq.mark()
    await qq.redeliver(night_kill)
    await quiet(proc)
    assert qq.sent[mark:] == []

    await t.advance("计票：5号 玩家5：3票")


async def test_a_duplicate_after_a_restart_is_silent(bot):
    """The bot is SIGKILLed right after acknowledging; NapCat posts the same events again to the new
    process: the log's unique message key (and the restored seen-set) keep them to one effect."""
    proc, qq = bot
    t = Table(qq, proc, 410, n=7, seed=1)
    await t.open()
    join = await t.join(t.player(1))
    for p in t.players[1:]:
        await t.join(p)
    await t.start()
    await t.advance("女巫行动")
    await t.advance("第1天")  # a peaceful night
    vote = await t.vote(t.player(3), "/投票 5 有问题")
    await drained(proc)
    before = t.db()

    proc.kill()
    proc.start()
    await proc.wait_ready(60)
    await qq.connect()
    await quiet(proc, 1.0)
    mark = qq.mark()
    for mid in (vote, join):
        await qq.redeliver(mid)
    await quiet(proc, 0.5)
    assert [s.describe() for s in qq.sent[mark:]] == []
    assert t.db() == before
    assert logged(proc, vote) == 1 and logged(proc, join) == 1
    await t.advance("计票：5号 玩家5：1票")  # the vote counts once, after the restart


async def test_a_private_message_after_its_phase_closed_is_refused_with_the_reason(bot):
    proc, qq = bot
    t = Table(qq, proc, 420, n=7, seed=1)
    await t.ready()
    before = t.db()

    # the night closes by the judge's 推进 before the seer's check arrives
    await t.advance("女巫行动")
    await t.command(t.player(3), "/技能 查验 5", "现在不能使用「查验」：它只能在夜晚使用", pm=True)
    await t.command(t.player(5), "杀人 3", "现在不能使用「杀人」：它只能在夜晚使用", pm=True)

    # written during the night, delivered late: the event's own timestamp does not matter
    written = int(time.time()) - 30
    mid = max(qq.messages) + 1000
    event = {
        "self_id": qq.self_id, "user_id": t.player(3), "time": written, "message_id": mid, "message_seq": mid,
        "real_id": mid, "message_type": "private", "sub_type": "friend", "post_type": "message",
        "sender": {"user_id": t.player(3), "nickname": "玩家3", "sex": "unknown", "age": 0},
        "message": [{"type": "text", "data": {"text": "查验 6"}}], "raw_message": "查验 6", "font": 0,
        "message_format": "array", "target_id": qq.self_id,
    }
    mark = qq.mark()
    await qq.send_raw_event(json.loads(json.dumps(event)))
    await t.pm_says(t.player(3), "现在不能使用「查验」：它只能在夜晚使用", mark)

    await t.command(t.player(1), "/放弃", "已放弃", pm=True)
    await t.advance("第1天")
    await t.command(t.player(1), "/技能 毒药 5", "现在不能使用「毒药」：它只能在女巫行动使用", pm=True)
    await t.vote(t.player(3), "/投票 5 先投")
    await t.vote(t.player(5), "/投票 3 互投")
    await t.vote(t.player(6), "/投票 3 跟票")
    after_day = t.db()
    await t.advance("3号 玩家3 被投票放逐")
    # a vote and a 代投 that arrive after the day closed
    await t.command(t.player(7), "/投票 5 晚了", "现在不能使用「投票」")
    await t.command(t.player(7), "/代投 5 晚了", "现在不能使用「投票」", pm=True)
    await t.command(t.player(7), "/加速", "现在不是讨论日")
    # 遗言 of 3, then its phase closes: a second speaker is late
    await t.advance("第2夜")
    await t.command(t.player(3), "/遗言 来不及了", "现在不是你发表遗言的时间", pm=True)
    await t.command(t.player(3), "/技能 查验 6", "你已经出局，不能再使用技能", pm=True)
    assert t.db().seq > after_day.seq > before.seq

    # by the clock too: a 2-second night in a game that is not paused
    c = Table(qq, proc, 421, n=7, seed=1, options="夜晚=2s 女巫=2s 遗言=2s")
    await c.open()
    await c.join_all()
    mark = qq.mark()
    await c.command(c.opener, "/开始", "游戏开始")
    await c.group_says("【第1夜 女巫行动】", mark, timeout=15)
    await c.command(c.player(3), "/技能 查验 5", "现在不能使用「查验」：它只能在夜晚使用", pm=True)
    await c.command(c.opener, "/法官 终止", "游戏被法官终止")


async def test_out_of_order_change_before_its_vote(bot):
    """A 改票 that overtakes its own 投票 is refused with the reason; the 投票 then counts (论坛 rules)."""
    proc, qq = bot
    t = Table(qq, proc, 430, n=7, seed=1, options="改票次数=1")
    await t.ready()
    await t.advance("女巫行动")
    await t.advance("第1天")
    await t.command(t.player(3), "/改票 6 改主意", "你还没有投票，不能改票")
    await t.vote(t.player(3), "/投票 5 原来的票")
    await t.vote(t.player(3), "/改票 6 改主意")
    await t.command(t.player(3), "/改票 5 再改", "你今天已经改过 1 次票")
    await t.advance("计票：6号 玩家6：1票")
