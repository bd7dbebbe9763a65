"""Roles, and a game's book of its roles and its units of behaviour.

A role is data: the rule text's name, the faction it is dealt in, the skills it holds and a line for /身份.
What a skill *does* is its unit (engine/core/behaviour.py), declared once over its class next to its role, in
the role's own module, through the game's `Book`:

    @BOOK.unit("investigate", "调查", phases=(ROUND,), pm_only=True, help="…")
    class INVESTIGATE(Behaviour):
        def blocked(self, state, seat): ...
        def resolve(self, ctx, state, seat, action): ...

    DETECTIVE = BOOK.role(Role("侦探", "玩家", (INVESTIGATE,), "每回合可以调查一人。"))

The ruleset names its book (`Ruleset.book`); the engine asks a unit its checks and calls its effect
(engine/game/ruleset.py). The one check of a game's units against its tables is behaviour.problems.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import Any, TypeVar

from .behaviour import Behaviour, unit
from .skills import Skill

R = TypeVar("R", bound="Role")
U = TypeVar("U", bound=Behaviour)


@dataclass(frozen=True)
class Role:
    """One role as the rule text lists it. A game with more to say (纳塔's strength) subclasses it."""

    name: str  # the rule text's name
    faction: str  # the faction it is dealt in (a game may move a seat later)
    skills: tuple[Skill, ...] = ()
    blurb: str = ""  # what /身份 says the role does
    kind: str = ""  # the game's grouping within the faction (神民/平民, 强神/弱神…), if it has one
    note: str = ""  # a rule of the deal worth telling the holder (有狼兄必有狼弟)

    @cached_property
    def skill_keys(self) -> tuple[str, ...]:
        return tuple(s.key for s in self.skills)

    def skill(self, key: str) -> Skill | None:
        return next((s for s in self.skills if s.key == key), None)

    # --- what the role says about one of its seats (a game's views ask; the defaults say nothing) -----------
    def skills_now(self, state: Any, seat: int) -> tuple[Skill, ...]:
        """The declarations as the seat holds them in this phase."""
        return self.skills

    def prompt_line(self, state: Any, seat: int) -> str:
        """A line of the phase's prompt that the declarations cannot say."""
        return ""

    def tells(self, state: Any, seat: int) -> list[str]:
        """Its private record, for /身份."""
        return []

    def marks(self, state: Any, seat: int) -> list[str]:
        """A standing fact the 导演台 notes early in the seat's line."""
        return []

    def facts(self, state: Any, seat: int) -> list[str]:
        """Its history, last in the 导演台's line."""
        return []


class Book:
    """One game's roles, their skills and its units of behaviour."""

    def __init__(self, game: str):
        self.game = game
        self.roles: dict[str, Role] = {}
        self.skills: dict[str, Skill] = {}
        self.units: dict[str, Behaviour] = {}  # every unit of behaviour, by key (engine/core/behaviour.py)

    def unit(self, key: str, name: str, **fields: Any) -> Callable[[type[U]], U]:
        """Declare a unit of behaviour over its class (engine/core/behaviour.py `unit`), registered in this book."""
        declare = unit(key, name, **fields)

        def register(kind: type[U]) -> U:
            made = declare(kind)
            if key in self.units:
                raise ValueError(f"{self.game}: unit {key!r} declared twice")
            self.units[key] = made
            self.declare(made)
            return made

        return register

    # --- declaring ---------------------------------------------------------------------------
    def role(self, role: R) -> R:
        """Register a role and the skills it declares; returns it, to be kept as a module constant."""
        if role.name in self.roles:
            raise ValueError(f"{self.game}: role {role.name} registered twice")
        self.roles[role.name] = role
        for skill in role.skills:
            self.declare(skill)
        return role

    def declare(self, skill: Skill) -> Skill:
        """A skill no dealt role holds from the start (bought, inherited, granted by another's effect)."""
        known = self.skills.get(skill.key)
        if known is not None and known != skill:
            raise ValueError(f"{self.game}: two different skills use the key {skill.key!r}")
        self.skills[skill.key] = skill
        return skill

    # --- using -------------------------------------------------------------------------------
    def skill(self, key: str) -> Skill:
        return self.skills[key]
