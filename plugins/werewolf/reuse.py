"""The facts 狼人杀's `outcome()` reads (engine/core/cache.py: `reuse` in rules.py declares it): the verdict is
recomputed only when an input changed one of them — a death, a camp, a charm, a red card — and otherwise
served as kept. tests/engine/test_cache.py plays random games of every board and checks the kept verdict
against the from-scratch one after every input and at every call; a fact missing here fails it.

`pending()` has no key: who owes an action changes with nearly every input (each vote, each night choice),
and a key covering what it reads (the phase, who acted, the ballots, the night's choices, the queue after a
death…) costs as much to build as the answer (measured: no gain)."""

from __future__ import annotations

from .state import WerewolfState


def outcome_key(state: WerewolfState) -> tuple:
    """Who is alive and in which camp (roles, the lovers and their 丘比特), the 吹笛者's charmed and his
    power (the 长老's curse), and the sides judged lost by red cards."""
    return (tuple(state.alive), tuple(state.roles), tuple(state.lovers), state.cupid, tuple(state.charmed),
            state.forfeited, tuple(state.lost_sides), state.cursed, state.curse_scope)
