"""Three real bot processes on one PostgreSQL: accounts A and B, and a standby for A.

Account A's fake NapCat is connected to two bot processes (NapCat can serve several reverse
WebSockets): the one holding A's lease judges, the other waits. Account B has a process of its own.
A 狼人杀 game in A's group and one in B's group are played at once through the fake clients; a third
game in A's account runs on its own short deadlines. Mid-night, A's judging process is SIGKILLed:
the standby takes A's lease within the takeover time, restores A's games, fires the deadline that
passed meanwhile and drains the outbox; the killed process comes back as the new standby.

Then: both played games end as their crash-free folds do; every acknowledged input is in the log;
every message a game produced went out exactly once, through its own account, and after the kill
only through the new holder; every deadline fired once.

Runs when BANSHA_TEST_PG holds a database URL (.ci/run sets it up with tools/pg-test-db.sh).
"""

from __future__ import annotations

import asyncio
import json
import time
from collections import Counter

import asyncpg
import pytest
from fakeqq import BotProcess, FakeQQ, in_group
from mirror import Mirror
from paths import ROOT
from pg import PG
from pg import reset as _reset

from plugins.bansha.engine.core import MARKER_RE
from plugins.bansha.engine.game import registry
from plugins.bansha.service.lease import default_holder

pytestmark = [pytest.mark.slow, pytest.mark.e2e, pytest.mark.skipif(not PG, reason="BANSHA_TEST_PG is not set")]  # slow: three bot processes on PostgreSQL (~20 s): make test-long; test_postgres.py keeps a PostgreSQL restart in make test
JUDGE = 99999
A, B = 10000, 20000
GA, GB, GD = 5100, 5200, 5300
TAKEOVER = 6.0
OUTBOX_ACTIONS = {"send_group_msg", "send_private_msg", "send_group_forward_msg"}


def _players(group: int, n: int) -> list[int]:
    return [group * 100 + i for i in range(1, n + 1)]


def _join(qq: FakeQQ, group: int, players: list[int]) -> None:
    qq.add_group(group, {JUDGE: "法官"} | {p: f"玩家{p % 100}" for p in players}, owner=JUDGE)
    qq.friends.update(players)


async def _db(sql: str, *args) -> list:
    conn = await asyncpg.connect(PG.replace("postgres://", "postgresql://", 1))
    try:
        return await conn.fetch(sql, *args)
    finally:
        await conn.close()


async def _holder(account: int) -> str | None:
    rows = await _db("SELECT holder FROM bansha_lease WHERE account = $1", account)
    return rows[0]["holder"] if rows else None


