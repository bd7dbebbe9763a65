"""The facts 酒馆's `outcome()` reads (engine/core/cache.py: `reuse` in rules.py declares it): who is alive in
which faction, the factions' points and the factions judged lost. The verdict is recomputed only when one of
them changed; tests/engine/test_cache.py checks it against the from-scratch one after every input.

`pending()` has no key: it changes with each submitted number or order and reads little more than that."""

from __future__ import annotations

from typing import Any


def outcome_key(state: Any) -> tuple:  # Any: the state's class moves between modules in issue 15's restructure
    return (tuple(state.alive), tuple(state.factions), tuple(state.points.items()), tuple(state.forfeited))
