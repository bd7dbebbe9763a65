"""The outbox on QQ's bad days (issue 24): nothing the rules produced is given up on, the judges are told
once, one slow chat holds up no other, a timed-out send goes out twice at most (a reminder once)."""

from __future__ import annotations

import asyncio

import pytest
from service_harness import open_toy
from tortoise import Tortoise

from plugins.bansha.models import DeliveryAlert, GameRow, InputRow, OutboxRow, PmChoice, SeatRow, SnapshotRow
from plugins.bansha.service import NotConnected, Service
from plugins.bansha.service.outbox import SendFailed

GROUP = 555  # open_toy's
OWNER = 900
PLAYER = 1003  # seat 4
T0 = 1_800_000_000.0


class Clocks:
    def __init__(self) -> None:
        self.mono = 1000.0
        self.wall = 1_800_000_000.0

    def pass_(self, seconds: float) -> None:
        self.mono += seconds
        self.wall += seconds


class QQ:
    """What the outbox sends through: refusals and slow acks by chat."""

    def __init__(self) -> None:
        self.sent: list = []
        self.refuse: dict[tuple[str, int], SendFailed] = {}
        self.slow: dict[tuple[str, int], float] = {}
        self.online = True

    async def send(self, out) -> None:
        if not self.online:
            raise NotConnected()
        if out.chat in self.slow:
            await asyncio.sleep(self.slow[out.chat])
        failure = self.refuse.get(out.chat)
        if failure is not None:
            raise failure
        self.sent.append(out)

    def texts(self, chat: tuple[str, int]) -> list[str]:
        return [o.text for o in self.sent if o.chat == chat]


@pytest.fixture(scope="module")
async def outbox_db(tmp_path_factory):
    await Service.init_db(f"sqlite://{tmp_path_factory.mktemp('outbox') / 'outbox.sqlite3'}")
    yield
    await Tortoise.close_connections()


@pytest.fixture
async def world(outbox_db):
    for model in (DeliveryAlert, OutboxRow, SnapshotRow, InputRow, SeatRow, PmChoice, GameRow):
        await model.all().delete()
    qq, clocks = QQ(), Clocks()
    svc = Service(qq.send, lambda *a: None, lambda *a: None, now=lambda: T0)
    svc.outbox.monotonic, svc.outbox.delivery.wall = (lambda: clocks.mono), (lambda: clocks.wall)
    game = await open_toy(svc)  # seats 1-4: QQ 1000-1003, opened by 900 (the judge)
    await drain(svc)
    await OutboxRow.all().delete()
    qq.sent.clear()
    return svc, qq, clocks, game.gid


async def row(gid: int, kind: str, target: int, text: str, **data) -> int:
    r = await OutboxRow.create(game_id=gid, self_id=1, kind=kind, target=target,
                               group_id=GROUP if kind == "private" else None, text=text, data=data or None)
    return r.id


NO_FRIEND = SendFailed("retcode 1200: 发送失败,请添加对方为好友", permanent=True)
RISK = SendFailed("retcode 1200: 消息发送失败，请稍后再试")
TIMEOUT = SendFailed("QQ 没有及时回应（超时）", timeout=True)


async def drain(svc: Service) -> None:
    while await svc.drain_once():
        pass


async def test_a_permanent_refusal_holds_the_messages_tells_the_judge_once_and_a_pm_releases_them(world):
    svc, qq, clocks, gid = world
    qq.refuse[("private", PLAYER)] = NO_FRIEND
    await row(gid, "private", PLAYER, "你的身份是【预言家】")
    await row(gid, "private", PLAYER, "第1夜：请查验")
    await drain(svc)
    assert qq.texts(("private", PLAYER)) == []
    assert await OutboxRow.filter(held=True).count() == 2
    notices = qq.texts(("private", OWNER))
    assert len(notices) == 1 and "4号 玩家4 收不到私聊" in notices[0] and "/补发" in notices[0]
    # more for him later: tried once as it comes, held, the judge is not told again
    await row(gid, "private", PLAYER, "查验结果：5号是狼人")
    await drain(svc)
    assert await OutboxRow.filter(held=True).count() == 3 and len(qq.texts(("private", OWNER))) == 1
    assert svc.outbox.delivery.heard_from(PLAYER)  # he writes: messages wait for him
    del qq.refuse[("private", PLAYER)]
    assert await svc.outbox.delivery.release(PLAYER) == 3
    await drain(svc)
    assert qq.texts(("private", PLAYER)) == ["你的身份是【预言家】", "第1夜：请查验", "查验结果：5号是狼人"]
    assert await OutboxRow.filter(sent=False).count() == 0
    assert (await DeliveryAlert.get()).cleared is not None
    assert not svc.outbox.delivery.heard_from(PLAYER)


