"""A role that is not 002's, added to 狼人杀 for one test exactly as a new role is added: its one module declares
itself in the book, and its step of order.NIGHT_ORDER and its card in boards.CARDS join the tables. Afterwards
the book and the tables are as they were. Used by tests/games/werewolf/test_werewolf_new_role.py (守夜人) and
tests/guide/test_guide_role.py (守墓人, docs/new-game.md)."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator
from types import ModuleType

from plugins.bansha.engine.core.behaviour import problems as check
from plugins.werewolf import boards, order
from plugins.werewolf.book import BOOK, WerewolfUnit


def problems() -> list[str]:
    """The one check over 狼人杀's units and tables, as rules.py runs it at load."""
    return check(BOOK.units, order.MOMENTS, (*order.NIGHT_ORDER, *order.AFTER_DEATH), base=WerewolfUnit)


def added(monkeypatch, module: str, step: order.NightStep, card: str) -> Iterator[tuple[ModuleType, list[str]]]:
    """For a fixture (`yield from added(...)`): yields the role's module and what the one check said of the
    module alone, before its step and card were added."""
    saved = (dict(BOOK.roles), dict(BOOK.skills), dict(BOOK.units))
    sys.modules.pop(module, None)
    loaded = importlib.import_module(module)  # the one new module declares itself in the book
    alone = problems()
    monkeypatch.setattr(order, "NIGHT_ORDER", (*order.NIGHT_ORDER, step))
    monkeypatch.setattr(boards, "CARDS", (*boards.CARDS, card))
    assert problems() == []
    try:
        yield loaded, alone
    finally:
        BOOK.roles, BOOK.skills, BOOK.units = saved
        sys.modules.pop(module, None)
