"""Facts a game fixes once dealt, built at their first ask (`fixed`), and the check flag games' own kept answers
still read (VERIFY). Transitional (issue 26): what the engine asks a ruleset is kept by engine/core/cache.py; the
games move these last caches into plain state or drop them, and this module goes.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from .cache import Stale  # noqa: F401  (nata's own check raises it)

VERIFY = False  # tests: a game's own kept answer is checked against the from-scratch one


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
    """A name this module keeps on a state (the memo): not part of the game, never pickled."""
    return name.startswith("_kept_")
