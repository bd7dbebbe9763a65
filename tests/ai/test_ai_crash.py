"""SIGKILL in the middle of a night full of AI seats (issue 27): after the restart the AI seats carry on from the
log — minds rebuilt, the same slots at the same moments — no decision slot acts twice, none misses its
deadline, and the game the bot finishes is exactly the fold of its log, crash-free."""

from __future__ import annotations

import asyncio
import json

import pytest
from aiutil import ai_inputs, duplicate_slots, game_status, open_game, say, sent_to_ai, short_phases, start_bot
from secutil import close_readers, db_query

from plugins.bansha.engine.core import Input
from plugins.bansha.engine.game.replay import replay

pytestmark = [pytest.mark.e2e, pytest.mark.slow]  # slow: a SIGKILL variant: the chaos test SIGKILLs every game in make test; this one runs in make test-long
SCALE = 20.0
GROUP = 3300


async def test_sigkill_mid_night_the_ai_seats_carry_on_and_nothing_is_taken_twice():
    proc, qq = await start_bot(SCALE)
    try:
        # a long first night: the bot is down for a few of its seconds, not past its deadline
        gid = await open_game(qq, GROUP, "werewolf", f"种子=2 {short_phases('werewolf', 40)} 夜晚=150s")
        await say(qq, GROUP, 99999, "/法官 加入AI 9", "已加入 9 个 AI 座位")
        mark = qq.mark()
        await say(qq, GROUP, 99999, "/开始", "游戏开始")
        await _until(lambda: any(k == "act" for _s, k, _q, _a in ai_inputs(proc, gid)), 60)
        proc.kill()
        close_readers()
        before = len(ai_inputs(proc, gid))
        proc.start()
        await proc.wait_ready(60)
        await qq.connect()
        end = await qq.wait_for(lambda s: s.target == GROUP and "演员表：" in s.text, 240, mark)
        assert game_status(proc, gid) == "ended"
        assert len(ai_inputs(proc, gid)) > before  # the AI seats went on after the restart
        assert duplicate_slots(proc, gid) == [] and sent_to_ai(qq) == []
        assert "rebuilding the AI seats' minds from the log" in proc.log_text()
        report = next(json.loads(line.split(" ended: ", 1)[1]) for line in reversed(proc.log_text().splitlines())
                      if f"bansha ai: game {gid} ended: " in line)
        assert report["missed"] == 0
        # the game is the fold of its log, crash-free
        row = db_query(proc, "SELECT ruleset, seed, options, group_id, owner FROM bansha_game WHERE id=?", gid)[0]
        meta = {"ruleset": row[0], "seed": row[1], "options": json.loads(row[2]), "group": row[3], "owner": row[4],
                "game": gid}
        log = [Input.from_json({"kind": k, "actor": a, "args": json.loads(args), "at": at}) for k, a, args, at in
               db_query(proc, "SELECT kind, actor, args, at FROM bansha_input WHERE game_id=? ORDER BY seq", gid)]
        folded = replay(meta, log).game
        said = "\n".join(s.text for s in qq.sent[mark:] if s.target == GROUP)
        assert folded.status == "ended" and folded.outcome is not None and folded.outcome.text in said
        assert f"胜者：{folded.outcome.winner}" in end.text
    finally:
        close_readers()
        await qq.close()
        proc.cleanup()


async def _until(pred, timeout: float) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not pred():
        if loop.time() > end:
            raise TimeoutError("condition not met")
        await asyncio.sleep(0.05)
