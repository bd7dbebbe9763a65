"""The bot on PostgreSQL (BANSHA_DB_URL=postgres://…): a game, a SIGKILL, a restore.

Runs when BANSHA_TEST_PG holds a database URL (.ci/run sets it up with
tools/pg-test-db.sh); skipped otherwise.
"""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest
from fakeqq import BotProcess, FakeQQ
from mirror import Mirror

from plugins.bansha.engine import registry
from plugins.bansha.engine.core import Input
from plugins.bansha.engine.game import ENDED
from plugins.bansha.lease import Leases
from plugins.bansha.models import GameRow, InputRow, OutboxRow
from plugins.bansha.service import NotOwner, Origin, Service

PG = os.environ.get("BANSHA_TEST_PG", "")
pytestmark = [pytest.mark.e2e, pytest.mark.skipif(not PG, reason="BANSHA_TEST_PG is not set")]
ROOT = Path(__file__).resolve().parents[1]
JUDGE = 99999


async def _reset(url: str) -> None:
    import asyncpg

    conn = await asyncpg.connect(url.replace("postgres://", "postgresql://", 1))
    try:
        tables = [r["tablename"] for r in await conn.fetch(
            "SELECT tablename FROM pg_tables WHERE schemaname = current_schema() "
            "AND (tablename LIKE 'bansha\\_%' OR tablename = 'tortoise_migrations')"
        )]
        if tables:
            await conn.execute(f"DROP TABLE IF EXISTS {', '.join(tables)} CASCADE")
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


# --- leases: one process judges an account; a takeover fences the old holder --------------------------


@pytest.fixture
async def pg():
    from tortoise import Tortoise

    await _reset(PG)
    await Service.init_db(PG)
    yield
    await Tortoise.close_connections()


class Recorder:
    def __init__(self) -> None:
        self.sent: list = []

    async def send(self, out) -> None:
        self.sent.append(out)


def _service(leases: Leases, rec: Recorder) -> Service:
    return Service(rec.send, lambda *a: None, lambda *a: None, leases=leases)


async def test_a_lease_fences_its_former_holder_and_the_new_one_drains_the_outbox_once(pg):
    one, two = Leases("one", takeover=1.5), Leases("two", takeover=1.5)
    assert await one.acquire(7) == 1 and await two.acquire(7) is None  # held: the standby waits
    r1, r2 = Recorder(), Recorder()
    s1 = _service(one, r1)
    await s1.adopt(7)
    game = await s1.open_game(group_id=610, self_id=7, owner=900, ruleset="toy", options={}, seed=3,
                              origin=Origin("group", 900, 610))
    for i in range(4):
        await s1.submit(game.gid, Input.make("join", 1000 + i, 1.0, name=f"甲{i}"), Origin("group", 1000 + i, 610))
    rows = await OutboxRow.filter(sent=False).count()
    assert rows == 5  # committed, never sent: the holder dies before its sender runs
    await asyncio.sleep(one.ttl + 0.2)  # it stopped renewing
    assert not one.holds(7) and await two.acquire(7) == 2
    s2 = _service(two, r2)
    assert await s2.adopt(7) == 1 and s2.games == {}  # indexed and armed; rebuilt in the background or on use
    assert await s2.rebuild_all() == 1 and s2.games[game.gid] == game
    while await s2.drain_once():
        pass
    assert len(r2.sent) == rows and len({o.id for o in r2.sent}) == rows and {o.self_id for o in r2.sent} == {7}
    assert await s1.drain_once() is False and r1.sent == []  # the former holder sends nothing more
    # a former holder that still has the game in memory cannot log anything: its epoch is gone
    with pytest.raises(NotOwner):
        await s1.submit(game.gid, Input.make("join", 2000, 2.0, name="迟到"), Origin("group", 2000, 610))
    assert await InputRow.filter(game_id=game.gid).count() == 4 and 7 not in s1.accounts
    await s2.submit(game.gid, Input.make("join", 2000, 2.0, name="迟到"), Origin("group", 2000, 610))
    assert await InputRow.filter(game_id=game.gid).count() == 5
    # a restarted process under the same name reclaims its own lease at once (a new epoch)
    again = Leases("two", takeover=1.5)
    assert await again.acquire(7) == 3 and await two.renew(7) is False


async def test_one_group_gets_one_game_when_two_accounts_see_the_same_opening(pg):
    a, b = Leases("a"), Leases("b")
    await a.acquire(1)
    await b.acquire(2)
    sa, sb = _service(a, Recorder()), _service(b, Recorder())
    await sa.adopt(1)
    await sb.adopt(2)
    opened = await asyncio.gather(
        *(s.open_game(group_id=620, self_id=acct, owner=900, ruleset="toy", options={}, seed=1,
                      origin=Origin("group", 900, 620)) for s, acct in ((sa, 1), (sb, 2))),
        return_exceptions=True,
    )
    games = [g for g in opened if not isinstance(g, BaseException)]
    assert len(games) == 1 and [type(e) for e in opened if isinstance(e, BaseException)] == [NotOwner]
    assert await GameRow.filter(active_group=620).count() == 1
