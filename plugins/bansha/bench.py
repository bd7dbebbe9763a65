"""`bansha bench`: the platform's speed, scale and recovery, each figure against a baseline from the same run.

1. 命令延迟: p50/p99 of a group `/投票` in a live game, through the real NoneBot
   pipeline (OneBot v11 events into `nonebot.message.handle_event`, the bansha
   plugin and the game plugins loaded as bot.py loads them, tortoise on a
   SQLite file), with `--games` games live at once and one vote per game in
   flight together; against a bare matcher (`/基准`) in the same process whose
   handler only commits one row to a table of its own. Goal: p99 ratio ≤ 1.5.
   Beside it (bench_ws.py), the same votes end to end: the real `bot.py` process driven over
   OneBot v11 reverse WebSocket by the project's fake client (tests/fakeqq.py), timed from the
   post to the bot's announcement arriving back at the client.
2. 引擎速度: whole simulated games per second on one core (`engine.agent.play_game`
   with the random agent, the process's CPU time), per ruleset; beside each, the same games' recorded
   inputs replayed alone (inputs/s). Goals: 12-player 狼人杀 ≥ 2,000/s, 纳塔 ≥ 300/s.
3. 重启 (benchproc.py): the real `bot.py` process on a database with 1,000 and 10,000 active
   games: WebSocket accepted (≤ 1 s), every game restored (1,000 ≤ 2 s, 10,000 ≤ 10 s), a first
   command answered; RSS per active game (≤ 100 KB), against an empty database in the same run.
4. 快照 (benchproc.py): a 5,000-input 论坛 game's latest snapshot (≤ 200 KB).

The NoneBot and DB parts each run in a child process (`python -m <package>.bansha.bench
_latency|_build|_snapshot …`, or `bot.py` itself): a clean heap, a real process start, and NoneBot
initialised exactly once.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import platform
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from tortoise import fields
from tortoise.models import Model

from . import benchproc, sim
from .engine import registry
from .engine.agent import Agent, play_game
from .engine.core import Input
from .engine.game import RUNNING, Game, apply
from .engine.heuristic import is_vote
from .engine.rng import Rng
from .engine.ruleset import Ruleset

# Children import the project by its directory's name from the directory above it (the repository, or
# site-packages once installed): `plugins` in a clone even when this process runs the installed console
# script, because NoneBot loads a plugin only from a module that a plain path lookup finds.
ROOT = Path(__file__).resolve().parents[2]
TOP = Path(__file__).resolve().parents[1].name
BOT_ID = 10000
OWNER = 9_000_000
T0 = 1_700_000_000.0  # the scripted games' clock; shifted to real time when stored

LATENCY_GOAL = 1.5  # p99 ratio /投票 : bare matcher
QQ0, QQ_STRIDE = 1_000_000, 100  # build_db seats game g's players as QQ QQ0 + g * QQ_STRIDE + k
# Engine goals from the issue: ruleset key -> (players or None for the typical table, games/s)
ITEMS = ("latency", "engine", "restart", "snapshot", "console", "records")
ENGINE_GOALS: dict[str, tuple[int | None, float]] = {"werewolf": (12, 2000.0), "nata": (None, 300.0)}


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


@dataclass
class Figure:
    """One line of the report: the figure, its same-run baseline, their ratio and the goal."""

    key: str
    label: str
    value: float
    unit: str
    baseline: float | None = None
    baseline_label: str = ""
    ratio: float | None = None
    goal: str = ""
    met: bool | None = None
    detail: dict[str, Any] = field(default_factory=dict)

    def line(self) -> str:
        base = f"；{self.baseline_label} {_fmt(self.baseline, self.unit)}" if self.baseline is not None else ""
        ratio = f"；比值 {self.ratio:.2f}" if self.ratio is not None else ""
        verdict = "" if self.met is None else ("  ✔ 达标" if self.met else "  ✘ 未达标")
        goal = f"（目标 {self.goal}）" if self.goal else ""
        return f"{self.label}：{_fmt(self.value, self.unit)}{base}{ratio}{goal}{verdict}"


def _fmt(x: float | None, unit: str) -> str:
    if x is None:
        return "—"
    if unit == "ms":
        return f"{x * 1000:.2f} ms"
    if unit == "s":
        return f"{x:.2f} s"
    if unit == "B":
        return f"{x / 1024:.1f} KB"
    if unit == "/s":
        return f"{x:,.0f} 局/秒"
    if unit == "inputs/s":
        return f"{x:,.0f} 条输入/秒"
    return f"{x:g} {unit}"


def typical_size(ruleset: Ruleset, options: dict[str, Any]) -> int:
    """The typical table for benchmarks: the middle of the head counts the options accept."""
    sizes = ruleset.sizes(options)
    if not sizes:
        raise sim.SimError(f"{ruleset.title} 没有可以开局的人数。")
    return sim.typical_size(sizes)


def long_phases(ruleset: Ruleset) -> list[str]:
    """Options that stretch every phase to 2 h, so no deadline fires while the latency bench runs."""
    return sorted({f"{spec.option}=2h" for spec in ruleset.phases.values() if spec.option})


# --- a scripted game: play_game's loop, recording, with an early stop -------------------------------


class _Stop(Exception):
    """Raised from play_game's observer to stop a scripted game early."""


