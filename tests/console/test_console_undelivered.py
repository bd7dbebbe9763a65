"""导演台's 未送达 page (issue 24 items 1 and 4): every message the bot could not deliver yet, per chat (the group,
each seat's private messages), with a resend control per chat and per message (POSTs with CSRF), and the count
on the game's tabs, header and the games list.

The page reads the service's API (`service.undelivered(gid)`, `service.resend(gid, ids=…, target=…)`, issue 24
item 1). The first tests give the service a small fake of exactly that API, to show every state and chat at
once; the last runs against the real outbox, with QQ refusing a seat's private messages."""

from __future__ import annotations

import pytest
from consoleutil import World, client, csrf_of, login, make, open_game, wipe
from tortoise import Tortoise

from plugins.bansha.engine.parts import moderator as judge_inputs
from plugins.bansha.models import OutboxRow
from plugins.bansha.service import Service, Undelivered
from plugins.bansha.service.outbox import SendFailed

OWNER, GROUP = 7699, 76


@pytest.fixture(scope="module")
async def db(tmp_path_factory):
    await Service.init_db(f"sqlite://{tmp_path_factory.mktemp('undelivered') / 'undelivered.sqlite3'}")
    yield
    await Tortoise.close_connections()


class FakeOutbox:
    """service.undelivered / service.resend as specified, over a list the test controls."""

    def __init__(self) -> None:
        self.rows: dict[int, list[Undelivered]] = {}
        self.resent: list[tuple[int, list[int] | None, int | None]] = []

    async def undelivered(self, gid: int) -> list[Undelivered]:
        return list(self.rows.get(gid, []))

    async def resend(self, gid: int, *, ids: list[int] | None = None, target: int | None = None) -> int:
        self.resent.append((gid, ids, target))
        rows = self.rows.get(gid, [])
        picked = [u for u in rows if (ids is not None and u.id in ids) or (target is not None and u.target == target)]
        self.rows[gid] = [u for u in rows if u not in picked]
        return len(picked)


@pytest.fixture
async def env(db):
    await wipe()
    world = World()
    app, svc, con = make(world)
    fake = FakeOutbox()
    svc.undelivered, svc.resend = fake.undelivered, fake.resend  # the instance's, as the lead's would be
    async with client(app) as c:
        yield world, svc, fake, c


async def test_the_page_lists_every_undelivered_message_per_chat_and_resends_them(env):
    world, svc, fake, c = env
    game = await open_game(svc, world, "werewolf", 9, seed=5, group=GROUP, owner=OWNER, steps=3)
    other = await open_game(svc, world, "werewolf", 9, seed=6, group=GROUP + 1, owner=OWNER, steps=3)
    t0 = world.clock
    p3, p5 = game.qq_of(3), game.qq_of(5)
    fake.rows[game.gid] = [
        Undelivered(11, "group", GROUP, None, "【第1天 白天】截止 …", 4, "retcode=1200 风控", t0 - 90, "retrying"),
        Undelivered(12, "private", p3, 3, "你是 3号，你的身份是【预言家】", 5, "对方不是好友，无法发起临时会话", t0 - 80,
                    "held"),
        Undelivered(13, "private", p3, 3, "查验结果：<b>5号</b> 是好人", 2, "对方不是好友", t0 - 40, "held"),
        Undelivered(14, "private", p5, 5, "你被守护了", 1, "确认超时", t0 - 20, "uncertain"),
    ]
    fake.rows[other.gid] = [Undelivered(21, "private", other.qq_of(1), 1, "别局的私聊", 1, "x", t0, "held")]
    await login(c, OWNER)

    page = await c.get(f"/bansha/game/{game.gid}/undelivered")
    html = page.text
    assert page.status_code == 200
    # per chat: the group first, then each seat by seat and nickname (with the QQ a judge needs)
    assert html.index("本群（群 76）") < html.index(f"3号 {game.players[2].name} 的私聊（QQ {p3}）（2 条）") \
        < html.index(f"5号 {game.players[4].name} 的私聊（QQ {p5}）（1 条）")
    for row in (11, 12, 13, 14):
        assert f'id="msg-{row}"' in html
    assert "别局的私聊" not in html and 'id="msg-21"' not in html
    assert "重试中" in html and "已暂停" in html and "可能已送达" in html and "已尝试 5 次" in html
    assert "&lt;b&gt;5号&lt;/b&gt;" in html and "<b>5号</b>" not in html  # message text is text
    # the count where a judge notices it: the tab, the game's header, the games list
    assert '未送达 <span class="count alert">4</span>' in html
    assert "4 条消息未送达" in (await c.get(f"/bansha/game/{game.gid}")).text
    listing = (await c.get("/bansha/")).text
    assert f'href="/bansha/game/{game.gid}/undelivered">4 条' in listing
    assert f'href="/bansha/game/{other.gid}/undelivered">1 条' in listing

    token = csrf_of(html)
    # no CSRF token: refused, nothing resent
    r = await c.post(f"/bansha/game/{game.gid}/resend", data={"id": "12"})
    assert r.status_code == 400 and fake.resent == []
    # another game's row, through this game: refused
    r = await c.post(f"/bansha/game/{game.gid}/resend", data={"id": "21", "csrf": token})
    assert r.status_code == 303 and fake.resent == []
    assert "没有补发" in (await c.get(f"/bansha/game/{game.gid}/undelivered")).text
    # one message
    r = await c.post(f"/bansha/game/{game.gid}/resend", data={"id": "14", "csrf": token})
    assert r.status_code == 303 and r.headers["location"] == f"/bansha/game/{game.gid}/undelivered"
    assert fake.resent[-1] == (game.gid, [14], None)
    after = (await c.get(f"/bansha/game/{game.gid}/undelivered")).text
    assert "已重新排队补发 1 条消息" in after and 'id="msg-14"' not in after
    # one chat: both of seat 3's
    r = await c.post(f"/bansha/game/{game.gid}/resend", data={"target": str(p3), "csrf": token})
    assert fake.resent[-1] == (game.gid, None, p3)
    after = (await c.get(f"/bansha/game/{game.gid}/undelivered")).text
    assert "已重新排队补发 2 条消息" in after and 'id="msg-12"' not in after and 'id="msg-13"' not in after
    assert '未送达 <span class="count alert">1</span>' in after


