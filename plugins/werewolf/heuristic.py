"""狼人杀's cautious-beginner agent, for `bansha simulate --agent heuristic`.

The engine has no speech, so the one piece of table talk every beginner game
has is modelled as a convention: the 预言家 publishes each check result
(起跳报查验) in the day after the night of the check, and in 遗言 when the
first night kills them. Nobody fakes a claim (beginners do not 悍跳). With that:

- 狼人 never kill a teammate, follow the pack's current choice, and go for a
  claimed 预言家 first;
- 预言家 checks seats it has not checked yet;
- 守卫 protects the claimed 预言家, else itself, else someone at random;
- 女巫 saves the first night's victim, poisons only a claimed 查杀 (a checked wolf);
- 猎人 shoots a claimed 查杀, else someone who voted them out, else may hold fire;
- voters follow a claimed 查杀; otherwise the votes already cast (随大流),
  never the claimed 预言家 nor a seat it cleared (金水); wolves push back on
  the 预言家 when a teammate is checked.

Exported as the module-level `heuristic(ruleset, state, seat, rng)`, which the
engine's heuristic dispatch finds next to rules.py.
"""

from __future__ import annotations

import re
from typing import Any

from ..bansha.engine import ABSTAIN, Action, Rng
from ..bansha.engine.agents.heuristic import generic_action
from .terms import WOLF

_WHEN = re.compile(r"第(\d+)(夜|天)")


def public_claims(state: Any, ruleset: Any) -> tuple[int, dict[int, bool]]:
    """(claimed seer seat or 0, {checked seat: is a wolf}) as the table knows them now."""
    seers = state.holders("预言家")
    if not seers:
        return 0, {}
    seer = seers[0]
    spec = ruleset.phases.get(state.phase)
    night_phase = bool(spec and spec.night)
    # checks made on night d are told in day d: at night only earlier ones are public
    last = state.day - 1 if night_phase else state.day
    if not state.alive[seer]:
        m = _WHEN.search(state.fates.get(seer, ""))
        if m:
            d, when = int(m.group(1)), m.group(2)
            # killed on night d: told up to day d-1 (and night 1's check in the first-night 遗言);
            # out by day d: told during day d
            last = min(last, d if when == "天" or d == 1 else d - 1)
    told = {t: r == "狼人" for n, t, r in state.checks if n <= last}
    if not any(told.values()):
        return 0, {}  # a cautious seer stays hidden until it has a 查杀
    return seer, told


# The engine carries no speech, yet beginner wolves give themselves away when they talk (抿身份、聊爆):
# with this chance a good voter without a claim to follow reads one living wolf correctly. It is the
# simulation's only stand-in for 发言 (docs/balance.md: at 0, 12人预女猎白 goes from 88% to 94% wolf wins).
READ_CHANCE = 0.2

# Skills a cautious beginner never uses: 自爆 gives the game away.
NEVER = frozenset({"explode", "king_explode"})


def heuristic(ruleset: Any, state: Any, seat: int, rng: Rng) -> Action | None:
    legal = {c.skill.key: c for c in ruleset.legal(state, seat)}
    if not legal:
        return None
    seer, told = public_claims(state, ruleset)
    if "kill" in legal:
        return _kill(state, seat, legal["kill"].candidates, seer, told, rng)
    if "check" in legal:
        return _check(state, seat, legal["check"].candidates, rng)
    if "guard" in legal:
        return _guard(state, seat, legal["guard"].candidates, seer, rng)
    if "save" in legal or "poison" in legal:
        return _witch(state, seat, legal, told, rng)
    if "shoot" in legal:
        return _shoot(state, seat, legal["shoot"].candidates, seer, told, rng)
    if "vote" in legal and seat not in state.box.votes:
        return _vote(state, seat, legal["vote"].candidates, seer, told, rng)
    # anything else this board has (上警, 连线, 迷惑…): the engine's generic cautious play
    handled = NEVER | {"kill", "check", "guard", "save", "poison", "shoot", "vote"}
    return generic_action(ruleset, state, seat, rng, skip=handled)


def _act(key: str, *targets: int) -> Action:
    return Action(skill=key, targets=tuple(targets))


