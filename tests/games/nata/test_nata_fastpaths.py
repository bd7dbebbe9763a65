"""纳塔's quick answers (issue 20's speed work) agree with the general ones after every input of random games: the
facts of the deal (table.py) with a scan of the seats, a plain role's skills with the general walk of state.held,
`holding` with asking every seat, a skill's target check with its refusal per target, one seat's /放弃 question
with the whole pending set. A quick answer that drifted from its rule would change who may act or what resolves;
these catch it at the input where it happens."""

from __future__ import annotations

from plugins.bansha.engine.agents.play import play_game
from plugins.bansha.tools import sim
from plugins.nata import rules, seats
from plugins.nata.declared import ROLES, SKILLS
from plugins.nata.facts import Table
from plugins.nata.state import NataState
from plugins.nata.terms import SEER, STRONG, VILLAGE, WEAK, WOLF

RULES = rules.RULESET


def _general_held(state: NataState, seat: int) -> list[str]:
    """state._held with the plain-role shortcut off."""
    role = ROLES[state.roles[seat]]
    plain = role.__dict__.get("plain")
    role.__dict__["plain"] = False
    try:
        return state.held(seat)
    finally:
        if plain is None:
            role.__dict__.pop("plain", None)
        else:
            role.__dict__["plain"] = plain


def _check(state: NataState) -> None:
    if state is None or not state.phase:
        return
    n = state.n
    table = state.table()
    assert table == Table.of(state.roles, state.factions)
    for role in set(state.roles[1:]):
        assert state.holders(role) == [s for s in range(1, n + 1) if state.roles[s] == role]
    for kind in (SEER, STRONG, WEAK):
        assert table.village[kind] == tuple(s for s in range(1, n + 1)
                                            if state.factions[s] == VILLAGE and ROLES[state.roles[s]].kind == kind)
    assert table.wolves == tuple(s for s in range(1, n + 1) if state.factions[s] == WOLF)
    for seat in range(1, n + 1):
        assert state.held(seat) == _general_held(state, seat), (seat, state.roles[seat])
    for key in SKILLS:
        assert state.holding(key) == [s for s in range(1, n + 1) if state.holds(s, key)], key
    for seat in range(1, n + 1):
        for skill in RULES.skills_of(state, seat):
            check = RULES.target_check(state, seat, skill)
            for t in range(1, n + 1):
                assert (check(t) if check else None) == RULES.target_refusal(state, seat, skill, t), (skill.key, t)
    pending = RULES.pending(state)
    for seat in range(1, n + 1):
        assert seats.owes_action(RULES, state, seat) == (seat in pending), (seat, state.phase)


def test_quick_answers_match_the_general_ones():
    options = sim.build_options(RULES)
    checked = 0
    for seed in range(1, 5):
        def observe(game, inp, events):
            nonlocal checked
            _check(game.state)
            checked += 1

        result = play_game(RULES, 14, seed, options, texts=False, observe=observe)
        assert result.game.outcome is not None
    assert checked > 400  # every input of four whole games
