"""`bansha bench`'s command latency in process: the real NoneBot pipeline with bansha and the game plugins, a
`/投票` in each of many live games against a bare matcher (`/基准`) that only commits a row of its own table."""

from __future__ import annotations

import asyncio
import json
import math
import statistics
import time
from pathlib import Path
from typing import Any

from tortoise import fields
from tortoise.models import Model

from . import sim
from .kit import (
    BOT_ID,
    OWNER,
    TOP,
    Figure,
    child,
    durable,
    long_phases,
    open_at_a_vote,
    percentile,
    typical_size,
    voters_now,
)

LATENCY_GOAL = 1.5  # p99 ratio /投票 : bare matcher


class BenchRow(Model):
    """The bare matcher's table: one row per `/基准`, in a tortoise app of its own ("bench")."""

    id = fields.IntField(primary_key=True)
    group_id = fields.BigIntField()
    user_id = fields.BigIntField()
    text = fields.CharField(max_length=64)

    class Meta:
        table = "bansha_bench_row"
        app = "bench"


__models__ = [BenchRow]  # tortoise: only this model belongs to the "bench" app


# The latency child must load <TOP>.bansha as a NoneBot plugin before anything imports it, so it
# starts from this bootstrap (run with `python -c`, cwd = the directory holding <TOP>) rather than from this module.
LATENCY_BOOT = """
import sys
import nonebot
from nonebot.adapters.onebot.v11 import Adapter

db = sys.argv[sys.argv.index("--db") + 1]
nonebot.init(_env_file=(db + ".env",), driver="~fastapi", log_level="WARNING", bansha_db_url="sqlite://" + db,
             command_start=["/"], superusers=[])
nonebot.get_driver().register_adapter(Adapter)
nonebot.load_plugin("{top}")  # as bot.py does: the one plugin that loads bansha and every game

from {top}.bansha.tools import bench

sys.exit(bench.child_main(["_latency", *sys.argv[1:]]))
"""


