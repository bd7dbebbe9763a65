"""酒馆圣杯's declarations against its sheet: every class skill of the sheet is a command a seat may type with its
effect declared, the effects are the ones classes.toml's header lists (in its order), and a new class is its row of
the sheet. The units against the orders and the moment table: test_conformance.py."""

from __future__ import annotations

import re

import pytest

from plugins.bansha.engine import PLAN, get
from plugins.tavern.classes import CLASS_SKILLS, ClassSkill
from plugins.tavern.effect import COMMAND_KINDS, Effect
from plugins.tavern.effects import EFFECTS
from plugins.tavern.order import BOOK
from plugins.tavern.sheet import SHEET, SHEET_PATH

RULES = get("酒馆")


def test_the_declarations_are_whole():
    assert RULES.book is BOOK
    header = re.findall(r"^#   (\w+)\s+\S", SHEET_PATH.read_text(encoding="utf-8").split("\n[[class]]")[0], re.M)
    assert tuple(EFFECTS) == tuple(h for h in header if h in EFFECTS) and len(EFFECTS) == 15  # the header's order
    for cls in SHEET.values():  # every class skill of the sheet is an engine skill with its effect declared
        assert [s.key for s in CLASS_SKILLS[cls.name]] == [sk.id for sk in cls.skills]
        assert all(isinstance(s, ClassSkill) and s.spec in cls.skills for s in CLASS_SKILLS[cls.name])
        assert all(sk.effect in EFFECTS and sk.command == EFFECTS[sk.effect].command for sk in cls.skills)


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
        def resolve(self, night, seat, target, spec, budget):
            night.afflict(seat, target, spec.condition, 1)

    monkeypatch.setitem(EFFECTS, "curse", Curse("curse", "诅咒", kinds=COMMAND_KINDS, optional=("check", "condition"),
                                                submit=PLAN))
    assert sheet.parse_sheet(data)["邪术师"].skills[0].effect == "curse"
    assert sheet.parse_sheet(data)["邪术师"].skills[0].command
