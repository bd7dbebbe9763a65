"""docs/script.schema.json (the 剧本 format as JSON Schema) cannot drift from the checker it describes
(plugins/bansha/engine/game/script.py): the same keys, the same win vocabulary, the same limits; every shipped 剧本
satisfies it; and what it refuses the checker refuses too. The schema is read by a small validator below, for the
keywords it uses (no dependency); a keyword this validator does not know fails the test instead of being ignored."""

from __future__ import annotations

import json
import re
import tomllib
from typing import Any

import pytest
from paths import ROOT

from plugins.bansha import scripts
from plugins.bansha.engine.game.script import (
    DEAL_KEYS,
    EFFECTS,
    FACTION_KEYS,
    KINDS,
    MAX_COUNT,
    MAX_PLAYERS,
    MAX_POOL,
    MAX_ROLES,
    MAX_STR,
    MAX_STRENGTH,
    PHASES,
    ROLE_KEYS,
    SKILL_KEYS,
    TOP_KEYS,
    WINS,
    ScriptError,
    read,
)

SCHEMA_FILE = ROOT / "docs" / "script.schema.json"
DOC = ROOT / "docs" / "script.md"
SHIPPED = sorted((ROOT / "plugins" / "bansha" / "scripts").glob("*.toml"))
EXAMPLE = ROOT / "plugins" / "bansha" / "scripts" / "9人预女猎白.toml"

ANNOTATIONS = {"$schema", "title", "description", "default", "examples"}
CHECKED = {"type", "required", "properties", "additionalProperties", "enum", "minimum", "maximum", "items",
           "minItems", "maxItems", "minLength", "maxLength", "pattern", "uniqueItems"}


def _schema() -> dict[str, Any]:
    return json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))


def _is(value: Any, kind: str) -> bool:
    return {
        "object": isinstance(value, dict),
        "array": isinstance(value, list),
        "string": isinstance(value, str),
        "integer": isinstance(value, int) and not isinstance(value, bool),
        "boolean": isinstance(value, bool),
    }[kind]


def violations(schema: dict[str, Any], value: Any, at: str = "$") -> list[str]:
    """Where `value` breaks `schema` (the subset of draft 2020-12 in CHECKED), as `path: keyword` strings."""
    unknown = set(schema) - ANNOTATIONS - CHECKED
    assert not unknown, f"{at}: keywords this validator does not check: {sorted(unknown)}"
    kinds = schema.get("type")
    if kinds is not None and not any(_is(value, k) for k in ([kinds] if isinstance(kinds, str) else kinds)):
        return [f"{at}: type"]
    out: list[str] = []
    if "enum" in schema and value not in schema["enum"]:
        out.append(f"{at}: enum")
    if _is(value, "integer"):
        if "minimum" in schema and value < schema["minimum"]:
            out.append(f"{at}: minimum")
        if "maximum" in schema and value > schema["maximum"]:
            out.append(f"{at}: maximum")
    if isinstance(value, str):
        if "minLength" in schema and len(value) < schema["minLength"]:
            out.append(f"{at}: minLength")
        if "maxLength" in schema and len(value) > schema["maxLength"]:
            out.append(f"{at}: maxLength")
        if "pattern" in schema and not re.search(schema["pattern"], value):
            out.append(f"{at}: pattern")
    if isinstance(value, list):
        if "minItems" in schema and len(value) < schema["minItems"]:
            out.append(f"{at}: minItems")
        if "maxItems" in schema and len(value) > schema["maxItems"]:
            out.append(f"{at}: maxItems")
        if schema.get("uniqueItems"):
            seen = [json.dumps(v, sort_keys=True, ensure_ascii=False) for v in value]
            if len(set(seen)) != len(seen):
                out.append(f"{at}: uniqueItems")
        if "items" in schema:
            for i, item in enumerate(value):
                out += violations(schema["items"], item, f"{at}[{i}]")
    if isinstance(value, dict):
        out += [f"{at}.{key}: required" for key in schema.get("required", ()) if key not in value]
        props = schema.get("properties", {})
        for key, item in value.items():
            if key in props:
                out += violations(props[key], item, f"{at}.{key}")
            elif schema.get("additionalProperties") is False:
                out.append(f"{at}.{key}: additionalProperties")
    return out


def _walk(schema: dict[str, Any]):
    yield schema
    for sub in schema.get("properties", {}).values():
        yield from _walk(sub)
    if isinstance(schema.get("items"), dict):
        yield from _walk(schema["items"])


# --- the schema says what the checker says ------------------------------------------------------------------


def test_the_schema_is_draft_2020_12_and_uses_only_keywords_checked_here():
    schema = _schema()
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    for sub in _walk(schema):
        assert not set(sub) - ANNOTATIONS - CHECKED, sorted(set(sub) - ANNOTATIONS - CHECKED)
        assert sub.get("description"), f"every part of the schema says in Chinese what it is: {sub}"


def test_the_keys_are_the_checkers():
    props = _schema()["properties"]
    assert set(props) == TOP_KEYS
    assert set(props["role"]["items"]["properties"]) == ROLE_KEYS
    assert set(props["faction"]["items"]["properties"]) == FACTION_KEYS
    assert set(props["night"]["properties"]) == {"order"}
    assert set(props["day"]["properties"]) == {"options"}
    assert set(props["deal"]["properties"]) == DEAL_KEYS
    role = props["role"]["items"]["properties"]
    assert set(role["skill"]["items"]["properties"]) == SKILL_KEYS
    assert role["skill"]["items"]["properties"]["effect"]["enum"] == list(EFFECTS)
    assert role["skill"]["items"]["properties"]["phase"]["enum"] == list(PHASES)
    assert role["kind"]["enum"] == list(KINDS)
    # script.py refuses every key it does not know, at each of these levels
    for sub in (_schema(), props["role"]["items"], props["faction"]["items"], props["night"], props["day"],
                role["skill"]["items"], props["deal"]):
        assert sub["additionalProperties"] is False


