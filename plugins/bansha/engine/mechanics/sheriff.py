"""警长: a sheriff election with candidates, and the badge that passes or is torn.

From 004: "警长需要竞选，导演会在竞选日开始前询问所有角色上警意见，只有未上警的角色才能投警长票，
上警的角色才能被投票"; "竞岗[强制]——警长竞选贴内，获得票数最多的角色当选警长，平票则没有警长";
"殉职[强制]——警长出局时，在出局的那个阶段内，须选择一名未出局的角色移交警长或选择撕掉警徽……若在该
阶段内未及时选择警长，警长将直接撕掉". The sheriff's extra vote (004: +0.5) is a weight the
ruleset passes to VoteBox.tally. Pure.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..core import ABSTAIN, Refusal
from ..core.votes import VoteBox


@dataclass
class Election:
    candidates: list[int] = field(default_factory=list)
    withdrawn: list[int] = field(default_factory=list)
    box: VoteBox = field(default_factory=VoteBox)
    open: bool = True  # 上警/退水 accepted

    def stand(self, seat: int) -> None:
        if not self.open:
            raise Refusal("现在不能上警：上警要在竞选日开始前决定。")
        if seat in self.candidates:
            raise Refusal("你已经上警了。")
        if seat in self.withdrawn:
            raise Refusal("你已经退水，不能再次上警。")
        self.candidates.append(seat)

    def withdraw(self, seat: int) -> None:
        if seat not in self.candidates:
            raise Refusal("你没有上警，不需要退水。")
        self.candidates.remove(seat)
        self.withdrawn.append(seat)
        self.box.votes = {v: t for v, t in self.box.votes.items() if t != seat}

    def vote_refusal(self, voter: int, target: int) -> str | None:
        if voter in self.candidates:
            return "上警的角色不能投警长票。"
        if target != ABSTAIN and target not in self.candidates:
            return "警长票只能投给上警的角色（或弃权）。"
        return None

    def result(self, weights: dict[int, float] | None = None) -> tuple[int, dict[int, float], list[int]]:
        """(elected seat or 0, counts, leaders): the most votes wins, a tie elects nobody."""
        valid = {v: t for v, t in self.box.votes.items() if t == ABSTAIN or t in self.candidates}
        box = VoteBox(votes=valid)
        counts = box.tally(weights)
        leaders = box.leaders(weights)
        return (leaders[0] if len(leaders) == 1 else 0), counts, leaders


@dataclass
class Badge:
    holder: int = 0  # the sheriff, 0 = none
    leaving: int = 0  # a sheriff who left and whose badge waits for a decision
    chooser: int = 0  # who decides (the sheriff, or whoever a rule names instead)
    phase: str = ""  # the phase in which it must be decided
    day: int = 0
    torn: bool = False

    def elect(self, seat: int) -> None:
        self.holder = seat
        self.torn = False

    def vacate(self, phase: str, day: int, chooser: int = 0) -> None:
        """The sheriff left: the decision is due within this phase."""
        self.leaving = self.holder
        self.chooser = chooser or self.holder
        self.holder = 0
        self.phase, self.day = phase, day

    @property
    def pending(self) -> bool:
        return bool(self.leaving)

    def hand_to(self, seat: int) -> None:
        self.holder = seat
        self.leaving = self.chooser = 0

    def tear(self) -> None:
        self.holder = self.leaving = self.chooser = 0
        self.torn = True
