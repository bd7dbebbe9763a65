"""Statuses with durations, usable by every ruleset.

A status sits on a seat until an end condition: the next night begins, a given
phase begins, a given day is reached, or never (permanent). Rulesets add and
query them; the engine expires them whenever a phase is entered.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

PERMANENT = "permanent"
NEXT_NIGHT = "next_night"  # ends when the next night phase begins
UNTIL_PHASE = "phase"  # ends when the named phase next begins
UNTIL_DAY = "day"  # ends when day number `day` begins (any phase of that day)


@dataclass
class Status:
    name: str  # the rule text's name (沉默, 守护, 迷魂…)
    holder: int  # seat
    until: str = PERMANENT
    phase: str = ""  # for UNTIL_PHASE
    day: int = 0  # for UNTIL_DAY
    source: int = 0  # seat that caused it, 0 = the rules
    value: int = 0  # e.g. 守护:X's X, a counter
    public: bool = False  # shown in /状态
    data: dict[str, Any] = field(default_factory=dict)


@dataclass
class StatusBook:
    items: list[Status] = field(default_factory=list)

    # Lookups go through an index by holder (a game asks "does this seat have X" thousands of times per
    # input). It is rebuilt whenever `items` was replaced or changed length (games also filter `items`
    # themselves), dropped by every change made here, and never pickled.
    _index = None  # (items, len, by holder, names by holder); a class default, not a field: not built yet

    def _by_holder(self) -> dict[int, list[Status]]:
        index: tuple[list[Status], int, dict[int, list[Status]], dict[int, frozenset[str]]] | None = self._index
        items = self.items
        if index is None or index[0] is not items or index[1] != len(items):
            by: dict[int, list[Status]] = {}
            for st in items:
                by.setdefault(st.holder, []).append(st)
            index = self._index = (items, len(items), by, {})
        return index[2]

    def names(self, holder: int) -> frozenset[str]:
        """The names of the statuses the seat holds (kept with the index: asked far more often than changed)."""
        by = self._by_holder()
        known = self._index[3]  # type: ignore[index]
        out = known.get(holder)
        if out is None:
            out = known[holder] = frozenset(s.name for s in by.get(holder, ()))
        return out

    def __getstate__(self) -> dict[str, Any]:
        return {"items": self.items}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)

    def add(self, status: Status) -> Status:
        self.items.append(status)
        self._index = None
        return status

    def of(self, holder: int, name: str | None = None) -> list[Status]:
        mine = self._by_holder().get(holder, ())
        return [s for s in mine if name is None or s.name == name]

    def has(self, holder: int, name: str) -> bool:
        return name in self.names(holder)

    def remove(self, holder: int, name: str | None = None) -> list[Status]:
        gone = self.of(holder, name)
        self.items = [s for s in self.items if s not in gone]
        return gone

    def public(self) -> list[Status]:
        return [s for s in self.items if s.public]

    def on_enter(self, phase: str, is_night: bool, day: int) -> list[Status]:
        """Expire what ends when `phase` (of `day`) begins; returns the expired ones."""
        keep, gone = [], []
        for s in self.items:
            ends = (
                (s.until == NEXT_NIGHT and is_night)
                or (s.until == UNTIL_PHASE and s.phase == phase)
                or (s.until == UNTIL_DAY and day >= s.day)
            )
            (gone if ends else keep).append(s)
        self.items = keep
        return gone
