"""Leak audit over many simulated games of every ruleset (rule: plugins/bansha/engine/audit.py)."""

from __future__ import annotations

import pytest
from conftest import LONG

from plugins.bansha.engine import GROUP, Event, registry, to_seat
from plugins.bansha.engine.agent import play_game
from plugins.bansha.engine.audit import audit, private_skill_names

GAMES_PER_RULESET = 300 if LONG else 40


@pytest.mark.parametrize("key", [r.key for r in registry.all_rulesets()])
def test_no_group_message_leaks_a_private_fact(key):
    rules = registry.get(key)
    sizes = rules.sizes({"节奏": rules.default_tempo})
    leaks: list[str] = []
    names: dict[int, set[str]] = {}

    def observe(game, inp, events):
        if game.state is None:
            return
        if id(game) not in names:
            names[id(game)] = private_skill_names(rules, game.state)
        for leak in audit(rules, game.state, events, names[id(game)]):
            leaks.append(f"seed {game.seed}: {leak}")

    for seed in range(GAMES_PER_RULESET):
        play_game(rules, sizes[seed % len(sizes)], seed, observe=observe)
    assert not leaks, "\n".join(leaks[:20])


def test_the_audit_catches_a_leak():
    """The rule can fail: a role in the group, a check result to the group, a skill by name."""
    rules = registry.get("werewolf")
    game = play_game(rules, 9, 1).game
    state = game.state
    seat = state.living()[0] if state.living() else 1
    row = next(r for r in rules.cast(state) if r.seat == seat)
    names = private_skill_names(rules, state)
    if state.living():
        assert audit(rules, state, [Event(GROUP, f"据说{seat}号是{row.role}")], names)
        assert audit(rules, state, [Event(GROUP, f"昨晚有人对{seat}号用了{sorted(names)[0]}")], names)
        assert not audit(rules, state, [Event(GROUP, f"{seat}号 {row.role}", "reveal")], names)
    assert audit(rules, state, [Event(GROUP, "查验结果：好人", "check")], names)
    assert not audit(rules, state, [Event(to_seat(seat), "查验结果：好人", "check")], names)
