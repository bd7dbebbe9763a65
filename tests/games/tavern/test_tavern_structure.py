"""酒馆圣杯's declarations against its orders and its sheet: every step of NIGHT_ORDER and TURN_ORDER has its
handler and every handler its step, every effect a class skill may name does something, a method that is no hook
is refused. A broken declaration is found when the game loads, not when play reaches it."""

from __future__ import annotations

import pytest

from plugins.bansha.engine import get
from plugins.bansha.engine.core.roles import STEP
from plugins.tavern import catalog, effect
from plugins.tavern.classes import CLASS_SKILLS
from plugins.tavern.effect import COMMAND_KINDS, EFFECTS, PASSIVE_KINDS, Effect
from plugins.tavern.effects import ORDER
from plugins.tavern.order import BOOK, NIGHT_ORDER, TURN_ORDER
from plugins.tavern.sheet import SHEET

RULES = get("酒馆")


def test_the_declarations_are_whole():
    assert catalog.problems() == []
    assert RULES.book is BOOK
    assert sorted(BOOK.handlers[STEP]) == sorted([*NIGHT_ORDER, *TURN_ORDER])
    assert tuple(EFFECTS) == ORDER  # the order classes.toml's header lists them in
    for cls in SHEET.values():  # every class skill of the sheet is an engine skill with its effect declared
        assert [s.key for s in CLASS_SKILLS[cls.name]] == [sk.id for sk in cls.skills]
        assert all(sk.effect in EFFECTS for sk in cls.skills)


def test_a_step_without_its_handler_or_a_handler_without_its_step_is_found(monkeypatch):
    monkeypatch.setattr(catalog, "NIGHT_ORDER", (*NIGHT_ORDER, "月出"))
    assert catalog.problems() == ["order step 月出 has no handler"]
    monkeypatch.setattr(catalog, "TURN_ORDER", TURN_ORDER[1:])
    assert "step handler 伤愈检定 is in no order" in catalog.problems()


def test_an_effect_that_does_nothing_is_found(monkeypatch):
    monkeypatch.setitem(EFFECTS, "sing", Effect("sing", COMMAND_KINDS, command=True))
    monkeypatch.setitem(EFFECTS, "hum", Effect("hum", PASSIVE_KINDS))
    found = catalog.problems()
    assert "效果 sing 是指令，却没有 execute" in found
    assert any(p.startswith("效果 hum 是被动技能，却不回答任何战斗数值") for p in found)
    assert "效果 sing 已声明但不在 effects.ORDER 里" in found


def test_a_method_that_is_no_hook_is_refused_when_declared():
    with pytest.raises(TypeError, match="excute"):

        @effect.effect("typo", COMMAND_KINDS, command=True)
        class TYPO(Effect):
            def excute(self, night, seat, target, spec, budget):  # never called by the night: refused
                pass

    assert "typo" not in EFFECTS


def test_a_new_class_is_its_row_of_the_sheet_and_its_place_in_the_lineup(monkeypatch):
    import copy
    import tomllib

    from plugins.tavern import sheet
    from plugins.tavern.terms import SheetError

    data = copy.deepcopy(tomllib.loads(sheet.SHEET_PATH.read_text(encoding="utf-8")))
    bard = next(c for c in data["class"] if c["name"] == "吟游诗人")
    warlock = {**copy.deepcopy(bard), "name": "邪术师", "blurb": "与异界立约的施法者。"}
    warlock["skill"] = [{"id": "eldritch_blast", "name": "魔能爆", "kind": "主动", "effect": "spell", "check": "反射",
                      "dice": "1d10", "help": "目标反射检定失败则受到 1d10 点伤害。"}]
    data["class"].append(warlock)
    with pytest.raises(SheetError, match="name"):  # not in the text's line-up
        sheet.parse_sheet(data)
    monkeypatch.setattr(sheet, "CLASS_NAMES", (*sheet.CLASS_NAMES, "邪术师"))
    parsed = sheet.parse_sheet(data)  # its row and its place in the line-up: no code
    assert parsed["邪术师"].skills[0].effect == "spell" and str(parsed["邪术师"].skills[0].dice) == "1d10"
    # a skill of a new kind names a new effect: one module under effects/
    warlock["skill"][0].update({"effect": "curse", "condition": "疲惫"})
    del warlock["skill"][0]["dice"]
    with pytest.raises(SheetError, match="curse"):
        sheet.parse_sheet(data)

    class Curse(Effect):
        def execute(self, night, seat, target, spec, budget):
            night.afflict(seat, target, spec.condition, 1)

    monkeypatch.setitem(EFFECTS, "curse", Curse("curse", COMMAND_KINDS, frozenset(), frozenset({"check", "condition"}),
                                                command=True, answers=frozenset({"execute"})))
    assert sheet.parse_sheet(data)["邪术师"].skills[0].effect == "curse"
