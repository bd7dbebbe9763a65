"""The example game (plugins/example, docs/new-game.md) plays as its docstring says, and is offered to
nobody: /开局 and /帮助 list only the real games, while its name still opens it."""

from __future__ import annotations

import scenario

from plugins.bansha.engine.core.behaviour import problems
from plugins.bansha.engine.game import registry
from plugins.example.rules import RULESET


class Table(scenario.Table):
    def __init__(self, n: int = 5, seed: int = 1, **options):
        super().__init__(RULESET, n, seed, {"节奏": "快速", **options})


def test_the_example_is_registered_but_not_offered():
    assert registry.get("示例游戏") is RULESET and registry.get("toy") is RULESET
    offered = registry.offered()
    assert RULESET not in offered
    assert {r.key for r in offered} == {p.rsplit(".", 1)[1] for p in registry.game_packages(examples=False)}


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


def test_the_book_is_whole():
    """Every unit conforms to the one protocol (engine/core/behaviour.py), every role's skill is a unit."""
    assert problems(RULESET.book.units) == []
    assert set(RULESET.book.roles) == {"玩家", "侦探"}
    assert all(s.key in RULESET.book.units for r in RULESET.book.roles.values() for s in r.skills)


def detective_table() -> tuple[Table, int]:
    t = Table(5, seed=3, 侦探=True)
    detective = next(s for s in t.seats if t.state.roles[s] == "侦探")
    return t, detective


def test_the_detective_is_prompted_with_its_skills_and_learns_a_pick():
    t, d = detective_table()
    assert t.seat_text(d, t.started).startswith("你的身份：侦探。")
    prompt = [e.text for e in t.started if e.tag == "prompt"]
    assert len(prompt) == 1 and "· 调查 可选：" in prompt[0] and "用法：/技能 调查 <目标>" in prompt[0]
    assert not any(e.tag == "prompt" and e.audience.seat != d for e in t.started)  # a 玩家 gets none
    other, target = [s for s in t.seats if s != d][:2]
    t.act(other, "指认", target)
    t.act(d, "调查", other)
    assert t.seat_text(d) == f"调查结果：{other}号 P{other} 本回合指认了 {target}号 P{target}。"
    assert "本回合你已经调查过了" in t.refused_act(d, "调查", target)


def test_a_pm_only_skill_typed_in_the_group_is_refused_by_the_engine():
    t, d = detective_table()
    other = next(s for s in t.seats if s != d)
    msg = t.refused_act(d, "调查", other, via="group")
    assert msg == "「调查」请私聊机器人使用，不要在群里暴露身份。"
    assert "调查结果" in t.seat_text(d, t.act(d, "调查", other))  # by PM it works