async def test_without_the_service_api_the_page_says_so_and_counts_nothing(env):
    world, svc, fake, c = env
    svc.undelivered = svc.resend = None  # an older service
    game = await open_game(svc, world, "werewolf", 9, seed=5, group=GROUP, owner=OWNER, steps=3)
    await login(c, OWNER)
    html = (await c.get(f"/bansha/game/{game.gid}/undelivered")).text
    assert "还不能列出未送达的消息" in html and 'class="count alert"' not in html
    r = await c.post(f"/bansha/game/{game.gid}/resend", data={"id": "1", "csrf": csrf_of(html)})
    assert r.status_code == 303


async def test_against_the_real_outbox_a_refused_pm_is_listed_and_resent(db):
    """Seat 3's private messages refused for good by QQ (no friend, no temp session): the 导演台 lists them under
    seat 3 as held; once he is reachable, 「全部补发」 puts them back in the queue and they arrive."""
    await wipe()
    world = World()
    refused: set[int] = set()

    async def send(out) -> None:  # what QQ does with each message the outbox sends
        if out.kind == "private" and out.target in refused:
            raise SendFailed("retcode 1200: 发送失败,请添加对方为好友", permanent=True)
        world.sent.append(out)

    world.send = send  # type: ignore[method-assign]
    app, svc, con = make(world)
    game = await open_game(svc, world, "werewolf", 9, seed=5, group=GROUP, owner=OWNER, steps=0)
    while await svc.drain_once():
        pass
    p3 = game.qq_of(3)
    refused.add(p3)
    await svc.submit(game.gid, judge_inputs.card(OWNER, world.clock, "黄牌", "3", "测试"))  # a group post
    text = f"你是 3号 {game.players[2].name}：法官私聊测试"
    await OutboxRow.create(game_id=game.gid, self_id=1, kind="private", target=p3, group_id=GROUP, text=text)
    while await svc.drain_once():
        pass
    assert [u.state for u in await svc.undelivered(game.gid)] == ["held"]
    async with client(app) as c:
        await login(c, OWNER)
        html = (await c.get(f"/bansha/game/{game.gid}/undelivered")).text
        assert f"3号 {game.players[2].name} 的私聊（QQ {p3}）（1 条）" in html and "法官私聊测试" in html
        assert "已暂停" in html and "请添加对方为好友" in html
        assert '未送达 <span class="count alert">1</span>' in html
        refused.clear()
        r = await c.post(f"/bansha/game/{game.gid}/resend", data={"target": str(p3), "csrf": csrf_of(html)})
        assert r.status_code == 303
        while await svc.drain_once():
            pass
        assert [o.text for o in world.sent if o.target == p3][-1] == text
        html = (await c.get(f"/bansha/game/{game.gid}/undelivered")).text
        assert "所有消息都已送达" in html and "已重新排队补发 1 条消息" in html
