"""Phone typing through the real bot (issue 25, items 3, 4, 8, 9; issue 24, item 5).

狼人杀, 7 players, 种子=1: 1女巫 2猎人 3预言家 4平民 5狼人 6狼人 7平民, paused and pushed by the judge so the
clock never interferes. Players type the way they do on a phone: 「查验5」, 「/刀 4」, 「刀 四号」, 「/投 3」, a bare
「投6」 in the group, 「投 三号」; /帮助 fits a phone screen; a judge's /开局, /开始 and cards are never throttled;
numbers nobody could mean are refused in words, and the bot's log shows no failure.
"""

from __future__ import annotations

import asyncio
import re

import pytest
from fakeqq import BotProcess, FakeQQ
from paths import ROOT
from secutil import SUPERUSER, Table, drained, start_bot, stop_bot

pytestmark = pytest.mark.e2e
PLAYER_HELP = 300  # characters: a player's /帮助 fits a phone screen


@pytest.fixture(scope="module")
async def bot():
    proc, qq = await start_bot()  # the budgets are the subject of the last test only, with a bot of its own
    yield proc, qq
    await stop_bot(proc, qq)


def group_posts(t: Table, mark: int) -> list[str]:
    return [s.text for s in t.qq.sent[mark:] if s.kind == "group" and s.target == t.group]


async def push(t: Table, expect: str) -> list[str]:
    """The judge closes the phase: the group posts it produced."""
    mark = t.qq.mark()
    await t.advance(expect)
    await drained(t.proc)
    return group_posts(t, mark)


def clean_log(proc: BotProcess) -> None:
    log = proc.log_text()
    assert "Traceback" not in log and "[ERROR]" not in log and "failed to run" not in log.lower(), log[-3000:]


async def test_skills_and_votes_typed_the_phone_way(bot):
    proc, qq = bot
    t = Table(qq, proc, 8600, n=7, seed=1)
    await t.ready()
    seer, wolf, mate = t.player(3), t.player(5), t.player(6)

    # by PM: a skill run together with its target, a skill typed as a command, a target written in Chinese
    await t.command(seer, "查验5", "查验结果：5号 玩家5 是【狼人】", pm=True)
    await t.command(wolf, "/刀 4", "你选择杀 4号 玩家4。目前：4号 1票", pm=True)
    await t.command(mate, "刀 四号", "你选择杀 4号 玩家4。目前：4号 2票", pm=True)
    # in the group a night skill is never used and never answered there: its holder is told by PM, anyone
    # else hears nothing, so the group cannot tell them apart
    mark = qq.mark()
    await t.say(wolf, "/刀 3")
    await t.say(t.player(7), "/刀 3")
    await t.pm_says(wolf, "技能请私聊发送：/技能 杀人 <目标>", mark)
    await drained(proc)
    assert group_posts(t, mark) == []
    assert [s for s in qq.sent[mark:] if s.target == t.player(7)] == []

    assert len(await push(t, "女巫行动")) == 1
    assert len(await push(t, "天亮了。昨晚死亡的是：4号 玩家4")) == 1
    assert len(await push(t, "【第1天 白天")) == 1

    # day: the command, its short forms, and the bare 「投6」 — each acknowledged by a reaction, not a post
    mark = qq.mark()
    await t.vote(t.player(7), "/投 3")
    await t.vote(t.player(1), "投6")
    await t.vote(t.player(2), "投 三号")
    await t.vote(seer, "/票 5 查杀")
    await t.vote(mate, "投弃权")
    chat = await t.say(wolf, "投资3年都没回本")  # chat that starts like a vote stays chat
    await t.vote(wolf, "/投票 第三号 跟票")
    await drained(proc)
    assert group_posts(t, mark) == []
    assert chat not in [mid for mid, _ in qq.reactions]

    posts = await push(t, "计票")
    assert len(posts) == 1, posts
    tally = posts[0]
    assert "3号 玩家3：3票" in tally and "5号 玩家5：1票" in tally and "6号 玩家6：1票" in tally, tally
    clean_log(proc)


