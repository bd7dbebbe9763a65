"""`bansha bench`: the platform's speed, scale and recovery, each figure against a baseline from the same run.

1. 命令延迟: p50/p99 of a group `/投票` in a live game, through the real NoneBot
   pipeline (OneBot v11 events into `nonebot.message.handle_event`, the bansha
   plugin and the game plugins loaded as bot.py loads them, tortoise on a
   SQLite file), with `--games` games live at once and one vote per game in
   flight together; against a bare matcher (`/基准`) in the same process whose
   handler only commits one row to a table of its own. Goal: p99 ratio ≤ 1.5.
   Beside it (tools/bench_ws.py), the same votes end to end: the real `bot.py` process driven over
   OneBot v11 reverse WebSocket by the project's fake client (tests/support/fakeqq.py), timed from the
   post to the bot's announcement arriving back at the client.
2. 引擎速度: whole simulated games per second on one core (`engine.agent.play_game`
   with the random agent, the process's CPU time), per ruleset; beside each, the same games' recorded
   inputs replayed alone (inputs/s). Goals: 12-player 狼人杀 ≥ 2,000/s, 纳塔 ≥ 300/s. Then each shipped
   剧本 (plugins/bansha/scripts/*.toml) against the same board coded (/开局 狼人杀 板子=自定义 角色=…), the two
   interleaved game by game on the same seeds: 剧本 ÷ coded ≥ 0.5; and a 剧本's load (read, check, compile)
   < 100 ms (issue 28).
3. 重启 (bench_process.py): the real `bot.py` process on a database with 1,000 and 10,000 active
   games: WebSocket accepted (≤ 1 s), every game restored (1,000 ≤ 2 s, 10,000 ≤ 10 s), a first
   command answered; RSS per active game (≤ 100 KB), against an empty database in the same run.
4. 快照 (bench_process.py): a 5,000-input 论坛 game's latest snapshot (≤ 200 KB).

The NoneBot and DB parts each run in a child process (`python -m <package>.bansha.tools.bench
_latency|_build|_snapshot …`, or `bot.py` itself): a clean heap, a real process start, and NoneBot
initialised exactly once.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import shlex
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any

from ..engine.agents.play import play_game
from ..engine.core.rng import Rng
from ..engine.game import RUNNING, Game, apply, registry
from ..engine.game.ruleset import Ruleset
from . import bench_process, sim
from .bench_latency import LATENCY_GOAL, latency, latency_child  # noqa: F401  # LATENCY_GOAL: what the tests read here
from .bench_script import script_boards, script_load, script_speed
from .kit import (
    BOT_ID,
    OWNER,
    QQ0,
    QQ_STRIDE,
    ROOT,
    T0,
    Figure,
    db_url,
    durable,
    fmt,
    script_game,
    shifted,
    typical_size,
)

# Engine goals from the issue: ruleset key -> (players or None for the typical table, games/s)
ITEMS = ("latency", "engine", "restart", "snapshot", "console", "records")
ENGINE_GOALS: dict[str, tuple[int | None, float]] = {"werewolf": (12, 2000.0), "nata": (None, 300.0)}


# --- 2. engine speed -----------------------------------------------------------------------------


def engine_speed(seconds: float = 2.0, min_games: int = 20, only: Sequence[str] = (),
                 with_scripts: bool = False) -> list[Figure]:
    """Whole random-agent games per second, one process (one core), per ruleset; then the same games'
    recorded inputs replayed alone (no agent), in inputs per second. Both skip the text nobody reads
    (`play_game(texts=False)`, as `bansha simulate` does). Timed by this process's CPU time (one core): on a
    shared machine the wall clock also counts the other processes' turns. `with_scripts` (as `bansha bench`
    runs it): then the shipped 剧本, each beside the same board coded (`script_speed`), and their load time."""
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
    if with_scripts:
        boards = script_boards(only)
        for found, script, ruleset, options in boards:
            figures += script_speed(found.name, ruleset, script.players[0], options, seconds, min_games)
        figures += [script_load(found) for found, *_ in boards]
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
    files: dict[str, list[float]] = {}  # file -> [own time, calls]: where the time goes, layer by layer
    for (path, line, func), (_cc, calls, tt, ct, _callers) in stats.stats.items():  # type: ignore[attr-defined]
        rows.append({"function": f"{_short(path)}:{line}({func})", "calls": calls, "tottime": tt, "cumtime": ct})
        where = files.setdefault(_short(path) if path != "~" else "（Python 内建）", [0.0, 0])
        where[0] += tt
        where[1] += calls
    rows.sort(key=lambda r: -r["tottime"])
    for r in rows:
        r["share"] = round(r["tottime"] / total, 4) if total else 0.0
        r["tottime"] = round(r["tottime"], 4)
        r["cumtime"] = round(r["cumtime"], 4)
    by_file = [{"file": f, "tottime": round(tt, 4), "calls": int(n), "share": round(tt / total, 4) if total else 0.0}
               for f, (tt, n) in sorted(files.items(), key=lambda kv: -kv[1][0])]
    calls = sum(int(n) for _, n in files.values())
    return [{"total_seconds": round(total, 3), "games": games, "calls": calls, "files": by_file[:top]}] + rows[:top]


def _short(path: str) -> str:
    p = Path(path)
    try:
        return str(p.resolve().relative_to(ROOT))
    except ValueError:
        return p.name


# --- the databases the restart bench starts the bot on (bench_process.py) -----------------------------


async def build_db(db: str, games: int, seed: int) -> dict[str, Any]:
    """Fill a DB with `games` active games through the state service (open_game, submit), mixed over every
    ruleset, each stopped at a random point of an agent-played game."""
    from tortoise import Tortoise

    from ..models import OutboxRow
    from ..service import Service
    from ..service.routing import Origin

    sim.load_rulesets()
    await Service.init_db(db_url(db))

    async def send(_out: Any) -> None:
        return None

    svc = Service(send, lambda *a: None, lambda *a: None)
    await durable(False)
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
        base = f"{f.baseline_label} {fmt(f.baseline, f.unit)}" if f.baseline is not None else "—"
        ratio = f"{f.ratio:.2f}" if f.ratio is not None else "—"
        rows[f.label] = f"| {f.label} | {fmt(f.value, f.unit)} | {base} | {ratio} | {f.goal or '—'} | {verdict} |"
        if f.detail:
            details[f.label] = f"- {f.label}：`{json.dumps(f.detail, ensure_ascii=False)}`"
    old_rows, old_details, old_profile = _previous_block(previous)
    kept = [label for label in old_rows if label not in rows]
    out = [f"生成命令：`{command}`", "",
           f"机器：{info['nproc']} 核（nproc），Python {info['python']}，{info['platform']}。", ""]
    if kept:
        out += [f"这次运行重测了 {len(rows)} 行；其余 {len(kept)} 行保留自之前的运行（同一页、各自的命令）。", ""]
    out += ["| 项目 | 测得 | 同次基线 | 比值 | 目标 | 结论 |", "|---|---|---|---|---|---|"]
    order = list(old_rows)  # a new row goes right after the row this run measured before it
    at = len(order) - 1
    for label in rows:
        if label in order:
            at = order.index(label)
        else:
            at += 1
            order.insert(at, label)
    out += [rows.get(label) or old_rows[label] for label in order]
    out.append("")
    out += [details.get(label) or old_details[label] for label in order if label in details or label in old_details]
    if profile:
        meta, prows = profile[0], profile[1:]
        out += ["", f"引擎热点（cProfile，狼人杀 12 人 {meta['games']} 局，总 {meta['total_seconds']} s，按自身耗时）：", "",
                "| 函数 | 调用次数 | 自身耗时 s | 占比 | 累计耗时 s |", "|---|---|---|---|---|"]
        for r in prows:
            out.append(f"| `{r['function']}` | {r['calls']} | {r['tottime']} | {r['share'] * 100:.1f}% | {r['cumtime']} |")
        if meta.get("files"):
            out += ["", f"按文件汇总（同一次 cProfile；函数调用共 {meta['calls']:,} 次，每局 {meta['calls'] // meta['games']:,} 次）：", "",
                    "| 文件 | 调用次数 | 自身耗时 s | 占比 |", "|---|---|---|---|"]
            out += [f"| `{f['file']}` | {f['calls']} | {f['tottime']} | {f['share'] * 100:.1f}% |" for f in meta["files"]]
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
    p.add_argument("--ai", action="store_true", help="命令延迟：再测一次三分之一座位为 AI 的同样游戏（AI 的决定与投票同时到期）")
    p.add_argument("--no-ws", action="store_true",
                   help="命令延迟只测进程内，不再经 WebSocket 驱动真实的 bot.py（需要仓库里的 tests/support/fakeqq.py）")
    p.add_argument("--restart-games", default="1000,10000",
                   help="重启与内存：活跃游戏局数，逗号分隔（默认 1000,10000）")
    p.add_argument("--templates", type=int, default=50,
                   help="重启与内存：经状态服务真实写入的模板局数，其余局是它们的副本（默认 50）")
    p.add_argument("--repeat", type=int, default=1, help="重启：每个局数重复启动几次，取中位数（默认 1）")
    p.add_argument("--snapshot-inputs", type=int, default=5000, help="快照：论坛局的输入条数（默认 5000）")
    p.add_argument("--snapshot-game", action="append", default=[],
                   help="快照：只测这些游戏（可重复；默认每个游戏各一局）")
    p.add_argument("--seconds", type=float, default=3.0, help="引擎速度：每个游戏至少测多少秒（默认 3）")
    p.add_argument("--engine-game", action="append", default=[], help="引擎速度：只测这些游戏（键或标题，可重复；剧本 = 自带的剧本及其同板子代码）")
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
            if args.ai:  # the same games with a third of the seats AI (ai/bench.py)
                from ..ai.bench import ai_figure

                _note("命令延迟：三分之一座位为 AI……")
                figures.append(ai_figure(latency(args.games, args.rounds, args.seed, args.latency_game, workdir,
                                                 ai=True)[0], inproc[1]))
            if not args.no_ws:
                from .bench_ws import latency_ws

                _note("端到端延迟：启动真实的 bot.py，用假 OneBot 客户端经 WebSocket 投票……")
                base = {"p50": inproc[0].value, "p99": inproc[1].value}
                figures += latency_ws(args.games, args.rounds, args.seed, args.latency_game, workdir, base)
        if "engine" in wanted:
            _note("引擎速度……")
            figures += engine_speed(args.seconds, only=args.engine_game, with_scripts=True)
        if "restart" in wanted:
            counts = [int(x) for x in args.restart_games.split(",") if x.strip()]
            _note(f"重启与内存：{'、'.join(map(str, counts))} 局活跃游戏，真实的 bot.py 进程……")
            figures += bench_process.restart(counts, args.seed, args.repeat, args.templates, workdir)
        if "snapshot" in wanted:
            _note(f"快照：{args.snapshot_inputs} 条输入的论坛局……")
            names = args.snapshot_game or [r.title for r in sorted(registry.all_rulesets(), key=lambda r: r.key)
                                           if r.key != "toy"]
            figures += bench_process.snapshot(args.snapshot_inputs, args.seed, names, workdir)
        if "console" in wanted:
            _note("导演台页面渲染……")
            from . import bench_console as console_bench

            figures += [Figure(**f) for f in console_bench.figures(seed=args.seed)]
        if "records" in wanted:
            from .bench_records import records_speed

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


# --- child entry: python -m <TOP>.bansha.tools.bench _latency|_build|_snapshot … ------------------------------


def child_main(argv: Sequence[str]) -> int:
    p = argparse.ArgumentParser(prog=f"python -m {__package__}.bench")
    p.add_argument("mode", choices=["_latency", "_build", "_copy", "_snapshot", "_wsprep"])
    p.add_argument("--db", required=True)
    p.add_argument("--src", default="")
    p.add_argument("--games", type=int, default=0)
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--game", default="狼人杀")
    p.add_argument("--ai", action="store_true")
    a = p.parse_args(argv)
    if a.mode == "_wsprep":
        from . import bench_ws

        return bench_ws.child(a.db, a.games, a.seed, a.game)
    if a.mode == "_build":
        print(json.dumps(asyncio.run(build_db(a.db, a.games, a.seed))), flush=True)
    elif a.mode == "_copy":
        print(json.dumps(bench_process.copy_games(Path(a.src), Path(a.db), a.games)), flush=True)
    elif a.mode == "_snapshot":
        print(json.dumps(asyncio.run(bench_process.snapshot_child(a.db, a.games, a.seed, a.game))), flush=True)
    else:
        asyncio.run(latency_child(a.db, a.games, a.rounds, a.seed, a.game, a.ai))
    return 0


if __name__ == "__main__":
    # Re-import under the package name, so BenchRow has one home (<TOP>.bansha.tools.bench) for tortoise.
    import importlib

    _bench = importlib.import_module(f"{__package__}.bench")

    sys.exit(_bench.child_main(sys.argv[1:]))
