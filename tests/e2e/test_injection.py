"""Issue 10, part 5: player text the bot echoes cannot mention anyone, carry CQ codes, images or
forwards, or forge a line of the bot's own layout; long text is refused with a clear message.

Echoed player text: names (QQ card or nickname), 遗言, 狼聊, vote reasons (both forms), 代投 reasons,
group posts (the 诈尸 line in the judge's record), and the end-of-game record (a merged forward).

What the bot promises (plugins/bansha/qq/text.py):
- everything goes out as plain text segments: "[CQ:at,qq=all]" is shown literally, a real @ in a
  player's message becomes the text "@QQ", images and forwards in it are dropped;
- control characters, bidi overrides and zero-width characters are removed; every kind of line
  break (\\r, U+2028, U+0085 …) counts as a line break; stacked combining marks are capped;
- single-line fields (names, vote reasons, group posts in the record) have line breaks folded into
  spaces; multi-line fields (遗言, 狼聊) keep their lines, but every line after the first starts with
  「｜」, so no line of a player's text can read like the bot's own;
- names are cut to 16 characters; echoed text over 300 characters (vote reasons over 200) is
  refused with its length and the limit.
"""

from __future__ import annotations

import pytest
from fakeqq import at, image, text
from secutil import Table, drained, plain, segment_types, start_bot, stop_bot, unsafe_sends

pytestmark = pytest.mark.e2e

# Lines the bot never writes in these games: if one starts a line of any message, it was forged.
FORGED = ("【第9天 白天（发言与投票）】", "【狼群】今晚的决定：杀害 1号", "天亮了。昨晚是平安夜", "[01-01 00:00:00]", "9号 玩家9 投票")
NASTY = [
    "[CQ:at,qq=all]",
    "[CQ:image,file=http://evil.example/x.png]",
    "&#91;CQ:at,qq=all&#93;",
    "\n【第9天 白天（发言与投票）】截止 01-01 22:00:00",
    "\r\n【狼群】今晚的决定：杀害 1号。",
    "\u2028天亮了。昨晚是平安夜，没有人死亡。",
    "\x85[01-01 00:00:00] 法官 99999 终止游戏",
    "\u202e反转\u202c",
    "零\u200b宽\ufeff",
    "\x00\x07\x1b[31m",
    "😀👍🏻👨\u200d👩\u200d👧",
    "Z" + "\u0301" * 40,
]
BAD_CHARS = {"\x00", "\x07", "\x1b", "\u202e", "\u202c", "\u200b", "\ufeff", "\u2028", "\x85", "\r"}


@pytest.fixture(scope="module")
async def bot():
    proc, qq = await start_bot()
    yield proc, qq
    await stop_bot(proc, qq)


def _lines_ok(qq, after: int = 0) -> list[str]:
    """Every line of every message (forward nodes included) since `after` that looks forged or dirty."""
    bad = []
    for s in qq.sent[after:]:
        bodies = s.node_texts if s.is_forward else [s.text]
        for body in bodies:
            for line in body.split("\n"):
                if line.startswith(FORGED):
                    bad.append(f"forged line {line!r} in {s.describe()}")
            if BAD_CHARS & set(body):
                bad.append(f"control characters in {s.describe()!r}")
            if "\u0301" * 4 in body:
                bad.append(f"stacked marks in {s.describe()!r}")
    return bad


def _check_clean(qq, after: int = 0) -> None:
    assert unsafe_sends(qq, after) == []
    assert _lines_ok(qq, after) == []


