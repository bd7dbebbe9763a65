"""The conversation as QQ sees it, with the product's flood control on (issue 14's measured tests).

1. A 14-player 鹿鼎记 forum day on a scaled clock: three players post and vote, eleven lurk. Two hours
   before 关门 a countdown @-mentions the eleven who have not voted, and each lurker is warned by PM.
   At 关门 the group gets the 进程帖 (vote result, one 判罚公示 block, what is next and until when)
   and nothing else: at most 3 group messages (it was one message per card: 27 and more).
2. One user sends 200 commands in 5 s: at most 10 group messages in all, one notice to that user,
   and everyone else is still answered within 1 s (in the same group and by private message).
3. Never silent, and help for the moment: typos, unknown commands, stray private messages, /帮助.
"""

from __future__ import annotations

import asyncio
import re
import time
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from fakeqq import BotProcess, FakeQQ
from paths import ROOT
from secutil import Table, drained, sign_up, start_bot, stop_bot

pytestmark = pytest.mark.e2e
SH = ZoneInfo("Asia/Shanghai")
JUDGE = 99999


async def _bot(env: dict[str, str] | None = None) -> tuple[BotProcess, FakeQQ]:
    proc = BotProcess(ROOT, superusers=(JUDGE,), env=env, flood_control=True)  # the product's budgets
    proc.start()
    await proc.wait_ready(60)
    qq = FakeQQ.for_process(proc)
    await qq.connect()
    return proc, qq


# --- 1. a forum 关门 ------------------------------------------------------------------------

SCALE = 600.0  # 1 real second = 10 game minutes
GROUP = 8100
PLAYERS = [81001 + i for i in range(14)]
ACTIVE = PLAYERS[:3]


class GameClock:
    def __init__(self) -> None:
        self.real0 = time.time() + 4  # roughly when the bot is up
        self.game0 = datetime(2027, 3, 1, 18, 0, tzinfo=SH).timestamp()

    def now(self) -> float:
        return self.game0 + (time.time() - self.real0) * SCALE

    def real(self, hh: int, mm: int) -> float:
        """The real time at which the game clock shows hh:mm on day 1."""
        return self.real0 + (datetime(2027, 3, 1, hh, mm, tzinfo=SH).timestamp() - self.game0) / SCALE

    async def until(self, hh: int, mm: int) -> None:
        while time.time() < self.real(hh, mm):
            await asyncio.sleep(0.05)


@pytest.mark.slow  # ~30 s of a 14-player forum day: make test-long; tests/engine/test_posts.py counts the same close's posts in memory in make test
async def test_a_forum_close_with_eleven_lurkers_is_one_progress_post():
    clock = GameClock()
    proc, qq = await _bot({
        "BANSHA_CLOCK_SCALE": str(SCALE),
        "BANSHA_CLOCK_ANCHOR_REAL": str(clock.real0),
        "BANSHA_CLOCK_ANCHOR_GAME": str(clock.game0),
    })
    try:
        qq.add_group(GROUP, {JUDGE: "导演"} | {p: f"玩家{p % 100}" for p in PLAYERS}, owner=JUDGE)
        qq.friends.update(PLAYERS)
        m = qq.mark()
        await qq.group_msg(JUDGE, GROUP, "/开局 鹿鼎记 节奏=论坛 开门=09:00 关门=22:00 种子=3")
        await qq.wait_for(lambda s: s.target == GROUP and "开局（第" in s.text, 20, m)
        for p in PLAYERS:  # sign-ups come fast: each is acknowledged by a reaction on it
            await sign_up(qq, p, GROUP, 30)
        await qq.group_msg(JUDGE, GROUP, "/开始")
        await qq.wait_for(lambda s: s.target == GROUP and "游戏开始" in s.text, 30, m)
        for p in ACTIVE:  # five posts and a vote each; the other eleven lurk
            for k in range(5):
                await qq.group_msg(p, GROUP, f"我来说两句 {k}")
            await qq.wait_reaction(await qq.group_msg(p, GROUP, "/投票 4 一直不说话"), 20)
        assert time.time() < clock.real(19, 50), "setup took too long for the scaled day"

        # 2 hours before 关门: a countdown naming with @ who still owes a vote; the lurkers are warned by PM
        mark = qq.mark()
        countdown = await qq.wait_for(lambda s: s.target == GROUP and s.text.startswith("【提醒】"), 30, mark)
        print(countdown.describe())
        assert re.search(r"截止 北京时间 03-01 22:00（还有 (2小时|1小时5\d分)）", countdown.text)  # scaled clock
        assert sorted(countdown.ats) == sorted(p for p in PLAYERS if p not in ACTIVE)
        lurker = PLAYERS[5]
        warning = await qq.wait_for(lambda s: s.kind == "private" and s.target == lurker and "潜水" in s.text, 10, mark)
        print(warning.describe())
        assert "今天你发言 0 帖，关门前还需 5 帖" in warning.text and "还没有投票" in warning.text

        await clock.until(21, 50)
        mark = qq.mark()
        post = await qq.wait_for(lambda s: s.target == GROUP and "【第1夜" in s.text, 30, mark)
        await clock.until(22, 50)  # the night closes at 23:00: count up to just before it
        at_close = [s for s in qq.sent[mark:] if s.kind == "group" and s.target == GROUP]
        print(f"group messages at 关门: {len(at_close)}")
        for s in at_close:
            print(s.describe())
        assert len(at_close) <= 3
        lines = post.text.split("\n")
        assert lines[0].startswith("计票：4号 玩家4：3票")
        assert "【判罚公示】" in lines
        lurkers = [PLAYERS.index(p) + 1 for p in PLAYERS if p not in ACTIVE and p != PLAYERS[3]]
        for seat in lurkers:
            assert f"{seat}号 玩家{PLAYERS[seat - 1] % 100} 获得黄牌：潜水：讨论日发言不足5帖（0帖）。" in lines
        assert lines[-1].startswith("【第1夜") and "截止 北京时间 03-01 23:00（还有 1小时）" in lines[-1]
        await qq.close()
    finally:
        proc.cleanup()


