"""The facts 斗兽棋's `outcome()` reads (engine/core/cache.py: `reuse` in rules.py declares it): a declared
winner, and which levels are still alive. The verdict is recomputed only when one of them changed (a death,
a 智慧 win); tests/engine/test_cache.py checks it against the from-scratch one after every input.

`pending()` has no key: it changes with each submitted attack or 本能 and reads little more than that."""

from __future__ import annotations

from .state import BeastState


def outcome_key(state: BeastState) -> tuple:
    return (state.winner, state.win_text, tuple(state.alive), tuple(state.levels))
