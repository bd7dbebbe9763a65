"""导演台: pages, permissions, login and CSRF, live updates, notes, export and replay (in process: the real
routes and service on a FastAPI app; the real-browser test is tests/console/test_console_browser.py)."""

from __future__ import annotations

import asyncio
import json
import re
import time

import pytest
from consoleutil import BASE, SUPER, World, client, csrf_of, login, make, open_game, wipe
from itsdangerous import URLSafeTimedSerializer
from tortoise import Tortoise

from plugins.bansha.console.auth import LINK_SECONDS
from plugins.bansha.models import ConsoleLogin, ConsoleNote, InputRow, OutboxRow, Setting
from plugins.bansha.service import Service
from plugins.bansha.tools import cli

OWNER, OTHER_JUDGE, STRANGER = 7001, 7002, 7003
ORIGIN = {"Origin": BASE}  # a browser's login POST from the console's own page
G1, G2 = 61, 62


@pytest.fixture(scope="module")
async def db(tmp_path_factory):
    url = f"sqlite://{tmp_path_factory.mktemp('console') / 'console.sqlite3'}"
    await Service.init_db(url)
    yield url
    await Tortoise.close_connections()


@pytest.fixture
async def env(db):
    await wipe()
    world = World()
    world.roles[(G2, OTHER_JUDGE)] = "admin"  # a judge, but of the other group
    app, svc, con = make(world)
    async with client(app) as c:
        yield world, svc, con, c


def texts(html: str) -> str:
    return html


async def test_the_judge_sees_true_roles_camps_and_the_night_order(env):
    world, svc, con, c = env
    game = await open_game(svc, world, "werewolf", 9, seed=5, group=G1, owner=OWNER, steps=3)
    await login(c, OWNER)
    r = await c.get("/bansha/")
    assert r.status_code == 200 and f"第 {game.gid} 局" in r.text and "狼人杀" in r.text
    r = await c.get(f"/bansha/game/{game.gid}")
    assert r.status_code == 200
    for row in game.rules.cast(game.state):
        assert f'id="seat-{row.seat}"' in r.text
        assert row.role in r.text
    assert "夜间顺序" in r.text and "狼人" in r.text
    assert "Content-Security-Policy" in r.headers and r.headers["Cache-Control"] == "no-store"
    for path in ("pending", "timeline", "votes", "controls"):
        assert (await c.get(f"/bansha/game/{game.gid}/{path}")).status_code == 200