def _kill(state: Any, seat: int, cands: tuple[int, ...], seer: int, told: dict[int, bool], rng: Rng) -> Action | None:
    # the pack's current choice (seen in 狼聊): agree with it
    for wolf, (target, _) in sorted(state.wolf_choice.items(), key=lambda kv: -kv[1][1]):
        if wolf != seat and target in cands:
            return _act("kill", target)
    if seer in cands and rng.chance(0.8):
        return _act("kill", seer)
    cleared = [t for t in cands if told.get(t) is False]
    if cleared and rng.chance(0.3):
        return _act("kill", rng.choice(cleared))
    return _act("kill", rng.choice(list(cands))) if cands else None


def _check(state: Any, seat: int, cands: tuple[int, ...], rng: Rng) -> Action | None:
    checked = {t for _, t, _ in state.checks}
    fresh = [t for t in cands if t not in checked]
    pool = fresh or list(cands)
    return _act("check", rng.choice(pool)) if pool else None


def _guard(state: Any, seat: int, cands: tuple[int, ...], seer: int, rng: Rng) -> Action | None:
    if seer in cands and seer != seat:
        return _act("guard", seer)
    if seat in cands and rng.chance(0.5):
        return _act("guard", seat)
    others = [t for t in cands if t != seat]
    return _act("guard", rng.choice(others)) if others else None


def _witch(state: Any, seat: int, legal: dict, told: dict[int, bool], rng: Rng) -> Action | None:
    if "save" in legal and state.kill:
        # beginners always save on the first night; later only a claimed seer or themselves
        seer_claimed = told and state.kill == state.holders("预言家")[0]
        if state.day == 1 or seer_claimed or state.kill == seat:
            return _act("save")
    if "poison" in legal:
        wolves = [t for t in legal["poison"].candidates if told.get(t)]
        if wolves:
            return _act("poison", rng.choice(wolves))
    return None


def _shoot(state: Any, seat: int, cands: tuple[int, ...], seer: int, told: dict[int, bool], rng: Rng) -> Action | None:
    wolves = [t for t in cands if told.get(t)]
    if wolves:
        return _act("shoot", rng.choice(wolves))
    safe = [t for t in cands if t != seat and t != seer and told.get(t) is not False]
    accusers = [v for v, t in sorted(state.box.votes.items()) if t == seat and v in safe]
    if accusers:
        return _act("shoot", rng.choice(accusers))
    if safe and rng.chance(0.5):
        return _act("shoot", rng.choice(safe))
    return None


def _vote(state: Any, seat: int, cands: tuple[int, ...], seer: int, told: dict[int, bool], rng: Rng) -> Action:
    seats = [t for t in cands if t != ABSTAIN and t != seat]
    if not seats:
        return _act("vote", ABSTAIN)
    if state.kind(seat) == WOLF:
        mates = set(state.wolves(living=False))
        good = [t for t in seats if t not in mates]
        if not good:
            return _act("vote", ABSTAIN)
        if seer in good and any(told.get(m) for m in mates if state.alive[m]) and rng.chance(0.7):
            return _act("vote", seer)  # push back on the seer who checked a teammate
        return _act("vote", _follow(state, good, rng))
    if state.role(seat) == "预言家":
        known = {t: r == "狼人" for _, t, r in state.checks}
        wolves = [t for t in seats if known.get(t)]
        if wolves:
            return _act("vote", rng.choice(wolves))
        unknown = [t for t in seats if t not in known] or seats
        return _act("vote", _follow(state, unknown, rng))
    wolves = [t for t in seats if told.get(t)]
    if wolves and rng.chance(0.85):
        return _act("vote", rng.choice(wolves))
    hidden = [t for t in seats if state.kind(t) == WOLF]
    if hidden and rng.chance(READ_CHANCE):
        return _act("vote", rng.choice(hidden))  # the wolf slipped in its speech (see READ_CHANCE)
    trusted = {t for t, wolf in told.items() if not wolf} | ({seer} if seer else set())
    # whoever votes against the claimed seer today looks like a wolf defending a teammate
    defenders = [v for v, t in sorted(state.box.votes.items()) if seer and t == seer and v in seats]
    if defenders and rng.chance(0.7):
        return _act("vote", rng.choice(defenders))
    suspects = [t for t in seats if t not in trusted] or seats
    return _act("vote", _follow(state, suspects, rng))


def _follow(state: Any, allowed: list[int], rng: Rng) -> int:
    """随大流: the most-voted allowed seat so far, or a random allowed seat."""
    counts: dict[int, int] = {}
    for target in state.box.votes.values():
        if target in allowed:
            counts[target] = counts.get(target, 0) + 1
    if counts and rng.chance(0.7):
        best = max(counts.values())
        return rng.choice(sorted(t for t, c in counts.items() if c == best))
    return rng.choice(allowed)
