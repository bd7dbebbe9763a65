"""`bansha simulate`: play many games with the agents and aggregate balance figures.

Pure: no nonebot, tortoise or clock in the games themselves. Every registered
ruleset is covered with no per-game code: boards come from `ruleset.boards`
and the `板子` option, head counts from `ruleset.sizes(options)`, factions from
`Outcome.winner`, roles and fates from `ruleset.cast(state)`, game length from
`state.day`.

Reproducible: game i of a run with seed S uses seed S+i, and records are
aggregated in game order whatever the number of worker processes.
"""

from __future__ import annotations

import importlib
import json
import math
import multiprocessing
import re
import sys
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from ..engine.agents.deduce import DEDUCE
from ..engine.agents.heuristic import heuristic_action
from ..engine.agents.play import Agent, play_game
from ..engine.core import Refusal
from ..engine.core.phases import parse_options
from ..engine.game import registry
from ..engine.game.ruleset import Ruleset
from ..region import Region  # noqa: F401  # sim.Region: where the CLI and the bench ask for it

# "random" is each game's own random agent where it has one (agent.agent_for), else the generic one;
# "cautious" the beginner of engine/agents/heuristic.py (it reads the state, within conventions); "deduce" the
# information-state minds of engine/agents/deduce.py (each seat acts only on what it was told).
AGENTS: dict[str, Agent | Any | None] = {"random": None, "cautious": heuristic_action, "deduce": DEDUCE}
AGENT_ALIASES = {"heuristic": "cautious", "随机": "random", "谨慎": "cautious", "推理": "deduce"}
AGENT_LABELS = {"random": "随机代理", "cautious": "谨慎代理（启发式新手）", "deduce": "推理代理（只用自己的信息）",
                "stored": "已存对局（bansha stats）"}
AGENT_SHORT = {"random": "随机", "cautious": "谨慎", "deduce": "推理"}
# Games that end take at most ~600 inputs with any agent (measured on every ruleset); one still running after
# this many steps is stuck (鹿鼎记's 1-vs-1 tie) and is counted as an error instead of being played for 5,000.
MAX_STEPS = 2000
Z95 = 1.959963984540054  # two-sided 95% normal quantile, for Wilson intervals
NO_WINNER = "无胜者"
SURVIVED = "存活"


class SimError(Exception):
    """A bad request (unknown game, board or head count); the message is Chinese."""


# --- rulesets ---------------------------------------------------------------------------


def load_rulesets(warn: Callable[[str], None] | None = None) -> list[Ruleset]:
    """Every game for the command-line tools: one broken game package is reported and does not hide the others."""
    return registry.load_all(on_error=warn or _stderr)


def _stderr(text: str) -> None:
    print(text, file=sys.stderr)


def find_ruleset(name: str) -> Ruleset:
    ruleset = registry.get(name)
    if ruleset is None:
        known = "、".join(f"{r.title}（{r.key}）" for r in registry.all_rulesets()) or "无"
        raise SimError(f"没有名为「{name}」的游戏。可选：{known}")
    return ruleset


# --- what to simulate ---------------------------------------------------------------------


@dataclass(frozen=True)
class SimSpec:
    game: str  # ruleset key
    players: int
    options: tuple[tuple[str, Any], ...]  # as /开局 would build them, sorted (picklable, hashable)
    agent: str = "cautious"
    board: str = ""

    @property
    def ruleset(self) -> Ruleset:
        return find_ruleset(self.game)


# The agents play on the 快速 clock: on the forum clock their votes would meet 开门 hours and the
# 投票理由 format, and, never posting in the group, they would all be carded out for 潜水. Balance is a
# property of the rules, not of the wall clock; --option 节奏=论坛 (and the others) still override these.
SIM_DEFAULTS = ("节奏=快速", "潜水=关", "未投票黄牌=关", "投票理由=可选")


def build_options(
    ruleset: Ruleset, board: str = "", pairs: Sequence[str] = (), sim_defaults: Sequence[str] = SIM_DEFAULTS
) -> dict[str, Any]:
    """Options exactly as `/开局 <游戏> 板子=… 键=值…` would parse them (defaults included)."""
    keys = {o.key for o in ruleset.all_options()}
    words = [w for w in sim_defaults if w.partition("=")[0] in keys] + list(pairs)
    if board:
        if not ruleset.boards:
            raise SimError(f"{ruleset.title} 没有可选的板子。")
        if board not in ruleset.boards:
            raise SimError(f"{ruleset.title} 没有名为「{board}」的板子。可选：{'、'.join(ruleset.boards)}")
        words.insert(0, f"板子={board}")
    try:
        options = parse_options(words, ruleset.all_options())
    except Refusal as r:
        raise SimError(r.message) from None
    options.pop("种子", None)  # the simulation's own seeds decide
    return options


