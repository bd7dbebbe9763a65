"""导演台 sessions (issue 24 item 4): logout and `/法官 移除法官` end sessions on the server, open event
streams close with them, the games list's stream tells only about the judge's own games, and a login is
posted from the console's own origin. (The QQ side of 移除法官 is in tests/console/test_console_e2e.py.)"""

from __future__ import annotations

import asyncio

import httpx
import pytest
from consoleutil import BASE, World, client, csrf_of, login, make, open_game, serve, wipe
from tortoise import Tortoise

from plugins.bansha import console as console_pkg
from plugins.bansha.console import auth, live
from plugins.bansha.console.auth import COOKIE
from plugins.bansha.engine.core import Input
from plugins.bansha.models import ConsoleLogin
from plugins.bansha.service import Origin, Service

OWNER, OTHER = 7391, 7392  # not among the agents' QQs (group * 100 + seat)
G1, G2 = 73, 74
WAIT = 10.0


@pytest.fixture(scope="module")
async def db(tmp_path_factory):
    await Service.init_db(f"sqlite://{tmp_path_factory.mktemp('sessions') / 'sessions.sqlite3'}")
    yield
    await Tortoise.close_connections()


@pytest.fixture
async def env(db):
    await wipe()
    auth._epochs.clear()
    world = World()
    app, svc, con = make(world)
    async with client(app) as c:
        yield world, svc, con, c, app


def cookie_of(c: httpx.AsyncClient) -> str:
    return c.cookies[COOKIE]


def with_cookie(app, cookie: str) -> httpx.AsyncClient:
    c = client(app)
    c.cookies.set(COOKIE, cookie, domain="bansha.test", path="/bansha/")
    return c


async def test_logging_out_ends_every_session_of_that_judge_at_once(env):
    world, svc, con, c, app = env
    await login(c, OWNER)
    copied = cookie_of(c)
    async with client(app) as phone:  # a second login of the same judge, on another device
        await login(phone, OWNER)
        assert (await phone.get("/bansha/")).status_code == 200
        r = await c.post("/bansha/logout", data={"csrf": csrf_of((await c.get("/bansha/")).text)})
        assert r.status_code == 200 and "所有设备" in r.text
        for who in (phone, with_cookie(app, copied)):
            r = await who.get("/bansha/")
            assert r.status_code == 401 and "请先登录" in r.text
        r = await phone.post("/bansha/logout", data={"csrf": "x"})  # its 退出 button, pressed late: fine
        assert r.status_code == 200 and "会话已经结束" in r.text
    # a new login works again
    c.cookies.clear()
    await login(c, OWNER)
    assert (await c.get("/bansha/")).status_code == 200


async def test_revoke_ends_sessions_here_at_once_and_on_other_processes_within_seconds(env):
    world, svc, con, c, app = env
    await login(c, OTHER)
    assert (await c.get("/bansha/")).status_code == 200
    await console_pkg.revoke(OTHER)  # what /法官 移除法官 calls (qq/commands/judge.py, writes.py)
    assert (await c.get("/bansha/")).status_code == 401
    # another process: its cached epoch ends at EPOCH_TTL, then it reads the DB's
    await login(c, OTHER)
    before = dict(auth._epochs)
    await console_pkg.revoke(OTHER)
    auth._epochs.clear()
    auth._epochs.update({q: (v, t) for q, (v, t) in before.items()})  # still the old epoch, as cached elsewhere
    assert (await c.get("/bansha/")).status_code == 200
    auth._epochs.clear()  # the cache expired there
    assert (await c.get("/bansha/")).status_code == 401


async def test_a_login_is_refused_unless_posted_from_the_consoles_own_origin(env):
    world, svc, con, c, app = env
    link = await console_pkg.login_link(OWNER)
    token = link.split("t=", 1)[1]
    for headers in ({"Origin": "https://evil.example"}, {"Origin": "null"}, {},
                    {"Referer": "https://evil.example/bansha/login?t=x"}):
        r = await c.post("/bansha/login", data={"t": token}, headers=headers)
        assert r.status_code == 403 and "不是从导演台自己的页面发出的" in r.text, headers
    assert (await ConsoleLogin.get(qq=OWNER)).used is None  # the link was not spent
    r = await c.post("/bansha/login", data={"t": token}, headers={"Referer": f"{BASE}/bansha/login?t={token}"})
    assert r.status_code == 303  # no Origin: the Referer stands for it
    # the login page asks the browser to send its origin with the POST (its other pages send no referrer)
    page = await c.get("/bansha/login?t=" + (await console_pkg.login_link(OWNER)).split("t=", 1)[1])
    assert page.headers["Referrer-Policy"] == "same-origin" and 'content="same-origin"' in page.text


