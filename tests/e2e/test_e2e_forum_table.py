"""Issue 25 through the real bot, 论坛 tempo on a scaled clock (1 real second = 20 game minutes).

A 14-player 鹿鼎记 forum day as the issue played it: a 替补 takes seat 13 at 20:38 and posts once — he is not
carded at 22:00 (his quota is prorated to the share of the day he held the seat); another takes seat 14 at
21:40 and owes nothing; the lurker in seat 12 is carded. Then the night's second step reads 「天亮前」, a card
is taken back at night (one post), the day entered at 23:30 is opened at 开门 with one post, a late 遗言 is
told the real reason, a red card made of three yellows is taken back before its send-off (the seat stays),
/票型 and its throttle, a 代投 reason keeps its full-width comma, 加速 answers in words, and the end post and
record: no QQ number in the 演员表, every day's vote in the 完整记录. 种子=3: 4号 村民, 12号 妖狐.
"""

from __future__ import annotations

import asyncio
import re
import time
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from fakeqq import BotProcess, FakeQQ, Sent
from paths import ROOT
from secutil import sign_up

pytestmark = pytest.mark.e2e
SH = ZoneInfo("Asia/Shanghai")
SCALE = 1200.0
JUDGE = 99999
GROUP = 2601
PLAYERS = [GROUP * 100 + i for i in range(1, 15)]
SUB13, SUB14 = GROUP * 100 + 90, GROUP * 100 + 91


class GameClock:
    def __init__(self) -> None:
        self.real0 = time.time() + 4  # roughly when the bot is up
        self.game0 = datetime(2027, 3, 1, 17, 50, tzinfo=SH).timestamp()

    def now(self) -> float:
        return self.game0 + (time.time() - self.real0) * SCALE

    async def until(self, hh: int, mm: int, day: int = 1) -> None:
        target = datetime(2027, 3, day, hh, mm, tzinfo=SH).timestamp()
        while self.now() < target:
            await asyncio.sleep(0.02)


def seat(n: int) -> int:
    return PLAYERS[n - 1]


async def test_a_late_substitute_is_carded_fairly_and_a_card_comes_back():
    clock = GameClock()
    env = {"BANSHA_CLOCK_SCALE": str(SCALE), "BANSHA_CLOCK_ANCHOR_REAL": str(clock.real0),
           "BANSHA_CLOCK_ANCHOR_GAME": str(clock.game0)}
    proc = BotProcess(ROOT, superusers=(JUDGE,), env=env)
    proc.start()
    try:
        await proc.wait_ready(60)
        qq = FakeQQ.for_process(proc)
        await qq.connect()
        members = {JUDGE: "导演"} | {p: f"玩家{p % 100}" for p in PLAYERS} | {SUB13: "替补君", SUB14: "晚来的"}
        qq.add_group(GROUP, members, owner=JUDGE)
        qq.friends.update([*PLAYERS, SUB13, SUB14])
        await _play(qq, clock)
        assert qq.errors == []
        await qq.close()
    finally:
        proc.cleanup()


