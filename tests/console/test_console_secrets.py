"""导演台, issue 24 item 4: secrets stay secret from anyone who plays.

- Anyone who ever took part in a game (signed up and left, replaced by 替补, red-carded, out, a 场外助理)
  cannot open it — no page, export, stream or form — until it ends, even as a group admin.
- The seed, and the `entropy` the start input carries, are shown nowhere (export, pages) until the game
  has ended; after the end the export is complete and replays.
"""

from __future__ import annotations

import json

import pytest
from consoleutil import World, client, csrf_of, login, make, open_game, wipe
from tortoise import Tortoise

from plugins.bansha.engine.core import Input
from plugins.bansha.engine.parts import moderator as judge_inputs
from plugins.bansha.models import ConsoleNote
from plugins.bansha.service import Origin, Service
from plugins.bansha.tools import cli

OWNER = 7199  # not among the agents' QQs (group * 100 + seat)
GROUP = 71
SEED = 987_654_321  # distinctive: it must not appear on any page of a running game
ENTROPY = 31_415_926_535_897  # what the lead's /开始 puts in the start input (issue 24)
PAGES = ("", "/pending", "/timeline", "/timeline?kind=all", "/timeline?knew=1", "/votes", "/controls", "/undelivered")


@pytest.fixture(scope="module")
async def db(tmp_path_factory):
    await Service.init_db(f"sqlite://{tmp_path_factory.mktemp('secrets') / 'secrets.sqlite3'}")
    yield
    await Tortoise.close_connections()


@pytest.fixture
async def env(db):
    await wipe()
    world = World()
    app, svc, con = make(world)
    async with client(app) as c:
        yield world, svc, con, c


async def judge(svc, world, game, inp: Input):
    world.clock += 1
    return await svc.submit(game.gid, inp)


async def shut_out(c, gid: int) -> None:
    """Every way into the game refuses this session, and the games list does not name it."""
    for path in PAGES + ("/export.json", "/events"):
        r = await c.get(f"/bansha/game/{gid}{path}")
        assert r.status_code == 403 and "参加了这局游戏" in r.text, (path, r.status_code)
    token = csrf_of((await c.get("/bansha/")).text)
    r = await c.post(f"/bansha/game/{gid}/notes", data={"text": "偷看", "csrf": token})
    assert r.status_code == 403
    assert not await ConsoleNote.filter(game_id=gid).exists()
    assert f"第 {gid} 局" not in (await c.get("/bansha/")).text


async def test_whoever_took_part_cannot_open_the_game_until_it_ends(env):
    world, svc, con, c = env
    game = await open_game(svc, world, "werewolf", 9, seed=5, group=GROUP, owner=OWNER, steps=3)
    replaced = game.qq_of(3)
    await judge(svc, world, game, judge_inputs.substitute(OWNER, world.clock, "3", 7190, "替补君"))
    carded = game.qq_of(4)
    await judge(svc, world, game, judge_inputs.card(OWNER, world.clock, "红牌", "4", "场外"))
    adviser = 7191
    await judge(svc, world, game, judge_inputs.adviser(OWNER, world.clock, "5", adviser, 0))
    assert game.qq_of(3) == 7190 and game.seat_of(replaced) is None  # the replaced player holds no seat now
    assert not game.state.alive[4]
    # each becomes an admin of the group (a judge by the console's rule) and logs in
    for qq in (replaced, carded, adviser, 7190):
        world.roles[(GROUP, qq)] = "admin"
        c.cookies.clear()
        await login(c, qq)
        await shut_out(c, game.gid)
    # an admin who never played opens it
    world.roles[(GROUP, 7192)] = "admin"
    c.cookies.clear()
    await login(c, 7192)
    assert (await c.get(f"/bansha/game/{game.gid}")).status_code == 200
    # once the game has ended, the replaced player may read it
    await judge(svc, world, game, judge_inputs.end_game(OWNER, world.clock, "测试结束"))
    c.cookies.clear()
    await login(c, replaced)
    r = await c.get(f"/bansha/game/{game.gid}")
    assert r.status_code == 200 and "替补君" in r.text
    assert f"第 {game.gid} 局" in (await c.get("/bansha/")).text


