"""导演台, issue 24 item 5: no input makes a handler raise. A 25- or 4,000-digit game id, a negative one, Unicode
digits, junk in every query parameter and form field: a plain Chinese page (404/403/400) or the page itself,
never HTTP 500 and never an ERROR line in the log. Hypothesis generates the junk; the known cases are listed.
(The /法官 forms' words reach the QQ layer's parser only in the real bot: tests/console/test_console_e2e.py.)"""

from __future__ import annotations

import logging
from urllib.parse import quote

import pytest
from consoleutil import World, client, csrf_of, login, make, open_game, wipe
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tortoise import Tortoise

from plugins.bansha.service import Service

OWNER, GROUP = 7499, 75
OK = {200, 303, 400, 401, 403, 404}
KNOWN_IDS = ["1" * 25, "9" * 4000, "-1", "0", "00", "²", "１２", "١٢", "1e9", "0x10", "2147483648", "99999999999",
             " 1", "1.0", "%00", "%2e%2e", "NaN", "∞"]
KNOWN_VALUES = ["", "-1", "0", "1" * 25, "9" * 4000, "²", "１", "-", "1e400", "NaN", "\x00", "<script>", "😀" * 100]
PAGES = ["", "/pending", "/timeline", "/votes", "/controls", "/undelivered", "/export.json"]
PARAMS = ["seat", "knew", "page", "day", "kind"]
JUNK = st.one_of(
    st.text(max_size=40),
    st.text(alphabet="0123456789-+.²１٣ e", max_size=30),
    st.integers(-10**30, 10**30).map(str),
    st.builds(lambda n: "9" * n, st.integers(10, 5000)),
)


def _examples(strategy, n: int) -> list:
    """`n` values drawn by hypothesis (the requests are async; hypothesis only generates them)."""
    out: list = []

    @settings(max_examples=n, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(strategy)
    def draw(value):
        out.append(value)

    draw()
    return out


@pytest.fixture(scope="module")
async def db(tmp_path_factory):
    await Service.init_db(f"sqlite://{tmp_path_factory.mktemp('hostile') / 'hostile.sqlite3'}")
    yield
    await Tortoise.close_connections()


@pytest.fixture
def errors():
    """Every ERROR line, from loguru (NoneBot's logger) and from the standard logging (tortoise, uvicorn)."""
    from nonebot.log import logger

    lines: list[str] = []
    sink = logger.add(lambda m: lines.append(str(m)), level="ERROR")

    class Catch(logging.Handler):
        def emit(self, record):
            lines.append(record.getMessage())

    handler = Catch(level=logging.ERROR)
    logging.getLogger().addHandler(handler)
    yield lines
    logging.getLogger().removeHandler(handler)
    logger.remove(sink)


async def test_hostile_ids_params_and_forms_get_a_plain_page_never_a_500(db, errors, request):
    await wipe()
    world = World()
    app, svc, con = make(world)
    game = await open_game(svc, world, "werewolf", 9, seed=5, group=GROUP, owner=OWNER, steps=6)
    n = max(10, request.config.getoption("--fuzz-examples") // 2)
    ids = KNOWN_IDS + _examples(JUNK, n)
    values = KNOWN_VALUES + _examples(JUNK, n)
    statuses: dict[int, int] = {}
    async with client(app) as c:
        await login(c, OWNER)
        token = csrf_of((await c.get(f"/bansha/game/{game.gid}/controls")).text)

        async def check(method: str, url: str, **kw) -> None:
            r = await c.request(method, url, **kw)
            statuses[r.status_code] = statuses.get(r.status_code, 0) + 1
            assert r.status_code in OK, (method, url[:120], r.status_code)
            if r.status_code in (400, 403, 404):
                assert "无法打开" in r.text or "not found" in r.text, url[:120]

        for gid in ids:
            seg = quote(gid, safe="")
            for page in PAGES:
                await check("GET", f"/bansha/game/{seg}{page}")
            await check("POST", f"/bansha/game/{seg}/notes", data={"csrf": token, "text": "x"})
            await check("POST", f"/bansha/game/{seg}/resend", data={"csrf": token, "id": "1"})
        for value in values:
            for param in PARAMS:
                await check("GET", f"/bansha/game/{game.gid}/timeline?{param}={quote(value, safe='')}")
            await check("GET", f"/bansha/game/{game.gid}/timeline", params={p: value for p in PARAMS})
            await check("POST", f"/bansha/game/{game.gid}/resend", data={"csrf": token, "id": value, "target": value})
            await check("POST", f"/bansha/game/{game.gid}/judge",
                        data={"csrf": token, "sub": "替补", "target": value, "qq": value, "back": value})
            await check("GET", f"/bansha/login?t={quote(value, safe='')}")
            await check("GET", f"/bansha/static/{quote(value, safe='')}")
    assert statuses.get(404, 0) >= len(KNOWN_IDS)  # malformed ids: the not-found page
    assert statuses.get(200, 0) > 0
    assert not errors, errors[:5]


async def test_a_malformed_id_is_not_found_and_says_so_in_chinese(db, errors):
    await wipe()
    world = World()
    app, svc, con = make(world)
    async with client(app) as c:
        await login(c, OWNER)
        for gid in ("1" * 25, "9" * 4000, "-1"):
            r = await c.get(f"/bansha/game/{gid}")
            assert r.status_code == 404 and "没有这个页面" in r.text
        r = await c.get("/bansha/game/99999")  # well-formed: the same page as another group's game
        assert r.status_code == 403 and "没有这局游戏" in r.text
    assert not errors


async def test_a_failing_database_is_a_plain_page_not_a_500(db, errors, monkeypatch):
    """The database failing under a request (an outage, a restart): 「数据库暂时不可用」 (503), no traceback."""
    from tortoise.exceptions import OperationalError

    from plugins.bansha.console import auth
    from plugins.bansha.models import Setting

    await wipe()
    world = World()
    app, svc, con = make(world)
    game = await open_game(svc, world, "werewolf", 9, seed=5, group=GROUP, owner=OWNER, steps=6)
    async with client(app) as c:
        await login(c, OWNER)

        async def down(*a, **kw):
            raise OperationalError("connection refused")

        monkeypatch.setattr(type(svc), "log_of", staticmethod(down))
        con.store._recorders.clear()
        r = await c.get(f"/bansha/game/{game.gid}/timeline")
        assert r.status_code == 503 and "数据库暂时不可用" in r.text
        auth._epochs.clear()  # the session's epoch must now be read from the database
        monkeypatch.setattr(Setting, "get_or_none", down)
        for path in ("/bansha/", f"/bansha/game/{game.gid}", f"/bansha/game/{game.gid}/events"):
            r = await c.get(path)
            assert r.status_code == 503 and "数据库暂时不可用" in r.text, path
    assert not errors, errors[:5]
