"""`bansha bench`'s command latency over the real WebSocket path, beside the in-process figure.

The in-process figure (bench.latency) times `handle_event` inside one Python process: NoneBot's dispatch,
bansha's handling and the commit, with the bot's API answered in memory. This one times what a player
sees: the real `bot.py` process, started as `make run` starts it, is driven over OneBot v11 reverse
WebSocket by the project's fake client (tests/support/fakeqq.py, what NapCat would be). The clock runs from the
moment the fake client posts a group `/投票` until the bot's acknowledgement of that vote arrives back at the
client — NapCat's reaction on the vote post (`set_msg_emoji_like`: a vote typed in the group is its own post,
the bot does not repeat it) — the bot's queue, its database commit, its outbox sender and both WebSocket hops
included.

The games are prepared before the bot starts (a child process writes them through the state service, each
stopped at a day vote, as the in-process run does), so the bot restores them at startup like any restart.
"""

from __future__ import annotations

import asyncio
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from ..engine.game import registry
from . import sim

ROOT = Path(__file__).resolve().parents[3]
BOT_ID = 10000
OWNER = 9_000_000


def fake_client() -> Any:
    """tests/support/fakeqq.py, the fake OneBot client of the end-to-end tests (only in a clone of the repository)."""
    tests = ROOT / "tests" / "support"
    if not (tests / "fakeqq.py").exists() or not (ROOT / "bot.py").exists():
        raise sim.SimError("WebSocket 延迟需要仓库里的 bot.py 和 tests/support/fakeqq.py（在克隆的仓库里运行）。")
    if str(tests) not in sys.path:
        sys.path.insert(0, str(tests))
    import fakeqq

    return fakeqq


async def prepare(db: str, games: int, seed: int, game_name: str) -> dict[str, Any]:
    """Child process: `games` games of `game_name`, each stopped at a day vote, owned by BOT_ID; returns for
    each its group and the (QQ, seat, target) of the seats that may still vote."""
    from tortoise import Tortoise

    from ..models import OutboxRow
    from ..service import Service
    from .kit import durable, long_phases, open_at_a_vote, typical_size, voters_now

    sim.load_rulesets()
    await Service.init_db(f"sqlite://{db}")

    async def send(_out: Any) -> None:
        return None

    svc = Service(send, lambda *a: None, lambda *a: None)
    ruleset = registry.get(game_name) or sim.find_ruleset(game_name)
    options = sim.build_options(ruleset, "", long_phases(ruleset))
    n = typical_size(ruleset, options)
    await durable(False)
    plans = [{"group": group, "players": [p.qq for p in played.players],
              "voters": [(played.qq_of(s), s, t) for s, t in voters_now(ruleset, played)]}
             for _gid, group, played in await open_at_a_vote(svc, ruleset, options, games, seed, 710_000, 3_000_000)]
    await OutboxRow.filter(sent=False).update(sent=True)  # the setup's messages are not what we measure
    await durable(True)
    await Tortoise.close_connections()
    return {"players": n, "ruleset": ruleset.key, "plans": plans}


