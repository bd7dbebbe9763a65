"""The bot on PostgreSQL (BANSHA_DB_URL=postgres://…): a game, a SIGKILL, a restore.

Runs when BANSHA_TEST_PG holds a database URL (.ci/run sets it up with
tools/pg-test-db.sh); skipped otherwise.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from fakeqq import BotProcess, FakeQQ
from mirror import Mirror
from paths import ROOT, SUPPORT
from pg import PG
from pg import reset as _reset

from plugins.bansha.engine.game import ENDED, registry

pytestmark = [pytest.mark.e2e, pytest.mark.skipif(not PG, reason="BANSHA_TEST_PG is not set")]
JUDGE = 99999


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


# --- leases: one process judges an account; a takeover fences the old holder --------------------------
# These run the service in a child process (tests/support/pg_leases.py): the pytest process has opened SQLite
# databases already, and tortoise keeps the first dialect's query builders on the model classes.


def _scenario(name: str) -> None:
    script = SUPPORT / "pg_leases.py"
    done = subprocess.run([sys.executable, str(script), name], env=dict(os.environ, BANSHA_TEST_PG=PG),
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-5000:]
    assert f"{name}: ok" in done.stdout


def test_a_lease_fences_its_former_holder_and_the_new_one_drains_the_outbox_once():
    _scenario("fencing")


def test_one_group_gets_one_game_when_two_accounts_see_the_same_opening():
    _scenario("one_game_per_group")