async def latency_child(db: str, games: int, rounds: int, seed: int, game_name: str, ai: bool = False) -> dict[str, Any]:
    """The real bot in this process (booted by LATENCY_BOOT): NoneBot + OneBot v11 + bansha and the game
    plugins + tortoise on `db`; the bot's API calls are answered in-process."""
    import itertools
    import json as _json

    import nonebot
    from nonebot.adapters.onebot.v11 import Adapter, Bot, GroupMessageEvent, Message
    from nonebot.adapters.onebot.v11.event import Sender
    from nonebot.message import handle_event
    from nonebot.utils import DataclassEncoder
    from tortoise.transactions import in_transaction

    driver = nonebot.get_driver()

    from .. import db as bansha_db  # `db` is this function's file name argument
    from .. import service as service_mod
    from ..dbconfig import CONNECTION

    async def init_db_with_bench(db_url: str, **_: Any) -> None:
        # Service.init_db plus the bare matcher's own table in Bansha's context; with the fallback slot
        # (this process has no other tortoise user) the bare matcher reaches it without entering it
        await bansha_db.connect(db_url, extra_apps={"bench": {"models": [f"{__package__}.bench_latency"], "default_connection": CONNECTION}})

    service_mod.Service.init_db = staticmethod(init_db_with_bench)  # type: ignore[method-assign]

    # The bare matcher: NoneBot's dispatch plus one committed row. It runs before bansha's matchers
    # (priority 1, blocking), so bansha's own matcher checks count against bansha, not against the baseline.
    bare = nonebot.on_command("基准", priority=1, block=True)

    async def _bare(event: GroupMessageEvent) -> None:
        async with in_transaction():
            await BenchRow.create(group_id=event.group_id, user_id=event.user_id, text=event.get_plaintext()[:64])

    _bare.__annotations__ = {"event": GroupMessageEvent, "return": None}  # real classes, not postponed strings
    bare.handle()(_bare)
    # The same handler beside bansha's commands (priority 5): it pays their rule checks too, which splits
    # the /投票 overhead into NoneBot dispatch over bansha's matchers and bansha's own handling.
    nonebot.on_command("基准同级", priority=5, block=True).handle()(_bare)

    calls: dict[str, int] = {}
    group_sends: dict[int, list[float]] = {}  # group → when each message went out (for the peak rate)
    message_ids = itertools.count(1)

    async def call_api(bot: Bot, api: str, **data: Any) -> Any:
        _json.dumps({"action": api, "params": data}, cls=DataclassEncoder)  # what the WebSocket send would cost
        calls[api] = calls.get(api, 0) + 1
        if api in ("send_group_msg", "send_group_forward_msg"):
            group_sends.setdefault(int(data["group_id"]), []).append(time.monotonic())
        if api == "get_friend_list":
            return []
        if api == "get_group_member_info":
            return {"user_id": data.get("user_id"), "nickname": "玩家", "card": "", "role": "member"}
        return {"message_id": next(message_ids)}

    adapter = nonebot.get_adapter(Adapter)
    adapter._call_api = call_api  # type: ignore[method-assign]  # the API answered in-process, at once
    await driver._lifespan.startup()  # bansha's startup: init_db, restore, sender; the scheduler starts
    bot = Bot(adapter, str(BOT_ID))
    adapter.bot_connect(bot)

    from ..engine.game import registry as reg
    from ..models import InputRow, OutboxRow
    from ..qq.call import service

    svc = service()
    ruleset = reg.get(game_name)
    if ruleset is None:
        raise SystemExit(f"unknown game {game_name}")
    options = sim.build_options(ruleset, "", long_phases(ruleset))
    n = typical_size(ruleset, options)
    setup_start = time.perf_counter()
    await durable(False)
    plans: list[tuple[int, int, list[tuple[int, int]]]] = [  # (gid, group, [(qq, target seat)])
        (gid, group, [(played.qq_of(s), t) for s, t in voters_now(ruleset, played)])
        for gid, group, played in await open_at_a_vote(svc, ruleset, options, games, seed, 700_000, 2_000_000)
    ]
    if ai:  # `bansha bench --ai` (ai/bench.py): a third of each game's seats played by AI seats
        from ..ai.bench import hand_over

        plans = await hand_over(svc, plans, OWNER)
    await OutboxRow.filter(sent=False).update(sent=True)  # setup messages are not the measured load
    await durable(True)
    setup_s = time.perf_counter() - setup_start
    # keep two voters per game unused (one for the single-command runs, one pending: no early close)
    rounds = max(1, min(rounds, min(len(v) for _, _, v in plans) - 2))

    def event(group: int, qq: int, text: str) -> GroupMessageEvent:
        mid = next(message_ids)
        return GroupMessageEvent(
            time=int(time.time()), self_id=BOT_ID, post_type="message", sub_type="normal", user_id=qq,
            message_type="group", message_id=mid, message=Message(text), original_message=Message(text),
            raw_message=text, font=0, sender=Sender(user_id=qq, nickname=f"玩家{qq % 100}", card="", role="member"),
            to_me=False, group_id=group,
        )

    async def timed(ev: GroupMessageEvent) -> float:
        t = time.perf_counter()
        await handle_event(bot, ev)
        return time.perf_counter() - t

    async def quiet() -> None:
        for _ in range(6000):  # the sender drains what the last round produced before the next round starts
            if await svc.outbox.pending() == 0:
                return
            await asyncio.sleep(0.005)

    acts_before = await InputRow.filter(kind="act").count()
    rows_before = await BenchRow.all().count()
    vote_lat: list[float] = []
    ai_decisions = 0
    bare_lat: list[float] = []
    peer_lat: list[float] = []
    for r in range(rounds):
        votes = [event(group, voters[r][0], f"/投票 {voters[r][1]} 第{r + 1}轮理由") for _, group, voters in plans]
        bares = [event(group, voters[r][0], f"/基准 第{r + 1}轮") for _, group, voters in plans]
        peers = [event(group, voters[r][0], f"/基准同级 第{r + 1}轮") for _, group, voters in plans]
        order = [("vote", votes), ("bare", bares), ("peer", peers)]
        for kind, evs in order[r % 3:] + order[: r % 3]:  # rotate, so drift in load hits all three alike
            await quiet()
            if ai and kind == "vote":  # in a third of the games an AI seat's decision is due instead of a vote
                from ..ai.bench import decisions_now, split

                evs, ai_games = split(evs, plans, r)
                ai_decisions += decisions_now(svc, ai_games)
            got = await asyncio.gather(*(timed(e) for e in evs))
            {"vote": vote_lat, "bare": bare_lat, "peer": peer_lat}[kind].extend(got)
    # one command at a time (no queue): the cost of a single command on a bot with `games` live games
    solo_vote: list[float] = []
    solo_bare: list[float] = []
    r = rounds
    for _gid, group, voters in plans[: min(len(plans), 20)]:
        await quiet()
        solo_vote.append(await timed(event(group, voters[r][0], f"/投票 {voters[r][1]} 单条理由")))
        solo_bare.append(await timed(event(group, voters[r][0], "/基准 单条")))
    await quiet()
    # a burst in every group at once: 20 people ask /状态 together; each group gets its answers within its
    # send budget (the first few at once, the rest merged), which the peak rate below must show
    await asyncio.gather(*(handle_event(bot, event(group, 3_000_000 + g * 100 + k, "/状态"))
                           for g, (_, group, _v) in enumerate(plans) for k in range(BURST_ASKS)))
    await quiet()
    acts = await InputRow.filter(kind="act").count() - acts_before
    rows = await BenchRow.all().count() - rows_before
    in_boxes = 0
    for gid, _, _ in plans:
        state = svc.games[gid].state
        from ..engine.agents.heuristic import ballot_boxes

        in_boxes += sum(len(box.votes) for box in ballot_boxes(state))
    result = {
        "games": games, "players": n, "rounds": rounds, "ruleset": ruleset.key,
        "vote_p50": percentile(vote_lat, 0.5), "vote_p99": percentile(vote_lat, 0.99),
        "bare_p50": percentile(bare_lat, 0.5), "bare_p99": percentile(bare_lat, 0.99),
        "vote_mean": statistics.fmean(vote_lat), "bare_mean": statistics.fmean(bare_lat),
        "peer_p50": percentile(peer_lat, 0.5), "peer_p99": percentile(peer_lat, 0.99),
        "solo_vote_p50": percentile(solo_vote, 0.5), "solo_bare_p50": percentile(solo_bare, 0.5),
        "votes_sent": len(vote_lat) + len(solo_vote), "votes_logged": acts, "votes_in_boxes": in_boxes,
        "bare_sent": len(bare_lat) + len(solo_bare) + len(peer_lat), "bare_rows": rows, "setup_seconds": round(setup_s, 2),
        "api_calls": dict(sorted(calls.items())), "db": db,
        "group_peak_per_min": peak_per_minute(group_sends), "group_messages": sum(map(len, group_sends.values())),
        "burst_asks": BURST_ASKS * len(plans), "budget_per_min": budget_per_minute(),
        "ai_decisions": ai_decisions, "ai": svc.ai.report() if ai else None,
    }
    print(json.dumps(result, ensure_ascii=False), flush=True)
    await driver._lifespan.shutdown()
    return result