def script_game(
    ruleset: Ruleset,
    n: int,
    seed: int,
    options: dict[str, Any],
    qq0: int,
    stop: Callable[[Game], bool] | None = None,
    agent: Agent | None = None,
    max_steps: int = 5000,
) -> tuple[Game, list[Input]]:
    """The accepted inputs of one `play_game` game, in order (stopping once `stop(game)` holds), with
    the players' QQ numbers moved to `qq0…` so that many scripted games can share one database."""
    seen: list[tuple[Game, Input]] = []

    def observe(game: Game, inp: Input, _events: list) -> None:
        seen.append((game, inp))
        if stop is not None and game.status == RUNNING and stop(game):
            raise _Stop

    try:
        result = play_game(ruleset, n, seed, options, agent, max_steps=max_steps, observe=observe)
        game = result.game
    except _Stop:
        game = seen[-1][0]
    except RuntimeError:  # did not end in max_steps: still a valid log of a running game
        if not seen:
            raise
        game = seen[-1][0]
    shift = qq0 - 100  # play_game seats its players as QQ 100, 101, …
    for p in game.players:
        p.qq += shift
    inputs = [Input(i.kind, i.actor + shift if i.actor >= 100 else i.actor, i.args, i.at) for _, i in seen]
    return game, inputs


def shifted(inputs: Sequence[Input], offset: float) -> list[Input]:
    return [Input(i.kind, i.actor, i.args, i.at + offset) for i in inputs]


def voters_now(ruleset: Ruleset, game: Game) -> list[tuple[int, int]]:
    """(seat, target) for every seat that may cast a day vote right now, in seat order."""
    state = game.state
    out = []
    for seat in sorted(ruleset.pending(state)):
        for choice in ruleset.legal(state, seat):
            if is_vote(choice.skill) and choice.skill.name == "投票":
                targets = [t for t in choice.candidates if t and t != seat]
                if targets:
                    out.append((seat, targets[seat % len(targets)]))
                break
    return out


async def open_at_a_vote(svc: Any, ruleset: Ruleset, options: dict[str, Any], games: int, seed: int, group0: int,
                         qq0: int) -> list[tuple[int, int, Game]]:
    """`games` games of `ruleset`, each played by the random agent up to its first day vote and stored through the
    state service as BOT_ID's, in groups group0… with players qq0…: (game id, group, the played game) each."""
    from .service import Origin

    n = typical_size(ruleset, options)
    out = []
    for g in range(games):
        group = group0 + g
        played, script = script_game(ruleset, n, seed + g, options, qq0=qq0 + g * 100,
                                     stop=lambda game: bool(voters_now(ruleset, game)))
        if played.status != RUNNING or not voters_now(ruleset, played):
            raise RuntimeError(f"game {g} (seed {seed + g}) never reached a day vote")
        game = await svc.open_game(group_id=group, self_id=BOT_ID, owner=OWNER, ruleset=ruleset.key, options=options,
                                   seed=seed + g, origin=Origin("group", OWNER, group))
        for inp in shifted(script, time.time() - script[-1].at - 1):
            await svc.submit(game.gid, inp, Origin("group", inp.actor or OWNER, group))
        out.append((game.gid, group, played))
    return out


