"""Command text as players and judges type it (issue 13, item 7): option values with 、 and the one-line
forum vote of 004 (「投票对象与投票理由之间可以不换行」)."""

from __future__ import annotations

import pytest

from plugins.bansha import parse
from plugins.bansha.engine.core.phases import parse_options
from plugins.nata.rules import RULESET as NATA


@pytest.mark.parametrize("typed", [
    "纳塔 指定身份=魔术师、通灵师",
    "纳塔 指定身份=魔术师,通灵师",
    "纳塔 指定身份=魔术师，通灵师 节奏=快速",
    "纳塔 指定身份=魔术师、 通灵师",
])
def test_an_option_value_may_list_names_with_any_separator(typed):
    words = parse.split_options(parse.normalize(typed))
    assert words[0] == "纳塔"
    opts = parse_options(words[1:], NATA.all_options())
    assert NATA.check_options(opts) is None
    from plugins.nata import deal

    assert set(deal.parse_forced(opts["指定身份"])) == {"魔术师", "通灵师"}


@pytest.mark.parametrize("typed,kind,target,reason", [
    ("投票对象：3 投票理由：戏多", "投票", "3", "戏多"),
    ("投票对象：3投票理由：戏多", "投票", "3", "戏多"),
    ("投票对象：山纳\n投票理由：戏多", "投票", "山纳", "戏多"),
    ("改票对象：安德安纳 改票理由：戏更多", "改票", "安德安纳", "戏更多"),
    ("改票对象: 4 理由: 还是他", "改票", "4", "还是他"),
    ("投票对象：弃权", "投票", "弃权", ""),
])
def test_the_forum_vote_may_be_on_one_line(typed, kind, target, reason):
    assert parse.parse_forum_vote(parse.normalize(typed)) == (kind, target, reason)
