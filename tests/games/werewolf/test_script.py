"""Issue 28 item 3: the shipped 9人预女猎白 剧本 is judged exactly like the coded board it describes.

1,000 seeded games are played twice with the same seeds and the same agent: once opened as 狼人杀 with the board
written out by hand (板子=自定义 角色=…), once opened from the 剧本 file. Every accepted input and every event
(audience, tag, text, data) must be the same. Then what the 剧本 family refuses: each refusal names its line.
"""

from __future__ import annotations

import pytest
from paths import ROOT
from shipped import event_stream, line_of
from shipped import problems as refused

from plugins.bansha import scripts
from plugins.bansha.engine.core.phases import parse_options
from plugins.bansha.engine.game import registry

FILE = ROOT / "plugins" / "bansha" / "scripts" / "9人预女猎白.toml"
GAMES = 1000


def _werewolf():
    registry.load_all()
    return registry.get("狼人杀")


def test_the_9_player_script_plays_every_seeded_game_like_the_coded_board():
    rules = _werewolf()
    coded = parse_options(["板子=自定义", "角色=狼人*3,平民*2,预言家,女巫,猎人,白痴", "警长=开", "警长票权=2", "查验结果=阵营"],
                          rules.all_options())
    _, script_rules, compiled = scripts.load(FILE.read_text(encoding="utf-8"))
    assert script_rules is rules
    from_script = {**parse_options([], rules.all_options()), **compiled}  # as /开局 剧本 builds them
    assert from_script["剧本"] == "9人预女猎白"
    differ = [seed for seed in range(GAMES) if event_stream(rules, 9, coded, seed) != event_stream(rules, 9, from_script, seed)]
    assert differ == [], f"{len(differ)} of {GAMES} games differ, first seed {differ[:1]}"


SOURCE = FILE.read_text(encoding="utf-8") if FILE.exists() else ""


@pytest.mark.parametrize("change, line, words", [
    (('skills = ["查验"]', 'skills = ["查验", "飞行"]'), 'skills = ["查验"]', "预言家的技能是 查验"),
    (('name = "白痴"', 'name = "骑士"'), 'name = "白痴"', "「骑士」不是 002 的牌：要写 kind（神、民或狼）"),
    (('name = "猎人"\nfaction = "好人"', 'name = "猎人"\nfaction = "狼人"'), ('name = "猎人"', 1), "猎人属于好人阵营"),
    (('order = ["狼人", "预言家", "女巫"]', 'order = ["预言家", "狼人", "女巫"]'), "order =", "狼人 → 预言家 → 女巫"),
    (('order = ["狼人", "预言家", "女巫"]', 'order = ["狼人", "预言家", "女巫", "猎人"]'), "order =", "猎人 夜里不行动"),
    (('"警长=开"', '"警长=也许"'), "options =", "只能是 开 或 关"),
    (('"警长=开"', '"板子=9人标准"'), "options =", "由剧本的角色决定"),
    (('win = "屠边"', 'win = "屠城"'), 'win = "屠边"', "胜利条件是「屠边」"),
    (('channel = "狼群"', 'channel = "夜聊"'), 'channel = "狼群"', "狼群"),
    (('count = 2', 'count = 1'), "players = 9", "人数"),
])
def test_what_the_werewolf_family_refuses_names_the_line(change, line, words):
    text = SOURCE.replace(*change, 1)
    assert text != SOURCE
    problems = refused(text)
    at = line_of(SOURCE, *line) if isinstance(line, tuple) else line_of(SOURCE, line)
    assert any(p.startswith(f"第 {at} 行") and words in p for p in problems), problems


def test_a_script_for_a_game_that_reads_no_scripts_is_refused_at_its_rules_line():
    problems = refused(SOURCE.replace('rules = "狼人杀"', 'rules = "斗兽棋"'))
    assert problems == [f"第 {line_of(SOURCE, 'rules =')} 行（rules）：rules（规则）要写一个能读剧本的游戏：鹿鼎记、狼人杀。"]