# --- 2. engine speed -----------------------------------------------------------------------------


def engine_speed(seconds: float = 2.0, min_games: int = 20, only: Sequence[str] = ()) -> list[Figure]:
    """Whole random-agent games per second, one process (one core), per ruleset; then the same games'
    recorded inputs replayed alone (no agent), in inputs per second. Both skip the text nobody reads
    (`play_game(texts=False)`, as `bansha simulate` does). Timed by this process's CPU time (one core): on a
    shared machine the wall clock also counts the other processes' turns."""
    figures = []
    for ruleset in sorted(registry.all_rulesets(), key=lambda r: r.key):
        if only and ruleset.key not in only and ruleset.title not in only:
            continue
        options = sim.build_options(ruleset)
        goal_n, goal = ENGINE_GOALS.get(ruleset.key, (None, None))
        n = goal_n or typical_size(ruleset, options)
        play_game(ruleset, n, 0, options, texts=False)  # warm-up: imports, caches
        games = inputs = 0
        start = time.process_time()
        while True:
            result = play_game(ruleset, n, games + 1, options, texts=False)
            inputs += result.game.seq
            games += 1
            elapsed = time.process_time() - start
            if games >= min_games and elapsed >= seconds:
                break
        rate = games / elapsed
        figures.append(Figure(
            f"engine:{ruleset.key}", f"引擎速度 {ruleset.title} {n} 人", rate, "/s",
            ratio=(rate / goal) if goal else None,
            goal=f"≥ {goal:,.0f} 局/秒" if goal else "",
            met=(rate >= goal) if goal else None,
            detail={"games": games, "seconds": round(elapsed, 3), "inputs_per_game": round(inputs / games, 1),
                    "inputs_per_second": round(inputs / elapsed), "clock": "process CPU time"},
        ))
        figures.append(replay_speed(ruleset, n, options, seconds, min(games, 50)))
    return figures


def replay_speed(ruleset: Ruleset, n: int, options: dict[str, Any], seconds: float, games: int) -> Figure:
    """The recorded inputs of `games` random-agent games folded again with `apply` alone: the engine's own
    rate, without the agents' choosing (the cost a restore or `bansha replay` pays per input)."""
    played = [play_game(ruleset, n, seed + 1, options, record=True) for seed in range(games)]
    folded = replayed = 0
    start = time.process_time()
    while True:
        for seed, result in enumerate(played):
            game = Game.new(1, ruleset, group=1, owner=1, seed=seed + 1, options=dict(options))
            game.texts = game.keep_record = False
            for inp in result.inputs:
                apply(game, inp)
            if game.outcome != result.game.outcome:  # the fold is the game: a replay that ends otherwise is a bug
                raise RuntimeError(f"{ruleset.key} seed {seed + 1}: the replay ended otherwise than the game")
            folded += len(result.inputs)
            replayed += 1
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            break
    rate = folded / elapsed
    return Figure(f"replay:{ruleset.key}", f"回放速度 {ruleset.title} {n} 人（只回放输入）", rate, "inputs/s",
                  detail={"games": replayed, "seconds": round(elapsed, 3), "games_per_second": round(replayed / elapsed, 1),
                          "inputs_per_game": round(folded / replayed, 1)})