# --- 2. a flood ---------------------------------------------------------------------------------


async def _quiet(qq, seconds: float, limit: float = 60) -> None:
    """Until the bot has sent nothing for `seconds` (more than one turn of the group's send budget)."""
    end = time.monotonic() + limit
    last, since = len(qq.sent), time.monotonic()
    while time.monotonic() - since < seconds:
        if time.monotonic() > end:
            raise TimeoutError("the bot never went quiet")
        await asyncio.sleep(0.1)
        if len(qq.sent) != last:
            last, since = len(qq.sent), time.monotonic()

FLOOD_GROUP = 8200
FLOODER, OTHER, QUIET = 82001, 82002, 82003


async def test_a_flood_of_commands_is_contained_and_others_are_still_answered():
    proc, qq = await _bot()
    try:
        qq.add_group(FLOOD_GROUP, {JUDGE: "导演", FLOODER: "刷屏的", OTHER: "路人", QUIET: "私聊的"}, owner=JUDGE)
        qq.friends.update({FLOODER, OTHER, QUIET})
        m = qq.mark()
        await qq.group_msg(JUDGE, FLOOD_GROUP, "/开局 狼人杀")
        await qq.wait_for(lambda s: s.target == FLOOD_GROUP and "开局（第" in s.text, 20, m)
        await asyncio.sleep(2.5)  # the opening post's turn is paid back

        mark = qq.mark()
        t0 = time.monotonic()
        latencies: dict[str, float] = {}

        async def flood() -> None:
            for i in range(200):
                await qq.group_msg(FLOODER, FLOOD_GROUP, "/状态" if i % 2 else "/帮助")
                await asyncio.sleep(max(0.0, t0 + (i + 1) * 5 / 200 - time.monotonic()))

        async def others() -> None:
            await asyncio.sleep(2.5)  # in the middle of it
            sent = time.monotonic()
            await sign_up(qq, OTHER, FLOOD_GROUP, 5)  # its acknowledgement: the reaction on it
            latencies["group"] = time.monotonic() - sent
            asked = qq.mark()
            sent = time.monotonic()
            await qq.private_msg(QUIET, "/帮助")
            await qq.wait_for(lambda s: s.kind == "private" and s.target == QUIET and "版杀法官" in s.text, 5, asked)
            latencies["pm"] = time.monotonic() - sent

        await asyncio.gather(flood(), others())
        assert time.monotonic() - t0 < 6.5
        await _quiet(qq, 2.5)  # whatever was queued goes out: one merged post per 2 s turn, until none is left
        group = [s for s in qq.sent[mark:] if s.kind == "group" and s.target == FLOOD_GROUP]
        print(f"group messages during the flood: {len(group)}; latencies {latencies}")
        for s in group:
            print(s.describe()[:100])
        assert len(group) <= 10
        notices = [s for s in group if "你发指令太快了" in s.text]
        assert len(notices) == 1 and notices[0].text.startswith("刷屏的：")
        assert latencies["group"] < 1.0 and latencies["pm"] < 1.0
        await qq.close()
    finally:
        proc.cleanup()


