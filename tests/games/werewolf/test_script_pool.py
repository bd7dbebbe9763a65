"""卡池 (plugins/werewolf/pool.py): a 剧本's `strength` roles and `[deal]`, or /开局's 卡池=…, drawn with the game's
seeded RNG at 游戏开始 — the shipped 10人卡池 dealt over many seeds, announced, replayed; every mistake refused with
its line, in Chinese."""

from __future__ import annotations

from collections import Counter

import pytest
from chaos import replay
from paths import ROOT
from scenario import T0
from shipped import line_of, problems
from werewolf_table import Table

from plugins.bansha import scripts
from plugins.bansha.engine import Game, Input, apply
from plugins.bansha.engine.core.phases import parse_options
from plugins.werewolf import pool
from plugins.werewolf.rules import RULESET

FILE = ROOT / "plugins" / "bansha" / "scripts" / "10人卡池.toml"
SOURCE = FILE.read_text(encoding="utf-8")
GODS = {"守卫": 3, "猎人": 3, "白痴": 2, "长老": 1}
FIXED = Counter({"狼人": 3, "平民": 3, "预言家": 1, "女巫": 1})


def opened() -> dict:
    _, rules, options = scripts.load(SOURCE)
    return {**parse_options([], rules.all_options()), **options}


def dealt(seed: int) -> Table:
    return Table(10, seed, **opened())


def test_the_script_compiles_to_a_custom_board_with_its_pool():
    options = opened()
    assert options["角色"] == "狼人*3,平民*3,预言家*1,女巫*1"
    assert options[pool.POOL] == "守卫:3,猎人:3,白痴:2,长老:1;抽2;强度4-6"
    assert "卡池=守卫:3,猎人:3,白痴:2,长老:1;抽2;强度4-6" in RULESET.options_text(options)  # in the 开局帖
    assert RULESET.check_players(options, 10) is None and RULESET.check_players(options, 9) is not None


def test_each_game_draws_two_gods_in_the_band_from_its_seed_and_says_which():
    hands = Counter()
    for seed in range(60):
        t = dealt(seed)
        cast = Counter(t.state.roles[1:])
        hand = tuple(sorted(r for r in cast if r in GODS))
        assert cast - Counter(hand) == FIXED and len(hand) == 2  # the fixed cards, and two of the pool
        assert 4 <= sum(GODS[r] for r in hand) <= 6, hand  # 白痴+长老 (3) is never dealt
        assert f"卡池抽出：{'、'.join(hand)}。" in t.group_text(t.started)  # 明板: the draw is said at 游戏开始
        assert f"卡池抽出：{'、'.join(hand)}（强度合计 {sum(GODS[r] for r in hand)}）" in t.log()  # and recorded
        assert sorted(t.state.deck) == sorted([*FIXED.elements(), *hand])  # what the 明板 and the agents read
        hands[hand] += 1
    assert set(hands) == {("守卫", "猎人"), ("守卫", "白痴"), ("守卫", "长老"), ("猎人", "白痴"), ("猎人", "长老")}
    assert dealt(7).state.roles == dealt(7).state.roles  # the same seed deals the same hand and seats


def test_a_drawn_game_replays_from_its_log():
    """A restarted bot folds the stored inputs again: the same draw, the same seats."""
    inputs = [*(Input.make("join", 1000 + i, T0 + i, name=f"P{i}") for i in range(1, 11)), Input.make("start", 1, T0 + 20)]
    game = Game.new(1, RULESET, group=1, owner=1, seed=11, options=opened())
    for inp in inputs:
        apply(game, inp)
    again, _ = replay(RULESET, 11, opened(), inputs)
    assert again.state.roles == game.state.roles and again.state.deck == game.state.deck


def test_the_pool_is_typed_at_the_opening_too():
    options = {"板子": "自定义", "角色": "狼人*2,预言家,平民*3", "卡池": "守卫:3,猎人:3,白痴:2;抽1"}
    assert RULESET.check_options(options) is None
    t = Table(7, 3, **options)
    assert sum(r in ("守卫", "猎人", "白痴") for r in t.state.roles[1:]) == 1


