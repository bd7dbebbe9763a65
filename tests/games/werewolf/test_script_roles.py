"""A 剧本's own roles on 狼人杀 (plugins/werewolf/judged.py), played through the engine: the shipped 12人骑士守墓人.
骑士's 决斗 (白天, in the group, once) and 守墓人's 守墓 (夜晚, by PM) are `裁定` skills: the bot takes the use, the
judge without a seat writes the result, the seat receives it, and 「出局 N」 in the day makes N leave."""

from __future__ import annotations

import pytest
from paths import ROOT
from werewolf_table import Table

from plugins.bansha import scripts
from plugins.bansha.engine.core import Refusal
from plugins.bansha.engine.core.phases import parse_options
from plugins.werewolf.book import BOOK
from plugins.werewolf.terms import DAY, NIGHT

FILE = ROOT / "plugins" / "bansha" / "scripts" / "12人骑士守墓人.toml"


@pytest.fixture
def table():
    saved = (dict(BOOK.roles), dict(BOOK.skills), dict(BOOK.units))
    _, rules, options = scripts.load(FILE.read_text(encoding="utf-8"))
    options = {**parse_options([], rules.all_options()), **options, "警长": False}  # (the 导演's 警长=关 on top)
    yield Table(12, 3, **options)
    BOOK.roles, BOOK.skills, BOOK.units = saved  # (the book as 002 has it, for the tests after this one)


def _ruled(t, no, result):
    return t.judge("裁定", no=no, verdict=result)


def test_the_knights_duel_is_ruled_by_the_judge_and_out_takes_the_wolf(table):
    t = table
    knight, keeper = t.one("骑士"), t.one("守墓人")
    wolf = t.one("狼人")
    assert t.phase == NIGHT
    # 守墓 at night, by PM: taken at once, the judge rules in words, the seat receives them
    t.act(keeper, "守墓")
    assert "已发动「守墓」。导演裁定后会私聊告诉你结果（裁定 #1）。" in t.seat_text(keeper, t.last)
    assert t.group_text(t.last) == ""  # nobody in the group learns of it
    _ruled(t, 1, "昨天没有人被放逐。")
    assert "「守墓」的裁定结果：昨天没有人被放逐。" in t.seat_text(keeper, t.last)
    t.night(kill=next(s for s in t.good() if s not in (knight, keeper)))
    t.skip_words()
    assert t.phase == DAY
    # 决斗 in the day, in the group: announced, then ruled 「出局」: the wolf leaves as a death by ruling
    t.public(knight, "决斗", wolf)
    assert f"{knight}号 P{knight} 发动「决斗」，目标 {wolf}号 P{wolf}，等待导演裁定。" in t.group_text(t.last)
    _ruled(t, 2, f"出局 {wolf}")
    assert not t.state.alive[wolf]
    assert t.state.fates[wolf].endswith("被导演裁定出局")
    assert f"导演裁定 {knight}号 P{knight} 的「决斗」：出局 {wolf}" in t.group_text(t.last)
    assert "「决斗」的裁定结果" in t.seat_text(knight, t.last)
    # once a game
    assert "决斗" in t.refused_act(knight, "决斗", t.one("平民"), via="group")


def test_a_ruling_is_written_by_a_judge_without_a_seat_and_is_never_empty(table):
    t = table
    keeper = t.one("守墓人")
    t.act(keeper, "守墓")
    with pytest.raises(Refusal) as err:
        _ruled(t, 1, "   ")
    assert err.value.message == "请写出裁定结果：/法官 裁定 1 <结果>。"
    # a player who is also a judge may not rule (he would need the cast)
    t.game.judges.append(t.qq(keeper))
    assert "只能由没有座位的法官来做" in t.refused_input("judge", keeper, sub="裁定", no=1, verdict="好人")


def test_out_at_night_takes_nobody_and_tells_the_judges_why(table):
    t = table
    keeper = t.one("守墓人")
    t.act(keeper, "守墓")
    before = list(t.state.alive)
    _ruled(t, 1, "出局 3")
    assert list(t.state.alive) == before
    assert any("现在不是白天：没有人因此出局" in e.text for e in t.last)


def test_the_roles_cast_and_pm_name_the_scripts_roles(table):
    t = table
    knight = t.one("骑士")
    intro = t.seat_text(knight, t.started)
    assert "骑士" in intro and "决斗" in intro
    rows = {r.seat: r for r in t.game.rules.cast(t.state)}
    assert (rows[knight].role, rows[knight].faction) == ("骑士", "好人阵营·神民")  # (a 神: 屠边 counts it)


def test_the_mediums_check_names_the_exact_role_at_once():
    saved = (dict(BOOK.roles), dict(BOOK.skills), dict(BOOK.units))
    try:
        _, rules, options = scripts.load((ROOT / "plugins" / "bansha" / "scripts" / "12人通灵师.toml").read_text("utf-8"))
        t = Table(12, 4, **{**parse_options([], rules.all_options()), **options})
        medium = t.one("通灵师")
        witch = t.one("女巫")
        assert t.phase == NIGHT and medium in t.game.pending()  # the night waits for him, as for 002's roles
        t.act(medium, "通灵", witch)
        assert f"「通灵」结果：{witch}号 P{witch} 是【女巫】。" in t.seat_text(medium, t.last)
        assert t.group_text(t.last) == ""
        assert "已经用过" in t.refused_act(medium, "通灵", t.one("平民"))  # once a night
    finally:
        BOOK.roles, BOOK.skills, BOOK.units = saved