async def test_every_ruleset_renders_every_page_at_every_stage(env):
    world, svc, con, c = env
    from plugins.bansha.engine.game import registry

    await login(c, SUPER)
    group = 70
    for rules in registry.all_rulesets():
        sizes = rules.sizes({"节奏": "快速"})
        for steps in (0, 25, None):
            group += 1
            game = await open_game(svc, world, rules.key, sizes[len(sizes) // 2], seed=group, group=group,
                                   owner=OWNER, steps=steps)
            for path in ("", "/pending", "/timeline", "/votes", "/controls", "/timeline?knew=1", "/timeline?seat=2",
                         "/timeline?kind=all&page=2&day=1", "/undelivered", "/export.json"):
                r = await c.get(f"/bansha/game/{game.gid}{path}")
                assert r.status_code == 200, (rules.key, steps, path, r.text[:500])


async def test_timeline_what_seat_n_knew_is_exactly_what_it_was_sent(env):
    world, svc, con, c = env
    game = await open_game(svc, world, "werewolf", 9, seed=11, group=G1, owner=OWNER, steps=6)
    await login(c, OWNER)
    cast = {row.seat: row.role for row in game.rules.cast(game.state)}
    r = await c.get(f"/bansha/game/{game.gid}/timeline?knew=1")
    assert f"你是 1号，你的身份是【{cast[1]}】" in r.text
    for seat in range(2, 10):
        assert f"你是 {seat}号，你的身份是" not in r.text  # other seats' role messages never reached seat 1
    full = await c.get(f"/bansha/game/{game.gid}/timeline?kind=all")
    assert all(f"你是 {s}号，你的身份是" in full.text for s in range(1, 10))
    rows = await InputRow.filter(game_id=game.gid).count()
    assert f"时间线（{rows} 条，最新在前）" in full.text


async def test_refusals_change_nothing_and_are_logged(env, caplog):
    """Forged, expired and reused links; missing and wrong CSRF; another group's judge; a player-judge;
    guessed game ids: each a plain page, a log line, and nothing changed."""
    world, svc, con, c = env
    game = await open_game(svc, world, "werewolf", 9, seed=5, group=G1, owner=OWNER, steps=3)
    other = await open_game(svc, world, "werewolf", 9, seed=6, group=G2, owner=OTHER_JUDGE, steps=3)
    before = (await InputRow.all().count(), await OutboxRow.all().count(), await ConsoleNote.all().count())
    logged = _log_lines()

    # links
    r = await c.get("/bansha/login?t=not-a-token")
    assert r.status_code == 403 and "无效" in r.text
    from plugins.bansha.console import login_link

    token = (await login_link(OWNER)).split("t=", 1)[1]
    forged = token[:-3] + ("AAA" if not token.endswith("AAA") else "BBB")
    assert (await c.post("/bansha/login", data={"t": forged}, headers=ORIGIN)).status_code == 403
    secret = (await Setting.get(key="console_secret")).value
    old = _old_token(secret, OWNER, (await ConsoleLogin.first()).nonce)
    r = await c.post("/bansha/login", data={"t": old}, headers=ORIGIN)
    assert r.status_code == 403 and "过期" in r.text
    assert (await c.post("/bansha/login", data={"t": token}, headers=ORIGIN)).status_code == 303
    r = await c.post("/bansha/login", data={"t": token}, headers=ORIGIN)
    assert r.status_code == 403 and "用过" in r.text
    # someone else's signed token for a nonce that was issued to another QQ
    stolen = URLSafeTimedSerializer(secret, salt="bansha-console-login").dumps({"qq": STRANGER, "n": "x" * 22})
    assert (await c.post("/bansha/login", data={"t": stolen}, headers=ORIGIN)).status_code == 403

    # CSRF: logged in as OWNER now
    page = await c.get(f"/bansha/game/{game.gid}/controls")
    good = csrf_of(page.text)
    r = await c.post(f"/bansha/game/{game.gid}/notes", data={"text": "x"})
    assert r.status_code == 400 and "表单令牌" in r.text
    r = await c.post(f"/bansha/game/{game.gid}/notes", data={"text": "x", "csrf": "0" * 64})
    assert r.status_code == 400
    r = await c.post(f"/bansha/game/{game.gid}/judge", data={"sub": "推进", "csrf": good[:-1] + ("1" if good.endswith("0") else "0")})
    assert r.status_code == 400

    # another group's game, guessed ids: the same page as a game that does not exist
    r_other = await c.get(f"/bansha/game/{other.gid}")
    r_none = await c.get("/bansha/game/99999")
    r_junk = await c.get("/bansha/game/..%2f1")
    assert r_other.status_code == r_none.status_code == 403
    assert _body(r_other.text) == _body(r_none.text)
    assert r_junk.status_code in (403, 404)
    assert (await c.post(f"/bansha/game/{other.gid}/notes", data={"text": "x", "csrf": good})).status_code == 403
    assert (await c.get(f"/bansha/game/{other.gid}/export.json")).status_code == 403
    assert (await c.get(f"/bansha/game/{other.gid}/events")).status_code == 403

    # the other group's admin, logged in, cannot open this group's game either
    c.cookies.clear()
    await login(c, OTHER_JUDGE)
    assert (await c.get(f"/bansha/game/{other.gid}")).status_code == 200
    assert (await c.get(f"/bansha/game/{game.gid}")).status_code == 403
    assert f"第 {game.gid} 局" not in (await c.get("/bansha/")).text

    # a player who is also an admin of the group (a judge) cannot open the game while it runs
    player = game.players[0].qq
    world.roles[(G1, player)] = "admin"
    c.cookies.clear()
    await login(c, player)
    r = await c.get(f"/bansha/game/{game.gid}")
    assert r.status_code == 403 and "参加了这局游戏" in r.text
    assert f"第 {game.gid} 局" not in (await c.get("/bansha/")).text

    # no session at all
    c.cookies.clear()
    assert (await c.get(f"/bansha/game/{game.gid}")).status_code == 401

    after = (await InputRow.all().count(), await OutboxRow.all().count(), await ConsoleNote.all().count())
    assert after == before
    lines = _log_lines()[len(logged):]
    for why in ("forged", "expired", "reused", "csrf", "not a judge", "player-judge", "no game", "no session"):
        assert any(why in line for line in lines), (why, lines)


async def test_notes_are_kept_in_the_db_and_never_sent(env):
    world, svc, con, c = env
    game = await open_game(svc, world, "werewolf", 9, seed=5, group=G1, owner=OWNER, steps=3)
    await login(c, OWNER)
    page = await c.get(f"/bansha/game/{game.gid}/controls")
    sent = len(world.sent)
    r = await c.post(f"/bansha/game/{game.gid}/notes", data={"text": "3号发言可疑<script>", "csrf": csrf_of(page.text)})
    assert r.status_code == 303
    note = await ConsoleNote.get(game_id=game.gid)
    assert note.text == "3号发言可疑<script>" and note.by == OWNER
    page = await c.get(f"/bansha/game/{game.gid}/controls")
    assert "3号发言可疑&lt;script&gt;" in page.text and "<script>" not in page.text.split("<textarea")[1]
    await svc.drain_once()
    assert not [o for o in world.sent[sent:] if "可疑" in o.text]
    assert not await OutboxRow.filter(text__contains="可疑").exists()


async def test_a_page_hears_of_an_accepted_input_within_a_second(env):
    world, svc, con, c = env
    game = await open_game(svc, world, "werewolf", 9, seed=5, group=G1, owner=OWNER, steps=3)
    seen = con.hub.version(game.gid)
    waiter = asyncio.create_task(con.hub.wait(game.gid, seen, 5))
    await asyncio.sleep(0.05)
    t0 = time.perf_counter()
    await svc.submit(game.gid, _speak(game))
    assert await waiter == seen + 1
    assert time.perf_counter() - t0 < 1.0


async def test_export_and_replay_give_the_same_outcome_and_cast(env, tmp_path, capsys):
    world, svc, con, c = env
    game = await open_game(svc, world, "werewolf", 9, seed=21, group=G1, owner=OWNER)
    assert game.status == "ended"
    await svc.drain_once()
    post = next(o.text for o in world.sent if "演员表：" in o.text and not o.text.startswith("完整记录"))
    published = post[post.index("演员表："):]  # the end post: the outcome, then the 演员表
    outcome = game.outcome.text
    await login(c, OWNER)
    assert f"第 {game.gid} 局" in (await c.get("/bansha/")).text  # ended games are listed
    r = await c.get(f"/bansha/game/{game.gid}/export.json")
    assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
    doc = json.loads(r.text)
    assert doc["seed"] == 21 and doc["ruleset"] == "werewolf" and len(doc["inputs"]) == game.seq
    path = tmp_path / "game.json"
    path.write_text(r.text, encoding="utf-8")
    assert cli.main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert outcome in out
    # the seats (then 胜者：…); the replay, for judges, adds each player's QQ that the group is not shown
    assert "\n".join(published.split("\n")[1:len(game.players) + 1]) in re.sub(r"（\d+）", "", out)
    assert "与导出时的记录一致" in out
    # a tampered log replays to something else, and says so
    doc["inputs"] = doc["inputs"][:-5]
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    assert cli.main(["replay", str(path)]) == 1
    assert "不一致" in capsys.readouterr().out


async def test_static_assets_are_served_by_the_bot(env):
    world, svc, con, c = env
    for name in ("console.css", "console.js", "ring.css"):
        r = await c.get(f"/bansha/static/{name}")
        assert r.status_code == 200 and len(r.text) > 100
    assert (await c.get("/bansha/static/..%2Fauth.py")).status_code == 404


# --- helpers -------------------------------------------------------------------------------------


def _speak(game):
    from plugins.bansha.engine.core import Input

    return Input.make("speak", game.players[0].qq, 1_800_000_000.0, text="大家好")


def _old_token(secret: str, qq: int, nonce: str) -> str:
    """A correctly signed link issued longer ago than its validity."""

    class Past(URLSafeTimedSerializer):
        def __init__(self, *a, **kw):
            super().__init__(*a, **kw)

    s = Past(secret, salt="bansha-console-login")
    signer = s.make_signer()
    signer.get_timestamp = lambda: int(time.time()) - LINK_SECONDS - 5  # type: ignore[method-assign]
    payload = s.dump_payload({"qq": qq, "n": nonce})
    return signer.sign(payload).decode()


_LINES: list[str] = []


def _log_lines() -> list[str]:
    return list(_LINES)


@pytest.fixture(autouse=True, scope="module")
def _capture_log():
    from nonebot.log import logger

    sink = logger.add(lambda m: _LINES.append(str(m)), level="INFO")
    yield
    logger.remove(sink)


def _body(html: str) -> str:
    return html.split("<main", 1)[1]


def test_the_render_bench_measures_a_14_player_nata_grimoire_with_500_inputs():
    from plugins.bansha.tools import bench_console

    game, log = bench_console.nata_game()
    assert len(log) == game.seq == 500 and len(game.players) == 14 and game.status == "running"
    html = bench_console.render_grimoire(game)
    assert all(f'id="seat-{s}"' in html for s in range(1, 15))
    assert all(row.role.split("（")[0] in html for row in game.rules.cast(game.state))
    (fig,) = bench_console.figures(repeat=3)
    assert fig["detail"]["inputs"] == 500 and fig["value"] > 0 and fig["met"] == (fig["value"] < bench_console.GOAL)


async def test_a_live_refresh_leaves_the_forms_message_for_the_page_it_redirects_to(env):
    """The input a form submits wakes the old page's stream first; its refresh must not eat the message."""
    world, svc, con, c = env
    game = await open_game(svc, world, "werewolf", 9, seed=5, group=G1, owner=OWNER, steps=3)
    await login(c, OWNER)
    page = await c.get(f"/bansha/game/{game.gid}/controls")
    await c.post(f"/bansha/game/{game.gid}/notes", data={"text": "备忘", "csrf": csrf_of(page.text)})
    live = await c.get(f"/bansha/game/{game.gid}/controls", headers={"X-Bansha-Live": "1"})
    assert "笔记已保存" not in live.text
    assert "笔记已保存" in (await c.get(f"/bansha/game/{game.gid}/controls")).text
    assert "笔记已保存" not in (await c.get(f"/bansha/game/{game.gid}/controls")).text  # shown once


async def test_the_grimoire_lists_the_spectators_the_all_seeing_marked(env):
    from plugins.bansha.engine.core import Input

    world, svc, con, c = env
    game = await open_game(svc, world, "werewolf", 9, seed=5, group=G1, owner=OWNER, steps=3)
    await svc.submit(game.gid, Input.make("watch", 8801, world.clock, name="看客甲"))
    await svc.submit(game.gid, Input.make("judge", OWNER, world.clock, sub="观战", qq=8802, name="全知乙"))
    await login(c, OWNER)
    page = (await c.get(f"/bansha/game/{game.gid}")).text
    assert "观战" in page and "看客甲" in page and "8801" in page
    assert page.index("全知乙") < page.index("看客甲")  # the all-seeing first, marked
    assert "全知</span>" in page


def test_the_grimoire_shows_every_channel_a_seat_is_in():
    """纳塔: a 群内 wolf linked by 灵魂链接 sits in the 狼群 and in a 共群; the judge sees both, and who is in each."""
    from nata_roles import linked_wolf

    from plugins.bansha.console import views

    t, wolf, mate, villager = linked_wolf()
    g = views.grimoire(t.game)
    seats = {s.seat: s for s in g["seats"]}
    assert set(seats[wolf].teams) == {"狼群", "共群"}
    assert seats[villager].teams == ("共群",)
    assert ("共群", sorted([wolf, villager])) in g["teams"]
    assert any(name == "狼群" and wolf in members and mate in members for name, members in g["teams"])
