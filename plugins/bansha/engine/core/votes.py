"""A ballot box any ruleset can use for a day's vote.

It keeps who voted for whom, the reasons, how often each voter changed, and
the order of ballots for the log. Weights are given at tally time, so statuses
(警长, 独裁, 迷魂…) stay with the ruleset.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from . import ABSTAIN, Refusal


@dataclass
class Ballot:
    voter: int
    target: int
    reason: str
    change: bool
    proxy: bool
    at: float


@dataclass
class VoteBox:
    votes: dict[int, int] = field(default_factory=dict)
    reasons: dict[int, str] = field(default_factory=dict)
    changes: dict[int, int] = field(default_factory=dict)
    history: list[Ballot] = field(default_factory=list)

    def cast(
        self,
        voter: int,
        target: int,
        *,
        reason: str = "",
        change: bool | None = None,
        proxy: bool = False,
        at: float = 0.0,
        max_changes: int | None = None,
    ) -> Ballot:
        """Record a ballot. `change=None` means: a change if the voter already voted.

        With `max_changes` set (forum rules: exactly one change), a vote after
        the allowance is refused; a /改票 before any vote is refused too.
        """
        had = voter in self.votes
        if change is None:
            change = had
        if change and not had:
            raise Refusal("你还没有投票，不能改票：请先用 /投票。")
        if not change and had and max_changes is not None:
            raise Refusal("你已经投过票了；如需改票请用 /改票（每天只能改一次）。")
        if change and max_changes is not None and self.changes.get(voter, 0) >= max_changes:
            raise Refusal(f"你今天已经改过 {max_changes} 次票，不能再改。")
        if change:
            self.changes[voter] = self.changes.get(voter, 0) + 1
        self.votes[voter] = target
        self.reasons[voter] = reason
        ballot = Ballot(voter, target, reason, change, proxy, at)
        self.history.append(ballot)
        return ballot

    def tally(self, weights: dict[int, float] | None = None) -> dict[int, float]:
        """Weighted counts per target; abstentions are counted under ABSTAIN."""
        counts: dict[int, float] = {}
        for voter, target in self.votes.items():
            w = 1.0 if weights is None else weights.get(voter, 1.0)
            if w <= 0:
                continue
            counts[target] = counts.get(target, 0.0) + w
        return counts

    def leaders(self, weights: dict[int, float] | None = None) -> list[int]:
        """Seats with the most votes (abstentions never lead)."""
        counts = {t: c for t, c in self.tally(weights).items() if t != ABSTAIN}
        if not counts:
            return []
        best = max(counts.values())
        return sorted(t for t, c in counts.items() if c == best)

    def clear(self) -> None:
        self.votes.clear()
        self.reasons.clear()
        self.changes.clear()
        self.history.clear()
