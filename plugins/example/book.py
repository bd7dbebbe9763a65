"""The example game's book (its roles and what their skills do), its one phase and its state.

Each role module in roles/ registers itself here with decorators; the ruleset (rules.py) names the book,
and the engine finds every skill's effect and checks in it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..bansha.engine import BaseState, Book, VoteBox

BOOK = Book("toy")
ROUND = "round"


@dataclass
class ToyState(BaseState):
    """What the rules fold. BaseState brings the phase, the day, who is alive, uses and statuses."""

    roles: dict[int, str] = field(default_factory=dict)  # seat -> role name
    forfeit: str = ""
    picks: dict[int, int] = field(default_factory=dict)  # seat -> whom it 指认ed this 回合
    investigated: set[int] = field(default_factory=set)  # seats that used 调查 this 回合
    votes: VoteBox = field(default_factory=VoteBox)
    factions: dict[int, str] = field(default_factory=dict)  # 红队/蓝队: only the cards' "two reds" rule reads it
    fates: dict[int, str] = field(default_factory=dict)
