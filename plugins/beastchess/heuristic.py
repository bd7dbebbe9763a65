"""斗兽棋's cautious-beginner agent for the simulator (found by plugins.bansha.engine.agents.heuristic).

A beginner attacks or senses every round, preferring the weakest-looking
target (lowest announced HP), spends limited 本能 and abilities only now and
then, and almost never risks a 智慧 on a guess. Moves are always well formed
(agent._form builds the words), so no move is refused.
"""

from __future__ import annotations

from typing import Any

from ..bansha.engine import Action, Rng, Ruleset
from ..bansha.engine.agents.heuristic import LIMITED_USE_CHANCE
from .agent import _form, beast_agent
from .data import ROUND
from .state import BeastState

USE_INSTINCT_CHANCE = 0.5
WISDOM_CHANCE = 0.05  # a blind guess almost always fails


def heuristic(ruleset: Ruleset, state: Any, seat: int, rng: Rng) -> Action | None:
    st: BeastState = state
    if st.phase != ROUND:
        return beast_agent(ruleset, st, seat, rng)
    choices = {c.skill.key: c for c in ruleset.legal(st, seat)}
    extras = [c for k, c in choices.items() if k not in ("attack", "sense", "wisdom")]
    for c in extras:
        chance = LIMITED_USE_CHANCE if c.skill.uses is not None else USE_INSTINCT_CHANCE
        if rng.chance(chance):
            act = _form(ruleset, st, seat, c.skill, _weakest_first(st, list(c.candidates)), rng)
            if act is not None:
                return act
    if "wisdom" in choices and rng.chance(WISDOM_CHANCE):
        return _form(ruleset, st, seat, choices["wisdom"].skill, list(choices["wisdom"].candidates), rng)
    for key in ("attack", "sense"):
        if key in choices and choices[key].candidates:
            cands = _weakest_first(st, list(choices[key].candidates))
            return Action(key, (cands[0] if rng.chance(0.6) else rng.choice(cands),))
    return None


def _weakest_first(st: BeastState, seats: list[int]) -> list[int]:
    return sorted(seats, key=lambda s: (st.shown[s], s))
