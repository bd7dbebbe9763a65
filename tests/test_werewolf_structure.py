"""狼人杀's shape (issue 15): a role is one module, a skill one declaration next to its behaviour, and each of
the two orders ONE list whose every step has its handler. A broken declaration fails here (and stops the game
from loading), not when play reaches it."""

from __future__ import annotations

import ast
import copy
import inspect
from pathlib import Path

import pytest

from plugins.bansha.engine.core.roles import EFFECT, STEP
from plugins.werewolf import rules
from plugins.werewolf.boards import BOARDS, CARDS
from plugins.werewolf.book import BOOK, AfterDeath, NightWork, WerewolfRole, WerewolfSkill, overrides
from plugins.werewolf.order import AFTER_DEATH, NIGHT_ORDER, NIGHT_PHASES
from plugins.werewolf.roles import ROLES
from plugins.werewolf.terms import WOLF

PACKAGE = Path(rules.__file__).parent
KEYS = [step.key for step in (*NIGHT_ORDER, *AFTER_DEATH)]


def test_the_book_is_whole():
    assert BOOK.problems(KEYS) == []
    assert all(isinstance(skill, WerewolfSkill) for skill in BOOK.skills.values())
    # a step named like a skill is that skill's effect, never a handler of its own (which would hide the effect)
    assert not set(BOOK.handlers[STEP]) & set(BOOK.skills)


@pytest.mark.parametrize("step", NIGHT_ORDER, ids=lambda s: s.key)
def test_each_night_step_is_handled_by_its_work_or_a_skill_that_answers_at_once(step):
    work = BOOK.handler(STEP, step.key)
    if work is None:
        assert step.key in BOOK.handlers[EFFECT]  # 查验: answered when used
        return
    assert issubclass(work, NightWork)
    moments = {"open", "close", "resolve", "morning", "owes", "holder"}
    assert any(overrides(work, m) for m in moments), f"{work.__name__} does nothing at any moment"
    written = {name for name, _ in inspect.getmembers(work, inspect.isfunction) if not name.startswith("_")}
    assert written <= moments, f"{work.__name__} writes {written - moments}, which the night never calls"


@pytest.mark.parametrize("step", AFTER_DEATH, ids=lambda s: s.key)
def test_each_after_death_step_has_its_phase_handler(step):
    work = BOOK.handler(STEP, step.key)
    assert work is not None and issubclass(work, AfterDeath)
    assert overrides(work, "run") and overrides(work, "owes")
    assert step.phase in rules.PHASES


def test_a_missing_handler_or_one_without_its_place_is_reported():
    book = copy.copy(BOOK)
    book.handlers = {kind: dict(table) for kind, table in BOOK.handlers.items()}
    del book.handlers[STEP]["witch"]
    assert book.problems(KEYS) == ["order step witch has no handler"]
    book.handlers[STEP]["witch"] = BOOK.handlers[STEP]["witch"]
    del book.handlers[EFFECT]["guard"]
    assert book.problems(KEYS) == ["skill guard (守护) has no effect"]
    book.handlers[EFFECT]["guard"] = BOOK.handlers[EFFECT]["guard"]
    assert book.problems([k for k in KEYS if k != "piper"]) == ["step handler piper is in no order"]


def test_every_role_acting_at_night_has_its_step_and_every_card_its_role():
    assert set(CARDS) == set(ROLES) == set(BOOK.roles)
    assert all(role in CARDS for board in BOARDS for role, _ in board.roles)
    woken = {step.role for step in NIGHT_ORDER}
    for role in ROLES.values():
        acts = any(set(s.phases) & set(NIGHT_PHASES) for s in role.skills)
        assert not acts or role.name in woken or role.kind == WOLF, role.name  # the pack wakes as 狼人


def test_a_role_writes_only_the_parts_the_procedures_call():
    """A misspelt hook (`tell` for `tells`) would never run: every method a role writes is one of the base's."""
    known = {name for name, _ in inspect.getmembers(WerewolfRole, inspect.isfunction)}
    for role in ROLES.values():
        written = {name for name, _ in inspect.getmembers(type(role), inspect.isfunction)}
        assert written <= known, (role.name, written - known)


def test_one_role_one_module():
    declaring = {}
    for path in sorted((PACKAGE / "roles").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        declaring[path.stem] = sum(isinstance(n, ast.Call) and ast.unparse(n.func) == "BOOK.role" for n in ast.walk(tree))
    assert sum(declaring.values()) == len(ROLES)
    assert all(k <= 1 for k in declaring.values()), declaring


@pytest.mark.parametrize("path", sorted(PACKAGE.rglob("*.py")), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_module_over_500_lines_and_no_handler_looked_up_by_name(path):
    text = path.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 500
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "getattr" and len(node.args) >= 2:
            assert not isinstance(node.args[1], ast.JoinedStr), f"{path}: getattr(…, f'…') finds a handler late"
