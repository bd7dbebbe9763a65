"""An in-process 导演台 for tests and `bansha bench`-style checks: the real routes on a FastAPI app,
the real service on a SQLite file, a fake QQ (sends recorded, group roles from a dict)."""

from __future__ import annotations

import asyncio
import html as htmllib
import re
from contextlib import asynccontextmanager
from dataclasses import dataclass, field

import httpx
import uvicorn
from fastapi import FastAPI

from plugins.bansha import console as console_pkg
from plugins.bansha.config import Config
from plugins.bansha.engine.agents.play import play_game, random_action
from plugins.bansha.engine.core import Input
from plugins.bansha.engine.game import registry
from plugins.bansha.models import (
    ConsoleLogin,
    ConsoleNote,
    GameRow,
    InputRow,
    OutboxRow,
    PmChoice,
    SeatRow,
    Setting,
    SnapshotRow,
)
from plugins.bansha.service import Origin, Service

SUPER = 99999
BASE = "http://bansha.test"


@dataclass
class World:
    """The fake QQ side: what was sent, who is admin where, and the game clock."""

    sent: list = field(default_factory=list)
    roles: dict[tuple[int, int], str] = field(default_factory=dict)  # (group, qq) -> owner|admin|member
    clock: float = 1_700_000_000.0

    async def send(self, out) -> None:
        self.sent.append(out)

    def arm(self, *a) -> None:
        pass

    def disarm(self, *a) -> None:
        pass

    async def group_role(self, self_id: int, group: int, qq: int) -> str | None:
        return self.roles.get((group, qq), "member")


async def wipe() -> None:
    for model in (ConsoleLogin, ConsoleNote, Setting, OutboxRow, SnapshotRow, InputRow, SeatRow, PmChoice, GameRow):
        await model.all().delete()


def make(world: World, secret: str = "", url: str = "", judge_input=None) -> tuple[FastAPI, Service, console_pkg.Console]:
    """The console on a fresh app; `url` is BANSHA_CONSOLE_URL (the only origin a login may come from);
    `judge_input` stands for the QQ layer's /法官 parser (the real one runs in the bot: test_console_e2e.py)."""
    app = FastAPI()
    svc = Service(world.send, world.arm, world.disarm, now=lambda: world.clock)
    cfg = Config(bansha_console_secret=secret, bansha_console_url=url)
    con = console_pkg.install(app, lambda: svc, cfg, {SUPER}, world.group_role, BASE, judge_input)
    svc.watch(con.hub.notify)
    return app, svc, con


def client(app: FastAPI) -> httpx.AsyncClient:
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url=BASE)


@asynccontextmanager
async def serve(app: FastAPI):
    """The app on a real local HTTP server (uvicorn, a free port) for what ASGITransport cannot do:
    a Server-Sent Events stream read as it comes. Yields the base URL."""
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning", lifespan="off"))
    task = asyncio.create_task(server.serve())
    try:
        while not server.started:
            if task.done():
                task.result()  # the server failed to start: say why
            await asyncio.sleep(0.01)
        port = server.servers[0].sockets[0].getsockname()[1]
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        await task


class _NoExplode:
    def __init__(self, rules):
        self.rules = rules

    def legal(self, state, seat):
        return [c for c in self.rules.legal(state, seat) if c.skill.name != "自爆"]


def calm(rules, state, seat, rng):
    """The random agent without 自爆 (which ends a day before its vote): every vote and every 警长 election is
    played to its count."""
    return random_action(_NoExplode(rules), state, seat, rng)


