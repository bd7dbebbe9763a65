"""Forgiving input as phone players type it (issue 25, item 3), and numbers nobody could mean (issue 24, item 5):
seats as 3, 3号, 三号, 第三, @, a name or a unique prefix of it; a skill run together with its target; the group's
「投3」; over-long numbers refused in words. The end-to-end side is tests/e2e/test_e2e_input.py."""

from __future__ import annotations

import pytest

from plugins.bansha import parse
from plugins.bansha.engine import Input, Refusal, apply
from plugins.bansha.engine.core.phases import parse_duration, parse_options
from plugins.bansha.engine.core.skills import Skill, cn_number, seat_number, split_skill_word
from plugins.bansha.engine.game import Game, registry

NAMES = ["阿狸", "Alice", "阿狸猫", "三号", "Bob", "小明", "小红", "老王", "张三"]


def table(names=NAMES) -> Game:
    rules = registry.get("werewolf")
    game = Game.new(1, rules, 1, 900, 7, {})
    for i, name in enumerate(names):
        apply(game, Input.make("join", 1000 + i, 0, name=name))
    return game


@pytest.mark.parametrize("typed,number", [
    ("一", 1), ("两", 2), ("十", 10), ("十一", 11), ("十九", 19), ("二十", 20), ("二十三", 23), ("九十九", 99),
    ("一百", 100), ("一百零五", 105), ("两百", 200), ("一百二十三", 123), ("零", 0),
])
def test_chinese_numerals(typed, number):
    assert cn_number(typed) == number


@pytest.mark.parametrize("typed", ["", "百", "十十", "三三", "一二三", "号", "三个", "3"])
def test_what_is_no_chinese_numeral(typed):
    assert cn_number(typed) is None


@pytest.mark.parametrize("typed,seat", [
    ("3", 3), ("3号", 3), ("3 号", 3), ("三", 3), ("三号", 3), ("第三", 3), ("第3号", 3), ("十一号", 11),
])
def test_seat_forms(typed, seat):
    assert seat_number(typed)[0] == seat


def test_every_form_of_a_seat_resolves_and_the_old_forms_keep_their_meaning():
    game = table()
    for typed in ("2", "2号", "二", "二号", "第二", "第2号", "@1001", "1001", "Alice", "alice", "ALI"):
        assert game.resolve(typed) == 2, typed
    assert game.resolve("三号") == 4  # a player named 三号 is still who 「三号」 names (as before)
    assert game.resolve("第三") == 3 and game.resolve("三") == 3
    assert game.resolve("老") is None  # one character is too little to go by
    assert game.resolve("阿狸") == 1  # the exact name, though 阿狸猫 starts with it too
    assert game.resolve("小") is None and game.resolve("张") is None
    assert game.resolve("阿狸猫") == 3 and game.resolve("老王") == 8
    assert game.resolve("十") is None  # 9 seats
    assert game.resolve("二十号") is None


def test_a_prefix_of_two_names_is_nobody():
    game = table(["小明明", "小明白", "Bob"])
    assert game.resolve("小明") is None
    assert game.resolve("小明白") == 2 and game.resolve("Bo") == 3


@pytest.mark.parametrize("typed", ["9" * 4301, "9" * 13, "@" + "9" * 4301, "9" * 5000 + "号", "第" + "9" * 4400,
                                   "@²", "²", "٣" * 4400])
def test_numbers_nobody_could_mean_are_nobody(typed):
    assert table().resolve(typed) is None


def test_a_huge_target_is_refused_in_words():
    rules = registry.get("werewolf")
    game = table()
    apply(game, Input.make("start", 900, 0))
    seer = next(s for s in range(1, 10) if any(k.name == "查验" for k in rules.skills_of(game.state, s)))
    with pytest.raises(Refusal, match="找不到「9999"):
        apply(game, Input.make("act", 1000 + seer - 1, 1, skill="查验", words=("9" * 4301,), via="pm"))


CHECK = Skill("check", "查验", aliases=("验", "预言"))
GRAIL = Skill("grail", "圣杯", targets=0, words=tuple(str(i) for i in range(1, 101)))
KILL = Skill("kill", "杀人", aliases=("刀",))


@pytest.mark.parametrize("typed,split", [
    ("查验3", ("查验", "3")), ("验3号", ("验", "3号")), ("刀三号", ("刀", "三号")), ("预言第五", ("预言", "第五")),
    ("查验@123", ("查验", "@123")), ("圣杯7", ("圣杯", "7")), ("查验", None), ("查验结果", None), ("刀人", None),
    ("杀人犯", None), ("验证", None),
])
def test_a_skill_run_together_with_its_target(typed, split):
    assert split_skill_word([CHECK, GRAIL, KILL], typed) == split


def test_skill_words_split_only_what_is_no_skill_of_its_own():
    assert parse.skill_words([CHECK], "查验3", ["理由"]) == ("查验", ["3", "理由"])
    assert parse.skill_words([CHECK], "查验", ["3"]) == ("查验", ["3"])
    assert parse.skill_words([CHECK], "毒药3", []) == ("毒药3", [])


@pytest.mark.parametrize("typed,target", [
    ("投3", "3"), ("投 3", "3"), ("投3号", "3号"), ("投三号", "三号"), ("投弃权", "弃权"), (" 投 @12345 ", "@12345"),
    ("投十一", "十一"),
])
def test_the_group_short_vote(typed, target):
    assert parse.parse_short_vote(typed) == target
    assert parse.parse_forum_vote(typed) == ("投票", target, "")


@pytest.mark.parametrize("typed", ["投降", "投资3年", "投3票", "我投3", "投3 他很可疑", "投", "投 小明", "投票3"])
def test_chat_that_merely_starts_with_tou_is_chat(typed):
    assert parse.parse_short_vote(typed) is None


def test_over_long_numbers_in_options_and_durations_are_refused_in_words():
    specs = registry.get("werewolf").all_options()
    for pair, why in [("白天=99999999999999999999h", "太长了"), ("白天=" + "9" * 400 + "s", "太长了"),
                      ("白天=367天", "需要一个时长"), ("白天=8785h", "最长 366 天"), ("种子=" + "9" * 5000, "太大"),
                      ("种子=9999999999999999999", "太大"), ("改票次数=" + "9" * 30, "太大"), ("种子=3a", "整数"),
                      ("公开提醒=2h," + "9" * 20 + "m", "太长了")]:
        with pytest.raises(Refusal, match=why):
            parse_options([pair], specs)
    assert parse_options(["白天=90s", "种子=-12", "改票次数=-1"], specs)["种子"] == -12
    assert parse_duration("8784h") == 366 * 86400
    with pytest.raises(Refusal, match="太长了"):
        parse.parse_seconds("9" * 4301 + "m")


def test_an_id_is_a_number_of_sane_length():
    assert parse.number("#12", "编号") == 12
    with pytest.raises(Refusal, match="太长了"):
        parse.number("9" * 4301, "编号")
    with pytest.raises(Refusal, match="需要是一个数字"):
        parse.number("十二", "编号")
