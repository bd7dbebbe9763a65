"""The bot on PostgreSQL (BANSHA_DB_URL=postgres://…): a game, a SIGKILL, a restore.

Runs when BANSHA_TEST_PG holds a database URL (.ci/run sets it up with
tools/pg-test-db.sh); skipped otherwise.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from fakeqq import BotProcess, FakeQQ
from mirror import Mirror

from plugins.bansha.engine import registry
from plugins.bansha.engine.game import ENDED

PG = os.environ.get("BANSHA_TEST_PG", "")
pytestmark = [pytest.mark.e2e, pytest.mark.skipif(not PG, reason="BANSHA_TEST_PG is not set")]
ROOT = Path(__file__).resolve().parents[1]
JUDGE = 99999


async def _reset(url: str) -> None:
    import asyncpg

    conn = await asyncpg.connect(url.replace("postgres://", "postgresql://", 1))
    try:
        await conn.execute(
            "DROP TABLE IF EXISTS bansha_outbox, bansha_snapshot, bansha_input, bansha_seat, bansha_pm_choice, "
            "bansha_game, tortoise_migrations CASCADE"
        )
    finally:
        await conn.close()


async def test_a_game_on_postgres_survives_a_restart():
    await _reset(PG)
    proc = BotProcess(ROOT, superusers=(JUDGE,), env={"BANSHA_DB_URL": PG})
    proc.start()
    try:
        await proc.wait_ready(60)
        qq = FakeQQ.for_process(proc)
        await qq.connect()
        group = 600
        players = [group * 100 + i for i in range(1, 10)]
        qq.add_group(group, {JUDGE: "法官"} | {p: f"玩家{p % 100}" for p in players}, owner=JUDGE)
        qq.friends.update(players)
        m = Mirror(qq, registry.get("werewolf"), group, JUDGE, players, 4, {"节奏": "快速"})
        await m.open()
        await m.join_all()
        await m.start()

        async def crash():
            proc.kill()
            proc.start()
            await proc.wait_ready(60)
            await qq.connect()

        async def on_step(mm: Mirror) -> None:
            if mm.steps == 5:
                mm.crash_next = crash

        await m.play(on_step=on_step)
        assert m.game.status == ENDED and proc.starts == 2
        assert m.unexpected_group_posts() == []
        await qq.close()
    finally:
        proc.cleanup()
