"""The heuristic agent: plays like a cautious beginner, so simulated win rates mean something.

`heuristic_action` has the signature of `agent.random_action`. It asks, in order:

1. the ruleset's own `heuristic(state, seat, rng)` method, when it has one;
2. a module-level `heuristic(ruleset, state, seat, rng)` in `plugins.<package>.heuristic`
   (the game package next to the ruleset's `rules.py`), so a game adds its
   beginner logic by adding one file;
3. `generic_action`: a cautious fallback built only from the skill declarations
   and the public hooks (`legal`, `team_of`, `team_members`, the state's public
   ballot boxes).

Pure like the rest of the engine: randomness only from the agent's Rng; the
small per-game memory (who this seat already targeted) is keyed by the state
object and dropped with it, never by anything hash- or address-ordered.
"""

from __future__ import annotations

import dataclasses
import weakref
from collections.abc import Callable, Collection
from typing import Any

from ..core import ABSTAIN, Action
from ..core.rng import Rng
from ..core.skills import Skill
from ..core.votes import VoteBox
from ..game import registry
from ..game.ruleset import LegalChoice, Ruleset
from .deduce import leaders

# Chance that a beginner spends a limited-use skill (整局一次的技能) at a given chance:
# cautious players keep them for later, but not forever.
LIMITED_USE_CHANCE = 0.4
# Chance to use a skill that takes no target (a public declaration such as 上警).
NO_TARGET_CHANCE = 0.3
# Chance that a voter follows the votes already cast (随大流) rather than picking on their own.
FOLLOW_PLURALITY_CHANCE = 0.7

_Heuristic = Callable[[Ruleset, Any, int, Rng], "Action | None"]
_by_ruleset: dict[str, _Heuristic | None] = {}


def heuristic_action(ruleset: Ruleset, state: Any, seat: int, rng: Rng) -> Action | None:
    """One cautious-beginner action for the seat, or None to pass."""
    own = _game_heuristic(ruleset)
    if own is not None:
        return own(ruleset, state, seat, rng)
    return generic_action(ruleset, state, seat, rng)


def _game_heuristic(ruleset: Ruleset) -> _Heuristic | None:
    """The game family's own heuristic: a method, or plugins.<pkg>.heuristic.heuristic."""
    method = getattr(ruleset, "heuristic", None)
    if callable(method):
        return lambda _r, state, seat, rng: method(state, seat, rng)
    key = ruleset.key
    if key not in _by_ruleset:
        fn = getattr(registry.game_module(ruleset, "heuristic"), "heuristic", None)
        _by_ruleset[key] = fn if callable(fn) else None
    return _by_ruleset[key]


# --- memory: what each seat did earlier in this game ----------------------------------------


@dataclasses.dataclass
class Memory:
    targeted: dict[tuple[int, str], list[int]] = dataclasses.field(default_factory=dict)  # (seat, skill) -> targets
    acted: set[tuple[int, str, int, str]] = dataclasses.field(default_factory=set)  # (day, phase, seat, skill)


_memories: dict[int, Memory] = {}


def memory(state: Any) -> Memory:
    """This game's agent memory. Keyed by the live state object and freed with it."""
    key = id(state)
    mem = _memories.get(key)
    if mem is None:
        mem = _memories[key] = Memory()
        weakref.finalize(state, _memories.pop, key, None)
    return mem


def remember(state: Any, seat: int, skill: Skill, targets: tuple[int, ...]) -> None:
    mem = memory(state)
    mem.targeted.setdefault((seat, skill.key), []).extend(t for t in targets if t != ABSTAIN)
    mem.acted.add((state.day, state.phase, seat, skill.key))


# --- public facts any ruleset exposes -----------------------------------------------------


def is_vote(skill: Skill) -> bool:
    """The day vote: named 投票 (COMMANDS.md's /投票) or accepting 弃权."""
    return skill.name == "投票" or "弃权" in skill.words


