"""The state of one 鹿鼎记 game: a dataclass folded from the log (equal after a replay)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..bansha.engine import BaseState, Outcome, VoteBox
from .terms import ALL


@dataclass
class LudingState(BaseState):
    roles: list[str] = field(default_factory=list)  # index 0 unused
    camps: list[str] = field(default_factory=list)  # current camp; 感染 changes it, never the role
    turned: dict[int, int] = field(default_factory=dict)  # seat -> night on which it was converted
    elder_hit: bool = False  # 长寿之命: the first valid infection has been spent
    lost_skills: list[str] = field(default_factory=list)  # "seat:key" skills taken away (预言, 长寿之命…)
    lost: list[str] = field(default_factory=list)  # camps judged lost (不予公示), in order
    forfeited: list[str] = field(default_factory=list)  # camps lost by the judge's red cards
    result: Outcome | None = None
    fates: dict[int, str] = field(default_factory=dict)  # private: how each seat left
    public_dead: list[int] = field(default_factory=list)  # seats whose exit has been published
    public_fates: dict[int, str] = field(default_factory=dict)
    removed: list[int] = field(default_factory=list)  # red-carded seats
    rally_night: int = 0  # 激励: the night on which the 父狼 infects twice
    # private histories, for /身份
    checks: list[tuple[int, int, str]] = field(default_factory=list)  # (night, target, result)
    quarantines: list[tuple[int, int, str]] = field(default_factory=list)
    infections: list[tuple[int, int]] = field(default_factory=list)  # (night, target) as submitted
    shields: list[int] = field(default_factory=list)  # every seat that became a 神圣之盾 target
    charms: list[int] = field(default_factory=list)  # every seat that became a 魅惑 target
    potions: list[tuple[int, str, int]] = field(default_factory=list)  # (night, potion, target)
    # tonight's submissions (night phase): skill key -> its target (感染: the list of targets; 牺牲: True).
    # A role keeps its night choice here, so a new role needs no new field.
    tonight: dict[str, Any] = field(default_factory=dict)
    passed: list[str] = field(default_factory=list)  # "seat:key" or "seat:*" given up tonight
    # tonight's resolution (settle phase)
    step: int = 0  # index into order.NIGHT_ORDER
    infect_queue: list[int] = field(default_factory=list)
    infect_at: int = 0
    charmed: int = 0
    shielded: int = 0
    saved: int = 0
    poisoned: int = 0
    shooter: int = 0  # a hunter out tonight, deciding his shot
    night_out: list[int] = field(default_factory=list)
    # the day
    box: VoteBox = field(default_factory=VoteBox)
    vote_shooter: int = 0  # a hunter voted out today, who may shoot during the night phase
    voted_out: list[int] = field(default_factory=list)  # today's exits by the vote and its shot
    words_owed: list[int] = field(default_factory=list)  # entitled to 遗言 until the next day starts
    words: dict[int, str] = field(default_factory=dict)
    words_past: list[int] = field(default_factory=list)  # whose 遗言 were published at the last day's start

    def role(self, seat: int) -> str:
        return self.roles[seat]

    def holder(self, role: str) -> int:
        return self.roles.index(role)

    def has(self, seat: int, key: str) -> bool:
        return f"{seat}:{key}" not in self.lost_skills

    def passed_on(self, seat: int, key: str) -> bool:
        """The seat gave up this skill (or everything) tonight."""
        return f"{seat}:{key}" in self.passed or f"{seat}:{ALL}" in self.passed

    def acts(self, seat: int, key: str) -> bool:
        """Whether the seat can 发动 the skill now: in play, not charmed, not stripped of it."""
        return self.alive[seat] and self.charmed != seat and self.has(seat, key)
