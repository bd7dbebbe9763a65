"""`bansha bench --only records`: /战绩 and /排行 at 100,000 stored games.

A fresh SQLite database is filled with finished games' result rows (9 seats each; 5,000 players,
200 groups, every ruleset), then the very queries the commands run (records.py) are timed, first
at 1,000 games (the same run's baseline), then at the full count. Indexes keep both near the
baseline: the figures are each query's median and the ratio to the baseline.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import time
from pathlib import Path

from .kit import Figure, db_url, durable

GROUPS = 200
PLAYERS = 5000
SEATS = 9
QUERY_GOAL = 0.05  # seconds: a reply that feels instant
RULESETS = ("werewolf", "luding", "nata", "beastchess", "tavern")


async def _fill(conn, start: int, stop: int, rng: random.Random) -> None:
    games, results = [], []
    for gid in range(start + 1, stop + 1):
        group = 10_000 + gid % GROUPS
        ruleset = RULESETS[gid % len(RULESETS)]
        games.append((gid, group, 1, ruleset, "ended", gid, 1, "{}", 0, None, 0))
        seats = rng.sample(range(PLAYERS), SEATS)
        winners = set(rng.sample(range(1, SEATS + 1), rng.randint(2, 6)))
        for seat, p in enumerate(seats, 1):
            won = 1 if seat in winners else 0
            results.append((gid, group, ruleset, "", 100_000 + p, f"玩家{p}", seat, f"身份{seat % 6}",
                            "好人" if won else "狼人", won, 1_700_000_000.0 + gid))
    await conn.execute_many(
        "INSERT INTO bansha_game (id, group_id, self_id, ruleset, status, seed, owner, options, phase_no, deadline,"
        " seq, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)",
        games)
    await conn.execute_many(
        "INSERT INTO bansha_result (game_id, group_id, ruleset, board, qq, name, seat, role, faction, won, ended_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", results)


async def _time(calls) -> float:
    times = []
    for call in calls:
        t = time.perf_counter()
        await call()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


async def _measure(rng: random.Random, rounds: int) -> tuple[float, float]:
    from .. import records

    players = [100_000 + rng.randrange(PLAYERS) for _ in range(rounds)]
    groups = [10_000 + rng.randrange(GROUPS) for _ in range(rounds)]
    record = await _time([lambda qq=qq: records.player_summary(qq) for qq in players])
    ranking = await _time([lambda g=g, i=i: records.leaderboard(g, RULESETS[i % 2] if i % 2 else None)
                           for i, g in enumerate(groups)])
    return record, ranking


async def _run(path: Path, games: int, seed: int, rounds: int) -> dict[str, float]:
    # (the file is `path`: the name `db` is the module, and a path named so was shadowed by it: make bench
    # wrote its records into a directory named after the module's repr)
    from .. import db
    from ..service import Service

    await Service.init_db(db_url(path))
    await durable(False)
    conn = db.connection()
    rng = random.Random(seed)
    base = min(1000, games)
    out: dict[str, float] = {}
    try:
        await _fill(conn, 0, base, rng)
        out["record_base"], out["ranking_base"] = await _measure(rng, rounds)
        t = time.perf_counter()
        for start in range(base, games, 20_000):
            await _fill(conn, start, min(games, start + 20_000), rng)
        out["fill"] = time.perf_counter() - t
        out["record"], out["ranking"] = await _measure(rng, rounds)
    finally:
        await db.close()
    return out


def records_speed(games: int, seed: int, workdir: Path, rounds: int = 30) -> list[Figure]:
    r = asyncio.run(_run(workdir / "records.sqlite3", games, seed, rounds))
    base = f"{min(1000, games):,} 局时"
    out = []
    for key, label in (("record", "/战绩"), ("ranking", "/排行")):
        value, baseline = r[key], r[f"{key}_base"]
        out.append(Figure(
            key=f"records_{key}", label=f"{label} 查询（{games:,} 局已存对局，中位数）", value=value, unit="ms",
            baseline=baseline, baseline_label=base, ratio=value / baseline if baseline else None,
            goal=f"≤ {QUERY_GOAL * 1000:.0f} ms", met=value <= QUERY_GOAL,
            detail={"games": games, "players": PLAYERS, "groups": GROUPS, "fill_seconds": r["fill"]},
        ))
    return out
