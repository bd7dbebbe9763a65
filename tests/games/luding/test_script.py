"""Issue 28 item 3: the shipped 鹿鼎记 剧本 is judged exactly like `/开局 鹿鼎记`, the board it writes out.

1,000 seeded games (with BANSHA_LONG=1, `make test-long`; 200 otherwise, as the 1,000 take ~60 s) are played twice
with the same seeds and the same agent: once opened as 鹿鼎记 with the options written out by hand (the defaults of
/开局 鹿鼎记 and the 剧本's one day option, 节奏=论坛), once opened from the 剧本 file (scripts.load, merged with the
defaults as /开局 剧本 does it). Every accepted input and every event (audience, tag, text, data) must be the same.
In the default 论坛 tempo these games are short (the agents' clock starts before 开门, so their votes are refused
and the forum's 潜水 cards decide the game on day 2), so the same seeds are played again with 节奏=快速 written by
the 导演 on both sides (`/开局 鹿鼎记 节奏=快速` against `/开局 剧本 鹿鼎记 节奏=快速`), where whole games are played
(about 13 days each): these are the 1,000; the 论坛 ones, over by day 2, are 200. Then what the 鹿鼎记 family refuses:
each refusal names its line and field.
"""

from __future__ import annotations

import pytest
from longrun import LONG
from paths import ROOT
from shipped import event_stream, line_of
from shipped import problems as refused

from plugins.bansha import scripts
from plugins.bansha.engine.core.phases import parse_options
from plugins.bansha.engine.game import registry
from plugins.bansha.engine.game.script import ROLE_KEYS

FILE = ROOT / "plugins" / "bansha" / "scripts" / "鹿鼎记.toml"
GAMES = 1000 if LONG else 200  # 1,000 of each take ~90 s: make test plays 200, make test-long all
PLAYERS = 14


def _luding():
    registry.load_all()
    return registry.get("鹿鼎记")


@pytest.mark.long
@pytest.mark.parametrize("by_hand, director, games", [
    # /开局 鹿鼎记 (节奏=论坛 is its default, and what the 剧本 writes) vs /开局 剧本 鹿鼎记: these games end on day 2
    # (the 潜水 cards), so 200 say as much as 1,000 would
    (["节奏=论坛"], [], 200),
    (["节奏=快速"], ["节奏=快速"], GAMES),  # /开局 鹿鼎记 节奏=快速 vs /开局 剧本 鹿鼎记 节奏=快速: whole games
], ids=["as-written", "quick-tempo"])
def test_the_luding_script_plays_every_seeded_game_like_the_coded_game(by_hand, director, games):
    rules = _luding()
    coded = parse_options(by_hand, rules.all_options())
    _, script_rules, compiled = scripts.load(FILE.read_text(encoding="utf-8"))
    assert script_rules is rules
    assert compiled == {"节奏": "论坛", "剧本": "鹿鼎记"}
    mine = parse_options(director, rules.all_options())  # as /开局 剧本 merges: the 导演's words on top
    from_script = {**mine, **compiled, **{w.partition("=")[0]: mine[w.partition("=")[0]] for w in director}}
    differ = [seed for seed in range(games)
              if event_stream(rules, PLAYERS, coded, seed) != event_stream(rules, PLAYERS, from_script, seed)]
    assert differ == [], f"{len(differ)} of {games} games differ, first seed {differ[:1]}"


SOURCE = FILE.read_text(encoding="utf-8") if FILE.exists() else ""


