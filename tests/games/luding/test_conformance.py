"""鹿鼎记 on the one behaviour protocol (issue 26): the shared check (engine/core/behaviour.py `problems`) with
this game's units, its moment table and its night, and declarations broken on purpose that it must catch."""

from __future__ import annotations

from plugins.bansha.engine import Moments, unit
from plugins.bansha.engine.core.behaviour import problems
from plugins.luding import rules  # noqa: F401  # registers the ruleset (and runs the same check at load)
from plugins.luding.book import BOOK, LudingSkill
from plugins.luding.order import MOMENTS, NIGHT_ORDER, NightStep
from plugins.luding.roles import ROLES
from plugins.luding.terms import SETTLE

NIGHT = [step.key for step in NIGHT_ORDER]  # each step a procedure of the night: it runs its moments


def check(units=None, moments=MOMENTS, steps=NIGHT_ORDER, procedures=NIGHT) -> list[str]:
    return problems(BOOK.units if units is None else units, moments, steps, base=LudingSkill,
                    procedures=procedures)


def test_the_game_passes_the_shared_check():
    assert check() == []


def test_every_skill_a_role_holds_is_one_declared_unit():
    assert set(BOOK.skills) == set(BOOK.units)
    for role in ROLES.values():
        for skill in role.skills:
            assert isinstance(skill, LudingSkill)
            assert BOOK.units[skill.key] is skill, skill.key


def test_every_step_of_the_night_runs_a_moment_of_the_table():
    for step in NIGHT_ORDER:
        assert step.moments, step.key
        assert all(MOMENTS[m] for m in step.moments), step.key


def test_a_moment_written_but_not_listed_is_reported():
    @unit("sleepwalk", "梦游", mandatory=True)
    class SLEEPWALK(LudingSkill):
        def out(self, w, seat, cause, by_day):  # would never run: the table does not list it under `out`
            pass

    found = check({**BOOK.units, "sleepwalk": SLEEPWALK})
    assert found == ["sleepwalk writes the moment out, but the table does not list it there"]


def test_a_misspelt_moment_is_reported():
    @unit("charm", "魅惑", mandatory=True)
    class CHARM(LudingSkill):
        def fox_act(self, w):  # `fox_acts` misspelt: the night would skip step I
            return True

    found = check({**BOOK.units, "charm": CHARM})
    assert "charm writes fox_act, which is neither the protocol nor a moment of the table" in found
    assert "the table lists charm under fox_acts, but it does not write fox_acts" in found


def test_a_table_entry_without_its_method_or_its_unit_is_reported():
    table = Moments({**MOMENTS.table, "checked": ("curse", "cunning")})
    assert check(moments=table) == ["the table lists cunning under checked, but it does not write checked"]
    units = {k: v for k, v in BOOK.units.items() if k != "poison"}
    assert check(units) == [
        "the table lists poison under witch_acts, but no unit has that key",
        "the table lists poison under poison_lands, but no unit has that key",
    ]


def test_a_step_that_is_neither_a_unit_nor_a_procedure_is_reported():
    steps = (*NIGHT_ORDER, NightStep("dawn", "天亮", SETTLE, "VIII", moments=("dawn_breaks",)))
    assert check(steps=steps) == ["order step dawn is neither a unit nor a procedure of the game"]
