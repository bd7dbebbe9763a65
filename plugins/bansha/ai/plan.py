"""When each AI seat acts: decision slots drawn inside the phase's window, at a human pace.

In every phase an AI seat gets a few decision slots. Their moments are drawn from a generator seeded by
the game (its seed and the deal's entropy), the phase counter and the seat, as fractions of the window —
from when the phase began (or the seat became an AI, or the forum day opened) to its deadline — never in
its first moments and never in its last ones. So the same game places the same slots after a restart,
and a replay of the log meets the same moments. At a slot the seat does the first thing it still has to
do (engine state decides: a slot that did something is in the log, `AiState.slots`); a slot with nothing
to do is passed over. A seat never acts twice within `GAP` of the window after its last input.

Pure: the game state and the time asked about; nothing here reads a clock or the global random.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.core.phases import FORUM
from ..engine.core.rng import Rng
from ..engine.game import RUNNING, Game
from ..engine.parts import forum
from ..engine.parts.aiseats import AiState, ai_seats

LOW, HIGH = 0.06, 0.8  # slots fall between 6% and 80% of the window: never at once, never at the last moment
LAST = 0.95  # a seat that still owes an action after its slots gets more, one GAP apart, up to here
GAP = 0.03  # of the window, between two inputs of one seat
MAX_GAP = 600.0  # seconds: the gap on a 13-hour forum day is minutes, not half an hour
QUICK_SLOTS = 5
FORUM_SLOTS = 4  # plus the 潜水 quota on a forum discussion day


def mix(*parts: int) -> int:
    """A 64-bit seed from several integers (splitmix steps, so nearby inputs give unrelated seeds)."""
    rng = Rng.seeded(0x243F6A8885A308D3)
    for p in parts:
        rng.state ^= p & ((1 << 64) - 1)
        rng.state = rng.next64()
    return rng.state


def seed(game: Game, seat: int, *more: int) -> int:
    st: AiState = game.ai
    return mix(game.seed, st.salt, st.entered, seat, *more)


def slot_count(game: Game) -> int:
    if game.options.get("节奏") != FORUM:
        return QUICK_SLOTS
    quota = int(forum.opt(game, "潜水帖数") or 0) if forum.in_discussion(game) and forum.opt(game, "潜水") else 0
    return FORUM_SLOTS + quota


def window(game: Game, seat: int) -> tuple[float, float] | None:
    """(start, end) of this seat's window in the current phase, or None when the clock is not running."""
    if game.status != RUNNING or game.paused or game.deadline is None or game.state is None:
        return None
    st: AiState = game.ai
    start = max(st.phase_at, st.since.get(seat, st.phase_at))
    opens = game.forum.opens_at if forum.in_discussion(game) else None
    if opens is not None:
        start = max(start, opens)
    return (start, game.deadline) if game.deadline > start else None


def slot_times(game: Game, seat: int) -> list[float]:
    span = window(game, seat)
    if span is None:
        return []
    start, end = span
    rng = Rng.seeded(seed(game, seat, 0x5107))
    fractions = sorted(LOW + (HIGH - LOW) * rng.random() for _ in range(slot_count(game)))
    return [start + f * (end - start) for f in fractions]


@dataclass(frozen=True)
class Due:
    at: float
    seat: int
    slot: int
    phase: int  # the phase counter the slot belongs to


def due(game: Game, seat: int, skipped: int = 0) -> Due | None:
    """The seat's next slot: its moment and index; None when it has used them all (or no clock runs)."""
    times = slot_times(game, seat)
    if not times:
        return None
    st: AiState = game.ai
    k = max(st.slots.get(seat, 0), skipped)
    start, end = window(game, seat) or (0.0, 0.0)
    gap = min(GAP * (end - start), MAX_GAP)
    last = st.last.get(seat)
    if k < len(times):
        at = times[k] if last is None else max(times[k], last + gap)
    elif seat in game.rules.pending(game.state):  # several actions in one phase (酒馆's 指认s, a witch's two)
        at = max(times[-1], last or start) + gap * (1 + k - len(times))
    else:
        return None
    if at > start + LAST * (end - start):
        return None
    return Due(at, seat, k, st.entered)


def next_due(game: Game, skipped: dict[int, int], busy: set[int] | frozenset[int] = frozenset(),
             wanted=None) -> list[Due]:
    """Every AI seat's next slot, soonest first (seats deciding right now, or with nothing to do, left out)."""
    out = []
    for seat in ai_seats(game):
        if seat in busy or (wanted is not None and not wanted(game, seat)):
            continue
        d = due(game, seat, skipped.get(seat, 0))
        if d is not None:
            out.append(d)
    return sorted(out, key=lambda d: (d.at, d.seat))
