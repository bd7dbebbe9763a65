"""斗兽棋 on the one behaviour protocol (engine/core/behaviour.py): the engine's one check, with the game's own
units, moment table, resolution order and base class, finds nothing — and finds a broken declaration."""

from __future__ import annotations

from plugins.bansha.engine import Moments, Step
from plugins.bansha.engine.core.behaviour import problems
from plugins.beastchess.book import BOOK
from plugins.beastchess.order import BUFF_ORDER, MOMENTS, RESOLUTION_ORDER
from plugins.beastchess.power import Instinct, Power
from plugins.beastchess.resolve import STEPS

ORDER = (*RESOLUTION_ORDER, *BUFF_ORDER)


def check(units=None, moments=MOMENTS, steps=ORDER) -> list[str]:
    return problems(BOOK.units if units is None else units, moments, steps, base=Power, procedures=STEPS)


def with_moment(moment: str, *keys: str) -> Moments:
    return Moments({**MOMENTS.table, moment: (*MOMENTS[moment], *keys)})


class Nap(Instinct):
    """A test 本能 (not in the game): 打盹 — locks its holder's HP this round."""

    def guard(self, r, seat):
        if r.active(seat, self.key):
            r.lock(seat, r.start[seat], "打盹")


NAP = Nap("nap", "打盹", phases=("round",), targets=0, pm_only=True, form="PT", kind="防守型")


def test_every_unit_of_the_game_conforms():
    assert check() == []
    # every skill a seat holds, the draft's steps and the 24 本能 are units of the one protocol
    assert len(BOOK.units) == 7 + 3 + 24
    assert all(isinstance(u, Power) for u in BOOK.units.values())
    assert {s.key for s in ORDER} <= set(STEPS)  # every step of the order is a procedure of the Resolver


def test_a_moment_written_but_not_in_the_table_is_found():
    assert check({**BOOK.units, "nap": NAP}) == ["nap writes the moment guard, but the table does not list it there"]
    assert check({**BOOK.units, "nap": NAP}, with_moment("guard", "nap")) == []  # a new 本能: its module, its row


def test_a_misspelt_moment_is_found():
    class Typo(Instinct):
        def gaurd(self, r, seat):  # never asked by the resolver
            pass

    typo = Typo("typo", "错字", form="AT", kind="防守型")
    assert check({**BOOK.units, "typo": typo}) == [
        "typo writes gaurd, which is neither the protocol nor a moment of the table"]


def test_a_unit_listed_under_a_moment_it_does_not_write_is_found():
    assert check(moments=with_moment("special", "sturdy")) == [
        "the table lists sturdy under special, but it does not write special"]
    assert check(moments=with_moment("void", "nobody")) == [
        "the table lists nobody under void, but no unit has that key"]


def test_a_unit_the_table_forgot_is_found():
    without = Moments({**MOMENTS.table, "special": ("bloodlust", "poison_cup")})  # 替身力量 left out
    assert check(moments=without) == ["stand writes the moment special, but the table does not list it there"]


def test_a_step_nobody_runs_is_found():
    assert check(steps=(*ORDER, Step("omens", "吉凶"))) == [
        "order step omens is neither a unit nor a procedure of the game"]
