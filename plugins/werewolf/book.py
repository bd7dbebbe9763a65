"""狼人杀's book: every role and skill, registered by the role modules (roles/) with what they do.

- A skill is a `WerewolfSkill`: the engine's Skill plus `harmful` (lovers may never use it on each other).
- A role is a `WerewolfRole`; its methods are its part in the game's procedures (what it knows, what follows
  when it leaves or is exiled, a tie it breaks). The defaults do nothing: a role writes what the text gives it.
- The book (engine/core/roles.py) holds each skill's effect and its blocked and target checks, and the handler of
  each step of the two orders (order.py): a `NightWork` for a step of the night (what it does when its
  sub-phase opens or closes, at the dawn's count and after the dawn's deaths) and an `AfterDeath` for a step
  of what follows a death. tests/test_werewolf_structure.py checks that each step has its handler, each
  handler its step, and each handler writes only the moments its base class names.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..bansha.engine import Book, Role, Skill
from ..bansha.engine.core.roles import STEP

if TYPE_CHECKING:
    from .state import WerewolfState
    from .world import World

BOOK = Book("werewolf")


@dataclass(frozen=True)
class WerewolfSkill(Skill):
    harmful: bool = False  # 002 恋人之间永远不能互票互杀: refused on one's lover
    harmless_in: tuple[str, ...] = ()  # phases in which it harms nobody (the sheriff election's vote)


@dataclass(frozen=True)
class Departure:
    seat: int
    cause: str  # terms: WOLF_KILL, POISON, VOTE, …
    fate: str = ""  # overrides terms.FATE[cause] (a night death with several causes)


@dataclass
class Dawn:
    """What the night's actions add up to, folded at dawn in order.NIGHT_ORDER."""

    protected: set[int] = field(default_factory=set)
    deaths: dict[int, list[str]] = field(default_factory=dict)  # seat -> causes
    both: set[int] = field(default_factory=set)  # 同守同救
    charm: list[int] = field(default_factory=list)
    elder_hit: int = 0  # the 长老 who survived tonight's attack
    notes: list[str] = field(default_factory=list)  # for the judge's record


Steps = list[tuple[str, tuple[int, ...]]]  # queued after-death steps: (order.AFTER_DEATH key, seats)


@dataclass(frozen=True)
class WerewolfRole(Role):
    """A role as 002 lists it: its faction at the deal (lovers may change it) and its kind (terms: WOLF, GOD,
    VILLAGER, SOLO)."""

    tie_rule: str = ""  # what the day's announcement says of it when the vote ties (替罪羊)

    def intro_lines(self, state: WerewolfState, seat: int) -> list[str]:
        """What the role PM adds before the skills (the wolves' mates)."""
        return []

    # --- its part in the procedures --------------------------------------------------------------
    def chain(self, w: World, dep: Departure) -> list[Departure]:
        """Who else leaves because this seat left (after the lover's grief)."""
        return []

    def announce(self, w: World, dep: Departure, deps: list[Departure]) -> None:
        """What the table is told of this departure, before the after-death steps queue."""

    def after(self, w: World, dep: Departure, night: bool) -> Steps:
        """The after-death steps this departure earns (order.AFTER_DEATH keys)."""
        return []

    def exiled(self, w: World, seat: int) -> bool:
        """The vote exiles the seat: True if it stays in the game (the 白痴 flips)."""
        return False

    def ties(self, w: World, seat: int, leaders: list[int]) -> bool:
        """The vote tied: True if this living seat settles it (the 替罪羊 dies)."""
        return False


class NightWork:
    """The handler of a step of order.NIGHT_ORDER: what it does at each moment of its night (each optional)."""

    def open(self, w: World) -> None:
        """Its sub-phase begins (the role's own prompt, replacing the engine's generic one)."""

    def close(self, w: World) -> None:
        """Its sub-phase ends."""

    def resolve(self, w: World, dawn: Dawn) -> None:
        """The dawn's count: fold what it did into `dawn`."""

    def morning(self, w: World, dawn: Dawn) -> None:
        """After the dawn's deaths are announced."""

    def owes(self, state: WerewolfState) -> set[int] | None:
        """Who still owes an action in its sub-phase (None: the skills say, as for every night role)."""
        return None

    def holder(self, state: WerewolfState) -> int | None:
        """The living seat that acts in it (None: the holder of the step's role)."""
        return None


class AfterDeath:
    """The handler of a step of order.AFTER_DEATH: its phase, entered for the seats that earned it."""

    def run(self, w: World, seats: tuple[int, ...]) -> bool:
        """True if it entered its phase (the queue waits); `seats` may be empty (all red-carded)."""
        raise NotImplementedError

    def deadline(self, w: World) -> None:
        """Its phase ran out of time."""

    def owes(self, state: WerewolfState) -> set[int]:
        raise NotImplementedError


def night_work(key: str) -> NightWork | None:
    """The handler of a night step (None for a step that is a skill's effect: 查验 answers at once)."""
    work = BOOK.handler(STEP, key)
    return _handler(work) if work is not None else None


def after_death(key: str) -> AfterDeath:
    return _handler(BOOK.handlers[STEP][key])


_HANDLERS: dict[type, NightWork | AfterDeath] = {}  # handlers keep nothing of their own: one of each will do


def _handler(kind: type) -> NightWork | AfterDeath:
    made = _HANDLERS.get(kind)
    if made is None:
        made = _HANDLERS[kind] = kind()
    return made


def overrides(work: NightWork | AfterDeath | type, moment: str) -> bool:
    """The handler writes this moment (its base class's default does nothing)."""
    kind = work if isinstance(work, type) else type(work)
    base = NightWork if issubclass(kind, NightWork) else AfterDeath
    return getattr(kind, moment) is not getattr(base, moment)


def acted_tonight(state: WerewolfState, seat: int) -> str | None:
    """A one-action-a-night skill (查验, 守护, 偷看, 迷惑, 连线, 交换) after the seat acted or passed."""
    return "你今晚已经行动过（或已放弃）了。" if seat in state.done else None