@pytest.mark.parametrize("change, line, words", [
    (('skills = ["预言"]', 'skills = ["预言", "查验"]'), 'skills = ["预言"]', "（role[3].skills）：预言家的技能是 预言（003）"),
    (('name = "长老"', 'name = "白痴"'), 'name = "长老"', "（role[7].name）：鹿鼎记没有「白痴」这个身份"),
    (('name = "妖狐"\nfaction = "妖狐阵营"', 'name = "妖狐"\nfaction = "村民阵营"'), ('name = "妖狐"', 1),
     "（role[9].faction）：妖狐属于妖狐阵营（003）"),
    (('count = 6', 'count = 5'), "count = 6", "（role[8].count）：鹿鼎记的身份配置是固定的（003：1父狼、1幼狼、1预言家"),
    (("players = 14", "players = 13"), "players = 14", "（players）：鹿鼎记是 14 人局"),
    (('win = "全灭"', 'win = "屠边"'), 'win = "全灭"',
     "（faction[1].win）：鹿鼎记里狼人阵营的胜利条件是除狼人阵营外的角色全部出局（003）；剧本里写「全灭」"),
    (('win = "存活天数"', 'win = "独活"'), 'win = "存活天数"', "（faction[3].win）：鹿鼎记里妖狐阵营的胜利条件是活到终局"),
    (('win = "存活天数"\n', 'win = "存活天数"\n\n[[faction]]\nname = "第四方"\nwin = "独活"\n'), ('win = "存活天数"', 3),
     "（faction[4].name）：鹿鼎记没有「第四方」这个阵营"),
    (('"守卫", "父狼"', '"父狼", "守卫"'), "order =", "鹿鼎记的夜晚顺序按 003：妖狐 → 守卫 → 父狼、幼狼 → 女巫 → 预言家"),
    (('"预言家"]', '"预言家", "猎人"]'), "order =", "猎人 不在鹿鼎记的夜晚顺序里"),
    (('skills = ["感染"]', 'skills = ["感染"]\nchannel = "狼群"'), ('skills = ["感染"]', 1), "（role[1].channel）：鹿鼎记没有队伍频道"),
    (('skills = ["长寿之命"]', 'skills = ["长寿之命"]\nintro = "你是长老"'), ('skills = ["长寿之命"]', 1),
     "（role[7].intro）：长老的身份说明按 003 的原文"),
    (('"节奏=论坛"', '"节奏=慢"'), "options =", "（day.options）：选项「节奏」的值只能是"),
    (('"节奏=论坛"', '"种子=7"'), "options =", "「种子」决定发牌"),
])
def test_what_the_luding_family_refuses_names_the_line(change, line, words):
    text = SOURCE.replace(*change, 1)
    assert text != SOURCE
    problems = refused(text)
    at = line_of(SOURCE, *line) if isinstance(line, tuple) else line_of(SOURCE, line)
    assert any(p.startswith(f"第 {at} 行") and words in p for p in problems), problems


def test_a_role_left_out_is_refused_naming_the_fixed_board():
    """The board is fixed: leaving the 妖狐 out (its camp, its night turn and its seat) is refused, not dealt as a
    13-player game."""
    text = (SOURCE.replace('\n[[faction]]\nname = "妖狐阵营"\nwin = "存活天数"\n', "")
            .replace('\n[[role]]\nname = "妖狐"\nfaction = "妖狐阵营"\nskills = ["狡黠", "咒缚", "魅惑"]\n', "")
            .replace('order = ["妖狐", ', 'order = [').replace("players = 14", "players = 13"))
    assert text.count("[[role]]") == 8
    last = max(i for i, line in enumerate(text.splitlines(), 1) if line == "[[role]]")
    problems = refused(text)
    assert any(p.startswith(f"第 {last} 行（role）：鹿鼎记的身份配置是固定的") and "剧本少了 妖狐" in p
               for p in problems), problems
    assert any(p.startswith(f"第 {line_of(SOURCE, 'players =')} 行（players）：鹿鼎记是 14 人局") for p in problems), problems


def test_a_role_of_its_own_making_is_refused():
    """A kind or [[role.skill]] tables (a 剧本's own roles, where the format has them) are 003's to say."""
    if "skill" not in ROLE_KEYS:
        pytest.skip("the format has no [[role.skill]] tables yet")
    text = SOURCE.replace('skills = ["长寿之命"]\n',
                          'skills = ["长寿之命"]\nkind = "神"\n\n[[role.skill]]\nname = "祝福"\neffect = "裁定"\nphase = "夜晚"\n', 1)
    lines = text.splitlines()
    kind, table = lines.index('kind = "神"') + 1, lines.index("[[role.skill]]") + 1
    problems = refused(text)
    assert f"第 {kind} 行（role[7].kind）：长老是 003 的身份，类别按 003，不能写 kind（去掉它）。" in problems, problems
    assert f"第 {table} 行（role[7].skill[1]）：鹿鼎记的技能按 003，不能给长老另写技能（去掉 [[role.skill]]）。" in problems
