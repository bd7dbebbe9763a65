"""What `bansha bench`'s parts share: the report's `Figure`, the child processes, the database switches, and the
scripted games (the random agent's games replayed through the state service, stopped where a bench needs them)."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..engine.agents.heuristic import is_vote
from ..engine.agents.play import Agent, play_game
from ..engine.core import Input
from ..engine.game import RUNNING, Game
from ..engine.game.ruleset import Ruleset
from . import sim

# Children import the project by its directory's name from the directory above it (the repository, or
# site-packages once installed): `plugins` in a clone even when this process runs the installed console
# script, because NoneBot loads a plugin only from a module that a plain path lookup finds.
ROOT = Path(__file__).resolve().parents[3]
TOP = Path(__file__).resolve().parents[2].name
BOT_ID = 10000
OWNER = 9_000_000
T0 = 1_700_000_000.0  # the scripted games' clock; shifted to real time when stored

QQ0, QQ_STRIDE = 1_000_000, 100  # build_db seats game g's players as QQ QQ0 + g * QQ_STRIDE + k


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
        base = f"；{self.baseline_label} {fmt(self.baseline, self.unit)}" if self.baseline is not None else ""
        ratio = f"；比值 {self.ratio:.2f}" if self.ratio is not None else ""
        verdict = "" if self.met is None else ("  ✔ 达标" if self.met else "  ✘ 未达标")
        goal = f"（目标 {self.goal}）" if self.goal else ""
        return f"{self.label}：{fmt(self.value, self.unit)}{base}{ratio}{goal}{verdict}"


def fmt(x: float | None, unit: str) -> str:
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
    from ..service.routing import Origin

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


# --- child processes -------------------------------------------------------------------------------


def child(args: list[str], timeout: float = 900, boot: str = "") -> tuple[dict[str, Any], float]:
    """Run `python -m <TOP>.bansha.tools.bench <args>` (or `python -c <boot> <args>`); returns its JSON line
    and the wall time from launch until that line was printed."""
    cmd = [sys.executable, "-c", boot, *args] if boot else [sys.executable, "-m", f"{TOP}.bansha.tools.bench", *args]
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


def db_url(path: str | Path) -> str:
    return f"sqlite://{path}"


async def durable(on: bool) -> None:
    """SQLite fsync per commit on (production's default) or off. Off only while filling a DB the bench
    then measures: the setup is not the figure, and on a busy disk it would take minutes."""
    from .. import db

    await db.connection().execute_script(f"PRAGMA synchronous={'FULL' if on else 'OFF'}")


def percentile(xs: Sequence[float], p: float) -> float:
    """Nearest-rank percentile."""
    s = sorted(xs)
    k = max(0, min(len(s) - 1, math.ceil(p * len(s)) - 1))
    return s[k]
