"""`bansha bench --only console`: how long the 导演台 takes to build and render a page.

Goal (issue 18): the grimoire of a 14-player 纳塔 game with 500 inputs renders under 100 ms. The
baseline in the same run is the same page for the same table right after the deal (a handful of
inputs), so the ratio shows what the length of the log costs. The timeline of that game (every
entry, replayed) is reported alongside, without a goal.
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from ..console import logview, views
from ..console.pages import render
from ..console.routes import Console
from ..engine.agents.play import play_game
from ..engine.core import Input, Refusal
from ..engine.game import RUNNING, Game, apply, registry
from ..engine.game.replay import Recorder, new_game

GOAL = 0.100  # seconds
PLAYERS = 14
INPUTS = 500
POSTS = 6  # group posts after each move


def nata_game(inputs: int = INPUTS, seed: int = 1) -> tuple[Game, list[Input]]:
    """A 14-player 纳塔 game with `inputs` inputs: the random agents' moves with a few group posts
    after each (a forum day is mostly talk), stopped while it is still running where possible."""
    rules = registry.get("nata")
    opts = {"节奏": "快速"}
    script = play_game(rules, PLAYERS, seed, opts, record=True).inputs
    game = new_game({"game": 1, "ruleset": rules.key, "group": 1, "owner": 1, "seed": seed, "options": opts})
    log: list[Input] = []

    def feed(inp: Input) -> None:
        try:
            apply(game, inp)
        except Refusal:
            return
        log.append(inp)

    for inp in script:
        if len(log) >= inputs:
            break
        feed(inp)
        for k in range(POSTS):
            if game.status == RUNNING and len(log) < inputs:
                living = game.state.living()
                seat = living[(len(log) + k) % len(living)]
                feed(Input.make("speak", game.qq_of(seat), inp.at, text=f"第{len(log)}楼：我觉得{seat % 5 + 1}号可疑。"))
    return game, log


def _console() -> Console:
    return Console(prefix="/bansha/", store=None, hub=None, auth=None)  # type: ignore[arg-type]


def render_grimoire(game: Game) -> str:
    ctx = {"console": _console(), "session": None, "csrf": "", "game": game, "tab": "grimoire",
           "live": "/bansha/events", "head": views.clock(game, game.deadline or 0), "flashes": []}
    return render("grimoire.html", g=views.grimoire(game), **ctx)


def render_timeline(game: Game, rec: Recorder) -> str:
    ctx = {"console": _console(), "session": None, "csrf": "", "game": game, "tab": "timeline",
           "live": "/bansha/events", "head": views.clock(game, game.deadline or 0), "flashes": []}
    q = logview.Query(kind=logview.ALL)  # every entry is built and filtered; one page of them is rendered
    return render("timeline.html", t=logview.timeline(game, rec, q), q=q, kinds=logview.KIND_LABEL, all=logview.ALL,
                  day_label=logview.day_label, **ctx)


def _time(fn, repeat: int) -> float:
    fn()  # warm the template cache
    runs = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        runs.append(time.perf_counter() - t0)
    return statistics.median(runs)


def figures(repeat: int = 30, seed: int = 1) -> list[dict[str, Any]]:
    """The grimoire and timeline render times (median of `repeat`), as dicts for bench.Figure."""
    game, log = nata_game(INPUTS, seed)
    fresh, _ = nata_game(PLAYERS + 2, seed)  # sign-ups, the deal, one more
    rec = Recorder(new_game({"game": 1, "ruleset": "nata", "group": 1, "owner": 1, "seed": seed,
                             "options": game.options}))
    for inp in log:
        rec.add(inp)
    value = _time(lambda: render_grimoire(game), repeat)
    base = _time(lambda: render_grimoire(fresh), repeat)
    timeline = _time(lambda: render_timeline(game, rec), max(3, repeat // 5))
    detail = {"players": PLAYERS, "inputs": len(log), "status": game.status, "html_bytes": len(render_grimoire(game)),
              "timeline_ms": round(timeline * 1000, 1), "timeline_entries": len(rec.entries), "repeat": repeat}
    return [{"key": "console_grimoire", "label": f"导演台魔典渲染 纳塔 {PLAYERS} 人 {len(log)} 条输入",
             "value": value, "unit": "ms", "baseline": base, "baseline_label": "同桌刚发牌",
             "ratio": value / base if base else None, "goal": f"< {GOAL * 1000:.0f} ms", "met": value < GOAL,
             "detail": detail}]
