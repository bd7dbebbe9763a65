"""The AI seats at run time: one scheduler job per game (the earliest due decision), decisions made outside
the rules, and the inputs they become, submitted through the service like a player's command.

The service tells this runtime of every accepted input (`after_input`), of every game it (re)builds
(`installed`) and forgets (`forget`), and hands it the game's "ai" job when it comes due (`fire`). Each
time, the next decision slot of every AI seat is planned from the game state (plan.py) and the game's job
is set to the earliest. When it fires, each due seat decides on a copy of its mind (decide.py), the text
is rendered (speech.py, perhaps reworded by an LLM: llm.py) and checked, and the input is submitted
(`Service.submit`): logged, legality-checked, crash-safe. After a restart the minds are rebuilt from the
log (rebuild.py) and the same slots come due at the same moments; a slot that acted is in the log, so no
action is taken twice.

No nonebot here: the service injects how to schedule (`arm`/`disarm`) and hands itself in as a `Host`: the
few things of it this runtime uses (named here, so the AI does not import the service).
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Callable
from typing import Any, Protocol

from ..engine.core import Event, Input, Refusal
from ..engine.game import ENDED, RUNNING, Game
from ..engine.parts.aiseats import ai_seats, is_ai
from . import plan, step
from .checks import say_ok
from .decide import Move, wanted
from .llm import Llm
from .minds import Decided, MindTable
from .rebuild import rebuild
from .settings import current

log = logging.getLogger("bansha")

RETRY = 5.0  # seconds before a game whose minds could not be rebuilt is tried again
KEEP = 5000  # latency samples kept


class Host(Protocol):
    """What the runtime uses of the service (service/__init__.py): its games, clock, per-game lock, and `submit`."""

    games: dict[int, Game]
    now: Callable[[], float]

    def lock(self, gid: int) -> asyncio.Lock: ...

    async def ensure_loaded(self, gid: int) -> Game | None: ...

    async def submit(self, gid: int, inp: Input) -> list[Event]: ...


class AiRuntime:
    def __init__(self, svc: Host, arm: Callable[[str, int, float, int], None], disarm: Callable[[str, int], None],
                 settings=None):
        self.svc = svc
        self._arm_job = arm  # the scheduler: (job, game id, when, phase_no); this runtime's job is "ai"
        self._disarm_job = disarm
        self.settings = settings or current()
        self.llm = Llm(self.settings)
        self.tables: dict[int, MindTable] = {}
        self.skips: dict[int, tuple[int, dict[int, int]]] = {}  # game -> (phase counter, seat -> next slot)
        self.busy: dict[int, set[int]] = {}  # game -> seats deciding right now
        self.armed: dict[int, float] = {}
        self.decide_ms: list[float] = []  # the decision itself: mind, template, checks
        self.lag_ms: list[float] = []  # from the slot's moment to its decision (real time: the scheduler's delay)
        self.counts: dict[str, int] = {"slots": 0, "inputs": 0, "late": 0, "refused": 0}
        self._tasks: set[asyncio.Task] = set()
        self._soon: set[int] = set()  # games whose due decisions run in a task already on its way
        self._names: dict[int, set[str]] = {}

    # --- the service's side ------------------------------------------------------------------------
    def installed(self, game: Game) -> None:
        table = self.tables.get(game.gid)
        if table is not None and table.seq != game.seq:
            self.tables.pop(game.gid, None)  # rebuilt from the DB: the minds are rebuilt from the log too
        self.replan(game)

    def forget(self, gid: int) -> None:
        for d in (self.tables, self.skips, self.busy, self.armed, self._names):
            d.pop(gid, None)

    def after_input(self, game: Game, inp: Input, events: list[Event]) -> None:
        gid = game.gid
        if game.status == ENDED:
            if ai_seats(game) and game.state is not None:
                log.info("bansha ai: game %s ended: %s", gid, json.dumps(self.game_report(game), ensure_ascii=False))
            return
        table = self.tables.get(gid)
        if inp.kind == "start" and game.status == RUNNING and ai_seats(game):
            table = self.tables[gid] = MindTable.start(game)
            table.seq = game.seq - 1
        if table is not None:
            if table.seq != game.seq - 1 or not set(ai_seats(game)) <= set(table.minds):
                self.tables.pop(gid, None)  # out of step, or a new AI seat needs its history: rebuild
            else:
                for seat in [s for s in table.minds if not is_ai(game.qq_of(s))]:
                    table.minds.pop(seat)  # handed back to a person
                table.feed(game, inp, events)
        self.replan(game)

    async def fire(self, gid: int) -> None:
        """The game's "ai" job: it returns at once, and the work runs in a task of its own — the job is re-armed
        from that work, often for right now, which the scheduler would skip while this instance still runs."""
        self.armed.pop(gid, None)
        self._spawn(self._fire(gid))

    def _spawn(self, coro) -> None:
        task = asyncio.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _fire(self, gid: int) -> None:
        await asyncio.sleep(0)  # (the scheduler's job has returned)
        self._soon.discard(gid)
        game = await self.svc.ensure_loaded(gid)
        if game is None or game.status != RUNNING or self.svc.lock(gid).locked():
            return  # (an input is being applied and committed: when it is, `after_input` plans again)
        table = await self._table(game)
        if table is None:
            self._arm(game, self.svc.now() + RETRY)
            return
        now = self.svc.now()
        for d in self._due(game):
            if d.at > now:
                break
            self._busy(gid).add(d.seat)
            self._spawn(self._run(gid, d))
        self.replan(game)

    # --- planning ------------------------------------------------------------------------------------
    def _busy(self, gid: int) -> set[int]:
        return self.busy.setdefault(gid, set())

    def _skipped(self, game: Game) -> dict[int, int]:
        phase, skips = self.skips.get(game.gid, (-1, {}))
        if phase != game.ai.entered:
            skips = {}
            self.skips[game.gid] = (game.ai.entered, skips)
        return skips

    def _due(self, game: Game) -> list[plan.Due]:
        table = self.tables.get(game.gid)
        return plan.next_due(game, self._skipped(game), self._busy(game.gid),
                             lambda g, s: wanted(g, table, s))

    def replan(self, game: Game) -> None:
        if game.status != RUNNING or game.paused or not ai_seats(game):
            self._arm(game, None)
            return
        due = self._due(game)
        self._arm(game, due[0].at if due else None)

    def _arm(self, game: Game, when: float | None) -> None:
        gid = game.gid
        if when is not None and when <= self.svc.now():
            # Due now: run it from here, not through the scheduler, which skips a job armed for now while that
            # job's previous run has not returned yet.
            if self.armed.pop(gid, None) is not None:
                self._disarm_job("ai", gid)
            if gid not in self._soon:
                self._soon.add(gid)
                self._spawn(self._fire(gid))
            return
        if self.armed.get(gid) == when:
            return
        if when is None:
            self.armed.pop(gid, None)
            self._disarm_job("ai", gid)
        else:
            self.armed[gid] = when
            self._arm_job("ai", gid, when, game.phase_no)

    async def _table(self, game: Game) -> MindTable | None:
        table = self.tables.get(game.gid)
        if table is not None and table.seq == game.seq:
            return table
        log.info("bansha ai: game %s: rebuilding the AI seats' minds from the log (%s inputs)", game.gid, game.seq)
        try:
            table = await rebuild(game.gid, game, self.svc.games)
        except Exception:
            log.exception("bansha ai: game %s: the AI seats' minds could not be rebuilt", game.gid)
            return None
        if table is not None:
            self.tables[game.gid] = table
        return table

    # --- one decision ---------------------------------------------------------------------------------
    async def _run(self, gid: int, due: plan.Due) -> None:
        try:
            await self._decide(gid, due)
        except Exception:
            log.exception("bansha ai: game %s seat %s: decision failed", gid, due.seat)
            self._skip(gid, due)
        finally:
            self._busy(gid).discard(due.seat)
            game = self.svc.games.get(gid)
            if game is not None:
                self.replan(game)

    def _skip(self, gid: int, due: plan.Due) -> None:
        game = self.svc.games.get(gid)
        if game is not None and game.ai.entered == due.phase:
            skips = self._skipped(game)
            skips[due.seat] = max(skips.get(due.seat, 0), due.slot + 1)

    async def _decide(self, gid: int, due: plan.Due) -> None:
        svc, seat = self.svc, due.seat
        game = svc.games.get(gid)
        table = self.tables.get(gid)
        if (game is None or table is None or game.status != RUNNING or game.paused or game.ai.entered != due.phase
                or seat not in table.minds or not is_ai(game.qq_of(seat)) or table.seq != game.seq):
            return  # (table.seq behind: an input is in flight; its `after_input` plans again)
        now = svc.now()
        self.counts["slots"] += 1
        self._sample(self.lag_ms, max(0.0, (now - due.at) / self.settings.clock_scale * 1000))
        if game.deadline is None or now >= game.deadline:
            self.counts["late"] += 1  # the deadline came first: this slot never acts after it
            self._skip(gid, due)
            return
        started = time.perf_counter()
        move, text = step.prepare(game, table, seat, now, self._skill_names(game))
        self._sample(self.decide_ms, (time.perf_counter() - started) * 1000)
        if move is None:
            self._skip(gid, due)
            return
        if text and self.llm.on and move.task != "talk" and "checks" not in move.args.get("claim", {}):
            # (a claim goes out as its template: the results it states must be exactly the seat's)
            draft, seq = text, table.seq
            text = await self._reworded(game, table, seat, move, text)
            worded = text != draft
            if game.ai.entered != due.phase or svc.games.get(gid) is not game or self.tables.get(gid) is not table:
                self.llm.stats["stale"] += worded
                return  # the phase moved on while the model thought: nothing to say any more
            if table.seq != seq:  # the seat saw more meanwhile: decide again (its mind must keep what it saw)
                again, fresh = step.prepare(game, table, seat, svc.now(), self._skill_names(game))
                if again is None or (again.kind, again.args) != (move.kind, move.args):
                    self.llm.stats["stale"] += worded
                    move, text, worded = again, fresh, False
                    if move is None:
                        self._skip(gid, due)
                        return
                else:
                    move = again
        else:
            worded = False
        inp = step.input_for(game, seat, move, text, due.slot, due.phase, svc.now())
        while move is not None:
            table.waiting[seat] = Decided(due.phase, due.slot, move.mind, move.made)
            if worded:
                self.llm.used()  # the model's words go out (counted first: the input may end the game and its report)
            try:
                await svc.submit(gid, inp)
                self.counts["inputs"] += 1
                return
            except Refusal as r:
                if worded:
                    self.llm.stats["used"] -= 1
                table.waiting.pop(seat, None)
                self.counts["refused"] += 1
                log.debug("bansha ai: game %s seat %s: %s refused: %s", gid, seat, move.kind, r.message)
            move, worded = move.fallback, False
            if move is not None:
                inp = step.input_for(game, seat, move, "", due.slot, due.phase, svc.now())
        self._skip(gid, due)

    async def _reworded(self, game: Game, table: MindTable, seat: int, move: Move, draft: str) -> str:
        from .checks import decision_text, view_text

        left = (game.deadline or 0) - self.svc.now()
        budget = left / self.settings.clock_scale * 0.5
        said = await self.llm.reword(game.rules.title, seat, view_text(game, move.mind), decision_text(move), draft,
                                     budget)
        if said is None:
            return draft
        claimed = str(dict(move.speech.facts).get("role", "")) if move.speech else ""
        if not say_ok(game, seat, said, self._skill_names(game), strict=True, claimed=claimed):
            self.llm.rejected("audit")
            return draft
        return said

    def _skill_names(self, game: Game) -> set[str]:
        names = self._names.get(game.gid)
        if names is None:
            names = self._names[game.gid] = step.skill_names(game)
        return names

    @staticmethod
    def _sample(into: list[float], value: float) -> None:
        into.append(value)
        if len(into) > KEEP:
            del into[: len(into) - KEEP]

    # --- what it measured ---------------------------------------------------------------------------
    def report(self) -> dict[str, Any]:
        return {"decide_p99_ms": round(p99(self.decide_ms), 2), "lag_p99_ms": round(p99(self.lag_ms), 1),
                "decisions": len(self.decide_ms), **self.counts, "llm": self.llm.summary()}

    def game_report(self, game: Game) -> dict[str, Any]:
        st = game.ai
        owed = st.acts + st.missed
        return {"ai_seats": ai_seats(game), "ai_inputs": st.acts, "missed": st.missed,
                "before_deadline": round(st.acts / owed, 4) if owed else 1.0, **self.report()}

    async def stop(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await self.llm.close()


def p99(samples: list[float]) -> float:
    if not samples:
        return 0.0
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]