async def test_a_bare_vote_where_a_reason_is_required_is_explained(bot):
    proc, qq = bot
    t = Table(qq, proc, 8610, n=7, seed=1, options="投票理由=必填")
    await t.ready()
    for expect in ("女巫行动", "【第1天 白天"):  # nobody killed: no 遗言
        assert len(await push(t, expect)) == 1
    mark = qq.mark()
    said = await t.command(t.player(7), "投4", "玩家7：投票格式有误，这票不计：请写明投票对象和投票理由")
    assert "「/投票 3 发言矛盾」" in said.text
    await t.vote(t.player(7), "/投 4 昨晚他话最少")
    await drained(proc)
    assert len(group_posts(t, mark)) == 1  # the explanation; the vote itself is a reaction
    s = await t.command(t.player(1), "/帮助", "当前阶段：第1天 白天")
    assert "/投票 <目标或弃权> <理由>" in s.text and "投3" not in s.text


async def test_help_fits_a_phone_and_shows_judges_their_commands(bot):
    proc, qq = bot
    t = Table(qq, proc, 8620, n=7, seed=1)
    t.setup_group()
    # no game yet: how to open and join
    s = await t.command(t.player(1), "/帮助", "本群没有进行中的游戏")
    assert len(s.text) <= PLAYER_HELP and "/开局 <游戏>" in s.text and "/报名" in s.text and "/法官" not in s.text
    s = await t.command(t.player(1), "/帮助", "你没有参加进行中的游戏", pm=True)
    assert len(s.text) <= PLAYER_HELP and "/开局" in s.text

    await t.ready()
    s = await t.command(t.player(4), "/帮助", "当前阶段：第1夜")
    player = s.text
    assert len(player) <= PLAYER_HELP and "/法官" not in player and "/开局" not in player
    s = await t.command(t.opener, "/帮助", "当前阶段：第1夜")
    assert "法官：/法官 推进|暂停" in s.text and "红牌" in s.text and len(s.text) > len(player)
    s = await t.command(t.player(3), "/帮助", "你现在可以：", pm=True)
    assert len(s.text) <= PLAYER_HELP and "· 查验：/技能 查验 <目标>" in s.text
    for seat in range(1, 8):  # every seat's private help, whatever its role
        s = await t.command(t.player(seat), "/帮助", "版杀法官 · 命令", pm=True)
        assert len(s.text) <= PLAYER_HELP, s.text
        assert not re.search(r"[a-z]{4,}", s.text), s.text  # no skill keys or other engine words

    # the rest is in /帮助 <命令>: usage, who, short forms, examples
    s = await t.command(t.player(4), "/帮助 投", "/投票 <目标或弃权> [理由]（也可 /改票）")
    assert "谁：投票者" in s.text and "简写：/投（投票）" in s.text and "例：/投 3号" in s.text
    s = await t.command(t.player(4), "/帮助 法官", "/法官 <子命令>")
    assert "/法官 红牌" in s.text and "例：/法官 红牌 3 场外" in s.text