async def open_game(svc: Service, world: World, key: str, n: int, seed: int, group: int, owner: int,
                    steps: int | None = None, options: dict | None = None, agent=None):
    """A game opened in `group` by `owner` and played by the random agents (or `agent`) through the service:
    all of it (steps=None) or its first `steps` inputs after the start."""
    rules = registry.get(key)
    opts = dict(options or {"节奏": "快速"})
    script = play_game(rules, n, seed, opts, agent=agent, record=True).inputs
    game = await svc.open_game(group_id=group, self_id=1, owner=owner, ruleset=rules.key, options=opts, seed=seed,
                               origin=Origin("group", owner, group))
    qq_base = group * 100
    start = next(i for i, inp in enumerate(script) if inp.kind == "start")
    todo = script if steps is None else script[: start + 1 + steps]
    for inp in todo:
        d = inp.to_json()
        if d["actor"] and d["kind"] != "start":
            d["actor"] = qq_base + (d["actor"] - 100)  # the agents' players 100.. become this group's
        if d["kind"] == "start":
            d["actor"] = owner
        world.clock = max(world.clock, d["at"])
        await svc.submit(game.gid, Input.from_json(d))
    return svc.games.get(game.gid) or game


async def login(c: httpx.AsyncClient, qq: int) -> None:
    link = await console_pkg.login_link(qq)
    token = link.split("t=", 1)[1]
    r = await c.get(f"/bansha/login?t={token}")
    assert r.status_code == 200 and "进入导演台" in r.text
    r = await c.post("/bansha/login", data={"t": token}, headers={"Origin": BASE})  # as a browser posts it
    assert r.status_code == 303, r.text


def csrf_of(html: str) -> str:
    m = re.search(r'name="csrf" value="([0-9a-f]+)"', html)
    assert m, "no CSRF token on the page"
    return m.group(1)


LINK = re.compile(r"(http://\S+/bansha/login\?t=\S+)")  # the one-time login link in a PM


# --- the votes page read back (tests/console/test_console_votes.py, test_console_e2e.py) ---------------------


def told_in_group(posts: list[str]) -> list[str]:
    """Every count the group was told, in order (a post may hold several parts)."""
    return [line for text in posts for line in text.split("\n") if line.startswith(("计票：", "最高票："))]


def _cells(row: str) -> list[str]:
    return [htmllib.unescape(re.sub(r"<[^>]+>", "", c)).strip() for c in re.findall(r"<td>(.*?)</td>", row, re.S)]


def rounds_on_page(page: str) -> list[dict]:
    """The votes page's record, read back from its HTML: per round, its heading, the count as told, the counted
    票型 (target -> voters) and the ballots (voter, target) in order."""
    out = []
    for block in page.split('<div class="round"')[1:]:
        block = block.split("</div>\n</div>")[0] if "</div>\n</div>" in block else block
        head = htmllib.unescape(re.search(r"<h2>(.*?)</h2>", block, re.S).group(1))
        told = [htmllib.unescape(x) for x in re.findall(r'<p class="told-line">(.*?)</p>', block)]
        counted = {}
        m = re.search(r'<table class="list counted">(.*?)</table>', block, re.S)
        for row in re.findall(r"<tr[^>]*>(.*?)</tr>", m.group(1), re.S) if m else []:
            cells = _cells(row)
            if cells:
                counted[cells[0]] = [v for v in cells[2].split("、") if v]
        ballots = []
        m = re.search(r'<table class="list ballots">(.*?)</table>', block, re.S)
        for row in re.findall(r"<tr>(.*?)</tr>", m.group(1), re.S) if m else []:
            cells = _cells(row)
            if cells:
                ballots.append((cells[1], cells[2]))
        out.append({"head": head, "told": told, "counted": counted, "ballots": ballots})
    return out


def check_against_the_group(page: str, posts: list[str]) -> list[dict]:
    told = told_in_group(posts)
    rounds = rounds_on_page(page)
    shown = [line for r in rounds for line in r["told"] if line.startswith(("计票：", "最高票："))]
    assert shown == told, "the console's counts differ from the group's"
    for r in rounds:
        last = {}
        for voter, target in r["ballots"]:
            last[voter] = target  # a changed vote replaces the earlier one
        for target, voters in r["counted"].items():
            for voter in voters:
                assert last.get(voter) == target, (r["head"], voter, target, r["ballots"])
    return rounds