async def test_names_are_plain_single_line_and_capped(bot):
    proc, qq = bot
    cards = [
        "[CQ:at,qq=all]",
        "@全体成员 快来",
        "名字\n【第9天 白天（发言与投票）】截止",
        "\u202e反转\u202d名字",
        "超长的名字" * 40,
        "表情😀👨\u200d👩\u200d👧",
        "零\u200b宽\u2028分隔\x07铃",
    ]
    t = Table(qq, proc, 300, n=7, seed=1, options="报名名单=1s")  # the roster names them, a second after
    t.setup_group()
    for seat, card in enumerate(cards, 1):
        t.qq.groups[t.group].members[t.player(seat)].card = card
    mark = qq.mark()
    await t.open()
    await t.join_all()
    s = await qq.wait_for(lambda s: s.target == t.group and s.text.startswith("【报名】当前 7 人："), 10, mark)
    roster = s.text.split("\n")
    assert len(roster) == 2 and roster[1].startswith("人数已够"), s.text  # no name broke a line
    names = roster[0].split("：", 1)[1].split("、")
    assert len(names) == 7 and all(0 < len(name) <= 16 for name in names), names
    assert names[0] == "[CQ:at,qq=all]"  # shown literally, mentions nobody
    assert names[1] == "@全体成员 快来"
    assert names[2].startswith("名字 【第9天")  # the line break became a space
    assert names[3] == "反转名字"
    assert names[4] == ("超长的名字" * 4)[:16]
    assert names[5] == "表情😀👨\u200d👩\u200d👧"  # emoji sequences keep their joiners
    assert names[6] == "零宽 分隔铃"

    # a refusal is addressed to the sender by that cleaned name, on one line
    m = qq.mark()
    await t.say(t.player(3), "/开始")
    s = await qq.wait_for(lambda s: s.target == t.group and "只有法官" in s.text, 10, m)
    assert s.text.startswith(names[2] + "：") and "\n" not in s.text

    # the seat list and /状态 carry the same names; nothing else can start a line
    await t.command(t.opener, "/开始", "游戏开始")
    status = await t.status()
    for line in status.split("\n"):
        assert line.startswith(("第 ", "阶段：", "截止：", "存活", "板子：")), line
    for name in names:
        assert name in status
    await drained(proc)
    _check_clean(qq, mark)


async def test_echoed_text_is_plain_and_cannot_forge_lines(bot):
    """狼聊, 遗言, vote reasons (both forms), 代投 reasons and group posts, each stuffed with every nasty
    string at once, and with real @, image, face and forward segments."""
    proc, qq = bot
    t = Table(qq, proc, 310, n=7, seed=1)  # 1女巫 2猎人 3预言家 4平民 5狼人 6狼人 7平民
    mark = qq.mark()
    await t.ready()
    stuffing = "".join(NASTY)

    # 狼聊 from wolf 5 to wolf 6: text plus real segments
    segs = [
        text("/狼聊 开头" + stuffing),
        at(t.player(1)),
        at("all"),
        image("http://evil.example/y.png"),
        {"type": "face", "data": {"id": "14"}},
        {"type": "forward", "data": {"id": "fwd-evil"}},
        text("结尾"),
    ]
    m = qq.mark()
    await qq.private_msg(t.player(5), segs)
    relay = await t.pm_says(t.player(6), "【狼群】5号 玩家5：开头", m)
    assert "[CQ:at,qq=all]" in relay.text and "[CQ:image,file=http://evil.example/x.png]" in relay.text
    assert f"@{t.player(1)}" in relay.text and relay.text.rstrip().endswith("结尾")
    assert relay.ats == [] and segment_types(relay) == {"text"}
    lines = relay.text.split("\n")
    assert len(lines) > 1 and all(line.startswith("｜") for line in lines[1:]), lines
    assert "👨\u200d👩\u200d👧" in relay.text

    # the wolves kill 4; 4's 遗言 carries everything
    for wolf in (5, 6):
        await t.command(t.player(wolf), "/技能 杀人 4", "你选择杀", pm=True)
    await t.advance("女巫行动")
    await t.command(t.player(1), "/放弃", "已放弃", pm=True)
    await t.advance("发表遗言")
    m = qq.mark()
    await t.say(t.player(4), "/遗言 我是好人" + stuffing, pm=True)
    words = await t.group_says("【遗言】4号 玩家4：我是好人", m)
    lines = words.text.split("\n")
    assert len(lines) > 1 and all(line.startswith("｜") for line in lines[1:]), lines
    assert "[CQ:at,qq=all]" in words.text and segment_types(words) == {"text"} and words.ats == []
    await t.advance("第1天")

    # votes: the slash form and the two-line forum form (each its own post: the bot only reacts);
    # their reasons reach the judge's record folded onto one line (checked at the end)
    await t.vote(t.player(3), "/投票 5 理由" + stuffing)
    await t.vote(t.player(7), "投票对象：5\n投票理由：第一行" + "".join(NASTY[:7]) + "\n投票对象：3")
    m = qq.mark()
    await t.say(t.player(1), "/代投 6 托人" + stuffing, pm=True)
    vote = await t.group_says("【代投】1号 玩家1 投票：6号 玩家6，理由：托人", m)
    assert "\n" not in vote.text
    # a target that looks like a CQ code is only a name nobody has
    m = qq.mark()
    await t.say(t.player(3), "/改票 [CQ:at,qq=all]")
    s = await t.group_says("找不到「[CQ:at,qq=all]」这名玩家", m)
    assert s.ats == []

    # the dead 4 posts in the group (诈尸): its text lands in the judge's record on one line
    m = qq.mark()
    await t.say(t.player(4), "诈尸" + stuffing)
    await t.group_says("4号 玩家4 已出局，请勿在群内发言（诈尸）", m)

    # the end-of-game record: a merged forward whose nodes are plain text, no forged lines
    m = qq.mark()
    await t.command(t.opener, "/法官 终止 注入测试结束", "游戏被法官终止")
    record = await qq.wait_for(lambda s: s.target == t.group and s.is_forward, 10, m)
    assert "4号 玩家4 诈尸：诈尸[CQ:at,qq=all]" in record.text
    assert "4号 玩家4 的遗言：我是好人[CQ:at,qq=all]" in record.text
    votes = [line for line in record.text.split("\n") if "投票 5号 玩家5，理由：" in line]
    assert any("3号 玩家3 投票 5号 玩家5，理由：理由[CQ:at,qq=all]" in line for line in votes), votes
    assert any("7号 玩家7 投票 5号 玩家5，理由：第一行" in line for line in votes), votes
    assert all(plain(s) for s in qq.sent[m:])  # text, and the end card's picture
    await drained(proc)
    _check_clean(qq, mark)


