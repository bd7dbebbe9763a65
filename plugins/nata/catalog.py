"""Every role and skill of 纳塔, in the pool's order.

Importing this module imports every role module (roles/) and puts the registry in the order of pool.py. The
skills are checked against the tables (order.ORDER, order.MOMENTS) by the engine's one check, which rules.py
runs when the game loads.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from . import roles  # noqa: F401  (registers every role module)
from .declared import ROLES, SKILLS
from .order import MOMENTS
from .pool import ROLE_WORDS
from .skill import NataSkill
from .terms import DAWN, DEEP, DUSK, EARLY, LATE, MID, NOON, START


def _in_pool_order() -> None:
    """The registry in the pool's order: skills no role holds first, then each role's own, then what it may gain."""
    if set(ROLES) != set(ROLE_WORDS):  # a role module without its pool line, or the reverse
        raise ValueError(f"纳塔：身份池与声明不一致：{sorted(set(ROLES) ^ set(ROLE_WORDS))}")
    ordered_roles = {name: ROLES[name] for name in ROLE_WORDS if name in ROLES}
    keys = [s.key for r in ordered_roles.values() for s in (*r.skills, *r.extra)]
    first = [k for k in SKILLS if k not in keys]
    ordered = {k: SKILLS[k] for k in dict.fromkeys(first + keys)}
    SKILLS.clear()
    SKILLS.update(ordered)
    ROLES.clear()
    ROLES.update(ordered_roles)


_in_pool_order()

# Names of the [指定] skills, for 野人[跟随]'s 嚎叫 and 饕餮's 贪欲.
TARGETED_NAMES: tuple[str, ...] = tuple(dict.fromkeys(s.name for s in SKILLS.values() if s.targeted))
# 嚎叫 names two of them: its words are known once every role is in.
SKILLS["howl"] = replace(SKILLS["howl"], words=TARGETED_NAMES)
# Skills usable in each phase (a quick first filter for "who still owes an action").
PHASE_KEYS: dict[str, frozenset[str]] = {
    p: frozenset(k for k, s in SKILLS.items() if p in s.phases) for p in (START, NOON, DUSK, EARLY, MID, DEEP, LATE, DAWN)
}
# Keys of the 强制 skills that give statuses while in force.
INNATE_KEYS = frozenset(MOMENTS["innate"])


# Each moment's skills, looked up once: MOMENTS names them by key.
_ANSWERING = {name: tuple(SKILLS[k] for k in MOMENTS[name]) for name in MOMENTS.names()}


def answering(name: str) -> tuple[NataSkill, ...]:
    """The skills answering a moment, in the order order.MOMENTS lists them (where the caller weighs the answers:
    the first that saves, any that stops)."""
    return _ANSWERING[name]


def moment(name: str, *args: Any) -> list[Any]:
    """Run a moment: every skill order.MOMENTS lists for it, in order, with these arguments; their answers."""
    return MOMENTS.run(name, SKILLS, *args)

