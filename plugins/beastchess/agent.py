"""A random agent that knows 斗兽棋's word formats, for the simulator and the fuzz tests.

The engine's generic random agent only ever sends seats or a single word, so it
never forms a valid 智慧, 大智若愚, 警惕, 禁用 or 趋吉避凶. This one plays only
well-formed submissions (still at random), so whole games exercise every 本能
and ability; anything it sends that the ruleset refuses is a disagreement
between `legal` and the handlers, which the tests count.
"""

from __future__ import annotations

from typing import Any

from ..bansha.engine import Action, Rng, Ruleset
from .abilities import forms_needed
from .catalog import INSTINCT_LIST, UNBANNABLE
from .data import AT, BAN, LEVEL_WORDS, PICK, PT
from .instincts.omen import JI
from .state import BeastState

NAMES = [i.name for i in INSTINCT_LIST]


def beast_agent(ruleset: Ruleset, state: Any, seat: int, rng: Rng) -> Action | None:
    st: BeastState = state
    choices = ruleset.legal(st, seat)
    if not choices:
        return None
    if st.phase == BAN:
        k = rng.randint(1, 2)
        return Action("ban", (), tuple(rng.sample([n for n in NAMES if n not in UNBANNABLE], k)))
    if st.phase == PICK:
        return Action("pick", (), (rng.choice([n for n in NAMES if n not in st.banned]),))
    by_key = {c.skill.key: c for c in choices}
    action_key = "sense" if "sense" in by_key else "attack"
    others = [c for c in choices if c.skill.key not in ("attack", "sense")]
    # favour the action a little, so rounds end; otherwise any skill
    if action_key in by_key and (not others or rng.chance(0.35)):
        pick = by_key[action_key]
    else:
        pick = rng.choice(others or choices)
    return _form(ruleset, st, seat, pick.skill, list(pick.candidates), rng)


def _form(ruleset: Ruleset, st: BeastState, seat: int, skill, cands: list[int], rng: Rng) -> Action | None:
    key = skill.key
    others = [s for s in range(1, st.n + 1) if s != seat]
    if key in ("wisdom", "feign"):
        return _guess(ruleset, st, seat, key, others, rng)
    if key == "vigilance":
        return Action(key, (rng.choice(cands),), (rng.choice(LEVEL_WORDS),)) if cands else None
    if key == "omen":
        xiong = bool(cands) and rng.chance(0.5)
        mine = "凶" if xiong else JI
        words: tuple[str, ...] = (mine,)
        before = st.omens.get(seat, {}).get(st.day - 1, JI)
        if st.day % 2 == 0 and before != mine:
            words += (rng.choice(LEVEL_WORDS),)
        return Action(key, (rng.choice(cands),) if xiong else (), words)
    k = skill.targets
    if skill.min_targets is not None and skill.min_targets < k:
        k = rng.randint(skill.min_targets, k)
    if len(cands) < k:
        return None
    return Action(key, tuple(rng.sample(cands, k)), ())


def _guess(ruleset: Ruleset, st: BeastState, seat: int, key: str, others: list[int], rng: Rng) -> Action:
    order = list(others)
    rng.shuffle(order)
    if key == "feign":  # level counts must match the deal, own level included
        pool = [lv for lv, c in zip((1, 2, 3, 4), st.counts, strict=True) for _ in range(c)]
        pool.remove(st.level(seat))
        rng.shuffle(pool)
        words = tuple(f"{lv}级{rng.choice((AT, PT))}" for lv in pool)
        return Action(key, tuple(order), words)
    need = forms_needed(st)
    own = st.level(seat)
    levels = [rng.choice((1, 2, 3, 4)) for _ in order]
    # give the form-bearing guesses a level other than one's own, as the rule asks
    bearing = set(rng.sample(range(len(order)), min(need, len(order))))
    for i in bearing:
        if levels[i] == own:
            levels[i] = rng.choice([lv for lv in (1, 2, 3, 4) if lv != own])
    words = tuple(f"{lv}级{rng.choice((AT, PT)) if i in bearing else ''}" for i, lv in enumerate(levels))
    return Action(key, tuple(order), words)


random_agent = beast_agent  # the engine's hook (engine/agents/play.py: agent_for)
