"""End to end in 论坛 tempo on a scaled clock (1 real second = 10 game minutes).

One 狼人杀 game through the fake OneBot client, on the wall clock of a forum day
(开门 09:00, 关门 22:00): a 代投, a red-card exit, a 替补 who goes on to vote, a
late 改票 refused in the last hour, a 潜水 yellow card at 关门, and a 加速 that
succeeds on the next day.
"""

from __future__ import annotations

import asyncio
import time
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from fakeqq import BotProcess, FakeQQ
from paths import ROOT
from secutil import sign_up

pytestmark = pytest.mark.e2e
SCALE = 600.0
JUDGE = 99999
GROUP = 7000
PLAYERS = [70001 + i for i in range(9)]
SUB = 70099
SH = ZoneInfo("Asia/Shanghai")


class GameClock:
    def __init__(self) -> None:
        self.real0 = time.time() + 4  # roughly when the bot is up
        self.game0 = datetime(2027, 3, 1, 18, 40, tzinfo=SH).timestamp()

    def now(self) -> float:
        return self.game0 + (time.time() - self.real0) * SCALE

    async def until(self, hh: int, mm: int, day: int = 1) -> None:
        target = datetime(2027, 3, day, hh, mm, tzinfo=SH).timestamp()
        while self.now() < target:
            await asyncio.sleep(0.05)


@pytest.mark.slow  # ~40 s of scaled forum clock: make test-long; test_e2e_forum_table.py plays a forum day through the bot in make test
async def test_forum_day_with_proxy_vote_red_card_substitute_late_change_lurking_and_speedup():
    clock = GameClock()
    env = {
        "BANSHA_CLOCK_SCALE": str(SCALE),
        "BANSHA_CLOCK_ANCHOR_REAL": str(clock.real0),
        "BANSHA_CLOCK_ANCHOR_GAME": str(clock.game0),
    }
    proc = BotProcess(ROOT, superusers=(JUDGE,), env=env)
    proc.start()
    try:
        await proc.wait_ready(60)
        qq = FakeQQ.for_process(proc)
        await qq.connect()
        members = {JUDGE: "法官"} | {p: f"玩家{p % 100}" for p in PLAYERS} | {SUB: "替补君"}
        qq.add_group(GROUP, members, owner=JUDGE)
        qq.friends.update(PLAYERS + [SUB])
        await _play(qq, clock)
        await qq.close()
    finally:
        proc.cleanup()


async def _play(qq: FakeQQ, clock: GameClock) -> None:
    async def said(pred_text: str, after: int, target: int = GROUP, timeout: float = 30):
        return await qq.wait_for(lambda s: s.target == target and pred_text in s.text, timeout, after)

    m = qq.mark()
    await qq.group_msg(JUDGE, GROUP, "/开局 狼人杀 节奏=论坛 开门=09:00 关门=22:00 种子=5")
    await said("开局（第", m)
    for p in PLAYERS:  # each sign-up is acknowledged by a reaction on it
        await sign_up(qq, p, GROUP)
    m = qq.mark()
    await qq.group_msg(JUDGE, GROUP, "/开始")
    await said("游戏开始", m)
    await said("【第1天", m, timeout=60)  # the first night closes on the forum clock by itself

    # Discussion: everyone but 9号 posts five times; 9号 posts once (潜水).
    for p in PLAYERS:
        for k in range(5 if p != PLAYERS[8] else 1):
            await qq.group_msg(p, GROUP, f"我觉得今天要好好讨论 {k}")

    # Votes with reasons; 7号 votes through the judge by PM (代投).
    for p in PLAYERS[:4]:  # each vote is its own post: the bot reacts to it instead of repeating it
        await qq.wait_reaction(await qq.group_msg(p, GROUP, "/投票 9 一直潜水"))
    m = qq.mark()
    await qq.private_msg(PLAYERS[6], "/代投 9 请法官代我投")
    await said("【代投】7号 玩家7 投票：9号", m)

    # A red card sends 8号 off at once (003: 白天红牌罚下在被投票出局之前).
    m = qq.mark()
    await qq.group_msg(JUDGE, GROUP, "/法官 红牌 8 恶意刷屏")
    await said("8号 玩家8 获得红牌", m)
    await said("8号 玩家8 被红牌罚下", m)

    # 5号 is replaced by a substitute, who receives the seat's history and then votes.
    m = qq.mark()
    await qq.group_msg(JUDGE, GROUP, f"/法官 替补 5 @{SUB}")
    await said("5号 由替补玩家 替补君 接替", m)
    await said("你作为替补接替了 5号", m, target=SUB)
    await qq.wait_reaction(await qq.group_msg(SUB, GROUP, "投票对象：9\n投票理由：接手后看了记录"))
    m = qq.mark()
    await qq.group_msg(PLAYERS[4], GROUP, "/投票 9 我还想投")
    await said("你不是这局游戏的玩家", m)

    # In the last hour before 关门 a change is refused.
    await clock.until(21, 5)
    m = qq.mark()
    await qq.group_msg(PLAYERS[0], GROUP, "/改票 4 改主意了")
    await said("关门前 1小时 内不允许改票", m)

    # 关门 at 22:00: 9号 gets a yellow card for lurking (and one for not voting).
    m = qq.mark()
    await said("9号 玩家9 获得黄牌：潜水：讨论日发言不足5帖（1帖）", m, timeout=60)
    await said("【第2天", m, timeout=60)

    # Day 2: more than half of the living ask to speed up: the close moves to one hour from now.
    m = qq.mark()
    living = await _living(qq)
    for p in living[: len(living) // 2 + 1]:
        await qq.private_msg(p, "/加速")
    await said("加速成功", m)
    m = qq.mark()
    await qq.group_msg(JUDGE, GROUP, "/法官 终止 测试结束")
    await said("游戏被法官终止", m)
    await said("演员表", m)


def members_name(p: int) -> str:
    return f"玩家{p % 100}"


def seat(p: int) -> int:
    return PLAYERS.index(p) + 1


async def _living(qq: FakeQQ) -> list[int]:
    m = qq.mark()
    await qq.group_msg(JUDGE, GROUP, "/状态")
    s = await qq.wait_for(lambda s: s.target == GROUP and "存活" in s.text, 30, m)
    line = next(x for x in s.text.split("\n") if x.startswith("存活"))
    seats = [int(tok.split("号")[0]) for tok in line.split("：", 1)[1].split("、")]
    qqs = []
    for n in seats:
        qqs.append(SUB if n == 5 else PLAYERS[n - 1])
    return qqs
