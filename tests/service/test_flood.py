"""Flood control: the send budget per group (merging while over it) and the command budget per user."""

from __future__ import annotations

import pytest
from service_harness import GROUP, Harness
from tortoise import Tortoise

from plugins.bansha.models import GameRow, InputRow, OutboxRow, PmChoice, SeatRow, SnapshotRow
from plugins.bansha.pacing import Budget, CommandGate, Pacer
from plugins.bansha.service import Service
from plugins.bansha.service.outbox import MERGED_SEP


@pytest.fixture(scope="module")
async def flood_db(tmp_path_factory):
    # a DB of this module's own, closed at its end (one tortoise context at a time: see test_leaks.py)
    await Service.init_db(f"sqlite://{tmp_path_factory.mktemp('flood') / 'flood.sqlite3'}")
    yield
    await Tortoise.close_connections()


@pytest.fixture
async def h(flood_db):
    for model in (OutboxRow, SnapshotRow, InputRow, SeatRow, PmChoice, GameRow):
        await model.all().delete()
    return Harness()


class Clock:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def test_a_group_gets_its_burst_then_one_message_per_interval():
    clock = Clock()
    pacer = Pacer(Budget(burst=5, interval=2.0), now=clock)
    sent = 0
    for _ in range(20):  # 20 wishes at once
        if pacer.try_take(GROUP):
            sent += 1
    assert sent == 5
    assert pacer.wait(GROUP) == 2.0
    clock.t += 1.0
    assert not pacer.try_take(GROUP) and pacer.wait(GROUP) == 1.0
    clock.t += 1.0
    assert pacer.try_take(GROUP) and not pacer.try_take(GROUP)
    assert pacer.try_take(GROUP + 1)  # another group has its own budget
    clock.t += 60
    assert sum(pacer.try_take(GROUP) for _ in range(20)) == 5  # it never saves up more than the burst


def test_a_user_over_the_command_budget_is_told_once_then_ignored():
    clock = Clock()
    gate = CommandGate(Pacer(Budget(burst=4, interval=5.0), now=clock))
    verdicts = [gate.admit(42) for _ in range(200)]
    assert verdicts[:4] == [(True, False)] * 4
    assert verdicts[4] == (False, True)  # the one notice
    assert set(verdicts[5:]) == {(False, False)}
    assert gate.admit(43) == (True, False)  # someone else is not held back
    clock.t += 5
    assert gate.admit(42) == (True, False)
    assert gate.admit(42) == (False, True)  # a new overrun, a new notice


async def _rows(n: int, group: int = GROUP) -> list[int]:
    game = await GameRow.create(group_id=group, self_id=1, ruleset="toy", status="running", seed=1, owner=1, options={})
    ids = []
    for i in range(n):
        row = await OutboxRow.create(game_id=game.id, self_id=1, kind="group", target=group, text=f"第{i + 1}条")
        ids.append(row.id)
    await OutboxRow.create(game_id=game.id, self_id=1, kind="private", target=7, text="私聊")
    return ids


def _service(harness: Harness, clock: Clock) -> Service:
    pacer = Pacer(Budget(burst=2, interval=10.0), now=clock)
    return Service(harness.send, harness.arm, harness.disarm, now=lambda: harness.clock, pacer=pacer)


async def test_over_budget_the_queue_is_merged_in_order_and_nothing_is_dropped(h):
    clock = Clock()
    svc = _service(h, clock)
    await _rows(6)
    await svc.drain_once()
    group = [o for o in h.sent if o.kind == "group"]
    assert [o.text for o in group] == ["第1条", "第2条"]  # the burst
    assert [o.text for o in h.sent if o.kind == "private"] == ["私聊"]  # a private chat is not held up
    assert 0 < svc.outbox.wake <= 10
    await svc.drain_once()
    assert len([o for o in h.sent if o.kind == "group"]) == 2  # still over budget: it waits
    clock.t += 10
    await svc.drain_once()
    group = [o for o in h.sent if o.kind == "group"]
    assert len(group) == 3
    assert group[2].text == MERGED_SEP.join(f"第{i}条" for i in range(3, 7))  # one message, in order
    assert await OutboxRow.filter(sent=False).count() == 0


async def test_after_a_restart_the_replay_keeps_to_the_budget(h):
    await _rows(6)
    svc = _service(h, Clock())  # a fresh process: a full burst, no more
    await svc.drain_once()
    assert len([o for o in h.sent if o.kind == "group"]) == 2
    assert await OutboxRow.filter(sent=False, kind="group").count() == 4


async def test_replies_held_in_memory_share_the_budget_and_merge(h):
    clock = Clock()
    svc = _service(h, clock)
    for i in range(5):
        svc.outbox.say(1, "group", GROUP, f"回复{i + 1}")
    await svc.drain_once()
    clock.t += 10
    await svc.drain_once()
    assert [o.text for o in h.sent] == ["回复1", "回复2", MERGED_SEP.join(["回复3", "回复4", "回复5"])]
    assert await svc.outbox.pending() == 0
