"""Roles, and a game's book of what its skills do.

A role is data: the rule text's name, the faction it is dealt in, the skills it holds and a line for /身份.
What a skill *does* is registered next to its declaration, in the role's own module, with the game's
`Book` as decorators:

    INVESTIGATE = Skill("investigate", "调查", phases=(ROUND,), pm_only=True, help="…")
    DETECTIVE = BOOK.role(Role("侦探", "玩家", (INVESTIGATE,), "每回合可以调查一人。"))

    @BOOK.effect(INVESTIGATE)
    def investigate(ctx, state, seat, action): ...

    @BOOK.target(INVESTIGATE)
    def not_yourself_twice(state, seat, target) -> str | None: ...

The ruleset names its book (`Ruleset.book`); the engine then calls the effect when the skill is used, and
asks the target and blocked checks before it (engine/game/ruleset.py). Steps of a resolution order that are not
one skill's effect (counting the night's deaths, a dawn report) register with `@BOOK.step(key)`.

`Book.problems(order)` lists every declared skill without an effect, every handler whose skill no role
declares, and every order step without a handler; each game's tests assert it is empty, so a missing
handler fails a test instead of waiting for play to reach it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cached_property
from typing import Any, TypeVar

from .behaviour import Behaviour, unit
from .skills import Skill

F = TypeVar("F", bound=Callable[..., Any])
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


# What a handler of each kind is called with:
#   effect  (ctx, state, seat, action) -> None       the skill was used, every check passed
#   target  (state, seat, target) -> str | None       why this target is refused (beyond the declaration)
#   blocked (state, seat) -> str | None                why the seat cannot use the skill now
#   step    (ctx, state) -> None                       one step of the game's resolution order
EFFECT, TARGET, BLOCKED, STEP = "effect", "target", "blocked", "step"


class Book:
    """One game's roles, their skills and the handlers registered for them."""

    def __init__(self, game: str):
        self.game = game
        self.roles: dict[str, Role] = {}
        self.skills: dict[str, Skill] = {}
        self.units: dict[str, Behaviour] = {}  # every unit of behaviour, by key (engine/core/behaviour.py)
        self.handlers: dict[str, dict[str, Callable[..., Any]]] = {EFFECT: {}, TARGET: {}, BLOCKED: {}, STEP: {}}

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

    def _on(self, kind: str, key: str) -> Callable[[F], F]:
        def register(fn: F) -> F:
            if key in self.handlers[kind]:
                raise ValueError(f"{self.game}: a second {kind} handler for {key!r} ({fn.__qualname__})")
            self.handlers[kind][key] = fn
            return fn

        return register

    def effect(self, skill: Skill) -> Callable[[F], F]:
        return self._on(EFFECT, skill.key)

    def target(self, skill: Skill) -> Callable[[F], F]:
        return self._on(TARGET, skill.key)

    def blocked(self, skill: Skill) -> Callable[[F], F]:
        return self._on(BLOCKED, skill.key)

    def step(self, key: str) -> Callable[[F], F]:
        return self._on(STEP, key)

    # --- using -------------------------------------------------------------------------------
    def handler(self, kind: str, key: str) -> Callable[..., Any] | None:
        return self.handlers[kind].get(key)

    def skill(self, key: str) -> Skill:
        return self.skills[key]

    def run(self, key: str, ctx: Any, state: Any) -> None:
        """One step of the game's resolution order."""
        self.handlers[STEP][key](ctx, state)

    def problems(self, order: Iterable[str] = ()) -> list[str]:
        """What is declared without behaviour or handled without declaration (empty when the book is whole).

        A skill that is `mandatory` (resolved by the game, never typed) or named as a step of `order` needs
        no effect; every key of `order` needs a step handler or a skill effect."""
        out = []
        steps = list(order)
        for key, skill in self.skills.items():
            if key in self.units:
                continue  # a unit's own check is engine/core/behaviour.py problems
            if not skill.mandatory and key not in self.handlers[EFFECT] and key not in steps:
                out.append(f"skill {key} ({skill.name}) has no effect")
        for kind in (EFFECT, TARGET, BLOCKED):
            for key in self.handlers[kind]:
                if key not in self.skills:
                    out.append(f"{kind} handler for {key}, which no role declares")
        for key in self.handlers[STEP]:
            if key not in steps:
                out.append(f"step handler {key} is in no order")
        for key in steps:
            if key not in self.handlers[STEP] and key not in self.handlers[EFFECT] and key not in self.units:
                out.append(f"order step {key} has no handler")
        return out