BURST_ASKS = 20  # /状态 per group in the burst round


def peak_per_minute(sends: dict[int, list[float]]) -> int:
    """The most messages any one group received within any 60 seconds."""
    peak = 0
    for times in sends.values():
        times = sorted(times)
        lo = 0
        for hi, t in enumerate(times):
            while t - times[lo] >= 60:
                lo += 1
            peak = max(peak, hi - lo + 1)
    return peak


def budget_per_minute() -> float:
    """What the configured group budget allows in one minute: the burst, then one per interval."""
    from ..config import Config

    c = Config()
    return c.bansha_group_burst + (60 / c.bansha_group_interval if c.bansha_group_interval > 0 else math.inf)


def latency(games: int, rounds: int, seed: int, game: str, workdir: Path, ai: bool = False) -> list[Figure]:
    got, _ = child(["--db", str(workdir / ("latency-ai.sqlite3" if ai else "latency.sqlite3")), "--games",
                     str(games), "--rounds", str(rounds), "--seed", str(seed), "--game", game, *(["--ai"] if ai else [])],
                    timeout=3600, boot=LATENCY_BOOT.replace("{top}", TOP))
    if ai:
        return [got]  # type: ignore[list-item]  # (ai_figure makes the figure, against the all-human run)
    ratio = got["vote_p99"] / got["bare_p99"] if got["bare_p99"] else None
    detail = {k: got[k] for k in ("games", "players", "rounds", "votes_sent", "votes_logged", "votes_in_boxes",
                                  "bare_sent", "bare_rows", "setup_seconds", "api_calls")}
    detail.update({k + "_ms": round(got[k] * 1000, 3) for k in (
        "vote_p50", "bare_p50", "vote_mean", "bare_mean", "solo_vote_p50", "solo_bare_p50", "peer_p50", "peer_p99")})
    detail["p99_ratio_vs_peer"] = round(got["vote_p99"] / got["peer_p99"], 3) if got["peer_p99"] else None
    p50 = Figure("latency_p50", f"命令延迟 p50（{games} 局并发 /投票）", got["vote_p50"], "ms",
                 baseline=got["bare_p50"], baseline_label="基准匹配器 p50",
                 ratio=got["vote_p50"] / got["bare_p50"] if got["bare_p50"] else None)
    p99 = Figure("latency_p99", f"命令延迟 p99（{games} 局并发 /投票）", got["vote_p99"], "ms",
                 baseline=got["bare_p99"], baseline_label="基准匹配器 p99", ratio=ratio,
                 goal=f"p99 比值 ≤ {LATENCY_GOAL}", met=ratio is not None and ratio <= LATENCY_GOAL, detail=detail)
    peak, budget = got["group_peak_per_min"], got["budget_per_min"]
    rate = Figure("group_rate_peak", f"群消息峰值（{games} 局负载，单群每分钟）", peak, "条",
                  goal=f"≤ {budget:g} 条（发送预算：突发 + 每分钟补充）", met=peak <= budget,
                  detail={k: got[k] for k in ("group_messages", "burst_asks", "budget_per_min")})
    return [p50, p99, rate]
