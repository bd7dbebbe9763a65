"""The facts of a 纳塔 deal that never change: 实际身份 and 实际阵营 are fixed once dealt, so who holds a role, which
village seats are 验人系/强神/弱神 and which seats are wolves are read from here, computed once per deal, instead of
scanning the seats on every question (胜负判定 asks them after every change)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .declared import ROLES
from .order import MOMENTS
from .terms import SEER, STRONG, VILLAGE, WEAK, WOLF


@dataclass(frozen=True)
class Table:
    roles: list[str]  # the deal it was computed from (a copy: a changed deal is a new table)
    holders: dict[str, tuple[int, ...]]  # role -> its seats
    village: dict[str, tuple[int, ...]]  # 验人系/强神/弱神 -> the village seats of that kind
    wolves: tuple[int, ...]  # 狼人阵营 seats
    innate: tuple[int, ...]  # seats whose role holds a 强制 skill that gives statuses (order.MOMENTS["innate"])

    def may_hold(self, keys: frozenset[str]) -> frozenset[int]:
        """The seats whose role lists one of these skills, or may gain skills by a rule (Role.plain); a seat outside
        them holds none of them unless a 变脸 card or a grant gives it."""
        return _may_hold(tuple(self.roles), keys)  # (a pure function of the deal: asked per phase, kept per deal)

    @classmethod
    def of(cls, roles: list[str], factions: list[str]) -> Table:
        seats = range(1, len(roles))
        holders: dict[str, tuple[int, ...]] = {}
        for s in seats:
            holders[roles[s]] = (*holders.get(roles[s], ()), s)
        innate = frozenset(MOMENTS["innate"])
        return cls(
            roles=list(roles),
            holders=holders,
            village={kind: tuple(s for s in seats if factions[s] == VILLAGE and ROLES[roles[s]].kind == kind)
                     for kind in (SEER, STRONG, WEAK)},
            wolves=tuple(s for s in seats if factions[s] == WOLF),
            innate=tuple(s for s in seats if innate.intersection(ROLES[roles[s]].skill_keys)),
        )


@lru_cache(maxsize=512)
def _may_hold(roles: tuple[str, ...], keys: frozenset[str]) -> frozenset[int]:
    return frozenset(s for s in range(1, len(roles)) if not ROLES[roles[s]].plain
                     or keys.intersection(ROLES[roles[s]].may_hold))