async def _until(pred, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not await pred():
        if time.monotonic() > deadline:
            raise TimeoutError(what)
        await asyncio.sleep(0.1)


class KillMidNight(Mirror):
    """After a night action is acknowledged while other seats still owe theirs, `kill()` once."""

    kill = None
    killed = False

    async def act(self, seat, action) -> None:
        await super().act(seat, action)
        state = self.game.state
        if self.dry or self.killed or state is None or not self.rules.phases[state.phase].night:
            return
        if self.rules.pending(state):
            self.killed = True
            await self.kill()


def _by_outbox(q: FakeQQ) -> Counter:
    """What the fake received, in the outbox's terms; a vote's reaction is known by the message it is on."""
    got = Counter(("forward" if s.is_forward else s.kind, s.target, s.text) for s in q.sent if s.action in OUTBOX_ACTIONS)
    return got + Counter(("react", mid) for mid, _ in q.reactions)


async def _outbox(account: int) -> Counter:
    rows = await _db("SELECT kind, target, text, sent FROM bansha_outbox WHERE self_id = $1 AND kind != 'ban'", account)
    assert all(r["sent"] for r in rows), "a committed message was never sent"
    # an @ (a countdown, a speaking turn) is a marker in the outbox and a segment of its own at the fake
    return Counter(("react", json.loads(r["text"])["message_id"]) if r["kind"] == "react"
                   else (r["kind"], r["target"], MARKER_RE.sub("", r["text"])) for r in rows)


async def test_a_standby_takes_over_account_a_mid_night_while_account_b_plays_on():
    await _reset(PG)
    env = {"BANSHA_DB_URL": PG, "BANSHA_TAKEOVER_SECONDS": str(TAKEOVER)}
    pa, pa2, pb = (BotProcess(ROOT, superusers=(JUDGE,), env=env) for _ in range(3))
    qa = qb = None
    try:
        for p in (pa, pa2, pb):
            p.start()
        for p in (pa, pa2, pb):
            await p.wait_ready(60)
        qa = FakeQQ.for_process(pa, self_id=A)
        qb = FakeQQ.for_process(pb, self_id=B)
        await qa.connect()
        await qb.connect()
        await _until(lambda: _is(_holder(A), default_holder(pa.port)), 20, "A's first process never took A's lease")
        await qa.connect_also(pa2.url)  # the standby: NapCat serves both
        rules = registry.get("werewolf")
        pl_a, pl_b, pl_d = _players(GA, 9), _players(GB, 9), _players(GD, 6)
        _join(qa, GA, pl_a)
        _join(qa, GD, pl_d)
        _join(qb, GB, pl_b)
        opts = {"节奏": "快速"}
        refs = {}
        for group, players, seed in ((GA, pl_a, 11), (GB, pl_b, 12)):
            ref = Mirror(qa, rules, group, JUDGE, players, seed, opts, dry=True)
            await ref.open()
            await ref.join_all()
            await ref.start()
            await ref.play()
            refs[group] = ref.game
        # the deadline game: nobody acts, its 3-second phases move on their own
        await qa.group_msg(JUDGE, GD, "/开局 狼人杀 种子=5 夜晚=3s 女巫=3s 白天=3s 遗言=3s 潜水=关 未投票黄牌=关 发言=自由")
        await qa.wait_for(in_group(GD, "开局（第"), timeout=20)
        for p in pl_d:  # each sign-up is acknowledged by a reaction on it
            await qa.wait_reaction(await qa.group_msg(p, GD, "/报名"), 20)
        await qa.group_msg(JUDGE, GD, "/开始")
        await qa.wait_for(in_group(GD, "游戏开始"), timeout=20)

        ma = KillMidNight(qa, rules, GA, JUDGE, pl_a, 11, opts)
        mb = Mirror(qb, rules, GB, JUDGE, pl_b, 12, opts)
        when: dict[str, float] = {}
        due_phase = [0]  # GD's phase whose deadline came due while A was down

        async def kill() -> None:
            # a quiet moment: the acknowledged messages are out and marked, a deadline of GD just fired
            # and the next one is due in more than 1.5 s: it comes due while A is down (a takeover takes
            # at least the lease's time to live less one renewal period, 3.6 s here)
            while True:
                mark = qa.mark()
                await qa.wait_for(in_group(GD, "截止"), timeout=20, after=mark)
                (row,) = await _db("SELECT phase_no, deadline FROM bansha_game WHERE group_id = $1", GD)
                if row["deadline"] - time.time() > 1.5:
                    break
            await asyncio.sleep(0.5)
            when["kill"] = time.time()
            pa.kill()
            when["due"], due_phase[0] = row["deadline"], row["phase_no"]
            await _until(lambda: _is(_holder(A), default_holder(pa2.port)), TAKEOVER + 15, "no takeover")
            when["takeover"] = time.time()
            pa.start()  # back, as the standby now
            await pa.wait_ready(60)
            await qa.connect()

        ma.kill = kill
        for m in (ma, mb):
            await m.open()
            await m.join_all()
            await m.start()
        await asyncio.gather(ma.play(), mb.play())
        print(f"takeover after {when['takeover'] - when['kill']:.2f} s")
        assert ma.killed and when["takeover"] - when["kill"] <= TAKEOVER + 1.5, when
        assert when["kill"] < when["due"] < when["takeover"], when

        async def deadlines() -> list[tuple[int, float]]:
            return [(int(r["phase"]), r["at"]) for r in await _db(
                "SELECT (args->>'phase_no')::int AS phase, at FROM bansha_input i JOIN bansha_game g "
                "ON g.id = i.game_id WHERE g.group_id = $1 AND i.kind = 'deadline' ORDER BY i.seq", GD)]

        async def armed_by_the_standby_fired() -> bool:
            return any(p > due_phase[0] for p, _ in await deadlines())

        # GD runs on its own deadlines whatever the played games do: wait (bounded) until a deadline the
        # new holder armed itself has fired too, however fast or slow GA and GB were
        await _until(armed_by_the_standby_fired, 30, "no deadline fired after the one due while A was down")
        await qa.group_msg(JUDGE, GD, "/法官 终止 测试结束")
        await qa.wait_for(in_group(GD, "游戏被法官终止"), timeout=20)
        await asyncio.sleep(2)  # anything sent twice would arrive by now

        # same outcome as the crash-free fold; every acknowledged input in the log
        for m in (ma, mb):
            assert m.game.outcome == refs[m.group].outcome
            (row,) = await _db("SELECT MAX(seq) AS seq FROM bansha_input WHERE game_id = $1", m.game.gid)
            assert row["seq"] == m.game.seq
        # every message once, through its own account: the fakes got exactly what the outboxes hold
        assert _by_outbox(qa) == await _outbox(A)
        assert _by_outbox(qb) == await _outbox(B)
        for m, q, players in ((ma, qa, pl_a), (mb, qb, pl_b)):
            extra = [s.describe() for s in q.sent
                     if (s.target == m.group or s.target in players) and s.message_id not in m.consumed]
            assert extra == [], extra
        # before the kill through A's first process, after it only through the standby
        assert {s.via for s in qa.sent if s.time < when["kill"]} == {pa.url}
        assert {s.via for s in qa.sent if s.time > when["kill"]} == {pa2.url}
        assert {s.via for s in qb.sent} == {pb.url}
        # every deadline fired once, none skipped (nobody acts in GD: each phase ends on its deadline);
        # the one that came due while A was down fired soon after the takeover, the next ones on time
        fired = await deadlines()
        phases = [p for p, _ in fired]
        assert phases == list(range(1, len(phases) + 1)) and len(phases) > due_phase[0] >= 1, fired
        at = dict(fired)
        assert when["kill"] < at[due_phase[0]] <= when["takeover"] + 3, (fired, when)
    finally:
        for q in (qa, qb):
            if q is not None:
                await q.close()
                await q.close_also(pa2.url)
        for p in (pa, pa2, pb):
            p.cleanup()


async def _is(value, want) -> bool:
    return (await value) == want