# --- 3. never silent, help for the moment -----------------------------------------------------


async def test_every_private_message_is_answered_and_help_fits_the_moment():
    """狼人杀, 7 players (种子=1: 1女巫 2猎人 3预言家 4平民 5狼人 6狼人 7平民), paused on night 1."""
    proc, qq = await start_bot()  # the budgets are not what this test is about
    try:
        t = Table(qq, proc, 8300, n=7, seed=1)
        await t.ready()
        seer, wolf, mate = t.player(3), t.player(5), t.player(6)

        # a typo in a skill name by PM, bare or as a command: the closest of the sender's own skills
        s = await t.command(seer, "查险 5", "「查险」不是你的技能", pm=True)
        assert "是不是想用「查验」，发送 /技能 查验 <目标>" in s.text
        await t.command(seer, "/技能 查险 5", "是不是想用「查验」？发送 /技能 查验 <目标>", pm=True)
        await t.command(seer, "/查验 3", "「查验」不能以自己为目标", pm=True)  # by PM a skill is a command too
        # anything else by PM: an answer all the same
        await t.command(seer, "在吗", "这条私聊没有被当作指令", pm=True)
        await t.command(t.outsider, "你好", "发送 /帮助 查看命令", pm=True)
        # in the group: an unknown command close to ours is answered, another bot's is not; one close to
        # the sender's own skill is answered by PM only
        s = await t.command(t.player(4), "/投标 3", "没有「/投标」这个命令。是不是想发：/投票 <目标或弃权> [理由]")
        mark = qq.mark()
        await t.say(t.player(4), "/签到")
        await t.say(seer, "/查验 5")
        await t.pm_says(seer, "技能请私聊发送：/技能 查验 <目标>", mark)
        await drained(proc)
        assert [s for s in qq.sent[mark:] if s.kind == "group"] == []
        # plain words: when a skill can be used, and what the phase is now
        await t.command(t.player(1), "/技能 毒药 3", "它只能在女巫行动使用，现在是「第1夜", pm=True)
        # relayed words keep their full-width punctuation; the command itself is still understood
        await t.command(wolf, "／狼聊　刀谁？", "已转发到狼群", pm=True)
        await t.pm_says(mate, "5号 玩家5：刀谁？", 0)

        # /帮助 in the group: the moment; the judges' commands only for judges
        s = await t.command(t.player(4), "/帮助", "当前阶段：第1夜")
        assert "法官：/法官" not in s.text and "/开局" not in s.text
        s = await t.command(t.opener, "/帮助", "当前阶段：第1夜")
        assert "法官：/法官 推进" in s.text
        # by PM: my legal actions right now, with usage and uses left
        s = await t.command(seer, "/帮助", "你现在可以：", pm=True)
        assert "· 查验：/技能 查验 <目标>" in s.text
        s = await t.command(t.player(1), "/帮助", "你现在没有要做的行动", pm=True)  # the witch acts later
        # one command in full
        s = await t.command(t.player(4), "/帮助 投票", "/投票 <目标或弃权> [理由]（也可 /改票）")
        assert "在哪里：群内" in s.text
        await t.command(t.player(4), "/帮助 推进", "/法官 推进：立即结束本阶段")
        await t.command(seer, "/帮助 查验", "用法：/技能 查验 <目标>", pm=True)
        await t.command(seer, "/帮助 查验", "技能的用法请私聊机器人")  # not in the group

        # /开局 confirms only the options that apply, with units
        other = Table(qq, proc, 8301, n=6, seed=1)
        other.setup_group()
        s = await other.command(other.opener, "/开局 纳塔", "开局（第")
        assert "正午技能截止=1小时" in s.text and "3600" not in s.text
        s = await t.status()
        assert s.count("1号 玩家1") == 1  # the living 电梯楼 once
    finally:
        await stop_bot(proc, qq)