def agent_kinds(text: str) -> list[str]:
    """`--agent`: one kind, a comma-separated list, or all (random, cautious and deduce side by side)."""
    if text.strip() in ("all", "全部", ""):
        return list(AGENTS)
    out = []
    for word in text.replace("，", ",").split(","):
        kind = AGENT_ALIASES.get(word.strip(), word.strip())
        if kind not in AGENTS:
            raise SimError(f"未知的代理「{word.strip()}」：可选 {'、'.join(AGENTS)} 或 all")
        if kind not in out:
            out.append(kind)
    return out


def specs_for(
    game: str, board: str = "", players: int | None = None, agent: str = "all", pairs: Sequence[str] = ()
) -> list[SimSpec]:
    """Expand `--game`/`--board` (either may be "all") and `--agent` (a list, or all) into concrete
    simulations: for each board, one per agent kind, next to each other."""
    kinds = agent_kinds(agent)
    rulesets = registry.offered() if game in ("all", "全部") else [find_ruleset(game)]
    out = []
    for ruleset in rulesets:
        boards = [""]
        if board in ("all", "全部"):
            boards = list(ruleset.boards) or [""]
        elif board:
            boards = [board]
        for b in boards:
            options = build_options(ruleset, b, pairs)
            sizes = ruleset.sizes(options)
            if players is not None:
                if players not in sizes:
                    if game in ("all", "全部") or board in ("all", "全部"):
                        continue  # "every board": skip the ones this head count does not fit
                    why = ruleset.check_players(options, players) or f"{ruleset.title} 不能 {players} 人开局。"
                    raise SimError(why)
                n = players
            elif sizes:
                n = typical_size(sizes)
            else:
                raise SimError(f"{ruleset.title}{'（' + b + '）' if b else ''} 没有可以开局的人数。")
            out += [SimSpec(ruleset.key, n, tuple(sorted(options.items())), kind, b) for kind in kinds]
    if not out:
        raise SimError("没有符合条件的模拟（检查 --players 与板子是否匹配）。")
    return out


