"""Pending seats and the outcome, kept between inputs instead of recomputed on every call (issue 20).

The engine asks `pending()` and `outcome()` several times per input (after the input, for an early
close, for reminders, and the simulator's agents before every move), and each answer reads the whole
table. A ruleset opts in by naming the facts each answer reads: `pending_key(state)` and
`outcome_key(state)` (methods, or functions of plugins/<game>/kept.py that `registry.register` attaches)
return a small hashable built from exactly those facts (who is alive, the phase,
who acted, the ballot…). The answer is then recomputed only when an input changed one of them — a
death, a vote, a new phase — and otherwise served as kept. A ruleset without a key recomputes as
before.

The from-scratch computation stays the ruleset's own `pending`/`outcome` method as written; `Ruleset`
wraps it (see `Ruleset.__init_subclass__`), and `scratch_pending`/`scratch_outcome` call the unwrapped
one. The property test (tests/test_incremental.py) plays random games of every ruleset and, after every
input and at every call inside one (`VERIFY`), compares the kept answer with the from-scratch one: a key
that misses a fact the answer reads fails it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable
from typing import Any

from .core import Outcome

# Tests set this: every kept answer is checked against the from-scratch one at the call.
VERIFY = False

class Stale(AssertionError):
    """A kept answer differs from the from-scratch one: the ruleset's key misses a fact the answer reads."""


def _kept(name: str, fresh: Callable[[Any, Any], Any], copy: Callable[[Any], Any]) -> Callable[[Any, Any], Any]:
    """`fresh` (the ruleset's own method) answered from the slot while the state is sealed with the seal it
    was computed under, or while `<name>_key(state)` is unchanged.

    One slot per ruleset instance and method: the key alone decides whether the kept answer holds (it is made
    of the facts the answer reads, so two states with the same key have the same answer; a seal is a new
    object for every stretch in which nothing changes), and the slot needs no link to a state object that
    could be copied or restored."""
    slot = f"_kept_{fresh.__qualname__}"  # a subclass's answer and its super()'s are kept apart
    key_of = f"{name}_key"

    @functools.wraps(fresh)
    def kept(self: Any, state: Any) -> Any:
        seal = getattr(state, "__dict__", _NO_DICT).get(SEAL)
        held = self.__dict__.get(slot)
        if seal is not None and held is not None and held[0] is seal:  # (the simulator's many asks between inputs)
            if VERIFY:
                _check(self, name, state, held[2], fresh(self, state))
            return copy(held[2])
        key: Hashable | None = getattr(self, key_of)(state)
        if key is not None and held is not None and held[1] == key:
            self.__dict__[slot] = (seal, key, held[2])
            return _served(self, name, state, held[2], fresh, copy)
        if key is None and seal is None:
            return fresh(self, state)
        value = fresh(self, state)
        self.__dict__[slot] = (seal, key, copy(value))
        return value

    kept.__wrapped__ = fresh  # type: ignore[attr-defined]
    kept.kept = True  # type: ignore[attr-defined]
    return kept


def _served(rules: Any, name: str, state: Any, value: Any, fresh: Callable[[Any, Any], Any],
            copy: Callable[[Any], Any]) -> Any:
    if VERIFY:
        _check(rules, name, state, value, fresh(rules, state))
    return copy(value)


# The simulator's stretch without change (engine/game.py, `Game.texts` off): from the end of an input's
# settling to the start of the next input nothing changes the state, so every answer asked in between is
# computed once. The seal is a new object each time; `unseal` comes before anything may change the state.
SEAL = "_kept_seal"
_NO_DICT: dict[str, Any] = {}


def seal(state: Any) -> None:
    state.__dict__[SEAL] = object()


def unseal(state: Any) -> None:
    if state is not None:
        state.__dict__.pop(SEAL, None)


# Facts a state fixes once dealt (the board's cards, the night's steps on this board): built at the first ask
# and kept on the state itself, under a name pickling leaves out (BaseState.__getstate__), so a restored
# game builds them again.
MEMO = "_kept_memo"


def fixed(state: Any, key: Hashable, build: Callable[..., Any], *args: Any) -> Any:
    """`build(*args)`, once per state and key: only for what cannot change after the deal."""
    memo = state.__dict__.get(MEMO)
    if memo is None:
        memo = state.__dict__[MEMO] = {}
    try:
        return memo[key]
    except KeyError:
        value = memo[key] = build(*args)
        return value


def transient(name: str) -> bool:
    """A name this module keeps on a state (a seal, the memo): not part of the game, never pickled."""
    return name.startswith("_kept_")


def _check(rules: Any, name: str, state: Any, kept: Any, fresh: Any) -> None:
    if kept != fresh:
        raise Stale(f"{rules.key}.{name}: kept {kept!r} but from scratch {fresh!r} "
                    f"(phase {getattr(state, 'phase', '?')}, day {getattr(state, 'day', '?')})")


def _same(value: Any) -> Any:
    return value


def wrap(cls: type) -> None:
    """Keep `pending`/`outcome` of a ruleset class that defines them (called from __init_subclass__)."""
    for name, copy in (("pending", set), ("outcome", _same)):  # a caller may change the set it gets
        fn = cls.__dict__.get(name)
        if fn is not None and not getattr(fn, "kept", False):
            setattr(cls, name, _kept(name, fn, copy))


def _fresh(rules: Any, name: str) -> Callable[[Any, Any], Any]:
    fn = getattr(type(rules), name)
    while getattr(fn, "kept", False):
        fn = fn.__wrapped__
    return fn


def scratch_pending(rules: Any, state: Any) -> set[int]:
    """The seats that owe an action, computed from scratch (the ruleset's own method, no kept answer)."""
    return _fresh(rules, "pending")(rules, state)


def scratch_outcome(rules: Any, state: Any) -> Outcome | None:
    return _fresh(rules, "outcome")(rules, state)


def is_kept(rules: Any) -> dict[str, bool]:
    """Which answers this ruleset keeps (a key of its class or of its kept.py): for the test's report."""
    return {name: f"{name}_key" in vars(rules)
            or getattr(type(rules), f"{name}_key").__qualname__ != f"Ruleset.{name}_key"
            for name in ("pending", "outcome")}
