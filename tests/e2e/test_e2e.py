"""End to end: the real bot process (as `make run` starts it) against the fake OneBot client.

Every registered game plays to its end through real WebSocket traffic, each in its
own group of the same bot, and a 狼人杀 game survives SIGKILLs mid-night and mid-day.
"""

from __future__ import annotations

import asyncio

import pytest
from fakeqq import FakeQQ
from mirror import Mirror
from secutil import start_bot, stop_bot

from plugins.bansha.engine.game import ENDED, registry

pytestmark = pytest.mark.e2e
JUDGE = 99999
GAMES = [r for r in registry.all_rulesets() if r.key != "toy"]


@pytest.fixture(scope="module")
async def bot():
    proc, qq = await start_bot()  # JUDGE is the bot's SUPERUSER
    yield proc, qq
    await stop_bot(proc, qq)


def _players(group: int, n: int) -> list[int]:
    return [group * 100 + i for i in range(1, n + 1)]


def _setup_group(qq: FakeQQ, group: int, players: list[int]) -> None:
    members = {JUDGE: "法官"} | {p: f"玩家{p % 100}" for p in players}
    qq.add_group(group, members, owner=JUDGE)
    qq.friends.update(players)


def _size(rules) -> int:
    sizes = rules.sizes({"节奏": rules.default_tempo})
    return 9 if 9 in sizes else sizes[len(sizes) // 2]


async def _play(qq: FakeQQ, rules, group: int, seed: int, n: int | None = None, crash=None) -> Mirror:
    n = n or _size(rules)
    players = _players(group, n)
    _setup_group(qq, group, players)
    m = Mirror(qq, rules, group, JUDGE, players, seed, {"节奏": "快速"})
    await m.open()
    await m.join_all()
    await m.start()
    await m.play(on_step=crash)
    return m


async def test_every_game_plays_to_its_end_in_parallel_groups(bot):
    """One full game of each ruleset, all at once in separate groups of one bot: independent games."""
    proc, qq = bot
    mirrors = await asyncio.gather(*[_play(qq, r, 300 + i, seed=20 + i) for i, r in enumerate(GAMES)])
    for m in mirrors:
        assert m.game.status == ENDED and m.game.outcome is not None, m.rules.key
        assert m.unexpected_group_posts() == [], f"{m.rules.key}: the bot said things the rules did not"


async def test_werewolf_nine_players_to_a_win(bot):
    proc, qq = bot
    m = await _play(qq, registry.get("werewolf"), 401, seed=7, n=9)
    assert m.game.outcome.winner in ("好人阵营", "狼人阵营")
    texts = qq.group_texts(401)
    assert any("演员表" in t for t in texts)
    assert m.unexpected_group_posts() == []


async def test_werewolf_survives_sigkill_mid_night_and_mid_day(bot):
    """SIGKILL right after an input is acknowledged, before its other messages go out, once at
    night and once by day; after each restart the game goes on with nothing lost."""
    proc, qq = bot
    rules = registry.get("werewolf")
    crashes: list[str] = []
    kills: list[int] = []

    async def crash():
        kills.append(len(qq.sent))
        proc.kill()
        proc.start()
        await proc.wait_ready(60)
        await qq.connect()

    async def on_step(m: Mirror) -> None:
        spec = rules.phases[m.game.state.phase]
        kind = "night" if spec.night else "day"
        if kind not in crashes and m.crash_next is None and m.game.state.day >= 1:
            crashes.append(kind)
            m.crash_next = crash

    m = await _play(qq, rules, 402, seed=3, n=9, crash=on_step)
    assert set(crashes) == {"night", "day"}
    assert len(kills) == 2, "both crashes happened"
    assert m.game.status == ENDED
    assert m.unexpected_group_posts() == []


async def test_nasty_text_over_the_wire_never_crashes_a_handler(bot):
    """Random and hostile messages in the group and by PM: the bot answers in plain text or stays quiet,
    and its log shows no handler failure."""
    from plugins.bansha.engine.core.rng import Rng

    proc, qq = bot
    group = 450
    players = _players(group, 9)
    _setup_group(qq, group, players)
    qq.add_member(group, 45099, "路人")
    m = Mirror(qq, registry.get("werewolf"), group, JUDGE, players, 9, {"节奏": "快速"})
    await m.open()
    await m.join_all()
    await m.start()
    rng = Rng.seeded(450)
    pieces = ["/投票", "/改票", "/技能", "/法官", "/身份", "/遗言", "/狼聊", "/代投", "/加速", "/局", "/私聊", "/开局",
              "投票对象：", "改票理由：", "３号", "弃权", "[CQ:at,qq=all]", "&#91;CQ:face,id=1&#93;", "\n", "　",
              "\x00", "\u202e", "😀", "推进", "红牌", "替补", "@99999", "9999999999999999999999", "-1", "查验", "杀人"]
    mark = qq.mark()
    for i in range(120):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 6)))
        if i % 17 == 0:
            text += "长" * 5000
        who = rng.choice(players + [45099])
        if rng.chance(0.5):
            await qq.group_msg(who, group, text)
        else:
            await qq.private_msg(who, text) if who in qq.friends else await qq.private_msg(who, text, temp_group=group)
    await qq.group_msg(JUDGE, group, "/状态")
    await qq.wait_for(lambda s: s.target == group and "存活" in s.text, 30, mark)
    for s in qq.sent[mark:]:
        assert {seg["type"] for seg in s.segments} <= {"text", "node"}, s.describe()
    log = proc.log_text()
    assert "Traceback" not in log and "failed to run" not in log.lower(), log[-3000:]
