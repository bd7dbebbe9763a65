"""What a seat cannot know, per ruleset: the per-seat state fields a seat cannot read for other seats, and a
copy of a state with those facts shuffled among the others (the proof that a mind decides from its own view:
tests/engine/test_deduce.py, tests/ai/test_ai.py). A new game adds its fields here; the tests ask the registry
for the games and fail on one missing from HIDDEN."""

from __future__ import annotations

import copy
from dataclasses import fields

from plugins.bansha.engine.core.rng import Rng

HIDDEN = {  # per ruleset: the per-seat state fields a seat cannot read for other seats
    "werewolf": ("roles", "dealt"),
    "luding": ("roles", "camps"),
    "nata": ("roles", "factions"),
    "beastchess": ("levels", "animals", "instincts", "picked", "hp"),
    "tavern": ("classes", "factions", "hp"),
}


def shuffled(state, seat: int, keep: set[int], names: tuple[str, ...], rng: Rng):
    """A copy of `state` whose hidden per-seat facts are permuted among the seats other than `seat` and
    `keep` (the same permutation for every field, so each seat keeps a consistent identity)."""
    twin = copy.deepcopy(state)
    movable = [s for s in range(1, state.n + 1) if s != seat and s not in keep]
    order = list(movable)
    rng.shuffle(order)
    for f in fields(twin):
        if f.name in names:
            old = getattr(state, f.name)
            new = getattr(twin, f.name)
            for src, dst in zip(movable, order, strict=True):
                new[dst] = copy.deepcopy(old[src])
    return twin
