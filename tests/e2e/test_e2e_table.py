"""Issue 25 through the real bot, 快速 tempo: a 9-player 狼人杀 with a 警长, as the group sees it.

Sign-ups are reactions and one roster after the burst; the day is played in speaking turns (each speaker
@-mentioned, /过, a turn that runs out, the 警长 last) with the vote closing only after the turns; /票型 and
its throttle; the judge's reminder names the vote, not 自爆; the dead 警长 hands the badge on and says his
遗言 in the group without being told off for 诈尸; a vote nobody cast has no picture; the public 演员表 shows
no QQ number, the judge's does; vote reasons keep their full-width commas. The forum items (fair cards, 撤牌,
开门, …) are in tests/e2e/test_e2e_forum_table.py. 种子=7 deals 1 4 7 狼人, 2 预言家, 5 女巫, 6 猎人.
"""

from __future__ import annotations

import re

import pytest
from fakeqq import FakeQQ, Sent
from secutil import Table, start_bot, stop_bot, unsafe_sends

pytestmark = pytest.mark.e2e
GROUP = 2501
TURN = 5  # seconds per speaking turn (发言时长)


@pytest.fixture(scope="module")
async def bot():
    proc, qq = await start_bot()
    yield proc, qq
    assert unsafe_sends(qq) == []  # the only @ are the countdown's and the speaker's
    assert qq.errors == []
    await stop_bot(proc, qq)


def group_posts(qq: FakeQQ, mark: int) -> list[Sent]:
    return [s for s in qq.sent[mark:] if s.kind == "group" and s.target == GROUP]


