"""`bansha bench --only engine`, issue 28 item 4: each shipped 剧本 beside the same board coded (剧本 ÷ coded ≥ 0.5
games/s), and a 剧本's load — read, check, compile — under 100 ms. `--engine-game 剧本` selects these rows (as does
the key or title of the game a 剧本 is played with)."""

from __future__ import annotations

import statistics
import time
from collections.abc import Sequence
from typing import Any

from .. import scripts as shipped
from ..engine.agents.play import play_game
from ..engine.game.ruleset import Ruleset
from . import sim
from .kit import Figure

SCRIPT_RATIO_GOAL = 0.5
SCRIPT_LOAD_GOAL = 0.100  # seconds
SCRIPT_ENGINE = "剧本"


def script_boards(only: Sequence[str] = ()) -> list[tuple[shipped.Found, Any, Ruleset, dict[str, Any]]]:
    """The shipped 剧本 that load without problems, selected by `--engine-game` (剧本, or their game's key or
    title): (the file found, the 剧本, its ruleset, the options it is opened with). The options as
    `/开局 剧本 <名字> 节奏=快速 潜水=关 …` makes them (qq/commands/signup.py `_script`): the 剧本's compiled options
    over the game's defaults, and the 导演's 键=值 over those, here the simulator's (`sim.SIM_DEFAULTS`), so every
    engine row plays on the same quick clock (a 剧本 may say 节奏=论坛, where the agents' games would not end)."""
    out = []
    for found in shipped.found(None):
        if not found.ok:
            continue
        script, ruleset, compiled = shipped.load(found.source)
        if only and SCRIPT_ENGINE not in only and ruleset.key not in only and ruleset.title not in only:
            continue
        base = sim.build_options(ruleset)  # the defaults, with the simulator's 键=值 said
        said = {w.partition("=")[0] for w in sim.SIM_DEFAULTS} & set(base)
        out.append((found, script, ruleset, {**base, **compiled, **{k: base[k] for k in said}}))
    return out


def script_speed(name: str, ruleset: Ruleset, n: int, options: dict[str, Any], seconds: float = 2.0,
                 min_games: int = 20) -> list[Figure]:
    """A 剧本's board against the same board coded (the same options without 剧本=: what `/开局 狼人杀 板子=自定义
    角色=…` opens), whole random-agent games per second on the process's CPU time, as `engine_speed`. The two
    are measured interleaved, game by game on the same seeds (which goes first alternates), so a slower or
    busier stretch of the run falls on both: each side plays until it has `seconds` and `min_games`."""
    coded = {k: v for k, v in options.items() if k != "剧本"}
    sides = {"script": options, "coded": coded}
    for opts in sides.values():
        play_game(ruleset, n, 0, opts, texts=False)  # warm-up: imports, caches
    games = 0
    spent = {"script": 0.0, "coded": 0.0}
    inputs = {"script": 0, "coded": 0}
    same = True  # the two play the same games, input for input (the 剧本 is judged by the coded board's code)
    while True:
        games += 1
        order = ("script", "coded") if games % 2 else ("coded", "script")
        seqs = {}
        for side in order:
            start = time.process_time()
            result = play_game(ruleset, n, games, sides[side], texts=False)
            spent[side] += time.process_time() - start
            seqs[side] = result.game.seq
            inputs[side] += result.game.seq
        same = same and seqs["script"] == seqs["coded"]
        if games >= min_games and min(spent.values()) >= seconds:
            break
    rate = {side: games / spent[side] for side in sides}
    ratio = rate["script"] / rate["coded"]

    def detail(side: str) -> dict[str, Any]:
        return {"games": games, "seconds": round(spent[side], 3), "inputs_per_game": round(inputs[side] / games, 1),
                "inputs_per_second": round(inputs[side] / spent[side]), "clock": "process CPU time",
                "interleaved": True}

    return [
        Figure(f"engine:script:{name}", f"引擎速度 剧本「{name}」{n} 人", rate["script"], "/s",
               baseline=rate["coded"], baseline_label="同一板子写在代码里", ratio=ratio,
               goal=f"比值 ≥ {SCRIPT_RATIO_GOAL:g}", met=ratio >= SCRIPT_RATIO_GOAL,
               detail={**detail("script"), "same_games_as_coded": same}),
        Figure(f"engine:script:{name}:coded", f"引擎速度 {ruleset.title} {n} 人（剧本「{name}」的板子，写在代码里）",
               rate["coded"], "/s", detail=detail("coded")),
    ]


def script_load(found: shipped.Found, repetitions: int = 50) -> Figure:
    """`scripts.load(source)` of a 剧本 (read the TOML, check every field, compile onto its game's options),
    `repetitions` times on the wall clock (time.perf_counter); the figure is the slowest, against 100 ms."""
    times = []
    for _ in range(repetitions):
        start = time.perf_counter()
        shipped.load(found.source)
        times.append(time.perf_counter() - start)
    worst = max(times)
    return Figure(f"script-load:{found.name}", f"剧本加载与检查「{found.name}」（最慢一次）", worst * 1000, "ms",
                  ratio=worst / SCRIPT_LOAD_GOAL, goal=f"< {SCRIPT_LOAD_GOAL * 1000:g} ms", met=worst < SCRIPT_LOAD_GOAL,
                  detail={"repetitions": repetitions, "median_ms": round(statistics.median(times) * 1000, 3),
                          "max_ms": round(worst * 1000, 3), "min_ms": round(min(times) * 1000, 3),
                          "source_chars": len(found.source), "clock": "wall (time.perf_counter)"})
