"""鹿鼎记's shape (issue 15): a role is one module, a skill one declaration next to its behaviour, and the night
ONE list whose every step has its handler. A broken declaration fails here, not when play reaches it."""

from __future__ import annotations

import ast
import copy
import inspect
from pathlib import Path

import pytest

from plugins.bansha.engine.core.roles import EFFECT, STEP
from plugins.luding import rules
from plugins.luding.book import BOOK, LudingRole, LudingSkill
from plugins.luding.order import NIGHT_ORDER
from plugins.luding.roles import ROLES
from plugins.luding.terms import DECK

PACKAGE = Path(rules.__file__).parent


def test_the_book_is_whole_and_every_night_step_has_its_own_handler():
    keys = [step.key for step in NIGHT_ORDER]
    assert BOOK.problems(keys) == []
    assert set(BOOK.handlers[STEP]) == set(keys)  # a step's handler, not a skill's effect of the same name
    assert not set(keys) & set(BOOK.skills)


def test_a_missing_handler_or_one_without_its_place_is_reported():
    keys = [step.key for step in NIGHT_ORDER]
    book = copy.copy(BOOK)
    book.handlers = {kind: dict(table) for kind, table in BOOK.handlers.items()}
    del book.handlers[STEP]["seer"]
    assert book.problems(keys) == ["order step seer has no handler"]
    book.handlers[STEP]["seer"] = BOOK.handlers[STEP]["seer"]
    del book.handlers[EFFECT]["shield"]
    assert book.problems(keys) == ["skill shield (神圣之盾) has no effect"]
    book.handlers[EFFECT]["shield"] = BOOK.handlers[EFFECT]["shield"]
    assert book.problems(keys[:-1]) == ["step handler poisoning is in no order"]


def test_the_deal_names_exactly_the_declared_roles_each_in_its_own_module():
    assert set(DECK) == set(ROLES) == set(BOOK.roles)
    assert list(ROLES) == list(dict.fromkeys(DECK))
    declaring = {}
    for path in sorted((PACKAGE / "roles").glob("*.py")):
        calls = [n for n in ast.walk(ast.parse(path.read_text(encoding="utf-8"))) if isinstance(n, ast.Call)
                 and ast.unparse(n.func) == "BOOK.role"]
        declaring[path.stem] = len(calls)
    assert sum(declaring.values()) == len(ROLES)
    assert all(k <= 1 for k in declaring.values()), declaring  # one role, one module


def test_a_role_writes_only_the_parts_the_procedures_call():
    """A misspelt hook (`tell` for `tells`) would never run: every method a role writes is one of the base's."""
    known = {name for name, _ in inspect.getmembers(LudingRole, inspect.isfunction)}
    for role in ROLES.values():
        written = {name for name, _ in inspect.getmembers(type(role), inspect.isfunction)}
        assert written <= known, (role.name, written - known)


def test_every_declared_field_names_what_it_reads():
    for skill in BOOK.skills.values():
        assert isinstance(skill, LudingSkill)
        assert not skill.again or skill.nightly, skill.key
    for step in NIGHT_ORDER:
        assert {BOOK.skills[k].nightly for k in step.submits} <= {True}, step.key
        assert set(step.actors) <= set(ROLES), step.key


@pytest.mark.parametrize("path", sorted(PACKAGE.rglob("*.py")), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_module_over_500_lines_and_no_handler_looked_up_by_name(path):
    text = path.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 500
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "getattr" and len(node.args) >= 2:
            assert not isinstance(node.args[1], ast.JoinedStr), f"{path}: getattr(…, f'…') finds a handler late"

