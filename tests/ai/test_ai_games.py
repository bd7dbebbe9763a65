"""All-AI games through the real bot (issue 27): in every ruleset a judge opens a quick game, adds AI seats,
starts and watches; the AI seats play it to a winner and the 演员表 through the same inputs a player's
commands make. Nothing is ever sent to an AI seat, no decision slot acts twice, and each AI post the log
holds was posted in the group as the seat's, marked 【AI】."""

from __future__ import annotations

import asyncio

import pytest
from aiutil import (
    KEYS,
    LONGEST,
    ai_inputs,
    duplicate_slots,
    game_status,
    open_game,
    say,
    sent_to_ai,
    short_phases,
    size,
    start_bot,
)
from longrun import LONG

from plugins.bansha.engine.game import registry

pytestmark = pytest.mark.e2e
SCALE = 30.0  # game seconds per real second: a 60-second phase lasts 2 s
# A fixed deal per game (the judge who fixes it does not play here): 鹿鼎记 has deals whose last two seats tie
# every day for ever (the rules have no end for it; `bansha simulate` counts those as stuck), so not those.
SEEDS = {"luding": 0}  # the others: 种子=1
# `make test` plays all but the longest games; `make test-long` (BANSHA_LONG=1) every one (鹿鼎记 and 纳塔 take a minute)
GAMES = KEYS if LONG else [k for k in KEYS if k not in LONGEST]


@pytest.fixture(scope="module")
async def bot():
    proc, qq = await start_bot(SCALE)
    yield proc, qq
    await qq.close()
    proc.cleanup()


async def _all_ai(qq, proc, key: str, group: int) -> None:
    n = size(key)
    gid = await open_game(qq, group, key, f"种子={SEEDS.get(key, 1)} " + short_phases(key))
    await say(qq, group, 99999, f"/法官 加入AI {n}", f"已加入 {n} 个 AI 座位")
    status = await say(qq, group, 99999, "/状态", f"第 {gid} 局")
    assert f"报名中：{n} 人" in status.text and f"其中 AI 座位 {n} 个" in status.text
    mark = qq.mark()
    await say(qq, group, 99999, "/开始", "游戏开始")
    end = await qq.wait_for(lambda s: s.target == group and "演员表：" in s.text, 240, mark)
    assert "胜者：" in end.text and end.text.count("【AI】") >= n, end.text
    assert game_status(proc, gid) == "ended"
    posts = [a["text"] for _seq, kind, _q, a in ai_inputs(proc, gid) if kind == "aisay"]
    said = "\n".join(s.text for s in qq.sent if s.target == group and s.kind == "group")
    talks = any(p.discussion for p in registry.get(key).phases.values())  # (斗兽棋 has no discussion day)
    assert bool(posts) == talks and all(text in said for text in posts), f"{key}: AI posts {posts[:3]}"
    assert len(set(posts)) == len(posts), f"{key}: an AI said the same thing twice"
    assert duplicate_slots(proc, gid) == []


@pytest.mark.long
async def test_an_all_ai_game_of_every_ruleset_plays_to_a_winner(bot):
    proc, qq = bot
    games = [_all_ai(qq, proc, key, 2700 + i) for i, key in enumerate(GAMES)]
    await asyncio.gather(*games)
    assert sent_to_ai(qq) == []
