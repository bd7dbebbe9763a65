"""鹿鼎记's shape (issue 15): a role is one module, a unit one declaration next to its behaviour, and the night
ONE list. Whether every unit and step fits the moment table is the shared check: test_conformance.py."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest

from plugins.bansha.engine import PLAN
from plugins.luding import rules
from plugins.luding.book import BOOK, LudingRole, LudingSkill
from plugins.luding.order import NIGHT_ORDER
from plugins.luding.roles import ROLES
from plugins.luding.terms import DECK

PACKAGE = Path(rules.__file__).parent


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
        assert not skill.again or skill.submit == PLAN, skill.key
    for step in NIGHT_ORDER:
        assert {BOOK.skills[k].submit for k in step.submits} <= {PLAN}, step.key
        assert set(step.actors) <= set(ROLES), step.key


@pytest.mark.parametrize("path", sorted(PACKAGE.rglob("*.py")), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_module_over_500_lines_and_no_handler_looked_up_by_name(path):
    text = path.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 500
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "getattr" and len(node.args) >= 2:
            assert not isinstance(node.args[1], ast.JoinedStr), f"{path}: getattr(…, f'…') finds a handler late"