async def _play(qq: FakeQQ, clock: GameClock) -> None:
    async def said(text: str, after: int, target: int = GROUP, timeout: float = 30) -> Sent:
        return await qq.wait_for(lambda s: s.target == target and text in s.text, timeout, after)

    def posts(after: int) -> list[Sent]:
        return [s for s in qq.sent[after:] if s.kind == "group" and s.target == GROUP]

    m = qq.mark()
    await qq.group_msg(JUDGE, GROUP, "/开局 鹿鼎记 节奏=论坛 开门=00:30 关门=22:00 红牌结算=投票后 报名名单=0 种子=3")
    await said("开局（第", m)
    for p in PLAYERS:
        await sign_up(qq, p, GROUP, 30)
    await qq.group_msg(JUDGE, GROUP, "/开始")
    await said("【第1天】", m)

    # day 1: seats 1-11 post five times and vote; 12 lurks; 13 and 14 say nothing until their 替补 come
    for n in range(1, 12):
        for k in range(5):
            await qq.group_msg(seat(n), GROUP, f"我来说两句 {k}")
        await qq.wait_reaction(await qq.group_msg(seat(n), GROUP, "/投票 5 先投一票" if n == 4 else "/投票 4 一直不说话"))
    assert clock.now() < datetime(2027, 3, 1, 20, 30, tzinfo=SH).timestamp(), "setup took too long for the scaled day"

    await clock.until(20, 38)  # the case: seat 13 taken at 20:38, one post, and a vote
    m = qq.mark()
    await qq.group_msg(JUDGE, GROUP, f"/法官 替补 13 @{SUB13}")
    await said("13号 由替补玩家 替补君 接替", m)
    note = await said("今天的潜水要求按你接替的时间折算", m, target=SUB13)
    assert "关门前发言至少 1 帖并投票" in note.text
    await qq.group_msg(SUB13, GROUP, "我来了，看完了记录")
    await qq.wait_reaction(await qq.group_msg(SUB13, GROUP, "/投票 4 看记录觉得4号可疑"))
    await clock.until(21, 40)  # seat 14 taken twenty minutes before 关门: he owes nothing today
    m = qq.mark()
    await qq.group_msg(JUDGE, GROUP, f"/法官 替补 14 @{SUB14}")
    await said("今天不会因潜水", m, target=SUB14)

    # 关门 at 22:00: one post; the 判罚公示 names the lurker only
    await clock.until(21, 50)
    m = qq.mark()
    close = await said("【判罚公示】", m)
    print(close.describe())
    await clock.until(22, 50)
    assert posts(m) == [close]
    lines = close.text.split("\n")
    assert lines[0].startswith("计票：4号 玩家4：11票")
    assert "12号 玩家12 获得黄牌：潜水：讨论日发言不足5帖（0帖）。" in lines
    assert "12号 玩家12 获得黄牌：潜水：讨论日未投票。" in lines
    assert not [x for x in lines if x.startswith(("13号", "14号")) and "牌" in x], "a 替补 carded unfairly"

    # the night's second step, in words a player reads; a card taken back at night: one post
    m = qq.mark()
    step = await said("【第1夜 天亮前】", m)
    assert "结算" not in step.text
    m = qq.mark()
    await qq.group_msg(JUDGE, GROUP, "/法官 撤牌 12 黄牌 误判")
    back = await said("法官撤回", m)
    assert back.text == "法官撤回 12号 玩家12 的一张黄牌（潜水：讨论日未投票）：误判。\n12号 玩家12 现在：蓝牌0 黄牌1 红牌0。"
    await qq.expect_silence(lambda s: s.target == GROUP, 0.5, m + 1)

    # day 2 is entered at 23:30 and opens at 00:30 with one post; a late 遗言 hears the real reason
    m = qq.mark()
    await said("【第2天】北京时间 03-02 00:30 开门", m)
    m = qq.mark()
    await qq.private_msg(seat(4), "/遗言 我是好人")
    late = await said("遗言", m, target=seat(4))
    assert late.text.startswith("遗言的时间已经过了"), late.text
    await clock.until(0, 20, day=2)
    m = qq.mark()
    opened = await said("开门了", m)
    print(opened.describe())
    assert opened.text.startswith("【第2天】开门了：现在可以发言和投票，关门 北京时间 03-02 22:00")
    assert "【电梯楼】存活 13/14" in opened.text
    await clock.until(0, 45, day=2)
    assert posts(m) == [opened]

    # a red card made of three yellows, taken back before its send-off: the seat stays
    await qq.group_msg(JUDGE, GROUP, "/法官 黄牌 12 刷屏")
    m = qq.mark()
    await qq.group_msg(JUDGE, GROUP, "/法官 黄牌 12 又刷屏")
    red = await said("12号 玩家12 将在投票结算后红牌罚下", m)
    print(red.describe())
    m = qq.mark()
    await qq.group_msg(JUDGE, GROUP, "/法官 撤牌 12 黄牌 手滑多发了一张")
    back = await said("法官撤回", m)
    print(back.describe())
    assert "三张黄牌合并的红牌拆回两张黄牌" in back.text and "12号 玩家12 不再被红牌罚下" in back.text
    await qq.expect_silence(lambda s: s.target == GROUP, 0.5, m + 1)

    # votes so far, at any time, once per half minute; a 代投 reason as typed
    await qq.wait_reaction(await qq.group_msg(seat(1), GROUP, "/投票 12 理由一"))
    await qq.wait_reaction(await qq.group_msg(seat(3), GROUP, "/投票 12 理由二"))
    m = qq.mark()
    await qq.private_msg(seat(2), "/代投 5 他说了，然后又说")
    await said("【代投】2号 玩家2 投票：5号 玩家5，理由：他说了，然后又说", m)
    m = qq.mark()
    await qq.group_msg(seat(6), GROUP, "/票型")
    board = await said("【票型】", m)
    print(board.describe())
    assert board.text.split("\n")[:3] == ["【票型】第2天 投票：已投 3 人，未投 10 人", "12号 玩家12（2票） ← 1号、3号",
                                          "5号 玩家5（1票） ← 2号"]
    await qq.group_msg(seat(7), GROUP, "/票型")
    await said("玩家7：票型刚刚发过", m)
    assert len(posts(m)) == 2
    m = qq.mark()
    await qq.private_msg(seat(6), "/加速")
    sped = await said("加速申请", m, target=seat(6))
    assert sped.text == "已收到你的加速申请：目前 1 人申请，再有 6 人申请即加速成功。"

    # the end: no QQ number in the public 演员表; every day's vote in the 完整记录
    m = qq.mark()
    await qq.group_msg(JUDGE, GROUP, "/法官 终止 测试结束")
    record = await qq.wait_for(lambda s: s.target == GROUP and s.is_forward, 30, m)
    cast = next(s for s in posts(m) if "演员表：" in s.text and not s.is_forward)
    assert "13号 替补君：" in cast.text and not re.search(r"（\d{5,}）", cast.text)
    assert "第1天 计票：4号 玩家4：11票" in record.text and "理由：他说了，然后又说" in record.text
