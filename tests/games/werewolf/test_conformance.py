"""狼人杀 on the one behaviour protocol (engine/core/behaviour.py): the engine's one check, called with this
game's own units, orders and base class, finds nothing; and a broken declaration of each kind is reported
(rules.py runs the same check at load and refuses to load the game)."""

from __future__ import annotations

import ast
import dataclasses

import pytest
from paths import ROOT

from plugins.bansha.engine.core.behaviour import problems
from plugins.werewolf import rules  # noqa: F401  # declares every unit
from plugins.werewolf.boards import BOARDS, CARDS
from plugins.werewolf.book import BOOK, Dawn, WerewolfUnit
from plugins.werewolf.night import wakes
from plugins.werewolf.order import AFTER_DEATH, MOMENTS, NIGHT_ORDER, NIGHT_PHASES, NightStep
from plugins.werewolf.roles import ROLES
from plugins.werewolf.terms import NIGHT, WOLF

PACKAGE = ROOT / "plugins" / "werewolf"
STEPS = (*NIGHT_ORDER, *AFTER_DEATH)


def check(units=None, steps=STEPS, moments=MOMENTS) -> list[str]:
    return problems(BOOK.units if units is None else units, moments, steps, base=WerewolfUnit)


def test_the_units_and_the_two_orders_agree():
    assert check() == []


def test_every_skill_a_role_holds_is_a_declared_unit_and_every_step_names_one():
    for role in ROLES.values():
        for skill in role.skills:
            assert isinstance(skill, WerewolfUnit) and BOOK.units[skill.key] is skill, (role.name, skill.key)
    assert all(step.key in BOOK.units for step in STEPS)
    assert len({step.key for step in STEPS}) == len(STEPS)


def test_every_card_has_its_role_and_every_role_woken_at_night_its_step():
    assert set(CARDS) == set(ROLES) == set(BOOK.roles)
    assert all(role in CARDS for board in BOARDS for role, _ in board.roles)
    woken = {step.role for step in NIGHT_ORDER}
    for role in ROLES.values():
        acts = any(set(s.phases) & set(NIGHT_PHASES) for s in role.skills)
        assert not acts or role.name in woken or role.kind == WOLF, role.name  # the pack wakes as 狼人
    # the 长老's step is a passive: counted at dawn, nobody woken for it
    assert [step.key for step in NIGHT_ORDER if not wakes(step)] == ["elder"]


def _without(key: str, moment: str) -> tuple:
    return tuple(dataclasses.replace(s, moments=tuple(m for m in s.moments if m != moment)) if s.key == key else s
                 for s in STEPS)


def test_a_moment_the_order_does_not_list_is_reported():
    """The 女巫's `dawn` written but dropped from her step: it would never run."""
    assert check(steps=_without("witch", "dawn")) == [
        "witch writes the moment dawn, but the table does not list it there"
    ]


def test_a_role_moment_the_table_does_not_list_or_a_unit_it_lists_that_does_not_answer_is_reported():
    """The 白痴's flip dropped from `exiled`: an exiled 白痴 would simply leave. And a table naming a unit under a
    moment it does not write, or a key no unit has."""
    table = {**MOMENTS.table, "exiled": ()}
    assert check(moments=table) == ["flip writes the moment exiled, but the table does not list it there"]
    table = {**MOMENTS.table, "ties": ("designate", "shoot", "goat")}
    assert check(moments=table) == [
        "the table lists shoot under ties, but it does not write ties",
        "the table lists goat under ties, but no unit has that key",
    ]


def test_a_moment_listed_but_not_written_is_reported():
    steps = tuple(dataclasses.replace(s, moments=(*s.moments, "close")) if s.key == "guard" else s for s in STEPS)
    assert check(steps=steps) == ["order step guard runs close, but guard does not write it"]


def test_a_step_without_its_unit_and_a_misspelt_moment_are_reported():
    steps = (*STEPS, NightStep("watch", "守夜人", NIGHT, moments=("morning",)))
    assert check(steps=steps) == ["order step watch is neither a unit nor a procedure of the game"]

    @dataclasses.dataclass(frozen=True)
    class Misspelt(WerewolfUnit):
        def mornig(self, w, dawn: Dawn) -> None:  # `morning`, misspelt: no step would ever call it
            pass

    units = {**BOOK.units, "patrol": Misspelt("patrol", "巡视")}
    assert check(units) == ["patrol writes mornig, which is neither the protocol nor a moment of the table"]


def test_the_game_refuses_to_load_with_a_broken_declaration(monkeypatch):
    """rules.py raises at import when the check finds anything (here: the 女巫's dawn not listed)."""
    import importlib
    import sys

    from plugins.werewolf import order

    monkeypatch.setattr(order, "NIGHT_ORDER", tuple(s for s in _without("witch", "dawn") if isinstance(s, NightStep)))
    saved = sys.modules.pop("plugins.werewolf.rules")
    try:
        with pytest.raises(ValueError, match="狼人杀的声明有误：witch writes the moment dawn"):
            importlib.import_module("plugins.werewolf.rules")
    finally:
        sys.modules["plugins.werewolf.rules"] = saved


def test_one_role_one_module():
    declaring = {}
    for path in sorted((PACKAGE / "roles").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        declaring[path.stem] = sum(isinstance(n, ast.Call) and ast.unparse(n.func) == "BOOK.role" for n in ast.walk(tree))
    assert sum(declaring.values()) == len(ROLES)
    assert all(k <= 1 for k in declaring.values()), declaring


@pytest.mark.parametrize("path", sorted(PACKAGE.rglob("*.py")), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_module_over_500_lines(path):
    assert len(path.read_text(encoding="utf-8").splitlines()) <= 500
