"""警长 rules that differ between boards, on top of the engine's mech_sheriff (Election, Badge).

Kept free of this game's state so it can move to plugins/bansha/engine next to mech_sheriff:
- who may vote in the election: everyone living (002 "警长将在第一个白天被全体玩家投票选出") or only those
  who never stood (004 "只有未上警的角色才能投警长票"; 退水 players count as having stood, as in Chinese play);
- the weight of the sheriff's vote in the exile vote: ×2 (002 "他的一票算两票") or 1.5 (004 "+0.5");
- the count: the most votes wins; a first tie goes to a run-off between the tied; a second tie (or no votes)
  elects nobody (警徽流失);
- the speaking order: the sheriff speaks last (002 "警长在发言时永远最后一个发言").
"""

from __future__ import annotations

from collections.abc import Callable

from ..bansha.engine import ABSTAIN, VoteBox
from ..bansha.engine.mechanics.sheriff import Election

ALL = "全体"
OFF_STAGE = "警下"


def vote_refusal(rule: str, election: Election, stood: list[int], voter: int, target: int) -> str | None:
    """Why `voter` may not give this election vote (target 0 = 弃权), or None."""
    if rule == OFF_STAGE and voter in stood:
        return "上警（包括已退水）的玩家不能投警长票。"
    if target != ABSTAIN and target not in election.candidates:
        names = "、".join(f"{c}号" for c in election.candidates) or "无"
        return f"警长票只能投给候选人：{names}（或弃权）。"
    return None


def may_vote(rule: str, stood: list[int], voter: int) -> bool:
    return rule != OFF_STAGE or voter not in stood


def count(
    election: Election, alive: Callable[[int], bool], eligible: Callable[[int], bool]
) -> tuple[int, dict[int, float], list[int]]:
    """(elected or 0, counts, leaders) over the valid ballots: living eligible voters, living candidates."""
    cands = [c for c in election.candidates if alive(c)]
    valid = {v: t for v, t in election.box.votes.items() if alive(v) and eligible(v) and (t == ABSTAIN or t in cands)}
    return Election(candidates=cands, box=VoteBox(votes=valid)).result()


def weights(sheriff: int, weight: float) -> dict[int, float]:
    return {sheriff: weight} if sheriff else {}


def speaking_order(sheriff: int, living: list[int], n: int) -> list[int]:
    """The 电梯楼 ring from the seat after the sheriff round to the sheriff, who speaks last."""
    ring = [(sheriff + i) % n or n for i in range(1, n + 1)]
    return [s for s in ring if s in living]