async def drive(db: Path, plans: list[dict[str, Any]], rounds: int, timeout: float = 60.0) -> dict[str, Any]:
    """Start bot.py on `db`, connect the fake client, and time `rounds` rounds of one /投票 per game, all games
    at once (as the in-process run sends them), then single votes one at a time."""
    fakeqq = fake_client()
    proc = fakeqq.BotProcess(ROOT, db_path=db, superusers=(OWNER,), flood_control=True)  # as `make run`
    proc.start()
    started = time.perf_counter()
    try:
        await proc.wait_ready(120)
        qq = fakeqq.FakeQQ.for_process(proc, self_id=BOT_ID)
        for plan in plans:
            members = {OWNER: "法官"} | {p: f"玩家{p % 100}" for p in plan["players"]}
            qq.add_group(plan["group"], members, owner=OWNER)
            qq.friends.update(plan["players"])
        await qq.connect()
        ready_s = time.perf_counter() - started
        rounds = max(1, min(rounds, min(len(p["voters"]) for p in plans) - 2))

        async def vote(plan: dict[str, Any], r: int, reason: str) -> float:
            voter, _seat, target = plan["voters"][r]
            posted = time.time()
            mid = await qq.group_msg(voter, plan["group"], f"/投票 {target} {reason}")
            await qq.wait_reaction(mid, timeout)
            return qq.reaction_times[mid] - posted

        async def quiet() -> None:
            last = -1
            while last != len(qq.sent):  # the bot has stopped sending: the last round's queue is drained
                last = len(qq.sent)
                await asyncio.sleep(0.2)

        together: list[float] = []
        for r in range(rounds):
            await quiet()
            together += await asyncio.gather(*(vote(p, r, f"第{r + 1}轮理由") for p in plans))
        solo: list[float] = []
        for plan in plans[:20]:
            await quiet()
            solo.append(await vote(plan, rounds, "单条理由"))
        calls: dict[str, int] = {}
        for action, _ in qq.api_calls:
            calls[action] = calls.get(action, 0) + 1
        await qq.close()
    finally:
        proc.cleanup()
    return {"rounds": rounds, "together": together, "solo": solo, "ready_seconds": round(ready_s, 2),
            "api_calls": dict(sorted(calls.items()))}


def percentile(xs: list[float], p: float) -> float:
    from .kit import percentile

    return percentile(xs, p)


def latency_ws(games: int, rounds: int, seed: int, game: str, workdir: Path,
               inproc: dict[str, float] | None = None) -> list[Any]:
    """The WebSocket figures (p50, p99), each beside the in-process figure of the same run when there is one."""
    from .kit import Figure, child

    fake_client()  # say at once when this is not a clone of the repository
    db = workdir / "latency_ws.sqlite3"
    prep, _ = child(["_wsprep", "--db", str(db), "--games", str(games), "--seed", str(seed), "--game", game],
                     timeout=3600)
    got = asyncio.run(drive(db, prep["plans"], rounds))
    together, solo = got["together"], got["solo"]
    logged = votes_logged(db)
    p50, p99 = percentile(together, 0.5), percentile(together, 0.99)
    base = inproc or {}
    detail = {"games": games, "players": prep["players"], "rounds": got["rounds"], "votes_sent": len(together) + len(solo),
              "votes_logged": logged, "ready_seconds": got["ready_seconds"],
              "mean_ms": round(statistics.fmean(together) * 1000, 3),
              "solo_p50_ms": round(percentile(solo, 0.5) * 1000, 3), "api_calls": got["api_calls"]}
    label = f"（{games} 局并发 /投票，经 WebSocket 到真实 bot.py）"
    fig50 = Figure("latency_ws_p50", "端到端延迟 p50" + label, p50, "ms", baseline=base.get("p50"),
                   baseline_label="进程内 p50", ratio=(p50 / base["p50"]) if base.get("p50") else None)
    fig99 = Figure("latency_ws_p99", "端到端延迟 p99" + label, p99, "ms", baseline=base.get("p99"),
                   baseline_label="进程内 p99", ratio=(p99 / base["p99"]) if base.get("p99") else None, detail=detail)
    return [fig50, fig99]


def votes_logged(db: Path) -> int:
    """The bench's votes in the bot's input log, read without tortoise after the bot has stopped."""
    import sqlite3

    con = sqlite3.connect(db)
    try:
        rows = con.execute("select args from bansha_input where kind = 'act'").fetchall()
    finally:
        con.close()
    return sum(1 for (a,) in rows if json.loads(a).get("reason", "").endswith(("轮理由", "单条理由")))


def child(db: str, games: int, seed: int, game: str) -> int:
    print(json.dumps(asyncio.run(prepare(db, games, seed, game)), ensure_ascii=False), flush=True)
    return 0