def typical_size(sizes: Sequence[int]) -> int:
    """The typical table: the middle of the head counts the options accept (the only one for a fixed board)."""
    return sorted(sizes)[len(sizes) // 2]


# --- one game --------------------------------------------------------------------------------


@dataclass(frozen=True)
class SeatRecord:
    role: str
    faction: str
    fate: str
    won: bool


@dataclass(frozen=True)
class GameRecord:
    seed: int
    winner: str | None = None
    days: int = 0
    seats: tuple[SeatRecord, ...] = ()
    error: str = ""


def play_one(spec: SimSpec, seed: int) -> GameRecord:
    ruleset = spec.ruleset
    try:
        result = play_game(ruleset, spec.players, seed, dict(spec.options), AGENTS[spec.agent], max_steps=MAX_STEPS,
                           texts=False)  # nobody reads the text: skip formatting it
    except Exception as e:  # a ruleset bug: counted and shown with its seed, not fatal to the run
        return GameRecord(seed, error=f"{type(e).__name__}: {e}"[:300])
    game = result.game
    outcome = game.outcome
    winners = set(outcome.seats) if outcome else set()
    seats = tuple(
        SeatRecord(row.role, row.faction, row.fate, row.seat in winners) for row in ruleset.cast(game.state)
    )
    return GameRecord(seed, outcome.winner if outcome else None, int(game.state.day), seats)


# --- many games, in order ---------------------------------------------------------------------


def _init_worker(modules: tuple[str, ...]) -> None:
    load_rulesets()
    for name in modules:  # rulesets registered outside the game packages (a test's own)
        importlib.import_module(name)


def _run_chunk(job: tuple[SimSpec, int, int]) -> list[GameRecord]:
    spec, start, count = job
    return [play_one(spec, seed) for seed in range(start, start + count)]


class Runner:
    """Runs games in order, in this process or in `jobs` spawned workers (spawn-safe: import-only init)."""

    def __init__(self, jobs: int = 1):
        self.jobs = max(1, jobs)
        self._pool: ProcessPoolExecutor | None = None

    def __enter__(self) -> Runner:
        return self

    def __exit__(self, *exc: object) -> None:
        if self._pool is not None:
            self._pool.shutdown(cancel_futures=True)
            self._pool = None

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            modules = tuple(sorted({type(r).__module__ for r in registry.all_rulesets()}))
            self._pool = ProcessPoolExecutor(
                max_workers=self.jobs,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_init_worker,
                initargs=(modules,),
            )
        return self._pool

    def run(self, spec: SimSpec, games: int, seed: int, progress: Callable[[int], None] | None = None) -> list[GameRecord]:
        tick = progress or (lambda _n: None)
        if self.jobs == 1 or games < 2 * self.jobs:
            out = []
            for s in range(seed, seed + games):
                out.append(play_one(spec, s))
                tick(1)
            return out
        size = max(1, min(50, games // (self.jobs * 8)))
        chunks = [(spec, s, min(size, seed + games - s)) for s in range(seed, seed + games, size)]
        out = []
        for records in self._executor().map(_run_chunk, chunks):  # map keeps submission order
            out.extend(records)
            tick(len(records))
        return out


# --- aggregation -----------------------------------------------------------------------------


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for k successes in n trials."""
    if n <= 0:
        return (0.0, 0.0)
    p = k / n
    denom = 1 + z * z / n
    center = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    lo, hi = max(0.0, center - half), min(1.0, center + half)
    # exact at the ends (floating point would leave 0.9999999999999999 below a 100% rate)
    return (0.0 if k == 0 else lo, 1.0 if k == n else hi)


_WHEN = re.compile(r"第\s*[0-9０-９一二三四五六七八九十百]+\s*(?:个)?(?:夜晚|白天|回合|轮次|夜|天|日|晚|轮|局)")


_SEAT_NOTE = re.compile(r"[（(][^（）()]*\d+\s*号[^（）()]*[）)]")


def cause_of(fate: str) -> str:
    """How a seat left, comparable across games: the day/night number and seat notes dropped, and only
    the first clause kept (later clauses are statuses it also had).

    第2夜被狼人杀害 → 被狼人杀害; 第3天殉情；恋人（与4号） → 殉情; 存活… → 存活."""
    if fate.startswith(SURVIVED):
        return SURVIVED
    text = _SEAT_NOTE.sub("", _WHEN.sub("", fate))
    first = re.split(r"[；;]", text)[0].strip(" ，,、：:")
    return first or fate.strip() or "未知"


_CARDS = re.compile(r"（底牌：[^）]*）")


def base_role(role: str) -> str:
    """A role without its annotations, so role tables stay readable: 熊（3级）·本能「幸运」 → 熊（3级）,
    变脸者（底牌：朱雀、太阳、天命人）（异端） → 变脸者（异端）."""
    return _CARDS.sub("", role.split("·", 1)[0]).strip() or role


def _r(x: float) -> float:
    return round(x, 6)


def aggregate(spec: SimSpec, records: Sequence[GameRecord], seed: int) -> dict[str, Any]:
    """The report for one simulation, as plain JSON-able data (deterministic order)."""
    ruleset = spec.ruleset
    ok = [r for r in records if not r.error]
    n = len(ok)
    wins: dict[str, int] = {}
    for r in ok:
        key = r.winner or NO_WINNER
        wins[key] = wins.get(key, 0) + 1
    order = list(ruleset.factions) + sorted(k for k in wins if k not in ruleset.factions)
    factions = []
    for f in order:
        k = wins.get(f, 0)
        lo, hi = wilson(k, n)
        factions.append({"faction": f, "wins": k, "rate": _r(k / n if n else 0.0), "ci95": [_r(lo), _r(hi)]})
    days = [r.days for r in ok]
    hist: dict[int, int] = {}
    for d in days:
        hist[d] = hist.get(d, 0) + 1
    causes: dict[str, int] = {}
    survivors = 0
    seats_total = 0
    roles: dict[str, dict[str, Any]] = {}
    for r in ok:
        for s in r.seats:
            seats_total += 1
            cause = cause_of(s.fate)
            if cause == SURVIVED:
                survivors += 1
            else:
                causes[cause] = causes.get(cause, 0) + 1
            row = roles.setdefault(base_role(s.role), {"games": 0, "wins": 0, "factions": {}})
            row["games"] += 1
            row["wins"] += int(s.won)
            row["factions"][s.faction] = row["factions"].get(s.faction, 0) + 1
    role_rows = []
    for role, row in roles.items():
        faction = sorted(row["factions"].items(), key=lambda kv: (-kv[1], kv[0]))[0][0]
        lo, hi = wilson(row["wins"], row["games"])
        role_rows.append({
            "role": role, "faction": faction, "seats": row["games"], "wins": row["wins"],
            "rate": _r(row["wins"] / row["games"]), "ci95": [_r(lo), _r(hi)],
        })
    rank = {f: i for i, f in enumerate(ruleset.factions)}

    def role_key(row: dict) -> tuple:
        base = next((f for f in ruleset.factions if row["faction"].startswith(f)), row["faction"])
        return (rank.get(base, len(rank)), row["faction"], -row["seats"], row["role"])

    role_rows.sort(key=role_key)
    return {
        "game": ruleset.key,
        "title": ruleset.title,
        "board": spec.board,
        "players": spec.players,
        "agent": spec.agent,
        "seed": seed,
        "games": len(records),
        "completed": n,
        "options": {k: v for k, v in spec.options},
        "factions": factions,
        "length": {
            "mean_days": _r(sum(days) / n if n else 0.0),
            "min_days": min(days, default=0),
            "max_days": max(days, default=0),
            "histogram": {str(d): hist[d] for d in sorted(hist)},
        },
        "deaths": [
            {"cause": c, "count": k, "per_game": _r(k / n if n else 0.0)}
            for c, k in sorted(causes.items(), key=lambda kv: (-kv[1], kv[0]))
        ],
        "survivors": {"count": survivors, "per_game": _r(survivors / n if n else 0.0), "seats": seats_total},
        "roles": role_rows,
        "errors": [{"seed": r.seed, "error": r.error} for r in records if r.error],
    }


def simulate(
    specs: Iterable[SimSpec],
    games: int,
    seed: int,
    jobs: int = 1,
    progress: Callable[[SimSpec, int], None] | None = None,
) -> list[dict[str, Any]]:
    """Run every spec for `games` games from `seed` and return one report each."""
    reports = []
    with Runner(jobs) as runner:
        for spec in specs:
            tick = (lambda k, _s=spec: progress(_s, k)) if progress else None
            records = runner.run(spec, games, seed, tick)
            reports.append(aggregate(spec, records, seed))
    return reports


# --- rendering -------------------------------------------------------------------------------


def _width(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1 for ch in text)


def _table(headers: Sequence[str], rows: Sequence[Sequence[str]], right: Sequence[bool]) -> list[str]:
    widths = [max(_width(str(c)) for c in col) for col in zip(headers, *rows, strict=False)]

    def line(cells: Sequence[str]) -> str:
        out = []
        for c, w, r in zip(cells, widths, right, strict=False):
            pad = " " * (w - _width(str(c)))
            out.append(pad + str(c) if r else str(c) + pad)
        return "  ".join(out).rstrip()

    return [line(headers), line(["-" * w for w in widths]), *(line(r) for r in rows)]


def _pct(x: float) -> str:
    return f"{x * 100:.1f}%"


def _ci(ci: Sequence[float]) -> str:
    return f"[{ci[0] * 100:.1f}%, {ci[1] * 100:.1f}%]"


def title_of(rep: dict[str, Any]) -> str:
    board = f" · {rep['board']}" if rep["board"] else ""
    return f"{rep['title']}{board} · {rep['players']} 人"


def render_text(rep: dict[str, Any]) -> str:
    lines = [
        f"{title_of(rep)} · {rep['games']} 局 · 种子 {rep['seed']}…{rep['seed'] + rep['games'] - 1} · "
        f"{AGENT_LABELS.get(rep['agent'], rep['agent'])}",
        "",
        "阵营胜率（95% 置信区间，Wilson）",
    ]
    lines += _table(
        ["阵营", "胜场", "胜率", "95% 置信区间"],
        [[f["faction"], str(f["wins"]), _pct(f["rate"]), _ci(f["ci95"])] for f in rep["factions"]],
        [False, True, True, False],
    )
    ln = rep["length"]
    hist = "，".join(f"{d}天 {k}局" for d, k in ln["histogram"].items())
    lines += ["", f"平均局长：{ln['mean_days']:.2f} 天（最短 {ln['min_days']}，最长 {ln['max_days']}；{hist}）", ""]
    lines.append("死因统计")
    sv = rep["survivors"]
    death_rows = [[d["cause"], str(d["count"]), f"{d['per_game']:.2f}"] for d in rep["deaths"]]
    death_rows.append([SURVIVED, str(sv["count"]), f"{sv['per_game']:.2f}"])
    lines += _table(["死因", "人次", "每局"], death_rows, [False, True, True])
    lines += ["", "角色胜率"]
    lines += _table(
        ["角色", "阵营", "出场", "胜场", "胜率", "95% 置信区间"],
        [[r["role"], r["faction"], str(r["seats"]), str(r["wins"]), _pct(r["rate"]), _ci(r["ci95"])]
         for r in rep["roles"]],
        [False, False, True, True, True, False],
    )
    if rep["errors"]:
        seeds = "、".join(str(e["seed"]) for e in rep["errors"][:10])
        lines += ["", f"出错 {len(rep['errors'])} 局（已排除，种子：{seeds}）：{rep['errors'][0]['error']}"]
    return "\n".join(lines)


def to_json(reports: Sequence[dict[str, Any]]) -> str:
    return json.dumps(reports if len(reports) != 1 else reports[0], ensure_ascii=False, indent=2, sort_keys=False)
