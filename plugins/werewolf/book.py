"""狼人杀's book: every role and every unit of behaviour, declared by the role modules (roles/) next to what
they do (engine/core/behaviour.py: one protocol for every game).

- A unit is a `WerewolfUnit`: the engine's `Behaviour` plus the text's tags as fields (`harmful`: lovers may
  never use it on each other). Its legality (`blocked`, `target`) and its effect (`resolve`, when used) are
  the protocol; any other method is a named moment and runs only because a step of order.py lists it:
  a step of the night (`wake`: its role's own prompt, `close`, `dawn`: the dawn's count, `morning`: after the
  dawn's deaths, `owes`, `holder`) or of what follows a death (`enter`, `deadline`, `owes`). A step's key is
  its unit's key; rules.py refuses to load when a unit and the orders disagree (engine `problems`).
  A role's part in the day's and the deaths' procedures (its curse, its shot, its flip, a tie it breaks) is a
  moment of its unit too, in order.MOMENTS.
- A role is a `WerewolfRole`: its faction, kind and skills, and what it says (/身份, the 导演台).

This module sits below the game's state and procedures: where it names them it says so in words (`Any`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..bansha.engine import Behaviour, Book, Role

BOOK = Book("werewolf")


@dataclass(frozen=True)
class WerewolfUnit(Behaviour):
    """A unit of 狼人杀 (a skill, a passive, a step of one of the two orders), with 002's tags."""

    harmful: bool = False  # 002 恋人之间永远不能互票互杀: refused on one's lover
    harmless_in: tuple[str, ...] = ()  # phases in which it harms nobody (the sheriff election's vote)


class OncePerNight(WerewolfUnit):
    """A one-action-a-night skill (查验, 守护, 偷看, 迷惑, 连线, 交换): refused after the seat acted or passed."""

    def blocked(self, state: Any, seat: int) -> str | None:  # state: state.WerewolfState
        return "你今晚已经行动过（或已放弃）了。" if seat in state.done else None


@dataclass(frozen=True)
class Departure:
    seat: int
    cause: str  # terms: WOLF_KILL, POISON, VOTE, …
    fate: str = ""  # overrides terms.FATE[cause] (a night death with several causes)


@dataclass
class Dawn:
    """What the night's actions add up to, folded at dawn in order.NIGHT_ORDER (the steps' `dawn`)."""

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
    VILLAGER, SOLO). `state` is the game's state.WerewolfState."""

    tie_rule: str = ""  # what the day's announcement says of it when the vote ties (替罪羊)

    def intro_lines(self, state: Any, seat: int) -> list[str]:
        """What the role PM adds before the skills (the wolves' mates)."""
        return []
