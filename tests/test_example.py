"""The example game (plugins/example, docs/new-game.md) plays as its docstring says, and is offered to
nobody: /开局 and /帮助 list only the real games, while its name still opens it."""

from __future__ import annotations

import scenario

from plugins.bansha.engine import registry
from plugins.example.rules import RULESET


class Table(scenario.Table):
    def __init__(self, n: int = 5, seed: int = 1, **options):
        super().__init__(RULESET, n, seed, {"节奏": "快速", **options})


def test_the_example_is_registered_but_not_offered():
    assert registry.get("示例游戏") is RULESET and registry.get("toy") is RULESET
    offered = registry.offered()
    assert RULESET not in offered
    assert {r.title for r in offered} == {"狼人杀", "鹿鼎记", "纳塔", "斗兽棋", "酒馆"}


def test_the_most_named_seat_leaves_and_the_last_two_win():
    t = Table(4)
    assert t.seat_text(2, t.started) == "你的身份：玩家。"
    for seat, target in ((1, 3), (2, 3), (4, 1)):
        t.act(seat, "指认", target)
    assert t.reply_text() == "已指认 1号 P1。"
    t.act(3, "指", 2)  # an alias; the last 指认 closes the 回合 early in 快速
    assert "3号 P3 出局。" in t.group_text() and not t.state.alive[3]
    for seat, target in ((1, 2), (2, 1), (4, 2)):
        t.act(seat, "指认", target)
    assert t.over and t.game.outcome.seats == (1, 4)
    assert "游戏结束：1号、4号 获胜。" in t.all_group()
