"""The one behaviour protocol (issue 26): one declaration per unit, one check of a game's units against its
tables, whatever the game."""

from __future__ import annotations

from plugins.bansha.engine import ALIVE_OTHER, Behaviour, Moments, Step, unit
from plugins.bansha.engine.core.behaviour import problems


class Mine(Behaviour):
    """A game's base: its own protocol (what every unit of the game may write)."""

    def tells(self, state, seat) -> list[str]:
        return []


def units():
    @unit("guard", "守护", phases=("night",), target_rule=ALIVE_OTHER)
    class GUARD(Mine):
        def blocked(self, state, seat):  # the protocol: written freely
            return None

        def opens(self, world):  # a moment: the table must list it
            pass

        def dawn(self, world, tally):
            pass

    @unit("elder", "长老", mandatory=True)
    class ELDER(Mine):
        def dawn(self, world, tally):
            pass

    return {"guard": GUARD, "elder": ELDER}


STEPS = (Step("guard", "守卫", "night", moments=("opens",)), Step("count", "统计", "night"))


def test_a_whole_game_has_no_problems():
    assert problems(units(), Moments({"dawn": ("guard", "elder")}), STEPS, base=Mine, procedures=("count",)) == []


def test_a_moment_written_but_not_in_the_table():
    found = problems(units(), Moments({"dawn": ("guard",)}), STEPS, base=Mine, procedures=("count",))
    assert found == ["elder writes the moment dawn, but the table does not list it there"]


def test_a_moment_in_the_table_but_not_written():
    found = problems(units(), Moments({"dawn": ("guard", "elder"), "dusk": ("elder",)}), STEPS, base=Mine,
                     procedures=("count",))
    assert found == ["the table lists elder under dusk, but it does not write dusk"]


def test_a_step_runs_a_moment_its_unit_does_not_write():
    steps = (Step("elder", "长老", "night", moments=("opens",)),)
    found = problems(units(), Moments({"dawn": ("guard", "elder")}), (*STEPS, *steps), base=Mine,
                     procedures=("count",))
    assert "order step elder runs opens, but elder does not write it" in found


def test_a_key_nobody_declares_and_a_method_no_table_names():
    found = problems(units(), Moments({"dawn": ("guard", "elder", "witch")}), STEPS, base=Mine)
    assert "the table lists witch under dawn, but no unit has that key" in found
    assert "order step count is neither a unit nor a procedure of the game" in found

    @unit("idiot", "白痴", mandatory=True)
    class IDIOT(Mine):
        def flips(self, world):  # a typo, or a moment the table forgot: either way it would never run
            pass

    found = problems({"idiot": IDIOT}, Moments({}), base=Mine)
    assert found == ["idiot writes flips, which is neither the protocol nor a moment of the table"]


def test_a_step_may_run_a_protocol_method_only_if_the_unit_writes_it():
    @unit("witch", "女巫", phases=("night",))
    class WITCH(Mine):
        pass

    found = problems({"witch": WITCH}, Moments({}), (Step("witch", moments=("resolve",)),), base=Mine)
    assert found == ["order step witch runs resolve, but witch does not write it"]


def test_moments_run_exactly_the_listed_units_in_order():
    heard = []

    class Unit:
        def __init__(self, key):
            self.key = key

        def dawn(self, tally):
            heard.append((self.key, tally))
            return self.key

    table = Moments({"dawn": ("b", "a", "ghost")})
    assert table.run("dawn", {"a": Unit("a"), "b": Unit("b"), "c": Unit("c")}, 7) == ["b", "a"]
    assert heard == [("b", 7), ("a", 7)]