@pytest.mark.parametrize(("options", "said"), [
    ({"板子": "自定义", "角色": "狼人*2,平民*3", "卡池": "守卫:3;抽1"}, "抽的张数要是 1 到 0"),
    ({"板子": "自定义", "角色": "狼人*2,平民*3", "卡池": "守卫:3,猎人:3"}, "卡池的写法"),
    ({"板子": "自定义", "角色": "狼人*2,平民*3", "卡池": "守卫:3,猎人:3;抽1;强度7-9"}, "强度合计在 7～9 之间"),
    ({"板子": "自定义", "角色": "狼人*2,平民*3", "卡池": "守卫:11,猎人:3;抽1"}, "强度要是 1 到 10"),
    ({"板子": "自定义", "角色": "狼人*2,平民*3", "卡池": "守卫:3,守卫:3,猎人:3;抽2"}, "卡池抽出 守卫、守卫 时：「守卫」在一局里只能有一个"),
    ({"板子": "自定义", "角色": "平民*3,预言家", "卡池": "猎人:3,平民:1;抽1"}, "至少要有一只狼"),
    ({"卡池": "守卫:3,猎人:3;抽1"}, "卡池=… 只在 板子=自定义 时使用"),
])
def test_a_bad_pool_at_the_opening_is_refused_in_chinese(options, said):
    why = RULESET.check_options(options)
    assert why is not None and said in why, why


def _edit(old: str, new: str) -> str:
    assert old in SOURCE
    return SOURCE.replace(old, new, 1)


def test_every_mistake_in_a_pool_names_its_line():
    got = problems(_edit("strength = [4, 6]", "strength = [7, 9]"))
    assert got == [f"第 {line_of(SOURCE, 'strength = [4, 6]')} 行（deal.strength）：卡池里没有哪 2 张牌的强度合计在这个范围里。"]
    got = problems(_edit("pick = 2", "pick = 4"))
    assert got == [f"第 {line_of(SOURCE, 'pick = 2')} 行（deal.pick）：pick（抽几张）要是 1 到 3 的整数（卡池有 4 张，抽得比它少才有变化）。"]
    got = problems(_edit("[deal]\npick = 2\nstrength = [4, 6]\n", ""))
    assert got == ["文件（deal）：写了 strength 的角色在卡池里：请写 [deal]，用 pick = N 说每局从卡池抽几张。"]
    got = problems(_edit("strength = 1\n", "strength = 0\n"))
    assert got[0] == f"第 {line_of(SOURCE, 'strength = 1')} 行（role[8].strength）：strength（强度）要是 1 到 10 的整数；写了它的角色进卡池。"
    got = problems(_edit("players = 10", "players = 11"))
    assert got == [f"第 {line_of(SOURCE, 'players = 10')} 行（players）：角色一共 10 张，人数就要写 10。"]
    got = problems(_edit('"查验结果=阵营"]', '"查验结果=阵营", "卡池=守卫:3,猎人:3;抽1"]'))
    assert "「卡池」由剧本的角色决定，不能写在 day.options 里。" in got[0]


def test_only_002s_cards_go_into_the_pool():
    thief = _edit('name = "长老"\nfaction = "好人"\nskills = []', 'name = "盗贼"\nfaction = "好人"\nskills = ["交换"]')
    thief = thief.replace('"女巫", "长老"]', '"女巫"]').replace('order = ["守卫"', 'order = ["盗贼", "守卫"')
    got = problems(thief)
    assert any("（role[8].strength）：「盗贼」不能进卡池" in p for p in got), got


def test_luding_deals_its_own_board_and_refuses_a_pool():
    text = (ROOT / "plugins" / "bansha" / "scripts" / "鹿鼎记.toml").read_text(encoding="utf-8")
    broken = text.replace("\nfaction = ", "\nstrength = 2\nfaction = ", 2) + "\n[deal]\npick = 1\n"  # two roles pooled
    assert any("鹿鼎记按 003 的板子发牌，不能抽卡池" in p for p in problems(broken))
