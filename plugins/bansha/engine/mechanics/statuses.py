"""Status families: negative vs non-negative statuses, composites, and the two cleansers.

004 (状态) sorts statuses into 常见负面状态 and 非负面状态, defines composites
("[业炎/净化]：[沉默]+[超度]+[遗忘]", "[冰冻/恐惧]：[沉默]+[缴械]") and two statuses that
clear and block a whole family:

- "[漏洞]：该状态下，会清除并免疫非负面状态，与[秩序]一起时后赋予的无效。"
- "[秩序]：该状态下，会清除并免疫负面状态，与[秩序]一起时后赋予的无效。" (the second
  [秩序] is a typo for [漏洞]: the two exclude each other and the later one fails.)

Blocking at grant time gives exactly "the later one fails": while one is held the other is
of the opposite family and is refused. A ruleset keeps its statuses in a StatusBook and
grants through `Family.grant`. Pure.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

from ..core.status import Status, StatusBook


@dataclass(frozen=True)
class Family:
    negative: frozenset[str]
    positive: frozenset[str]
    composites: tuple[tuple[str, tuple[str, ...]], ...] = ()
    cleanse: str = "秩序"  # clears and blocks negatives
    breach: str = "漏洞"  # clears and blocks non-negatives
    immune: frozenset[str] = field(default_factory=frozenset)  # names never granted (none by default)

    @functools.cached_property
    def _parts(self) -> dict[str, tuple[str, ...]]:
        return dict(self.composites)

    def parts(self, name: str) -> tuple[str, ...]:
        """A composite's components ([业炎] → 沉默, 超度, 遗忘), or the name itself."""
        return self._parts.get(name, (name,))

    def is_negative(self, name: str) -> bool:
        return name in self.negative

    def is_positive(self, name: str) -> bool:
        return name in self.positive

    def effects(self, book: StatusBook, seat: int) -> set[str]:
        """Every effect the seat is under, composites expanded."""
        out: set[str] = set()
        parts = self._parts
        for s in book.of(seat):
            out.update(parts.get(s.name, (s.name,)))
        return out

    def has(self, book: StatusBook, seat: int, effect: str) -> bool:
        return effect in self.effects(book, seat)

    def refusal(self, book: StatusBook, status: Status) -> str | None:
        """Why this status cannot be put on its holder now, or None."""
        held = {s.name for s in book.of(status.holder)}
        if self.is_negative(status.name) and self.cleanse in held:
            return f"持有[{self.cleanse}]，免疫负面状态"
        if self.is_positive(status.name) and self.breach in held:
            return f"持有[{self.breach}]，免疫非负面状态"
        return None

    def grant(self, book: StatusBook, status: Status) -> bool:
        """Add the status unless blocked; a new cleanser/breach clears its family. True if it took."""
        if self.refusal(book, status) is not None:
            return False
        book.add(status)
        if status.name == self.cleanse:
            self.clear(book, status.holder, negative=True)
        elif status.name == self.breach:
            self.clear(book, status.holder, negative=False)
        return True

    def clear(self, book: StatusBook, seat: int, *, negative: bool) -> list[Status]:
        """Remove every negative (or non-negative) status of the seat; returns what went."""
        test = self.is_negative if negative else self.is_positive
        gone = [s for s in book.of(seat) if test(s.name)]
        book.items = [s for s in book.items if not any(s is g for g in gone)]
        return gone
