"""Adding a role to 狼人杀 (issue 15: "adding a new role touches one new module plus its entry in the night order
and the board list"): tests/support/werewolf_watchman.py is that one module (守夜人, not a role of 002); this test adds
its two entries — a step of order.NIGHT_ORDER and a card of boards.CARDS — and plays it through the engine:
the prompt, the refusal, the dawn's answer, /身份, the 导演台. Afterwards the book is as it was."""

from __future__ import annotations

import pytest
from werewolf_newrole import added, problems
from werewolf_table import Table

from plugins.werewolf.book import BOOK
from plugins.werewolf.order import NightStep
from plugins.werewolf.terms import DAY, NIGHT

BOARD = "狼人*2,守夜人,预言家,平民*3"


@pytest.fixture
def watchman(monkeypatch):
    yield from added(monkeypatch, "werewolf_watchman", NightStep("patrol", "守夜人", NIGHT, moments=("morning",)), "守夜人")


def test_a_role_from_one_module_plays_through_the_engine(watchman):
    t = Table(7, seed=3, 板子="自定义", 角色=BOARD)
    guard, wolves, seer = t.one("守夜人"), t.who("狼人"), t.one("预言家")
    target = next(s for s in t.seats if s not in (guard, *wolves))
    assert t.phase == NIGHT
    assert "· 巡视 可选：" in t.seat_text(guard, t.started)  # the engine's night prompt, from the declaration
    events = t.act(guard, "巡视", target)
    assert t.seat_text(guard, events) == f"你今晚巡视 {target}号 P{target}。"
    assert "已经行动过" in t.refused_act(guard, "巡视", seer)
    t.act(seer, "查验", guard)
    mark = len(t.events)
    for w in wolves:
        t.act(w, "杀人", target)
    t.finish(NIGHT)
    assert t.phase != NIGHT and not t.state.alive[target]
    dawn = t.events[mark:]
    assert [e.text for e in dawn if e.audience.seat == guard and "巡视结果" in e.text] == [
        f"巡视结果：{target}号 P{target} 昨晚遭到了狼人袭击。"
    ]
    assert "守夜人" not in t.group_text(dawn)  # the role stays secret
    assert f"巡视记录：第1夜 {target}号：遭到了狼人袭击。" in t.game.rules.help_text(t.state, guard)
    assert "守夜人" in [step.label for step in t.game.rules.night_steps(t.state)]


def test_a_quiet_night_for_the_patrolled(watchman):
    t = Table(7, seed=3, 板子="自定义", 角色=BOARD)
    guard, wolves = t.one("守夜人"), t.who("狼人")
    others = [s for s in t.seats if s not in (guard, *wolves)]
    t.act(guard, "巡视", others[0])
    for w in wolves:
        t.act(w, "杀人", others[1])
    t.finish(NIGHT)
    assert f"巡视结果：{others[0]}号 P{others[0]} 昨晚没有遭到狼人袭击。" in t.seat_text(guard, t.events)
    assert t.phase in (DAY, "lastwords")


def test_the_book_is_as_it_was_after_the_example():
    assert "守夜人" not in BOOK.roles and "patrol" not in BOOK.skills and "patrol" not in BOOK.units
    assert problems() == []
