"""The one way to declare a unit of behaviour, in every game: a skill, a passive, an 本能, a class ability.

A unit is its declaration and its behaviour in one class. The declaration is the engine's `Skill` (the rule
text's name, phases, targets, uses…) plus whatever tags the game's text gives (a game subclasses `Behaviour`
with those tags as fields: 纳塔's [指定] and [限定], 斗兽棋's 形态). The behaviour is methods:

- legality, pure: `blocked(state, seat)` — why the seat cannot use it now — and `target(state, seat, target)`
  — why this target is refused — beyond what the declaration already says (phase, uses, target rule);
- submission: `submit` says whether it resolves when used (NOW) or is recorded and resolved at its step of
  the game's order (PLAN); the game's ruleset calls its effect accordingly;
- named moments: every other thing a unit does at some point of the game (a night sub-phase opens, the dawn's
  count, a seat is leaving, a round's strikes…). A moment is a method with the moment's name, and it runs
  only because the game's table names it — never because the method happens to exist.

The table is data, in the game's order module: `Moments` lists, for each moment, the units that answer it in
the order they run, and a `Step` of an order lists the moments it runs (`Step.moments`). One check for every
game (`problems`) compares the classes with the table: a moment written but not in the table, or in the table
but not written, a table key nobody declares, a method that is neither part of the protocol nor a moment.
Each game's tests call it with the game's own units and tables (tests/games/<game>/test_conformance.py).

    @unit("investigate", "调查", phases=(ROUND,), target_rule=ALIVE_OTHER, help="…")
    class INVESTIGATE(Behaviour):
        def blocked(self, state, seat): return "本回合你已经调查过了。" if seat in state.investigated else None
        def resolve(self, ctx, state, seat, action): ...

Pure: nothing here imports nonebot, tortoise or apscheduler, reads the clock or draws a random number.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from .skills import Skill

NOW, PLAN = "now", "plan"  # Behaviour.submit


@dataclass(frozen=True)
class Behaviour(Skill):
    """A unit of behaviour: its declaration (the fields) and what it does (the methods)."""

    submit: str = NOW  # NOW: `resolve` when used; PLAN: recorded when sent, resolved at its step of the order

    # --- legality: pure questions, nothing changes -------------------------------------------------------
    def blocked(self, state: Any, seat: int) -> str | None:
        """Why this seat cannot use it now, beyond the declaration (phase, uses, life): None = it may."""
        return None

    def target(self, state: Any, seat: int, target: int) -> str | None:
        """Why this target is refused, beyond the declaration's target rule: None = it is allowed."""
        return None

    # --- the effect ----------------------------------------------------------------------------------------
    def resolve(self, *args: Any) -> None:
        """What it does: when used (NOW) or at its step (PLAN). The game decides what it is given (the
        context and state, or the game's world and the plan)."""
        raise NotImplementedError(f"{self.key} has no effect")


# The protocol's own methods: a unit may write these whatever its game's table says.
PROTOCOL = frozenset(name for name, _ in inspect.getmembers(Behaviour, callable) if not name.startswith("_"))

B = TypeVar("B", bound=Behaviour)


def unit(key: str, name: str, registry: dict[str, Behaviour] | None = None, **fields: Any) -> Callable[[type[B]], B]:
    """Declare a unit over its class: `@unit(key, name, phases=…, help=…)` binds the class's name to the one
    declared instance (and registers it in `registry`, a game's dict of units, when given)."""

    def declare(kind: type[B]) -> B:
        made = kind(key, name, **fields)
        if registry is not None:
            if key in registry:
                raise ValueError(f"unit key {key!r} declared twice")
            registry[key] = made
        return made

    return declare


@dataclass(frozen=True)
class Moments:
    """A game's named moments, in data: each moment and the units (keys) that answer it, in the order they run.
    `run` is how the game calls a moment: it asks exactly the units the table lists, in that order."""

    table: Mapping[str, tuple[str, ...]]

    def __getitem__(self, moment: str) -> tuple[str, ...]:
        return self.table.get(moment, ())

    def __contains__(self, moment: str) -> bool:
        return moment in self.table

    def names(self) -> tuple[str, ...]:
        return tuple(self.table)

    def run(self, moment: str, units: Mapping[str, Any], *args: Any) -> list[Any]:
        """Call `moment` on every unit the table lists for it (that `units` has), in order; their answers."""
        out = []
        for key in self.table.get(moment, ()):
            found = units.get(key)
            if found is not None:
                out.append(getattr(found, moment)(*args))
        return out


def written(kind: type, below: type) -> set[str]:
    """The public methods a class (or its ancestors up to, not including, `below`) writes."""
    out: set[str] = set()
    for klass in kind.__mro__:
        if klass is below or not issubclass(klass, below):
            break
        out.update(name for name, value in vars(klass).items()
                   if not name.startswith("_") and (inspect.isfunction(value) or isinstance(value, staticmethod)))
    return out


def problems(units: Mapping[str, Any], moments: Moments | Mapping[str, tuple[str, ...]] = Moments({}),
             steps: Iterable[Any] = (), *, base: type = Behaviour, procedures: Iterable[str] = ()) -> list[str]:
    """What is wrong between a game's units and its tables (empty: nothing).

    `units`: key → unit (an instance of `base`); `moments`: the moment table; `steps`: the order(s), each with
    `key` and `moments`; `base`: the game's base class — its methods are the protocol its units may write
    freely, and a moment counts as written only below it; `procedures`: the game's own step keys (its code
    runs them, no unit). A step may also run a protocol method (`resolve`): the unit must write it itself."""
    table = moments.table if isinstance(moments, Moments) else moments
    steps = tuple(steps)
    procedures = set(procedures)
    out: list[str] = []
    by_step: dict[str, set[str]] = {}
    for step in steps:
        for moment in getattr(step, "moments", ()):
            by_step.setdefault(moment, set()).add(step.key)
    known = set(table) | set(by_step)
    protocol = {name for name in dir(base) if not name.startswith("_") and callable(getattr(base, name))}

    def writes(found: Any, name: str) -> bool:
        kind = found if isinstance(found, type) else type(found)
        return name in written(kind, Behaviour if name in PROTOCOL else base)

    for key, found in units.items():
        kind = found if isinstance(found, type) else type(found)
        for name in sorted(written(kind, base) - protocol):
            if name not in known:
                out.append(f"{key} writes {name}, which is neither the protocol nor a moment of the table")
            elif key not in table.get(name, ()) and key not in by_step.get(name, ()):
                out.append(f"{key} writes the moment {name}, but the table does not list it there")
    for moment, keys in table.items():
        for key in keys:
            found = units.get(key)
            if found is None:
                out.append(f"the table lists {key} under {moment}, but no unit has that key")
            elif not writes(found, moment):
                out.append(f"the table lists {key} under {moment}, but it does not write {moment}")
    for step in steps:
        if step.key in procedures:
            continue
        found = units.get(step.key)
        if found is None:
            out.append(f"order step {step.key} is neither a unit nor a procedure of the game")
            continue
        for moment in getattr(step, "moments", ()):
            if not writes(found, moment):
                out.append(f"order step {step.key} runs {moment}, but {step.key} does not write it")
    return out