async def test_signing_up_and_leaving_is_taking_part(env):
    world, svc, con, c = env
    game = await svc.open_game(group_id=GROUP, self_id=1, owner=OWNER, ruleset="werewolf", options={"节奏": "快速"},
                               seed=SEED, origin=Origin("group", OWNER, GROUP))
    admin = 7150
    world.roles[(GROUP, admin)] = "admin"
    await login(c, admin)
    assert (await c.get(f"/bansha/game/{game.gid}")).status_code == 200  # a judge, not a player (yet)
    await svc.submit(game.gid, Input.make("join", admin, world.clock, name="管理员"))
    await shut_out(c, game.gid)
    await svc.submit(game.gid, Input.make("leave", admin, world.clock))
    assert game.seat_of(admin) is None
    await shut_out(c, game.gid)  # he saw the sign-up from a seat: still out


async def test_the_seed_and_the_deal_entropy_are_shown_nowhere_until_the_end(env, tmp_path, capsys):
    world, svc, con, c = env
    game = await svc.open_game(group_id=GROUP, self_id=1, owner=OWNER, ruleset="werewolf", options={"节奏": "快速"},
                               seed=SEED, origin=Origin("group", OWNER, GROUP))
    await login(c, OWNER)

    async def nowhere() -> dict:
        for path in PAGES:
            r = await c.get(f"/bansha/game/{game.gid}{path}")
            assert r.status_code == 200 and str(SEED) not in r.text and str(ENTROPY) not in r.text, path
        r = await c.get(f"/bansha/game/{game.gid}/export.json")
        assert str(SEED) not in r.text and str(ENTROPY) not in r.text
        doc = json.loads(r.text)
        assert "seed" not in doc and "种子" in doc["redacted"]
        return doc

    # during sign-up: the export a judge could replay with the public sign-up order holds no seed
    for i in range(9):
        await svc.submit(game.gid, Input.make("join", 7200 + i, world.clock, name=f"P{i + 1}"))
    doc = await nowhere()
    assert [d["actor"] for d in doc["inputs"]] == [7200 + i for i in range(9)]
    # running: the start input's entropy and the record line 「开始游戏，种子 N」 are withheld too
    await svc.submit(game.gid, Input.make("start", OWNER, world.clock, entropy=ENTROPY))
    doc = await nowhere()
    start = next(d for d in doc["inputs"] if d["kind"] == "start")
    assert "entropy" not in start["args"]
    timeline = (await c.get(f"/bansha/game/{game.gid}/timeline?kind=start")).text
    assert f"法官 {OWNER} 开始游戏" in timeline
    # a withheld export does not replay, and says why
    path = tmp_path / "running.json"
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    assert cli.main(["replay", str(path)]) != 0
    assert "缺少「seed」" in capsys.readouterr().err

    # ended: everything, and the export replays
    await svc.submit(game.gid, judge_inputs.end_game(OWNER, world.clock, "测试"))
    r = await c.get(f"/bansha/game/{game.gid}/export.json")
    doc = json.loads(r.text)
    assert doc["seed"] == SEED and "redacted" not in doc
    assert next(d for d in doc["inputs"] if d["kind"] == "start")["args"]["entropy"] == ENTROPY
    path.write_text(r.text, encoding="utf-8")
    assert cli.main(["replay", str(path)]) == 0


async def test_a_record_line_naming_the_seed_is_withheld_until_the_end(env):
    """A start without drawn entropy (a fixed seed, an older log) writes 「开始游戏，种子 N」 in the judge's record."""
    world, svc, con, c = env
    game = await svc.open_game(group_id=GROUP, self_id=1, owner=OWNER, ruleset="werewolf", options={"节奏": "快速"},
                               seed=SEED, origin=Origin("group", OWNER, GROUP))
    for i in range(9):
        await svc.submit(game.gid, Input.make("join", 7200 + i, world.clock, name=f"P{i + 1}"))
    await svc.submit(game.gid, Input.make("start", OWNER, world.clock))
    await login(c, OWNER)
    url = f"/bansha/game/{game.gid}/timeline?kind=start"
    page = (await c.get(url)).text
    assert "开始游戏，种子（游戏结束后显示）" in page and str(SEED) not in page
    await svc.submit(game.gid, judge_inputs.end_game(OWNER, world.clock, "测试"))
    assert f"开始游戏，种子 {SEED}" in (await c.get(url)).text
