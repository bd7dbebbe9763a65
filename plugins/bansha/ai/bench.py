"""`bansha bench --ai`: the players' vote latency with a third of every game's seats played by AI seats.

The latency bench (tools/bench_latency.py) runs once more with, in each live game, the last third of its voters
handed to AI seats (`/法官 替补 <座位> AI`'s input). In every round, at the moment the players' votes go
in, every third game's input is an AI seat's decision instead (the runtime's own decision and submission,
on the same event loop as the players' commands): as many inputs at once as in the all-human run. Every
input of every game also reaches the runtime (`after_input`: its minds fed, its slots planned again). The
goal: the players' vote p99 within 10% of the all-human run of the same games.
"""

from __future__ import annotations

from typing import Any

from ..engine.parts.aiseats import seat_input
from . import plan

AI_SHARE = 3  # one seat in three
AI_GOAL = 1.10  # vote p99 with AI seats : all-human vote p99


async def hand_over(svc: Any, plans: list[tuple[int, int, list[tuple[int, int]]]], owner: int) -> list:
    """The last third of each game's voters become AI seats; returns the plans without them (they no longer vote
    as people) and rebuilds each game's AI minds."""
    out = []
    for gid, group, voters in plans:
        game = svc.games[gid]
        k = max(1, len(game.players) // AI_SHARE)
        handed = voters[-k:]
        for qq, _target in handed:
            seat = game.seat_of(qq)
            await svc.submit(gid, seat_input("take", owner, svc.now(), target=str(seat)))
        await svc.ai._table(game)
        out.append((gid, group, voters[:-k]))
    return out


def split(votes: list, plans: list[tuple[int, int, list]], r: int) -> tuple[list, list[int]]:
    """Round r's votes less those of every third game, whose input this round comes from an AI seat instead: as
    many inputs at once as in the all-human run, a third of them the AI's."""
    kept = [v for i, v in enumerate(votes) if i % AI_SHARE != r % AI_SHARE]
    return kept, [gid for i, (gid, _, _) in enumerate(plans) if i % AI_SHARE == r % AI_SHARE]


def decisions_now(svc: Any, gids: list[int]) -> int:
    """One AI seat of each of these games decides now (its next slot, brought forward): the runtime's own path."""
    spawned = 0
    for gid in gids:
        game = svc.games.get(gid)
        if game is None:
            continue
        for seat in [s for s in range(1, len(game.players) + 1) if game.players[s - 1].qq < 0]:
            due = plan.due(game, seat, svc.ai._skipped(game).get(seat, 0))
            if due is None or seat in svc.ai._busy(gid):
                continue
            svc.ai._busy(gid).add(seat)
            svc.ai._spawn(svc.ai._run(gid, plan.Due(svc.now(), seat, due.slot, due.phase)))
            spawned += 1
            break
    return spawned


def ai_figure(got: dict[str, Any], human: Any) -> Any:
    """The figure: vote p99 with AI seats against the all-human run's vote p99."""
    from ..tools.kit import Figure

    ratio = got["vote_p99"] / human.value if human.value else None
    detail = {"ai_decisions": got["ai_decisions"], "vote_p50_ms": round(got["vote_p50"] * 1000, 3),
              "ai": got["ai"], "games": got["games"], "players": got["players"]}
    return Figure("latency_p99_ai", f"命令延迟 p99（{got['games']} 局，三分之一座位为 AI）", got["vote_p99"], "ms",
                  baseline=human.value, baseline_label="全真人 p99", ratio=ratio,
                  goal=f"比值 ≤ {AI_GOAL}", met=ratio is not None and ratio <= AI_GOAL, detail=detail)
