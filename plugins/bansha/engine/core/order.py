"""A game's resolution order (its night order) as one visible list of steps, and how the 导演台 shows it.

Each game keeps ONE tuple of `Step`s in the rule text's order; a game with more to say about a step (the
text's numeral, the role that acts, the sub-step's mode) subclasses `Step`. A step's `key` names what
runs — a unit of the game or a procedure of its own — and `moments` the moments of that unit the step runs;
engine/core/behaviour.py `problems` checks both against the units, at load and in the game's tests.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

# The 导演台 shows each step of the current night as one of these.
STEP_WAITING, STEP_SUBMITTED, STEP_RESOLVED = "等待", "已提交", "已结算"


@dataclass(frozen=True)
class Step:
    key: str  # what runs: a unit's key (engine/core/behaviour.py), or a procedure of the game (counting the night's deaths…)
    label: str = ""  # the rule text's name for the step
    phase: str = ""  # the (sub-)phase in which it resolves
    # the unit's moments this step runs (the one check: behaviour.problems); keyword-only, so a game's Step
    # subclass adds its own fields positionally after `phase`
    moments: tuple[str, ...] = field(default=(), kw_only=True)


@dataclass(frozen=True)
class StepView:
    label: str  # the rule text's name for the step
    state: str  # STEP_WAITING | STEP_SUBMITTED | STEP_RESOLVED
    seats: tuple[int, ...] = ()  # who acts in it (secret: only the 导演台 shows this)


S = TypeVar("S", bound=Step)


def in_phase(order: Iterable[S], phase: str) -> tuple[S, ...]:
    """The steps that resolve in this phase, in order."""
    return tuple(step for step in order if step.phase == phase)


def keys(order: Iterable[Step]) -> list[str]:
    return [step.key for step in order]


def step_state(phases: Sequence[str], step_phase: str, current: str, day: int, submitted: bool) -> str:
    """Where a step stands tonight, for the 导演台: `phases` are the night's phases in order. By day the last
    night is over (and before the first night nothing has run); a step of a phase still to come waits; in
    its own phase it waits until what it needs has been submitted."""
    if current not in phases:
        return STEP_RESOLVED if day else STEP_WAITING
    at, here = phases.index(step_phase), phases.index(current)
    if at != here:
        return STEP_RESOLVED if at < here else STEP_WAITING
    return STEP_SUBMITTED if submitted else STEP_WAITING