async def test_a_transient_refusal_is_retried_with_backoff_and_the_judge_told_after_a_minute(world):
    svc, qq, clocks, gid = world
    qq.refuse[("private", PLAYER)] = RISK
    await row(gid, "private", PLAYER, "查验结果")
    await drain(svc)
    assert svc.outbox.wake == 1.0  # the chat waits: 1 s, then 2, 4, 8…
    clocks.pass_(1)
    await drain(svc)
    assert svc.outbox.wake == 2.0 and qq.texts(("private", OWNER)) == []
    for _ in range(8):  # still refused a minute later
        clocks.pass_(svc.outbox.wake or 0)
        await drain(svc)
    assert len(qq.texts(("private", OWNER))) == 1  # told once
    assert await OutboxRow.filter(held=False, sent=False).count() == 1  # still being retried
    del qq.refuse[("private", PLAYER)]
    clocks.pass_(60)
    await drain(svc)
    assert qq.texts(("private", PLAYER)) == ["查验结果"]
    assert (await OutboxRow.get(text="查验结果")).attempts >= 8


async def test_an_ended_game_is_retried_a_day_then_held_never_dropped(world):
    svc, qq, clocks, gid = world
    svc.self_ids.pop(gid)  # the game ended
    qq.refuse[("group", GROUP)] = RISK
    await row(gid, "group", GROUP, "演员表")
    await drain(svc)
    clocks.pass_(24 * 3600 + 1)
    await drain(svc)
    r = await OutboxRow.get(text="演员表")
    assert r.held and not r.sent
    assert [u.state for u in await svc.undelivered(gid)] == ["held"]
    del qq.refuse[("group", GROUP)]
    assert await svc.resend(gid, target=GROUP) == 1
    await drain(svc)
    assert qq.texts(("group", GROUP)) == ["演员表"]


async def test_a_timed_out_send_goes_twice_at_most_and_a_reminder_once(world):
    svc, qq, clocks, gid = world
    qq.refuse[("private", PLAYER)] = TIMEOUT
    await row(gid, "private", PLAYER, "女巫请用药")
    await row(gid, "private", PLAYER, "提醒：你还没用药", remind=True)
    for _ in range(6):
        await drain(svc)
        clocks.pass_(10)
    rows = {r.text: r for r in await OutboxRow.all()}
    assert rows["女巫请用药"].timeouts == 2 and rows["女巫请用药"].uncertain
    assert rows["提醒：你还没用药"].timeouts == 1 and rows["提醒：你还没用药"].uncertain
    assert await OutboxRow.filter(sent=False).count() == 0
    assert {u.state for u in await svc.undelivered(gid)} == {"uncertain"}
    # /补发: what may not have arrived comes again, once
    del qq.refuse[("private", PLAYER)]
    assert await svc.outbox.delivery.release(PLAYER, uncertain_in=[gid]) == 2
    await drain(svc)
    assert qq.texts(("private", PLAYER)) == ["女巫请用药", "提醒：你还没用药"]


async def test_a_slow_chat_holds_up_no_other_chat(world):
    svc, qq, clocks, gid = world
    qq.slow[("private", PLAYER)] = 0.5
    await row(gid, "private", PLAYER, "慢")
    svc.outbox.say(1, "group", 4242, "另一个群的 /状态")
    task = asyncio.create_task(svc.drain_once())
    for _ in range(100):
        if qq.texts(("group", 4242)):
            break
        await asyncio.sleep(0.01)
    assert qq.texts(("group", 4242)) == ["另一个群的 /状态"] and qq.texts(("private", PLAYER)) == []
    await task
    assert qq.texts(("private", PLAYER)) == ["慢"]


async def test_a_reply_is_tried_a_few_times_then_given_up(world):
    svc, qq, clocks, gid = world
    qq.refuse[("private", 5555)] = RISK
    svc.outbox.say(1, "private", 5555, "没有这个命令")
    for _ in range(5):
        await drain(svc)
        clocks.pass_(10)
    assert await svc.outbox.pending() == 0
    assert qq.texts(("private", OWNER)) == []  # a reply is no game message: nobody is told


async def test_a_muted_group_waits_in_order_and_the_judge_hears_of_it_after_ten_minutes(world):
    svc, qq, clocks, gid = world
    qq.refuse[("group", GROUP)] = SendFailed("retcode 1200: 发送失败，目前处于禁言状态")
    for i in range(3):
        await row(gid, "group", GROUP, f"进程帖{i + 1}")
    await row(gid, "private", PLAYER, "私聊不受影响")
    await drain(svc)
    assert qq.texts(("private", PLAYER)) == ["私聊不受影响"]
    for _ in range(20):
        clocks.pass_(60)
        await drain(svc)
    notices = qq.texts(("private", OWNER))
    assert len(notices) == 1 and f"群 {GROUP} 发不出消息" in notices[0]
    del qq.refuse[("group", GROUP)]
    clocks.pass_(60)
    await drain(svc)
    assert qq.texts(("group", GROUP)) == ["进程帖1", "进程帖2", "进程帖3"]