async def test_a_quick_day_in_turns_from_sign_up_to_the_public_cast(bot):
    proc, qq = bot
    t = Table(qq, proc, GROUP, n=9, seed=7, options=f"警长=开 发言时长={TURN}s 报名名单=3s")
    await t.open()

    # sign-ups: a burst of nine /报名, each acknowledged by a reaction; then ONE roster post
    mark = qq.mark()
    posts = [await t.say(p, "/报名") for p in t.players]
    for mid in posts:
        await qq.wait_reaction(mid)
    roster = await t.group_says("【报名】当前 9 人", mark)
    print(roster.describe())
    assert roster.text == "【报名】当前 9 人：" + "、".join(f"玩家{i}" for i in range(1, 10)) + "\n人数已够：法官发送 /开始 发牌。"
    await qq.expect_silence(lambda s: s.target == GROUP, 1.0)
    assert group_posts(qq, mark) == [roster]

    await t.start()  # dealt, then paused: the judge's 推进 moves the night along
    assert t.seats_of("狼人") == [1, 4, 7]
    await t.advance("女巫行动")
    await t.advance("警长竞选")
    await t.command(t.player(1), "/上警", "1号 玩家1 上警")
    mark = qq.mark()
    await t.advance("直接当选警长")
    (day,) = group_posts(qq, mark)
    print(day.describe())
    assert "发言顺序：2号→3号→4号→5号→6号→7号→8号→9号→1号（警长 1号 玩家1 最后发言，他的票算 2 票）。" in day.text
    assert f"@{t.player(2)}" not in day.text and day.ats == [t.player(2)]  # the @ is a real mention
    assert "2号 玩家2 轮到你发言（限时 5秒，说完请发 /过）。下一位：3号。" in day.text

    # (paused) only the speaker may /过; anyone may vote during the turns: a reaction, no post
    await t.command(t.player(3), "/过", "玩家3：现在轮到 2号 玩家2 发言，不是你：轮到你时机器人会 @ 你。")
    for seat in (2, 3, 6, 7, 8, 9):
        await t.vote(t.player(seat), "/投票 1 他一直在带节奏，我不信")
    mark = qq.mark()
    board = await t.command(t.player(3), "/票型", "【票型】")
    print(board.describe())
    assert board.text.split("\n") == [
        "【票型】第1天 白天（发言与投票） 投票：已投 6 人，未投 3 人",
        "1号 玩家1（6票） ← 2号、3号、6号、7号、8号、9号",
        "未投：1号、4号、5号",
    ]
    await t.command(t.player(5), "/票型", "玩家5：票型刚刚发过，请看上面那条（每 30 秒最多发一次）。")
    assert len(group_posts(qq, mark)) == 2

    # the judge's reminder names what is owed (the vote), never a choice such as 自爆
    await t.command(t.opener, "/法官 提醒", "已私聊提醒还没行动的玩家", pm=True)
    wolf = await t.pm_says(t.player(4), "提醒：", mark)
    assert "未提交的投票" in wolf.text and "自爆" not in wolf.text
    for seat in (1, 4, 5):
        await t.vote(t.player(seat), "/投票 2 先投一票" if seat == 1 else "/投票 1 跟票")
    assert t.db().status == "running"

    # the clock runs: 2号 ends his turn (one post, @3号); 3号 lets his run out (one post, @4号)
    await t.command(t.opener, "/法官 继续", "游戏继续")
    mark = qq.mark()
    await t.say(t.player(2), "/过")
    nxt = await t.group_says("3号 玩家3 轮到你发言", mark)
    assert nxt.ats == [t.player(3)]
    out = await t.group_says("3号 发言时间到。", mark, timeout=TURN + 10)
    assert out.ats == [t.player(4)] and "4号 玩家4 轮到你发言" in out.text
    assert len(group_posts(qq, mark)) == 2
    for seat in (4, 5, 6, 7, 8):
        await t.command(t.player(seat), "/过", f"{seat + 1}号 玩家{seat + 1} 轮到你发言")
    await t.command(t.player(9), "/过", "1号 玩家1 轮到你发言（限时 5秒，说完请发 /过）。你是最后一位。")
    assert t.db().status == "running"
    # the 警长 ends the turns: everyone has voted, so the count comes in the same post
    mark = qq.mark()
    await t.say(t.player(1), "/过")
    end = await t.group_says("发言结束。大家都已投票。", mark)
    print(end.describe())
    assert "计票：1号 玩家1：8票；2号 玩家2：2票" in end.text and "1号 玩家1 被投票放逐" in end.text
    assert "警长 1号 玩家1 出局：请他移交警徽" in end.text
    await t.settle()
    assert len(group_posts(qq, mark)) == 1

    # the dead 警长 on stage: talking about the badge, then his 遗言, is no 诈尸
    mark = qq.mark()
    await t.say(t.player(1), "警徽给2号，他是真预言家")
    await qq.expect_silence(lambda s: s.target == GROUP, 1.0, mark)
    await t.command(t.player(1), "/技能 移交 2", "1号 玩家1 将警徽移交给 2号 玩家2")
    mark = qq.mark()
    await t.say(t.player(1), "我的遗言：2号是好人")
    await qq.expect_silence(lambda s: s.target == GROUP, 1.0, mark)
    await t.say(t.player(1), "/遗言 我是好人，相信2号", pm=True)
    await t.group_says("【遗言】1号 玩家1：我是好人，相信2号", mark)  # as typed: the full-width ，
    await t.command(t.opener, "/法官 暂停", "游戏已暂停")
    assert not [s.describe() for s in qq.sent if s.target == GROUP and "诈尸" in s.text]

    # day 2 (no kill tonight), closed by the judge with nobody voting: the count, but no empty picture
    await t.advance("女巫行动")
    await t.advance("第2天")
    mark = qq.mark()
    await t.advance("计票：无人投票")
    (tally,) = [s for s in group_posts(qq, mark) if "计票" in s.text]
    assert tally.images == [] and "票型：无人投票" in tally.text

    # the end: the public 演员表 shows seat and nickname only; the judge's keeps every QQ
    mine = await t.command(t.opener, "/法官 演员表", "演员表：", to=t.opener)
    assert f"1号 玩家1（{t.player(1)}）：狼人" in mine.text
    mark = qq.mark()
    await t.command(t.opener, "/法官 终止 测试结束", "游戏被法官终止")
    await t.settle()
    posts = group_posts(qq, mark)
    cast = next(s for s in posts if "演员表：" in s.text and not s.is_forward)
    assert "1号 玩家1：狼人" in cast.text and not re.search(r"（\d{5,}）", cast.text)
    record = next(s for s in posts if s.is_forward)
    assert "理由：他一直在带节奏，我不信" in record.text  # the reason as typed: full-width ，
    assert "第1天 白天（发言与投票） 计票：1号 玩家1：8票" in record.text  # the day's vote in the record