def profile_engine(games: int = 100, key: str = "werewolf", n: int = 12, top: int = 15) -> list[dict[str, Any]]:
    """cProfile of whole games: the functions where the time goes (tottime), for docs/performance.md."""
    import cProfile
    import pstats

    ruleset = sim.find_ruleset(key)
    options = sim.build_options(ruleset)
    prof = cProfile.Profile()
    prof.enable()
    for seed in range(games):
        play_game(ruleset, n, seed, options, texts=False)
    prof.disable()
    stats = pstats.Stats(prof)
    total = stats.total_tt  # type: ignore[attr-defined]
    rows = []
    for (path, line, func), (_cc, calls, tt, ct, _callers) in stats.stats.items():  # type: ignore[attr-defined]
        rows.append({"function": f"{_short(path)}:{line}({func})", "calls": calls, "tottime": tt, "cumtime": ct})
    rows.sort(key=lambda r: -r["tottime"])
    for r in rows:
        r["share"] = round(r["tottime"] / total, 4) if total else 0.0
        r["tottime"] = round(r["tottime"], 4)
        r["cumtime"] = round(r["cumtime"], 4)
    return [{"total_seconds": round(total, 3), "games": games}] + rows[:top]


def _short(path: str) -> str:
    p = Path(path)
    try:
        return str(p.resolve().relative_to(ROOT))
    except ValueError:
        return p.name


# --- child processes -------------------------------------------------------------------------------


def _child(args: list[str], timeout: float = 900, boot: str = "") -> tuple[dict[str, Any], float]:
    """Run `python -m <TOP>.bansha.bench <args>` (or `python -c <boot> <args>`); returns its JSON line
    and the wall time from launch until that line was printed."""
    cmd = [sys.executable, "-c", boot, *args] if boot else [sys.executable, "-m", f"{TOP}.bansha.bench", *args]
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = ""
        while proc.stdout is not None:  # NoneBot logs to stdout too: the result is the first JSON line
            line = proc.stdout.readline()
            if not line or line.startswith("{"):
                break
        elapsed = time.perf_counter() - start
        rest, err = proc.communicate(timeout=timeout)
    except BaseException:
        proc.kill()
        raise
    if proc.returncode != 0 or not line.startswith("{"):
        raise RuntimeError(f"bench child {' '.join(args[:1])} failed ({proc.returncode}):\n{line}{err[-3000:]}")
    later = [x for x in rest.splitlines() if x.startswith("{")]  # a fuller result printed after the timed line
    return json.loads(later[-1] if later else line), elapsed


def _db_url(path: str | Path) -> str:
    return f"sqlite://{path}"


async def _durable(on: bool) -> None:
    """SQLite fsync per commit on (production's default) or off. Off only while filling a DB the bench
    then measures: the setup is not the figure, and on a busy disk it would take minutes."""
    from . import db

    await db.connection().execute_script(f"PRAGMA synchronous={'FULL' if on else 'OFF'}")


# --- the databases the restart bench starts the bot on (benchproc.py) -----------------------------