def ballot_boxes(state: Any) -> list[VoteBox]:
    """The state's ballot boxes: votes are announced in the group, so any player knows them."""
    return [v for f in dataclasses.fields(state) if isinstance(v := getattr(state, f.name), VoteBox)]


def has_voted(state: Any, seat: int) -> bool:
    return any(seat in box.votes for box in ballot_boxes(state))


def plurality(state: Any, allowed: list[int]) -> list[int]:
    """The allowed seats with the most votes cast so far (ties all returned, in seat order)."""
    return leaders((t for box in ballot_boxes(state) for t in box.votes.values()), allowed)


def teammates(ruleset: Ruleset, state: Any, seat: int) -> set[int]:
    """Seats this seat knows to be on its own team (its team channel's members), itself excluded."""
    team = ruleset.team_of(state, seat)
    if not team:
        return set()
    return {m for m in ruleset.team_members(state, team) if m != seat}


# --- the generic cautious beginner ---------------------------------------------------------


def generic_action(
    ruleset: Ruleset, state: Any, seat: int, rng: Rng, skip: Collection[str] = ()
) -> Action | None:
    """A cautious move from the declarations alone.

    - vote once per phase, with the plurality of votes already cast, never for
      oneself or a teammate;
    - team skills (狼刀…): every member picks the same target, never a teammate;
    - other skills: never on oneself or a teammate, preferring seats this seat
      has not targeted before (查验 the unchecked); limited-use skills are kept
      for later with some probability;
    - a skill is used at most once per phase, so the game always moves on.

    `skip` lists skill keys the caller (a game's own heuristic) decided not to use.
    """
    mem = memory(state)
    mates = teammates(ruleset, state, seat)
    options: list[LegalChoice] = []
    for choice in ruleset.legal(state, seat):
        skill = choice.skill
        if skill.key in skip or (state.day, state.phase, seat, skill.key) in mem.acted:
            continue
        if is_vote(skill) and has_voted(state, seat):
            continue
        options.append(choice)
    if not options:
        return None
    # Votes first (the day's business), then team skills, then the seat's own skills.
    options.sort(key=lambda c: (0 if is_vote(c.skill) else 1 if c.skill.team else 2))
    for choice in options:
        action = _use(ruleset, state, seat, choice, mates, rng)
        if action is not None:
            remember(state, seat, choice.skill, action.targets)
            return action
    return None


def _use(ruleset: Ruleset, state: Any, seat: int, choice: LegalChoice, mates: set[int], rng: Rng) -> Action | None:
    skill = choice.skill
    k = skill.targets
    if skill.uses is not None and not is_vote(skill) and not rng.chance(LIMITED_USE_CHANCE):
        return None
    if k == 0:
        return Action(skill=skill.key) if rng.chance(NO_TARGET_CHANCE) else None
    seats = [t for t in choice.candidates if t != ABSTAIN]
    safe = [t for t in seats if t != seat and t not in mates] or [t for t in seats if t != seat] or seats
    if is_vote(skill):
        if not safe:
            return Action(skill=skill.key, targets=(ABSTAIN,)) if ABSTAIN in choice.candidates else None
        leaders = plurality(state, safe)
        pick = rng.choice(leaders) if leaders and rng.chance(FOLLOW_PLURALITY_CHANCE) else rng.choice(safe)
        return Action(skill=skill.key, targets=(pick,))
    if len(safe) < max(1, skill.least_targets):
        return None
    if skill.team:
        # Team members must agree without talking: the same seeded draw for everyone on the team.
        shared = Rng.seeded(state.day * 1_000_003 + sum(map(ord, skill.team)) * 7919 + sum(ord(c) for c in state.phase))
        return Action(skill=skill.key, targets=tuple(shared.sample(safe, min(k, len(safe)))))
    done = set(memory(state).targeted.get((seat, skill.key), []))
    fresh = [t for t in safe if t not in done] or safe
    n = min(k, len(fresh))
    if n < skill.least_targets:
        return None
    return Action(skill=skill.key, targets=tuple(rng.sample(fresh, n)))