def test_the_win_vocabulary_is_the_checkers():
    win = _schema()["properties"]["faction"]["items"]["properties"]["win"]
    assert win["enum"] == list(WINS)
    assert all(word in win["description"] for word in WINS)


def test_the_limits_are_the_checkers():
    props = _schema()["properties"]
    assert props["players"]["minimum"] == props["players"]["items"]["minimum"] == 2
    assert props["players"]["maximum"] == props["players"]["items"]["maximum"] == MAX_PLAYERS
    count = props["role"]["items"]["properties"]["count"]
    assert (count["minimum"], count["maximum"]) == (1, MAX_COUNT)
    assert props["role"]["maxItems"] == props["night"]["properties"]["order"]["maxItems"] == MAX_ROLES
    texts = [props["name"], props["summary"], props["rules"], props["role"]["items"]["properties"]["name"],
             props["role"]["items"]["properties"]["intro"], props["faction"]["items"]["properties"]["name"],
             props["day"]["properties"]["options"]["items"]]
    assert all(t["maxLength"] == MAX_STR for t in texts)
    strength = props["role"]["items"]["properties"]["strength"]
    assert (strength["minimum"], strength["maximum"]) == (1, MAX_STRENGTH)
    deal = props["deal"]["properties"]
    assert (deal["pick"]["minimum"], deal["pick"]["maximum"]) == (1, MAX_POOL - 1)
    assert deal["strength"]["items"]["maximum"] == MAX_STRENGTH * MAX_POOL


# --- the shipped 剧本 satisfy it; what it refuses, the checker refuses --------------------------------------


@pytest.mark.parametrize("path", SHIPPED, ids=[p.stem for p in SHIPPED])
def test_every_shipped_script_satisfies_the_schema(path):
    text = path.read_text(encoding="utf-8")
    assert violations(_schema(), tomllib.loads(text)) == []
    assert scripts.check(text) == []


def test_a_script_is_shipped():
    assert EXAMPLE in SHIPPED


EXAMPLE_TEXT = EXAMPLE.read_text(encoding="utf-8")
BROKEN = {
    "count 0": (EXAMPLE_TEXT.replace("count = 2", "count = 0"), "$.role[1].count: minimum"),
    "count 31": (EXAMPLE_TEXT.replace("count = 2", "count = 31"), "$.role[1].count: maximum"),
    "31 players": (EXAMPLE_TEXT.replace("players = 9", "players = 31"), "$.players: maximum"),
    "players text": (EXAMPLE_TEXT.replace("players = 9", 'players = "九"'), "$.players: type"),
    "three ends": (EXAMPLE_TEXT.replace("players = 9", "players = [9, 10, 11]"), "$.players: maxItems"),
    "a win not in WINS": (EXAMPLE_TEXT.replace('win = "屠边"', 'win = "屠光"', 1), "$.faction[0].win: enum"),
    "no win": (EXAMPLE_TEXT.replace('win = "屠边"\n', "", 1), "$.faction[0].win: required"),
    "no rules": (EXAMPLE_TEXT.replace('rules = "狼人杀"\n', ""), "$.rules: required"),
    "unknown top key": (EXAMPLE_TEXT.replace("players = 9", "players = 9\nauthor = \"我\""),
                        "$.author: additionalProperties"),
    "unknown role key": (EXAMPLE_TEXT.replace("count = 3", "count = 3\nnumber = 3"),
                         "$.role[0].number: additionalProperties"),
    "skills text": (EXAMPLE_TEXT.replace('skills = ["查验"]', 'skills = "查验"'), "$.role[2].skills: type"),
    "blank name": (EXAMPLE_TEXT.replace('name = "9人预女猎白"', 'name = "  "'), "$.name: pattern"),
    "night twice": (EXAMPLE_TEXT.replace('"女巫"]', '"女巫", "女巫"]'), "$.night.order: uniqueItems"),
    "night key": (EXAMPLE_TEXT.replace("[night]\n", "[night]\nfirst = true\n"), "$.night.first: additionalProperties"),
    "option without =": (EXAMPLE_TEXT.replace('"警长=开"', '"警长开"'), "$.day.options[0]: pattern"),
    "strength 0": (EXAMPLE_TEXT.replace('skills = ["翻牌"]', 'skills = ["翻牌"]\nstrength = 0'),
                   "$.role[5].strength: minimum"),
    "deal without pick": (EXAMPLE_TEXT + "\n[deal]\nstrength = [1, 2]\n", "$.deal.pick: required"),
}


@pytest.mark.parametrize("case", BROKEN, ids=list(BROKEN))
def test_what_the_schema_refuses_the_checker_refuses(case):
    text, where = BROKEN[case]
    assert text != EXAMPLE_TEXT
    assert where in violations(_schema(), tomllib.loads(text))
    with pytest.raises(ScriptError) as refused:
        read(text)
    assert all(str(p) for p in refused.value.problems)


def test_the_doc_quotes_the_shipped_example_and_every_win():
    doc = DOC.read_text(encoding="utf-8")
    assert EXAMPLE_TEXT.strip() in doc
    assert all(f"`{word}`" in doc for word in WINS)
    assert "script.schema.json" in doc
