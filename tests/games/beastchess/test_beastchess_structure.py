"""斗兽棋's declarations: every 本能 of the text's list is declared, in the text's order; every unit is made by PM;
the 本能无效 tiers are the text's (2.9). The units against the moment table: test_conformance.py."""

from __future__ import annotations

from plugins.bansha.engine import get
from plugins.beastchess import instincts, order
from plugins.beastchess.abilities import LEVELS
from plugins.beastchess.book import BOOK, REGISTRY
from plugins.beastchess.catalog import INSTINCT_LIST

RULES = get("斗兽棋")


def test_the_declarations_are_whole():
    assert RULES.book is BOOK
    assert [i.name for i in INSTINCT_LIST] == list(instincts.ORDER)
    assert [lv.name for lv in LEVELS.values()] == ["1级", "2级", "3级", "4级"]
    # every skill a seat can be dealt or choose is a unit of the book
    for p in BOOK.units.values():
        assert BOOK.skill(p.key) is p
        assert p.pm_only, p.name  # every move of this game is made by PM
    assert set(REGISTRY) <= set(BOOK.units)


def test_the_nullify_tiers_are_the_texts():
    assert order.NULL_TIERS == (6, 5, 4, 3, 2, 1)
    tiers = {p.name: p.null_tier for p in REGISTRY.values() if p.null_tier}
    assert tiers == {"杀戮": 5, "恐惧": 6, "卧薪尝胆": 1, "幸运": 3, "制衡": 4, "替身力量": 2}
    assert set(order.MOMENTS["nullifies"]) == {p.key for p in REGISTRY.values() if p.null_tier}
    named = dict(order.NULLIFY_PRIORITY)
    for inst in INSTINCT_LIST:  # each 本能's own priority is the text's (2.9)
        assert inst.priority == named.get(inst.name, 1), inst.name


def test_the_special_step_runs_the_texts_order():
    assert order.MOMENTS["special"] == ("bloodlust", "poison_cup", "stand")  # 嗜殺->飲鴆止渴->替身力量
