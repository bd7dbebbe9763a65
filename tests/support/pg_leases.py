"""PostgreSQL lease scenarios, run by tests/e2e/test_postgres.py in a process of their own (see there).

`python tests/support/pg_leases.py <scenario>` with BANSHA_TEST_PG set; prints "<scenario>: ok".
"""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parents[1]), str(HERE)]  # the repository (plugins) and the harnesses

from pg import PG  # noqa: E402
from pg import reset as _reset  # noqa: E402

from plugins.bansha import db  # noqa: E402
from plugins.bansha.engine.core import Input  # noqa: E402
from plugins.bansha.engine.game import registry  # noqa: E402
from plugins.bansha.models import GameRow, InputRow, OutboxRow  # noqa: E402
from plugins.bansha.service import NotOwner, Origin, Service  # noqa: E402
from plugins.bansha.service.lease import Leases  # noqa: E402


class Recorder:
    def __init__(self) -> None:
        self.sent: list = []

    async def send(self, out) -> None:
        self.sent.append(out)


def _service(leases: Leases, rec: Recorder) -> Service:
    return Service(rec.send, lambda *a: None, lambda *a: None, leases=leases)


async def fencing() -> None:
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
    try:
        await s1.submit(game.gid, Input.make("join", 2000, 2.0, name="迟到"), Origin("group", 2000, 610))
        raise AssertionError("the fenced holder committed an input")
    except NotOwner:
        pass
    assert await InputRow.filter(game_id=game.gid).count() == 4 and 7 not in s1.accounts
    await s2.submit(game.gid, Input.make("join", 2000, 2.0, name="迟到"), Origin("group", 2000, 610))
    assert await InputRow.filter(game_id=game.gid).count() == 5
    # a restarted process under the same name reclaims its own lease at once (a new epoch)
    again = Leases("two", takeover=1.5)
    assert await again.acquire(7) == 3 and await two.renew(7) is False


async def one_game_per_group() -> None:
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


async def main(name: str) -> None:
    registry.load_all()
    await _reset(PG)
    await Service.init_db(PG)
    try:
        await globals()[name]()
    finally:
        await db.close()
    print(f"{name}: ok")


if __name__ == "__main__":
    assert os.environ.get("BANSHA_TEST_PG"), "BANSHA_TEST_PG is not set"
    asyncio.run(main(sys.argv[1]))
