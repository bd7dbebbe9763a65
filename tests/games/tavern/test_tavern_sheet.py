"""The class sheet (classes.toml): the shipped reconstruction stays inside the framework's numbers,
and every mistake a DM can make is refused with the class, skill and field named."""

from __future__ import annotations

import copy
import tomllib

import pytest

from plugins.tavern.sheet import (
    CLASS_NAMES,
    SHEET,
    SHEET_PATH,
    SheetError,
    load_sheet,
    parse_dice,
    parse_sheet,
)

RAW = tomllib.loads(SHEET_PATH.read_text(encoding="utf-8"))


def edited(cls: str, **changes) -> dict:
    data = copy.deepcopy(RAW)
    entry = next(c for c in data["class"] if c["name"] == cls)
    for key, value in changes.items():
        if value is None:
            entry.pop(key, None)
        else:
            entry[key] = value
    return data


def edited_skill(cls: str, skill: str, **changes) -> dict:
    data = copy.deepcopy(RAW)
    entry = next(c for c in data["class"] if c["name"] == cls)
    sk = next(s for s in entry["skill"] if s["name"] == skill)
    for key, value in changes.items():
        if value is None:
            sk.pop(key, None)
        else:
            sk[key] = value
    return data


def error(data: dict) -> str:
    with pytest.raises(SheetError) as e:
        parse_sheet(data)
    return str(e.value)


def test_the_shipped_sheet_fits_the_framework():
    assert tuple(SHEET) == CLASS_NAMES and len(CLASS_NAMES) == 11
    assert SHEET["法师"].hp == 4 and SHEET["野蛮人"].hp == 12  # given by the text
    for c in SHEET.values():
        assert c.armor in (5, 10, 15) and c.dex in (5, 10, 15), c.name
        assert c.traits and c.identify and c.skills, c.name
    kinds = {s.kind for c in SHEET.values() for s in c.skills}
    assert kinds == {"主动", "被动", "圣杯", "抉择", "全局"}
    assert SHEET["牧师"].id_text() == "2个ID指认特质（「神圣」）；1个ID指认阵营（任意）"  # the text's example


def test_an_edit_takes_effect():
    sheet = parse_sheet(edited("术士", hp=6, damage="1d6+1"))
    assert sheet["术士"].hp == 6 and str(sheet["术士"].damage) == "1d6+1"


@pytest.mark.parametrize(("cls", "hp", "fixed"), [("法师", 6, 4), ("野蛮人", 10, 12)])
def test_the_two_hp_caps_the_text_fixes_cannot_be_edited_away(cls, hp, fixed):
    """001 fixes two numbers of the lost sheet: 「对于法师，其职业生命上限为4」「对于野蛮人，其生命上限为12」. The will and
    fortitude formulas are worked on them, so a sheet that changes them is refused, naming the class, the field and
    the text's value."""
    message = error(edited(cls, hp=hp))
    for w in (f"职业「{cls}」", "hp", f"原文规定{cls}的生命上限为 {fixed}", str(hp)):
        assert w in message, (w, message)
    assert parse_sheet(edited(cls, hp=fixed))[cls].hp == fixed


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (edited("法师", hp="四"), ("职业「法师」", "hp", "四")),
        (edited("法师", hp=None), ("职业「法师」", "hp", "缺少")),
        (edited("战士", armor=12), ("职业「战士」", "armor", "5 的倍数")),
        (edited("游侠", traits=["战斗", "射击"]), ("职业「游侠」", "traits", "射击")),
        (edited("游侠", damage="d8+"), ("职业「游侠」", "damage", "骰子")),
        (edited("牧师", identify=[{"count": 2, "kind": "特质", "values": ["圣洁"]}]), ("职业「牧师」", "values", "圣洁")),
        (edited("牧师", identify=[{"count": 2, "kind": "种族"}]), ("职业「牧师」", "kind", "种族")),
        (edited("牧师", colour="red"), ("职业「牧师」", "colour")),
        (edited_skill("法师", "魔法飞弹", effect="fireball"), ("技能「魔法飞弹」", "effect", "fireball")),
        (edited_skill("法师", "魔法飞弹", dmage="1d4"), ("技能「魔法飞弹」", "dmage")),
        (edited_skill("法师", "魔法飞弹", check=None), ("技能「魔法飞弹」", "check", "需要")),
        (edited_skill("战士", "强力攻击", kind="主动"), ("技能「强力攻击」", "kind", "stance")),
        (edited_skill("法师", "七彩喷射", uses=2), ("技能「七彩喷射」", "uses", "一次")),
        (edited_skill("法师", "七彩喷射", condition="中毒"), ("技能「七彩喷射」", "condition", "中毒")),
        (edited_skill("法师", "魔法飞弹", name="攻击"), ("技能「攻击」", "name", "重名")),
    ],
)
def test_mistakes_name_the_class_skill_and_field(data, words):
    message = error(data)
    assert message.startswith("classes.toml")
    for w in words:
        assert w in message, (w, message)


def test_a_missing_or_doubled_class_is_refused():
    data = copy.deepcopy(RAW)
    data["class"] = [c for c in data["class"] if c["name"] != "游侠"]
    assert "缺少原文的职业：游侠" in error(data)
    data = copy.deepcopy(RAW)
    data["class"].append(copy.deepcopy(data["class"][0]))
    assert "出现了两次" in error(data)


def test_a_toml_syntax_error_is_reported_with_the_file(tmp_path):
    bad = tmp_path / "classes.toml"
    bad.write_text('[[class]]\nname = "法师\n', encoding="utf-8")
    with pytest.raises(SheetError) as e:
        load_sheet(bad)
    assert "classes.toml" in str(e.value) and "TOML" in str(e.value)


def test_dice():
    assert str(parse_dice("1d8")) == "1d8" and parse_dice("2d4+1").most == 9 and parse_dice(3).most == 3
    assert parse_dice("d8") is None and parse_dice("1d1") is None and parse_dice("-2") is None
