"""The 剧本 format (engine/game/script.py): every mistake a 导演 can make is a Chinese problem naming its line and
field; a hostile text (not TOML, huge, deeply nested, huge numbers, wrong types) is refused, never raised."""

from __future__ import annotations

import time

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from paths import ROOT

from plugins.bansha import scripts
from plugins.bansha.engine.game.script import MAX_TEXT, ScriptError, read

SHIPPED = sorted((ROOT / "plugins" / "bansha" / "scripts").glob("*.toml"))
GOOD = """name = "小板子"
rules = "狼人杀"
players = 6

[[faction]]
name = "好人"
win = "屠边"

[[faction]]
name = "狼人"
win = "屠边"

[[role]]
name = "狼人"
faction = "狼人"
count = 2
skills = ["杀人", "自爆"]

[[role]]
name = "平民"
faction = "好人"
count = 2

[[role]]
name = "预言家"
faction = "好人"
skills = ["查验"]

[[role]]
name = "女巫"
faction = "好人"
skills = ["灵药", "毒药"]
"""


def problems(text: str) -> list[str]:
    try:
        read(text)
    except ScriptError as e:
        return [str(p) for p in e.problems]
    return []


def test_a_good_script_reads_with_its_roles_in_order():
    script = read(GOOD)
    assert (script.name, script.family, script.players) == ("小板子", "狼人杀", (6, 6))
    assert script.deck() == ["狼人", "狼人", "平民", "平民", "预言家", "女巫"]
    assert script.factions == {"好人": "屠边", "狼人": "屠边"}
    assert scripts.check(GOOD) == []


def test_each_mistake_names_its_line_and_field():
    text = GOOD.replace("count = 2\nskills = [\"杀人\"", "count = 0\nskills = [\"杀人\"").replace(
        'win = "屠边"\n\n[[faction]]\nname = "狼人"', 'win = "大获全胜"\n\n[[faction]]\nname = "狼人"')
    text = text.replace("players = 6", "players = 6\ncolour = \"红\"")
    got = problems(text)
    assert "第 4 行（colour）：未知的键「colour」。可用的键：day、deal、faction、name、night、players、role、rules、summary。" in got
    assert any(p.startswith("第 8 行（faction[1].win）：win（胜利条件）要从这些里选") for p in got), got
    assert "第 17 行（role[1].count）：count（数量）要是 1 到 30 的整数。" in got


def test_a_night_order_that_names_nothing_is_refused():
    got = problems(GOOD + '\n[night]\norder = ["狼人", "吸血鬼"]\n')
    assert got == ["第 35 行（night.order）：夜晚顺序里的「吸血鬼」不是这个剧本的角色。"]


def test_a_role_written_twice_and_an_unknown_faction():
    got = problems(GOOD + '\n[[role]]\nname = "平民"\nfaction = "路人"\n')
    assert "第 35 行（role[5].name）：角色「平民」写了两次：同一角色写一次，用 count = N。" in got
    assert "第 36 行（role[5].faction）：faction（阵营）要是 [[faction]] 里写过的一个：好人、狼人。" in got


def test_not_toml_is_one_problem_with_its_line():
    assert problems('name = "x"\nrules = 狼人杀\n') == ["第 2 行：这个值写得不对（文字要加引号，如 name = \"预言家\"）（第 9 列）。"]


def test_hostile_texts_are_refused_quickly():
    for text in ("a = " + "[" * 100_000, "x" * (MAX_TEXT + 1), GOOD.replace("count = 2", "count = 1" + "0" * 400),
                 GOOD.replace("players = 6", "players = [6, 99999999999999999999]"), "\x00\x01", "[[role]]\n" * 5000):
        started = time.perf_counter()
        got = problems(text)
        assert got and all(p.startswith(("第 ", "文件")) for p in got), (text[:40], got)
        assert time.perf_counter() - started < 2.0


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=400))
def test_any_text_is_a_script_or_a_list_of_problems(text):
    try:
        read(text)
    except ScriptError as e:
        assert e.problems


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(GOOD)), st.integers(0, 40), st.text(max_size=30))
def test_any_edit_of_a_good_script_compiles_or_says_why(at, cut, insert):
    text = GOOD[:at] + insert + GOOD[at + cut:]
    assert all(isinstance(p, object) and str(p) for p in scripts.check(text))


def test_every_shipped_script_is_valid_and_loads_fast():
    assert SHIPPED, "no 剧本 shipped with the bot"
    for path in SHIPPED:
        started = time.perf_counter()
        got = scripts.check(path.read_text(encoding="utf-8"))
        elapsed = time.perf_counter() - started
        assert got == [], (path.name, [str(p) for p in got])
        assert elapsed < 1.0  # (issue 28's 100 ms is measured by bansha bench, not here)