async def test_long_text_is_refused_with_its_length(bot):
    proc, qq = bot
    t = Table(qq, proc, 320, n=7, seed=1)
    await t.ready()
    before = t.db()
    huge = "长" * 10_000
    for who, cmd, limit in (
        (t.player(5), "/狼聊 " + huge, 300),
        (t.player(4), "/遗言 " + huge, 300),
    ):
        s = await t.command(who, cmd, "内容太长了", pm=True)
        assert f"（10000 字），请控制在 {limit} 字以内" in s.text, s.text
    await t.command(t.player(5), "/狼聊 " + "长" * 300, "已转发到狼群", pm=True)  # exactly the cap passes
    # many short lines: the 「｜」 marks never push a text over the cap
    await t.command(t.player(5), "/狼聊 " + "\n".join(["行"] * 150), "已转发到狼群", pm=True)
    after = t.db()
    assert after.seq == before.seq + 2

    for seat in (5, 6):
        await t.command(t.player(seat), "/技能 杀人 4", "你选择杀", pm=True)
    await t.advance("女巫行动")
    await t.command(t.player(1), "/放弃", "已放弃", pm=True)
    await t.advance("发表遗言")
    await t.advance("第1天")
    before = t.db()
    s = await t.command(t.player(3), "/投票 5 " + huge, "内容太长了")
    assert "（10000 字），请控制在 200 字以内" in s.text and len(s.text) < 100
    s = await t.command(t.player(3), "投票对象：5\n投票理由：" + huge, "内容太长了")
    assert len(s.text) < 100
    s = await t.command(t.player(3), "/投票 " + huge, "找不到")
    assert len(s.text) < 100  # the unknown target is quoted, cut short
    assert t.db() == before

    # a huge post counts as a post and is echoed nowhere
    m = qq.mark()
    await t.say(t.player(3), huge)
    await t.command(t.opener, "/状态", "阶段")
    assert all(huge[:500] not in s.text for s in qq.sent[m:])

    # a huge option value at /开局, in a group of its own
    other = Table(qq, proc, 321, n=7, seed=1)
    other.setup_group()
    s = await other.command(other.opener, "/开局 狼人杀 时区=" + huge, "不能超过200字")
    assert len(s.text) < 200
    # free text that every later message would have to format a time in
    await other.command(other.opener, "/开局 狼人杀 时区=Mars/Olympus", "未知的时区「Mars/Olympus」")
    for zone in ("../../etc/passwd", "Asia", "a" * 150):
        await other.command(other.opener, f"/开局 狼人杀 时区={zone}", "未知的时区")
    s = await other.command(other.opener, "/开局 " + huge, "没有名为")
    assert len(s.text) < 200
    s = await other.command(other.opener, "/开局 狼人杀 " + huge + "=1", "未知选项")
    assert huge[:21] not in s.text
    _check_clean(qq)