async def test_with_a_public_url_only_that_origin_may_post_a_login(db):
    await wipe()
    world = World()
    app, svc, con = make(world, url="https://bansha.example.com")
    async with client(app) as c:
        token = (await console_pkg.login_link(OWNER)).split("t=", 1)[1]
        r = await c.post("/bansha/login", data={"t": token}, headers={"Origin": BASE})  # the Host, not the URL
        assert r.status_code == 403
        r = await c.post("/bansha/login", data={"t": token}, headers={"Origin": "https://bansha.example.com"})
        assert r.status_code == 303


# --- the event streams -----------------------------------------------------------------------------


async def lines_until(lines, want, seen: list[str]) -> None:
    async def read():
        async for line in lines:
            seen.append(line)
            if want(line):
                return
        raise AssertionError(f"the stream ended; it said {seen}")

    await asyncio.wait_for(read(), WAIT)


async def ended(lines, seen: list[str]) -> None:
    async def read():
        async for line in lines:
            seen.append(line)

    await asyncio.wait_for(read(), WAIT)


async def test_open_streams_close_when_the_judge_logs_out(env):
    world, svc, con, c, app = env
    game = await open_game(svc, world, "werewolf", 9, seed=5, group=G1, owner=OWNER, steps=3)
    await login(c, OWNER)
    headers = {"Cookie": f"{COOKIE}={cookie_of(c)}"}
    async with serve(app) as url, httpx.AsyncClient(base_url=url, timeout=WAIT) as h:
        async with h.stream("GET", f"/bansha/game/{game.gid}/events", headers=headers) as one, \
                h.stream("GET", "/bansha/events", headers=headers) as every:
            a, b = one.aiter_lines(), every.aiter_lines()
            seen_a: list[str] = []
            seen_b: list[str] = []
            await lines_until(a, lambda line: line == "event: hello", seen_a)
            await lines_until(b, lambda line: line == "event: hello", seen_b)
            await c.post("/bansha/logout", data={"csrf": csrf_of((await c.get("/bansha/")).text)})
            await ended(a, seen_a)  # both responses end: the revocation woke them
            await ended(b, seen_b)
        r = await h.get(f"/bansha/game/{game.gid}/events", headers=headers)
        assert r.status_code == 401  # and the browser's reconnection is refused


async def test_a_game_stream_closes_when_its_judge_takes_a_seat(env):
    world, svc, con, c, app = env
    game = await svc.open_game(group_id=G1, self_id=1, owner=OWNER, ruleset="werewolf", options={"节奏": "快速"},
                               seed=1, origin=Origin("group", OWNER, G1))
    admin = 7350
    world.roles[(G1, admin)] = "admin"
    await login(c, admin)
    headers = {"Cookie": f"{COOKIE}={cookie_of(c)}"}
    async with serve(app) as url, httpx.AsyncClient(base_url=url, timeout=WAIT) as h:
        async with h.stream("GET", f"/bansha/game/{game.gid}/events", headers=headers) as r:
            lines, seen = r.aiter_lines(), []
            await lines_until(lines, lambda line: line == "event: hello", seen)
            await svc.submit(game.gid, Input.make("join", admin, world.clock, name="管理员"))
            await ended(lines, seen)
            assert "event: update" not in seen  # closed, not told that something changed


async def test_the_games_list_stream_tells_only_about_the_judges_own_games(env, monkeypatch):
    world, svc, con, c, app = env
    monkeypatch.setattr(live, "PING", 0.2)  # pings mark the time that passed without an update
    mine = await open_game(svc, world, "werewolf", 9, seed=5, group=G1, owner=OWNER, steps=3)
    theirs = await open_game(svc, world, "werewolf", 9, seed=6, group=G2, owner=OTHER, steps=3)
    await login(c, OWNER)
    headers = {"Cookie": f"{COOKIE}={cookie_of(c)}"}
    speak = lambda game: Input.make("speak", game.players[0].qq, world.clock, text="大家好")  # noqa: E731
    async with serve(app) as url, httpx.AsyncClient(base_url=url, timeout=WAIT) as h:
        async with h.stream("GET", "/bansha/events", headers=headers) as r:
            lines, seen = r.aiter_lines(), []
            await lines_until(lines, lambda line: line == "event: hello", seen)
            for _ in range(3):
                await svc.submit(theirs.gid, speak(theirs))
            pings = 0

            def three_pings(line: str) -> bool:
                nonlocal pings
                pings += line.startswith(": ping")
                return pings >= 3

            await lines_until(lines, three_pings, seen)
            assert "event: update" not in seen, seen
            await svc.submit(mine.gid, speak(mine))
            await lines_until(lines, lambda line: line == "event: update", seen)
