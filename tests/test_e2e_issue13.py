"""Issue 13 through the real bot (the fake OneBot client against `bot.py`): what a judge and the players type.

One bot process; each test plays in its own group.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from fakeqq import BotProcess, FakeQQ
from mirror import Mirror

from plugins.nata.rules import RULESET as NATA

pytestmark = pytest.mark.e2e
ROOT = Path(__file__).resolve().parents[1]
JUDGE = 99999


@pytest.fixture(scope="module")
async def bot():
    proc = BotProcess(ROOT, superusers=(JUDGE,))
    proc.start()
    await proc.wait_ready(60)
    qq = FakeQQ.for_process(proc)
    await qq.connect()
    yield proc, qq
    await qq.close()
    proc.cleanup()


def _group(qq: FakeQQ, group: int, n: int = 14) -> list[int]:
    players = [group * 100 + i for i in range(1, n + 1)]
    qq.add_group(group, {JUDGE: "法官"} | {p: f"玩家{p % 100}" for p in players}, owner=JUDGE)
    qq.friends.update(players)
    return players


async def test_opening_reply_lists_what_departs_from_the_text(bot):
    """Item 2: 快速 tempo keeps 004's rules; /开局 says which options set the text aside."""
    _, qq = bot
    group = 1301
    _group(qq, group)
    m = qq.mark()
    await qq.group_msg(JUDGE, group, "/开局 纳塔 节奏=快速 票数公开=开")
    sent = await qq.wait_for(lambda s: s.target == group and "开局（第" in s.text, 20, m)
    assert "与原文不同的设置：票数公开=开（原文 关）" in sent.text
    assert "快速节奏按分钟计时，不执行论坛时钟的规则：" in sent.text and "潜水（原文 开）" in sent.text
    assert len([s for s in qq.sent[m:] if s.target == group]) == 1  # one post


async def _nata_at_noon(qq: FakeQQ, group: int, seed: int, **options) -> Mirror:
    """A 纳塔 game in 快速 tempo, paused and pushed (/法官 推进) to the 正午 of day 2; the mirror checks
    every message the bot sends on the way against a local fold of the same inputs."""
    players = _group(qq, group)
    m = Mirror(qq, NATA, group, JUDGE, players, seed, {"节奏": "快速", **options})
    await m.open()
    await m.join_all()
    await m.start()
    while not (m.game.state.phase == "noon" and m.game.state.day == 2):
        await m.advance()
    return m


def _seat_qq(m: Mirror, seat: int) -> int:
    return m.game.qq_of(seat)


async def test_nata_options_one_line_votes_unreadable_reply_and_a_private_forfeit(bot):
    """Item 7 through the bot: 指定身份 with 、, the one-line forum vote and change, a reply-form /改票
    whose replied message cannot be fetched, and /法官 判负 told to the judge alone."""
    _, qq = bot
    group = 1302
    m = await _nata_at_noon(qq, group, seed=11, 指定身份="魔术师、通灵师")
    roles = set(m.game.state.roles[1:])
    assert {"魔术师", "通灵师"} <= roles
    a, b, c, d = m.game.state.living()[:4]
    # 004: 「投票对象与投票理由之间可以不换行」
    await m.command(_seat_qq(m, a), f"投票对象：{b} 投票理由：戏多", "group", "act", skill="投票", words=(str(b),),
                    via="group", reason="戏多")
    assert m.game.state.box.votes[a] == b
    await m.command(_seat_qq(m, a), f"改票对象：{c}改票理由：戏更多", "group", "act", skill="改票", words=(str(c),),
                    via="group", reason="戏更多")
    assert m.game.state.box.votes[a] == c
    # a 楼中楼 /改票 whose replied message QQ cannot return: refused in words, nothing changes
    await m.command(_seat_qq(m, d), f"/投票 {b} 先投", "group", "act", skill="投票", words=(str(b),), via="group",
                    reason="先投")
    own = max(i for i, ev in qq.messages.items() if ev.get("user_id") == _seat_qq(m, d) and ev.get("group_id") == group)
    qq.fail_apis.add("get_msg")
    try:
        mark = qq.mark()
        await qq.group_msg(_seat_qq(m, d), group, f"/改票 {c} 改主意", reply_to=own)
        sent = await qq.wait_for(lambda s: s.target == group and "没能读取你回复的那条消息" in s.text, 20, mark)
        assert sent.text.startswith(m.nick(_seat_qq(m, d)))
    finally:
        qq.fail_apis.discard("get_msg")
    # 「阵营被判负后，不予公示」: the judge hears it privately, the group hears nothing
    mark = qq.mark()
    await m.command(JUDGE, "/法官 判负 狼人阵营", "group", "judge", sub="判负", faction="狼人阵营")
    await qq.expect_silence(lambda s: s.target == group, 1.0, mark)
    assert not [s for s in qq.sent[mark:] if s.target == group]
    assert [s for s in qq.sent[mark:] if s.target == JUDGE and "已记录：狼人阵营判负" in s.text]
