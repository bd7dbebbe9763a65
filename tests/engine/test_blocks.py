"""The engine's shared building blocks, each on its own: a game's book of roles, the order's
step states, the mute as a typed effect, and the default reach of the PM-only guard."""

from __future__ import annotations

import pytest

from plugins.bansha.engine import Book, Role, Skill, Step
from plugins.bansha.engine.core import EFFECT, Mute
from plugins.bansha.engine.core.order import STEP_RESOLVED, STEP_SUBMITTED, STEP_WAITING, in_phase, step_state
from plugins.bansha.engine.core.phases import PhaseSpec
from plugins.bansha.engine.game import _pm_only
from plugins.bansha.service.routing import route

LOOK = Skill("look", "查看", phases=("night",))
HIDE = Skill("hide", "躲藏", phases=("night",))
ALARM = Skill("alarm", "警报", targets=0, mandatory=True)


def test_a_book_refuses_two_skills_under_one_key_or_a_role_twice():
    book = Book("demo")
    seer = book.role(Role("看守", "好人", (LOOK, HIDE, ALARM)))
    assert seer.skill_keys == ("look", "hide", "alarm") and seer.skill("hide") is HIDE
    with pytest.raises(ValueError, match="two different skills"):
        book.declare(Skill("look", "另一个查看"))
    with pytest.raises(ValueError, match="registered twice"):
        book.role(Role("看守", "好人"))


def test_step_states_for_the_console():
    nights = ["early", "deep"]
    steps = (Step("a", "甲", "early"), Step("b", "乙", "deep"))
    assert in_phase(steps, "deep") == (steps[1],)
    assert step_state(nights, "early", "noon", 0, False) == STEP_WAITING  # before the first night
    assert step_state(nights, "early", "noon", 2, False) == STEP_RESOLVED  # by day: last night is over
    assert step_state(nights, "early", "deep", 2, False) == STEP_RESOLVED
    assert step_state(nights, "deep", "early", 2, True) == STEP_WAITING  # a later sub-phase waits
    assert step_state(nights, "deep", "deep", 2, True) == STEP_SUBMITTED
    assert step_state(nights, "deep", "deep", 2, False) == STEP_WAITING


def test_the_pm_only_guard_speaks_where_the_skill_is_used():
    night, day = PhaseSpec("night", "夜晚", night=True), PhaseSpec("day", "白天")
    assert _pm_only(LOOK, "night", night) and not _pm_only(LOOK, "day", day)  # unset: private at night
    assert not _pm_only(Skill("vote", "投票"), "night", night)
    private = Skill("x", "X", phases=("day",), pm_only=True)
    assert _pm_only(private, "day", day)
    assert not _pm_only(private, "night", night)  # out of its phase: "现在不能使用" answers instead
    assert _pm_only(Skill("y", "Y", pm_only=True), "night", night)  # no phases: usable any time
    assert not _pm_only(Skill("z", "Z", pm_only=False), "night", night)
    assert not _pm_only(Skill("p", "自爆", public=True, pm_only=True), "day", day)


def test_a_mute_is_an_effect_not_a_message():
    from forum_table import at, new_game, qq

    from plugins.bansha.engine import Input, apply

    game = new_game(诈尸禁言=600)
    game.state.alive[3] = False  # a seat that is out speaks in the group (诈尸)
    events = apply(game, Input.make("speak", qq(3), at(11), text="我还想说"))
    mutes = [e for e in events if e.tag == "mute"]
    assert len(mutes) == 1 and mutes[0].audience == EFFECT and mutes[0].text == ""
    assert mutes[0].effect == Mute(qq(3), 600)

    rows = route(game, mutes, None)  # what the QQ layer is asked to do
    assert rows == [("ban", game.group, None, f"{qq(3)}:600", None)]