async def test_numbers_nobody_could_mean_are_refused_in_words(bot):
    proc, qq = bot
    t = Table(qq, proc, 8630, n=7, seed=1)
    await t.ready()
    huge = "9" * 4301
    seer = t.player(3)
    await t.command(seer, f"查验 {huge}", "找不到「99999", pm=True)
    await t.command(seer, f"/技能 查验 {huge}号", "找不到「99999", pm=True)
    await t.command(seer, f"/局 {huge}", "没有你参加的第「99999", pm=True)
    await t.command(seer, f"/回复 {huge} 是", "宣言编号「99999", pm=True)
    await t.command(t.player(4), f"/战绩 @{huge}", "用法：/战绩")
    await t.command(t.player(4), f"/投票 {huge}", "找不到「99999")
    await t.command(t.opener, f"/法官 延长 {huge}m", "太长了")
    await t.command(t.opener, "/法官 延长 99999999999999h", "太长了")
    await t.command(t.opener, f"/法官 裁定 {huge} 正确", "裁定编号「99999")
    await t.command(t.opener, f"/法官 红牌 {huge} 捣乱", "找不到这名玩家")
    await t.command(t.opener, f"/法官 替补 3 @{huge}", "替补")
    other = Table(qq, proc, 8631, n=7, seed=1)
    other.setup_group()
    await other.command(other.opener, "/开局 狼人杀 白天=99999999999999999999h", "太长了：最长 366 天")
    await other.command(other.opener, f"/开局 狼人杀 种子={huge}", "「种子」的数太大了")
    await other.command(other.opener, "/开局 狼人杀 种子=99999999999999999999", "「种子」的数太大了")
    await drained(proc)
    clean_log(proc)


# --- a judge is not throttled like a flooder ---------------------------------------------------


async def test_a_judge_opens_starts_and_cards_within_seconds_and_nothing_is_dropped():
    proc = BotProcess(ROOT, superusers=(SUPERUSER,), flood_control=True)  # the product's budgets
    proc.start()
    await proc.wait_ready(60)
    qq = FakeQQ.for_process(proc)
    await qq.connect()
    try:
        t = Table(qq, proc, 8640, n=9, seed=1)
        t.setup_group()
        await t.open()
        signups = [await t.say(p, "/报名") for p in t.players]  # one command each: within everyone's budget
        for mid in signups:  # each taken: a reaction on the post (engine/parts/signup.py)
            await qq.wait_reaction(mid, 40)
        # six judge commands in a second: the per-user budget (4, then 1 per 5 s) would drop two of them
        mark = qq.mark()
        for text in ("/开始", "/法官 暂停", "/法官 蓝牌 1 刷屏", "/法官 黄牌 2 场外", "/法官 红牌 7 场外",
                     "/法官 红牌 8 辱骂"):
            await t.say(t.opener, text)
        for said in ("游戏开始", "游戏已暂停", "1号 玩家1 获得蓝牌", "2号 玩家2 获得黄牌", "7号 玩家7 获得红牌",
                     "8号 玩家8 获得红牌"):
            await t.group_says(said, mark, timeout=40)
        assert not [s for s in qq.sent[mark:] if "你发指令太快了" in s.text]

        # a runaway script is still stopped, with one notice
        mark = qq.mark()
        for _ in range(40):
            await t.say(t.opener, "/法官 演员表")
        await t.group_says("你发指令太快了", mark, timeout=40)
        await drained(proc, timeout=60)
        casts = [s for s in qq.sent[mark:] if s.kind == "private" and s.target == t.opener]
        assert 20 <= len(casts) < 40  # the judge budget: 30 at once (7 spent above), then 2 a second
        assert len([s for s in qq.sent[mark:] if "你发指令太快了" in s.text]) == 1
        clean_log(proc)
    finally:
        await qq.close()
        proc.cleanup()


# --- make play -------------------------------------------------------------------------------------


async def test_make_play_runs_with_the_production_flood_limits():
    """The REPL a newcomer tries first: a user who types six commands at once hears the notice, as in QQ."""
    script = "".join("as 10001 group /状态\n" for _ in range(6)) + "wait 3\nquit\n"
    proc = await asyncio.create_subprocess_exec(
        str(ROOT / ".venv/bin/python") if (ROOT / ".venv/bin/python").exists() else "python3",
        str(ROOT / "tools/play.py"), cwd=ROOT, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT)
    out, _ = await asyncio.wait_for(proc.communicate(script.encode()), 120)
    text = out.decode()
    assert proc.returncode == 0, text
    assert text.count("你发指令太快了") == 1, text
    assert text.count("本群没有进行中的游戏") == 4, text  # the budget: 4 at once
