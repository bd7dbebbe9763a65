"""斗兽棋's book: its units of behaviour (engine/core/behaviour.py) as power.py declares them, and the lookups
every module shares.

It sits below state.py and power.py so that both look a unit up without importing each other (state.py asks
which 本能 a seat holds, power.py's units read the state): the values are power.py's units — `Power` in
REGISTRY and LEVEL_POWERS, `Instinct` in INSTINCTS — written here as Any. catalog.py puts them in the text's
order once every unit is declared.
"""

from __future__ import annotations

from typing import Any

from ..bansha.engine import Book

BOOK = Book("beastchess")  # the levels (roles) and every unit, for the engine and the console
REGISTRY: dict[str, Any] = {}  # every unit of a round by key (power.Power): the abilities, then the 本能 in text order
INSTINCTS: dict[str, Any] = {}  # the 本能 by (Simplified) name (power.Instinct), in the text's order
LEVEL_POWERS: dict[int, tuple[Any, ...]] = {}  # level -> its action and abilities (power.Ability), as declared
EXTRA_STRIKERS: list[str] = []  # the 本能 whose target is a second attack (发怒, 垂死抗争: extra_strike_target)
