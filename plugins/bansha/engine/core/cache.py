"""The engine's one cache: what it asks a ruleset about a game, kept while the game stands still.

Between two inputs a game's state does not change, yet the engine asks the same questions many times over
(after the input settles, for an early close, for reminders, the QQ layer for every message, the
simulator's agents before every move): who owes an action (`pending`), is it over (`outcome`), what may a
seat do (`skills_of`, `legal`). `Game.ask` keeps each answer for the game's current input (`Game.seq`); the
next input makes them all stale, and while an input is being folded nothing is kept (the state is changing) —
except who owes an action as the input settles, which is the first thing the wait after it asks (`keep`).

Across inputs an answer is kept only where the ruleset declares it, in one place a reader finds:
`Ruleset.reuse = {"outcome": outcome_key}` — the answer holds while `outcome_key(state)`, a small hashable of
exactly the facts the answer reads (who is alive, the camps…), is unchanged. And per seat, for `pending`:
`Ruleset.touches_own` declares a use that changed only its own seat's obligation (a ballot, a night plan); the
engine then asks that seat alone (`Ruleset.owes`) and keeps the others' answers (`owing_again`). Rulesets keep
no cache of their own and mark nothing. tests/engine/test_cache.py plays random games of every ruleset with `VERIFY` on and
checks every answer served from here against the ruleset's own.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

VERIFY = False  # tests: every served answer is checked against a fresh one at the call


class Stale(AssertionError):
    """A kept answer differs from the ruleset's own: a declared `reuse` key misses a fact the answer reads."""


class Answers:
    """One game's kept answers: for the input `seq` they were asked at, and (declared reuse) by key."""

    __slots__ = ("seq", "now", "by_key")

    def __init__(self) -> None:
        self.seq = -1
        self.now: dict[tuple, Any] = {}  # (name, args) -> answer, for input `seq`
        self.by_key: dict[str, tuple[Hashable, Any]] = {}  # name -> (key, answer), across inputs


def ask(answers: Answers, seq: int, busy: bool, rules: Any, state: Any, name: str, *args: Any,
        copy: Callable[[Any], Any] | None = None) -> Any:
    """`rules.<name>(state, *args)`, answered from `answers` where it holds. `busy`: an input is being folded
    (only a declared key can vouch for an answer then)."""
    fresh = getattr(rules, name)
    if not busy:
        if answers.seq != seq:
            answers.seq, answers.now = seq, {}
        held = answers.now.get((name, args), _MISSING)
        if held is not _MISSING:
            return _served(rules, name, state, args, held, fresh, copy)
    key_of = rules.reuse.get(name) if not args else None
    if key_of is not None:
        key = key_of(state)
        kept = answers.by_key.get(name)
        if kept is not None and kept[0] == key:
            value = _served(rules, name, state, args, kept[1], fresh, copy)
        else:
            value = fresh(state)
            answers.by_key[name] = (key, copy(value) if copy else value)
    else:
        value = fresh(state, *args)
    if not busy:
        answers.now[(name, args)] = copy(value) if copy else value
    return value


def keep(answers: Answers, seq: int, name: str, args: tuple, value: Any) -> None:
    """Keep an answer for input `seq` that was asked of exactly the state `seq` starts from (the engine asks who
    owes an action as an input settles; the wait after it would ask again)."""
    if answers.seq != seq:
        answers.seq, answers.now = seq, {}
    answers.now[(name, args)] = value


def owing_again(rules: Any, state: Any, found: set[int], touched: int) -> set[int]:
    """`pending` after an input that changed only the `touched` seat's answer (a ruleset's declared
    `touches_own`): the other seats' answers from before it, and that seat asked alone (`owes`)."""
    owing = (found - {touched}) | ({touched} if rules.owes(state, touched) else set())
    if VERIFY and owing != rules.pending(state):
        raise Stale(f"{rules.key}.pending: kept {sorted(owing)} for every seat but {touched}, but the ruleset "
                    f"says {sorted(rules.pending(state))} (phase {getattr(state, 'phase', '?')})")
    return owing


def _served(rules: Any, name: str, state: Any, args: tuple, value: Any, fresh: Callable[..., Any],
            copy: Callable[[Any], Any] | None) -> Any:
    if VERIFY:
        now = fresh(state, *args)
        if now != value:
            raise Stale(f"{rules.key}.{name}{args}: kept {value!r} but the ruleset says {now!r} "
                        f"(phase {getattr(state, 'phase', '?')}, day {getattr(state, 'day', '?')})")
    return copy(value) if copy else value


_MISSING = object()
