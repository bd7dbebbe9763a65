"""Shared fixtures: every ruleset registered, and a fresh SQLite DB per test."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent / "support"))  # the harnesses: fakeqq, mirror, scenario…

from plugins.bansha.engine.game import registry  # noqa: E402

registry.load_all()

from longrun import LONG  # noqa: E402


def pytest_addoption(parser):
    # BANSHA_LONG=1 (make test-long) runs the full versions: 50 SIGKILLs, 2,000 examples per fuzz test
    parser.addoption("--kills", type=int, default=int(os.environ.get("BANSHA_KILLS", "50" if LONG else "10")),
                     help="SIGKILLs in the chaos test (default 10; 50 with BANSHA_LONG=1)")
    parser.addoption("--fuzz-examples", type=int,
                     default=int(os.environ.get("BANSHA_FUZZ", "2000" if LONG else "40")),
                     help="hypothesis examples per fuzz test (default 40; 2000 with BANSHA_LONG=1)")


@pytest.fixture(autouse=True, scope="module")
def _books_as_found():
    """A 剧本 game registers the 剧本's own roles in its game's book (plugins/werewolf/judged.py `register`), as the
    bot does for the rest of its life; each test module leaves every book as it found it, so a later module (the
    guide's 守墓人) meets only the roles the code declares."""
    books = [r.book for r in registry.all_rulesets() if r.book is not None]
    saved = [(dict(b.roles), dict(b.skills), dict(b.units)) for b in books]
    yield
    for book, (roles, skills, units) in zip(books, saved, strict=True):
        book.roles, book.skills, book.units = roles, skills, units


def pytest_collection_modifyitems(config, items):
    if LONG:
        return
    skip = pytest.mark.skip(reason="long run: set BANSHA_LONG=1")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
