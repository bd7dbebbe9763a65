"""The game state of 斗兽棋: a plain dataclass, rebuilt bit for bit by replaying the log."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..bansha.engine import BaseState
from .book import INSTINCTS, REGISTRY


@dataclass
class Plan:
    """One seat's submissions for the current round (all resolved together at its close)."""

    action: int = 0  # 攻击 / 感应 target
    passed: bool = False  # gave the action up with /放弃
    extra: dict[str, int] = field(default_factory=dict)  # 野心 / 发怒 / 垂死抗争 -> second attack or sense
    slaughter: int = 0  # 杀戮 target
    wisdom: tuple[tuple[int, str], ...] = ()  # 智慧: (seat, guess word) pairs
    instinct: str = ""  # key of the 本能 used this round
    targets: tuple[int, ...] = ()
    words: tuple[str, ...] = ()


@dataclass
class BeastState(BaseState):
    counts: tuple[int, ...] = ()  # players of level 1..4
    levels: list[int] = field(default_factory=list)  # index 0 unused
    animals: list[str] = field(default_factory=list)
    max_hp: int = 0
    hp: list[int] = field(default_factory=list)  # real HP (== HP at the start of the round while it runs)
    shown: list[int] = field(default_factory=list)  # HP as last announced (独立宣言 keeps it stale)
    shields: list[int] = field(default_factory=list)
    picked: list[str] = field(default_factory=list)  # 本能 as chosen (笨鸟先飞 stays visible in the cast)
    instincts: list[str] = field(default_factory=list)  # 本能 held
    ban_rule: str = "x/2n"
    quiet_start: bool = True
    ban_votes: dict[int, tuple[str, ...]] = field(default_factory=dict)
    banned: list[str] = field(default_factory=list)
    probed: dict[int, int] = field(default_factory=dict)
    plans: dict[int, Plan] = field(default_factory=dict)
    comm_open: bool = False  # after the first round's HP announcement
    fates: dict[int, str] = field(default_factory=dict)
    died_round: dict[int, int] = field(default_factory=dict)
    removed: list[int] = field(default_factory=list)
    # what the last round left behind
    lost_last: dict[int, int] = field(default_factory=dict)  # HP lost (警惕)
    hurt_by: dict[int, list[int]] = field(default_factory=dict)  # who hurt the seat (卧薪尝胆); 0 = the rules
    eyes_on: dict[int, int] = field(default_factory=dict)  # others whose objects included the seat (苟且偷生)
    deaths_last: int = 0  # deaths in the last round (幸运, 断井颓垣)
    wisdom_round: dict[int, int] = field(default_factory=dict)  # last round a 智慧 / 大智若愚 was made
    # 本能 bookkeeping
    last_used: dict[int, int] = field(default_factory=dict)  # round of the last use (cooldown)
    last_target: dict[int, int] = field(default_factory=dict)  # 不可連續對同一人
    luck: dict[int, str] = field(default_factory=dict)  # this round's 幸运 draw
    aggressive: dict[int, bool] = field(default_factory=dict)  # 断井颓垣: 激进 once true
    marks: dict[int, dict[int, int]] = field(default_factory=dict)  # 外交部发言人 -> seat -> layers
    scarecrows: dict[int, int] = field(default_factory=dict)
    fox_bonus: dict[int, int] = field(default_factory=dict)  # 狐假虎威: extra true damage on the next attack/sense
    omens: dict[int, dict[int, str]] = field(default_factory=dict)  # 趋吉避凶: seat -> round -> 吉/凶
    curses: dict[int, int] = field(default_factory=dict)  # level -> round in which its attacks deal 1 less
    max_loss: dict[int, int] = field(default_factory=dict)  # 吉+吉: seat -> last round of 最大扣除血量 1
    mercy_until: dict[int, int] = field(default_factory=dict)  # 仁慈: seat -> round without 本能 and 智慧
    last_stand: dict[int, int] = field(default_factory=dict)  # 垂死抗争: seat -> last round of the effect
    # the end
    winner: int = 0  # level that triggered a 获胜效果
    win_text: str = ""
    forfeited: list[int] = field(default_factory=list)

    def level(self, seat: int) -> int:
        return self.levels[seat]

    def instinct(self, seat: int) -> Any:
        """The 本能 the seat holds (a power.Instinct), or None."""
        return INSTINCTS.get(self.instincts[seat]) if self.instincts[seat] else None

    def holds(self, seat: int, key: str) -> bool:
        inst = self.instinct(seat)
        return inst is not None and inst.key == key

    def plan(self, seat: int) -> Plan:
        return self.plans.setdefault(seat, Plan())

    def gave_up_action(self, seat: int) -> bool:
        plan = self.plans.get(seat)
        return bool(plan and plan.instinct and REGISTRY[plan.instinct].gives_up_action)

    def acted(self, seat: int) -> bool:
        plan = self.plans.get(seat)
        return bool(plan and (plan.action or plan.passed)) or self.gave_up_action(seat)

    def seats_of(self, level: int) -> list[int]:
        return [s for s in range(1, self.n + 1) if self.levels[s] == level]

    def known_hp(self, viewer: int, seat: int) -> int:
        """What `viewer` knows of `seat`'s HP: the real value for oneself, the announced one for others
        (so a refusal never leaks an 独立宣言)."""
        return self.hp[seat] if viewer == seat else self.shown[seat]

    def living_levels(self) -> list[int]:
        return sorted({self.levels[s] for s in self.living()})
