"""Issue 13 through the real bot (the fake OneBot client against `bot.py`): what a judge and the players type.

One bot process; each test plays in its own group.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from fakeqq import BotProcess, FakeQQ

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
