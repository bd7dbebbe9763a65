"""End to end: a bot account configured without pictures (BANSHA_IMAGES_OFF lists its self_id) sends
the very same posts as text only; a game opened with 图片=关 does the same on an account with pictures."""

from __future__ import annotations

import pytest
from fakeqq import BotProcess, FakeQQ
from mirror import Mirror
from paths import ROOT

from plugins.bansha.engine.game import registry

pytestmark = pytest.mark.e2e
JUDGE = 99999


async def _play(qq: FakeQQ, group: int, options: dict) -> Mirror:
    players = [group * 100 + i for i in range(1, 10)]
    qq.add_group(group, {JUDGE: "法官"} | {p: f"玩家{p % 100}" for p in players}, owner=JUDGE)
    qq.friends.update(players)
    m = Mirror(qq, registry.get("werewolf"), group, JUDGE, players, 11, {"节奏": "快速", **options})
    await m.open()
    await m.join_all()
    await m.start()
    await m.play()
    return m


def _posts(qq: FakeQQ, group: int) -> list:
    return [s for s in qq.sent if s.target == group and not s.is_forward]


async def test_an_account_without_pictures_sends_the_text_alone():
    proc = BotProcess(ROOT, superusers=(JUDGE,), env={"BANSHA_IMAGES_OFF": "[10000]"})
    proc.start()
    try:
        await proc.wait_ready(60)
        async with FakeQQ.for_process(proc) as qq:
            await _play(qq, 620, {})
            posts = _posts(qq, 620)
            assert any("【电梯楼】" in s.text for s in posts) and any("演员表：" in s.text for s in posts)
            assert not any(s.images for s in qq.sent)
    finally:
        proc.cleanup()


async def test_the_option_turns_pictures_off_for_one_game():
    proc = BotProcess(ROOT, superusers=(JUDGE,))
    proc.start()
    try:
        await proc.wait_ready(60)
        async with FakeQQ.for_process(proc) as qq:
            await _play(qq, 621, {"图片": "关"})
            await _play(qq, 622, {})
            assert not any(s.images for s in _posts(qq, 621))
            assert any(s.images for s in _posts(qq, 622) if "演员表：" in s.text)
    finally:
        proc.cleanup()