HUNTERS = """name = "守护与猎魔"
rules = "狼人杀"
players = 7

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
name = "守护者"
faction = "好人"
kind = "神"
intro = "每晚保护一人不被杀害。"

[[role.skill]]
name = "保卫"
effect = "保护"
phase = "夜晚"

[[role]]
name = "猎魔人"
faction = "好人"
kind = "神"
intro = "每晚可以击杀一人。"

[[role.skill]]
name = "猎杀"
effect = "击杀"
phase = "夜晚"

[night]
order = ["守护者", "狼人", "猎魔人", "预言家"]
"""


def test_protect_and_kill_are_settled_at_dawn_in_the_scripts_night_order():
    saved = (dict(BOOK.roles), dict(BOOK.skills), dict(BOOK.units))
    try:
        _, rules, options = scripts.load(HUNTERS)
        t = Table(7, 2, **{**parse_options([], rules.all_options()), **options})
        steps = [s.role for s in t.state.board_steps]
        assert steps == ["守护者", "狼人", "猎魔人", "预言家"]  # where the 剧本 wrote them
        keeper, slayer = t.one("守护者"), t.one("猎魔人")
        victim = t.one("平民")
        wolf = t.one("狼人")
        t.act(keeper, "保卫", victim)
        assert "你今晚「保卫」" in t.seat_text(keeper, t.last)
        t.act(slayer, "猎杀", wolf)
        t.act(t.one("预言家"), "查验", wolf)
        t.wolves_kill(victim)
        t.finish(NIGHT)
        assert t.state.alive[victim]  # protected before the pack's step
        assert not t.state.alive[wolf] and t.state.fates[wolf].endswith("被猎魔人杀害")
        assert f"昨晚死亡的是：{wolf}号 P{wolf}" in t.all_group()
    finally:
        BOOK.roles, BOOK.skills, BOOK.units = saved


def test_a_dawn_role_left_out_of_the_night_order_is_refused_with_where_to_write_it():
    with pytest.raises(Exception) as err:
        scripts.load(HUNTERS.replace('order = ["守护者", "狼人", "猎魔人", "预言家"]', 'order = ["狼人", "预言家"]'))
    assert "守护者、猎魔人 的保护/击杀天亮时按夜晚顺序结算：请把它写进 night.order" in str(err.value)


MORE = HUNTERS.replace('''[[role]]
name = "猎魔人"
faction = "好人"
kind = "神"
intro = "每晚可以击杀一人。"

[[role.skill]]
name = "猎杀"
effect = "击杀"
phase = "夜晚"
''', '''[[role]]
name = "毒师"
faction = "好人"
kind = "神"
intro = "每晚可以毒杀一人，或禁言一人；放逐投票时一票算两票；白天可以公布身份。"

[[role.skill]]
name = "下毒"
effect = "毒杀"
phase = "夜晚"
uses = 1

[[role.skill]]
name = "封口"
effect = "禁言"
phase = "夜晚"

[[role.skill]]
name = "双票"
effect = "票权"
value = 2

[[role.skill]]
name = "亮身份"
effect = "公布身份"
phase = "白天"
uses = 1
''').replace('order = ["守护者", "狼人", "猎魔人", "预言家"]', 'order = ["守护者", "狼人", "毒师", "预言家"]')


def test_poison_mute_vote_weight_and_reveal():
    saved = (dict(BOOK.roles), dict(BOOK.skills), dict(BOOK.units))
    try:
        _, rules, options = scripts.load(MORE)
        t = Table(7, 2, **{**parse_options([], rules.all_options()), **options, "警长": False, "发言": "自由"})
        keeper, poisoner = t.one("守护者"), t.one("毒师")
        wolves = t.who("狼人")
        villager = t.one("平民")
        t.act(keeper, "保卫", wolves[0])
        t.act(poisoner, "下毒", wolves[0])  # 保护 does not stop poison
        t.act(poisoner, "封口", wolves[1])
        t.act(t.one("预言家"), "查验", villager)
        t.wolves_kill(None)
        t.finish(NIGHT)
        assert not t.state.alive[wolves[0]] and t.state.fates[wolves[0]].endswith("被毒师毒死")
        assert f"{wolves[1]}号 P{wolves[1]} 今天被禁言，不能投票。" in t.all_group()
        t.skip_words()
        assert t.phase == DAY
        assert "不能投票" in t.refused_act(wolves[1], "投票", villager, via="group", reason="理由")
        t.public(poisoner, "亮身份")
        assert f"{poisoner}号 P{poisoner} 公布身份：【毒师】。" in t.group_text(t.last)
        # 票权: the 毒师's ballot weighs two: with one more it beats two (unweighted, 2 against 2 would tie)
        others = [s for s in t.state.living() if s not in (poisoner, wolves[1], villager)]
        assert len(others) == 3
        t.vote(poisoner, villager)
        t.vote(others[0], villager)
        t.vote(others[1], wolves[1])
        t.vote(villager, wolves[1])
        t.finish(DAY)
        assert not t.state.alive[villager] and t.state.fates[villager].endswith("被投票放逐")
    finally:
        BOOK.roles, BOOK.skills, BOOK.units = saved