async def build_db(db: str, games: int, seed: int) -> dict[str, Any]:
    """Fill a DB with `games` active games through the state service (open_game, submit), mixed over every
    ruleset, each stopped at a random point of an agent-played game."""
    from tortoise import Tortoise

    from .models import OutboxRow
    from .service import Origin, Service

    sim.load_rulesets()
    await Service.init_db(_db_url(db))

    async def send(_out: Any) -> None:
        return None

    svc = Service(send, lambda *a: None, lambda *a: None)
    await _durable(False)
    rulesets = sorted(registry.all_rulesets(), key=lambda r: r.key)
    rng = Rng.seeded(seed)
    offset = (int((time.time() - T0) // 86400) + 1) * 86400  # whole days: wall-clock options keep their meaning
    inputs = 0
    for g in range(games):
        ruleset = rulesets[g % len(rulesets)]
        options = sim.build_options(ruleset)
        n = typical_size(ruleset, options)
        full, script = script_game(ruleset, n, seed + g, options, qq0=QQ0 + g * QQ_STRIDE)
        cut = len(script) - 1 if full.status != RUNNING else len(script)  # the last input may end the game
        keep = rng.randint(n + 1, max(n + 1, cut))
        group = 800_000 + g
        game = await svc.open_game(group_id=group, self_id=BOT_ID, owner=OWNER, ruleset=ruleset.key, options=options,
                                   seed=seed + g, origin=Origin("group", OWNER, group))
        for inp in shifted(script[:keep], offset):
            await svc.submit(game.gid, inp, Origin("group", inp.actor or OWNER, group))
        inputs += keep
    await OutboxRow.filter(sent=False).update(sent=True)  # the setup's messages are not what we measure
    await Tortoise.close_connections()
    return {"games": games, "inputs": inputs, "rulesets": [r.key for r in rulesets]}


# --- 1. command latency through NoneBot ------------------------------------------------------------


def _percentile(xs: Sequence[float], p: float) -> float:
    """Nearest-rank percentile."""
    s = sorted(xs)
    k = max(0, min(len(s) - 1, math.ceil(p * len(s)) - 1))
    return s[k]


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

from {top}.bansha import bench

sys.exit(bench._child_main(["_latency", *sys.argv[1:]]))
"""


async def latency_child(db: str, games: int, rounds: int, seed: int, game_name: str) -> dict[str, Any]:
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

    from . import db as bansha_db  # `db` is this function's file name argument
    from . import service as service_mod
    from .dbconfig import CONNECTION

    async def init_db_with_bench(db_url: str, **_: Any) -> None:
        # Service.init_db plus the bare matcher's own table in Bansha's context; with the fallback slot
        # (this process has no other tortoise user) the bare matcher reaches it without entering it
        await bansha_db.connect(db_url, extra_apps={"bench": {"models": [f"{__package__}.bench"], "default_connection": CONNECTION}})

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
    message_ids = itertools.count(1)

    async def call_api(bot: Bot, api: str, **data: Any) -> Any:
        _json.dumps({"action": api, "params": data}, cls=DataclassEncoder)  # what the WebSocket send would cost
        calls[api] = calls.get(api, 0) + 1
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

    from .engine import registry as reg
    from .models import InputRow, OutboxRow
    from .qq.call import service

    svc = service()
    ruleset = reg.get(game_name)
    if ruleset is None:
        raise SystemExit(f"unknown game {game_name}")
    options = sim.build_options(ruleset, "", long_phases(ruleset))
    n = typical_size(ruleset, options)
    setup_start = time.perf_counter()
    await _durable(False)
    plans: list[tuple[int, int, list[tuple[int, int]]]] = [  # (gid, group, [(qq, target seat)])
        (gid, group, [(played.qq_of(s), t) for s, t in voters_now(ruleset, played)])
        for gid, group, played in await open_at_a_vote(svc, ruleset, options, games, seed, 700_000, 2_000_000)
    ]
    await OutboxRow.filter(sent=False).update(sent=True)  # setup messages are not the measured load
    await _durable(True)
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
            if await svc.pending_outbox() == 0:
                return
            await asyncio.sleep(0.005)

    acts_before = await InputRow.filter(kind="act").count()
    rows_before = await BenchRow.all().count()
    vote_lat: list[float] = []
    bare_lat: list[float] = []
    peer_lat: list[float] = []
    for r in range(rounds):
        votes = [event(group, voters[r][0], f"/投票 {voters[r][1]} 第{r + 1}轮理由") for _, group, voters in plans]
        bares = [event(group, voters[r][0], f"/基准 第{r + 1}轮") for _, group, voters in plans]
        peers = [event(group, voters[r][0], f"/基准同级 第{r + 1}轮") for _, group, voters in plans]
        order = [("vote", votes), ("bare", bares), ("peer", peers)]
        for kind, evs in order[r % 3:] + order[: r % 3]:  # rotate, so drift in load hits all three alike
            await quiet()
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
    acts = await InputRow.filter(kind="act").count() - acts_before
    rows = await BenchRow.all().count() - rows_before
    in_boxes = 0
    for gid, _, _ in plans:
        state = svc.games[gid].state
        from .engine.heuristic import ballot_boxes

        in_boxes += sum(len(box.votes) for box in ballot_boxes(state))
    result = {
        "games": games, "players": n, "rounds": rounds, "ruleset": ruleset.key,
        "vote_p50": _percentile(vote_lat, 0.5), "vote_p99": _percentile(vote_lat, 0.99),
        "bare_p50": _percentile(bare_lat, 0.5), "bare_p99": _percentile(bare_lat, 0.99),
        "vote_mean": statistics.fmean(vote_lat), "bare_mean": statistics.fmean(bare_lat),
        "peer_p50": _percentile(peer_lat, 0.5), "peer_p99": _percentile(peer_lat, 0.99),
        "solo_vote_p50": _percentile(solo_vote, 0.5), "solo_bare_p50": _percentile(solo_bare, 0.5),
        "votes_sent": len(vote_lat) + len(solo_vote), "votes_logged": acts, "votes_in_boxes": in_boxes,
        "bare_sent": len(bare_lat) + len(solo_bare) + len(peer_lat), "bare_rows": rows, "setup_seconds": round(setup_s, 2),
        "api_calls": dict(sorted(calls.items())), "db": db,
    }
    print(json.dumps(result, ensure_ascii=False), flush=True)
    await driver._lifespan.shutdown()
    return result


def latency(games: int, rounds: int, seed: int, game: str, workdir: Path) -> list[Figure]:
    got, _ = _child(["--db", str(workdir / "latency.sqlite3"), "--games", str(games), "--rounds",
                     str(rounds), "--seed", str(seed), "--game", game], timeout=3600, boot=LATENCY_BOOT.replace("{top}", TOP))
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
    return [p50, p99]


# --- the report ---------------------------------------------------------------------------------------


def machine() -> dict[str, Any]:
    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return {"nproc": cpus, "python": platform.python_version(), "platform": platform.platform(),
            "processor": platform.processor() or platform.machine()}


def render(figures: Sequence[Figure], info: dict[str, Any]) -> str:
    head = f"机器：{info['nproc']} 核，Python {info['python']}，{info['platform']}"
    lines = [head, ""] + [f.line() for f in figures]
    met = [f for f in figures if f.met is not None]
    lines += ["", f"达标 {sum(1 for f in met if f.met)}/{len(met)} 项目标。"]
    return "\n".join(lines)


def render_markdown(figures: Sequence[Figure], info: dict[str, Any], command: str,
                    profile: list[dict[str, Any]] | None, previous: str = "") -> str:
    """The generated block. Rows of `previous` (the block as it stands) that this run did not measure are
    kept (a run with --only updates its own rows, and the rows other runs wrote stay), as is its profile
    table when this run made none."""
    rows, details = {}, {}
    for f in figures:
        verdict = "" if f.met is None else ("达标" if f.met else "未达标")
        base = f"{f.baseline_label} {_fmt(f.baseline, f.unit)}" if f.baseline is not None else "—"
        ratio = f"{f.ratio:.2f}" if f.ratio is not None else "—"
        rows[f.label] = f"| {f.label} | {_fmt(f.value, f.unit)} | {base} | {ratio} | {f.goal or '—'} | {verdict} |"
        if f.detail:
            details[f.label] = f"- {f.label}：`{json.dumps(f.detail, ensure_ascii=False)}`"
    old_rows, old_details, old_profile = _previous_block(previous)
    kept = [label for label in old_rows if label not in rows]
    out = [f"生成命令：`{command}`", "",
           f"机器：{info['nproc']} 核（nproc），Python {info['python']}，{info['platform']}。", ""]
    if kept:
        out += [f"这次运行重测了 {len(rows)} 行；其余 {len(kept)} 行保留自之前的运行（同一页、各自的命令）。", ""]
    out += ["| 项目 | 测得 | 同次基线 | 比值 | 目标 | 结论 |", "|---|---|---|---|---|---|"]
    order = list(old_rows) + [label for label in rows if label not in old_rows]
    out += [rows.get(label) or old_rows[label] for label in order]
    out.append("")
    out += [details.get(label) or old_details[label] for label in order if label in details or label in old_details]
    if profile:
        meta, prows = profile[0], profile[1:]
        out += ["", f"引擎热点（cProfile，狼人杀 12 人 {meta['games']} 局，总 {meta['total_seconds']} s，按自身耗时）：", "",
                "| 函数 | 调用次数 | 自身耗时 s | 占比 | 累计耗时 s |", "|---|---|---|---|---|"]
        for r in prows:
            out.append(f"| `{r['function']}` | {r['calls']} | {r['tottime']} | {r['share'] * 100:.1f}% | {r['cumtime']} |")
    elif old_profile:
        out += ["", *old_profile]
    return "\n".join(out) + "\n"


def _previous_block(text: str) -> tuple[dict[str, str], dict[str, str], list[str]]:
    """The figure rows, detail lines and profile table of a generated block, by figure label."""
    rows: dict[str, str] = {}
    details: dict[str, str] = {}
    lines = text.splitlines()
    start = next((i for i, line in enumerate(lines) if line.startswith("引擎热点")), len(lines))
    for line in lines[:start]:
        if line.startswith("| ") and not line.startswith(("| 项目 |", "|---")):
            rows[line[2:].split(" | ", 1)[0]] = line
        elif line.startswith("- ") and "：`" in line:
            details[line[2:].split("：`", 1)[0]] = line
    return rows, details, lines[start:]


PERFORMANCE_INTRO = """# 性能基准

由 `bansha bench` 生成（`make bench ARGS="--markdown docs/performance.md"`）。每个数字都与同一次运行、同一台机器上测得的基线相比。
"""


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("bench", help="性能基准：命令延迟、引擎速度、重启与内存、快照大小",
                       description="性能基准：每项都与同次运行的基线比较，并说明是否达到目标。")
    p.add_argument("--only", default=",".join(ITEMS),
                   help=f"只跑其中几项，逗号分隔：{','.join(ITEMS)}（默认全部）")
    p.add_argument("--record-games", type=int, default=100_000, help="战绩与排行：已存对局数（默认 100000）")
    p.add_argument("--games", type=int, default=200, help="命令延迟：同时进行的游戏局数（默认 200）")
    p.add_argument("--rounds", type=int, default=5, help="命令延迟：轮数，每轮每局一票（默认 5）")
    p.add_argument("--latency-game", default="狼人杀", help="命令延迟使用的游戏（默认 狼人杀）")
    p.add_argument("--no-ws", action="store_true",
                   help="命令延迟只测进程内，不再经 WebSocket 驱动真实的 bot.py（需要仓库里的 tests/fakeqq.py）")
    p.add_argument("--restart-games", default="1000,10000",
                   help="重启与内存：活跃游戏局数，逗号分隔（默认 1000,10000）")
    p.add_argument("--templates", type=int, default=50,
                   help="重启与内存：经状态服务真实写入的模板局数，其余局是它们的副本（默认 50）")
    p.add_argument("--repeat", type=int, default=1, help="重启：每个局数重复启动几次，取中位数（默认 1）")
    p.add_argument("--snapshot-inputs", type=int, default=5000, help="快照：论坛局的输入条数（默认 5000）")
    p.add_argument("--snapshot-game", action="append", default=[],
                   help="快照：只测这些游戏（可重复；默认每个游戏各一局）")
    p.add_argument("--seconds", type=float, default=3.0, help="引擎速度：每个游戏至少测多少秒（默认 3）")
    p.add_argument("--engine-game", action="append", default=[], help="引擎速度：只测这些游戏（键或标题，可重复）")
    p.add_argument("--seed", type=int, default=1, help="种子（默认 1）")
    p.add_argument("--profile", action="store_true", help="附上引擎的 cProfile 热点表")
    p.add_argument("--json", action="store_true", help="输出 JSON")
    p.add_argument("--markdown", metavar="MD", help="把结果写入该 Markdown 文件的生成区（如 docs/performance.md）")
    p.add_argument("--workdir", help="临时数据库放在这里（默认临时目录，运行后删除）")


def run(args: argparse.Namespace, argv: Sequence[str]) -> int:
    sim.load_rulesets()
    wanted = {w.strip() for w in args.only.split(",") if w.strip()}
    unknown = wanted - set(ITEMS)
    if unknown:
        print(f"未知的基准项：{'、'.join(sorted(unknown))}", file=sys.stderr)
        return 2
    figures: list[Figure] = []
    with tempfile.TemporaryDirectory(prefix="bansha-bench-") as tmp:
        workdir = Path(args.workdir or tmp)
        workdir.mkdir(parents=True, exist_ok=True)
        if "latency" in wanted:
            _note("命令延迟：启动 NoneBot，准备并发游戏……")
            inproc = latency(args.games, args.rounds, args.seed, args.latency_game, workdir)
            figures += inproc
            if not args.no_ws:
                from .bench_ws import latency_ws

                _note("端到端延迟：启动真实的 bot.py，用假 OneBot 客户端经 WebSocket 投票……")
                base = {"p50": inproc[0].value, "p99": inproc[1].value}
                figures += latency_ws(args.games, args.rounds, args.seed, args.latency_game, workdir, base)
        if "engine" in wanted:
            _note("引擎速度……")
            figures += engine_speed(args.seconds, only=args.engine_game)
        if "restart" in wanted:
            counts = [int(x) for x in args.restart_games.split(",") if x.strip()]
            _note(f"重启与内存：{'、'.join(map(str, counts))} 局活跃游戏，真实的 bot.py 进程……")
            figures += benchproc.restart(counts, args.seed, args.repeat, args.templates, workdir)
        if "snapshot" in wanted:
            _note(f"快照：{args.snapshot_inputs} 条输入的论坛局……")
            names = args.snapshot_game or [r.title for r in sorted(registry.all_rulesets(), key=lambda r: r.key)
                                           if r.key != "toy"]
            figures += benchproc.snapshot(args.snapshot_inputs, args.seed, names, workdir)
        if "console" in wanted:
            _note("导演台页面渲染……")
            from .console import bench as console_bench

            figures += [Figure(**f) for f in console_bench.figures(seed=args.seed)]
        if "records" in wanted:
            from .benchrecords import records_speed

            _note(f"战绩与排行：写入 {args.record_games} 局已结束的对局……")
            figures += records_speed(args.record_games, args.seed, workdir)
    profile = profile_engine() if args.profile else None
    info = machine()
    if args.json:
        print(json.dumps({"machine": info, "figures": [asdict(f) for f in figures], "profile": profile},
                         ensure_ascii=False, indent=2))
    else:
        print(render(figures, info))
    if args.markdown:
        command = "bansha bench " + " ".join(shlex.quote(a) for a in argv)
        region = sim.Region("bench")
        previous = region.read(Path(args.markdown))
        region.write(Path(args.markdown), render_markdown(figures, info, command, profile, previous),
                                  PERFORMANCE_INTRO)
        _note(f"已写入：{args.markdown}")
    return 0


def _note(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


# --- child entry: python -m <TOP>.bansha.bench _latency|_build|_snapshot … ------------------------------


def _child_main(argv: Sequence[str]) -> int:
    p = argparse.ArgumentParser(prog=f"python -m {__package__}.bench")
    p.add_argument("mode", choices=["_latency", "_build", "_snapshot", "_wsprep"])
    p.add_argument("--db", required=True)
    p.add_argument("--games", type=int, default=0)
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--game", default="狼人杀")
    a = p.parse_args(argv)
    if a.mode == "_wsprep":
        from . import bench_ws

        return bench_ws.child(a.db, a.games, a.seed, a.game)
    if a.mode == "_build":
        print(json.dumps(asyncio.run(build_db(a.db, a.games, a.seed))), flush=True)
    elif a.mode == "_snapshot":
        print(json.dumps(asyncio.run(benchproc.snapshot_child(a.db, a.games, a.seed, a.game))), flush=True)
    else:
        asyncio.run(latency_child(a.db, a.games, a.rounds, a.seed, a.game))
    return 0


if __name__ == "__main__":
    # Re-import under the package name, so BenchRow has one home (<TOP>.bansha.bench) for tortoise.
    import importlib

    _bench = importlib.import_module(f"{__package__}.bench")

    sys.exit(_bench._child_main(sys.argv[1:]))
