"""Whole games with AI seats, in memory, on a simulated clock: the bot's AI without the bot.

The same planner, decisions, texts and checks as the runtime (step.py), the same inputs folded by the
same engine; time jumps from one moment to the next (an AI slot, a deadline, a reminder). Seats that are
not AI are played by another agent the moment a phase asks them to act (as a quick human would). Used by
the tests (every ruleset, both tempos, the leak audit over AI games) and by measurements (the share of
AI actions before their deadline, the decision latency).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..engine.agents.play import Agent, _words, agent_for
from ..engine.core import Event, Input, Refusal
from ..engine.core.rng import Rng
from ..engine.game import ENDED, RUNNING, Game, apply
from ..engine.game.ruleset import Ruleset
from ..engine.parts.aiseats import ai_seats, seat_input
from . import plan, step
from .decide import wanted
from .minds import Decided, MindTable

START = 1_767_240_000.0  # 2026-01-01 12:00 Asia/Shanghai: a forum day's discussion opens at once


@dataclass
class Drive:
    game: Game
    inputs: list[Input] = field(default_factory=list)
    decide_ms: list[float] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)  # every group post of the game
    refused: int = 0


def play(ruleset: Ruleset, n: int, seed: int, options: dict[str, Any] | None = None, ai: int | None = None,
         agent: Agent | None = None, observe: Callable[[Game, Input, list[Event]], None] | None = None,
         max_inputs: int = 20000, start: float = START) -> Drive:
    """A game of `n` seats, the first `n - ai` of them people played by `agent` (all AI by default)."""
    game = Game.new(1, ruleset, group=1, owner=1, seed=seed, options=dict(options or {}))
    out = Drive(game)
    clock = start
    table: MindTable | None = None
    skips: dict[tuple[int, int], int] = {}
    people = n - (n if ai is None else ai)
    agent = agent or agent_for(ruleset)
    arng = Rng.seeded(seed ^ 0x5DEECE66D)

    def feed(inp: Input) -> bool:
        nonlocal table
        try:
            events = apply(game, inp)
        except Refusal:
            out.refused += 1
            return False
        if inp.kind == "start":
            table = MindTable.start(game)  # the deal's own messages are the minds' first
        out.inputs.append(inp)
        out.texts += [e.text for e in events if e.audience.kind == "group"]
        if observe is not None:
            observe(game, inp, events)
        if table is not None:
            table.feed(game, inp, events)
        return True

    for i in range(people):
        feed(Input.make("join", 100 + i, clock, name=f"玩家{i + 1}"))
    if n - people:
        feed(seat_input("add", 1, clock, count=n - people))
    feed(Input.make("start", 1, clock, entropy=seed * 7919))
    assert table is not None
    names = step.skill_names(game) if game.state is not None else set()
    while game.status == RUNNING and len(out.inputs) < max_inputs:
        if _people_move(game, people, agent, arng, clock, feed):
            continue
        phase = game.ai.entered
        dues = plan.next_due(game, {s: k for (p, s), k in skips.items() if p == phase},
                             wanted=lambda g, s: wanted(g, table, s))
        moments = [m for m in (game.deadline, game.remind_at) if m is not None]
        if dues and (not moments or dues[0].at < min(moments)):
            d = dues[0]
            clock = max(clock, d.at)
            t0 = time.perf_counter()
            move, text = step.prepare(game, table, d.seat, clock, names)
            out.decide_ms.append((time.perf_counter() - t0) * 1000)
            if move is None:
                skips[(phase, d.seat)] = d.slot + 1
                continue
            inp = step.input_for(game, d.seat, move, text, d.slot, d.phase, clock)
            while move is not None:
                table.waiting[d.seat] = Decided(d.phase, d.slot, move.mind, move.made)
                if feed(inp):
                    break
                table.waiting.pop(d.seat, None)
                move = move.fallback
                if move is not None:
                    inp = step.input_for(game, d.seat, move, "", d.slot, d.phase, clock)
            else:
                skips[(phase, d.seat)] = d.slot + 1
            continue
        if not moments:
            raise RuntimeError(f"game {seed}: no clock and nobody to act")
        clock = max(clock, min(moments))
        kind = "deadline" if game.deadline is not None and clock >= game.deadline else "remind"
        feed(Input.make(kind, 0, clock, phase_no=game.phase_no))
    if game.status != ENDED:
        raise RuntimeError(f"game {seed} did not end within {max_inputs} inputs")
    return out


def _people_move(game: Game, people: int, agent: Agent, rng: Rng, clock: float, feed) -> bool:
    """The people (seats 1..people) act at once when they owe something: one move, then look again."""
    if not people:
        return False
    rules, state = game.rules, game.state
    for seat in sorted(rules.pending(state)):
        if seat > people or seat in ai_seats(game):
            continue
        act = agent(rules, state, seat, rng)
        qq = game.qq_of(seat)
        if act is None:
            return feed(Input.make("pass", qq, clock))
        skill = next((s for s in rules.skills_of(state, seat) if s.key == act.skill), None)
        via = "group" if skill is not None and skill.public else "pm"
        if feed(Input.make("act", qq, clock, skill=skill.name if skill else act.skill, words=_words(act), via=via,
                           reason=act.reason or "投票")):
            return True
        return feed(Input.make("pass", qq, clock))
    return False
