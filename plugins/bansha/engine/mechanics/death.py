"""出局结算: the three-step death procedure of 004, for any ruleset with protective statuses.

004 (出局): damage comes as [指杀] ("会被大多数技能抵消"), [穿透] ("无视[守护]") or [致死伤害]
("除了[不死]状态，其他情况下承受[致死伤害]将会立刻出局"); the vote adds 投票出局 (stopped by
[霸道] and [不死]). Then:

1. "若承受伤害的目标有可以对应抵消的[守护][坚韧][不死][霸道]状态，目标不出局，有多个可以抵消时，
   优先判定时限最短的状态进行抵消。"
2. "若承受伤害的目标未能抵消掉伤害，但是拥有各种免于出局，不会出局等状态或效果，这些状态或效果全部
   结算……因此造成新的伤害时，先插入结算此次伤害判断。"
3. "承受伤害的目标出局，并结算附带的连带效果。"

The ruleset supplies a `World`: which statuses it holds (with their expiry order), how to
spend one, its survive effects, the death itself and the chain effects. New damage raised
inside steps 2 and 3 is resolved at once by calling `resolve` again from the world
(即时插入). Red cards (红牌罚下) bypass all of this. Pure.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

KILL = "指杀"
PIERCE = "穿透"
LETHAL = "致死伤害"
VOTE = "投票出局"

# Which statuses cancel which damage (004 状态: 守护 "抵消掉X次[指杀]"; 坚韧 "除了红牌罚下，[致死伤害]和
# 投票出局，其他情况下都不会出局"; 霸道 "不会被投票出局"; 不死 "除了红牌罚下，其他情况下都不会出局").
CANCELLED_BY: dict[str, tuple[str, ...]] = {
    KILL: ("守护", "坚韧", "不死"),
    PIERCE: ("坚韧", "不死"),
    LETHAL: ("不死",),
    VOTE: ("霸道", "不死"),
}

CANCELLED = "cancelled"  # step 1: a status took the hit
SURVIVED = "survived"  # step 2: a survive effect kept the target in
OUT = "out"  # step 3
ABSENT = "absent"  # the target was already out: nothing happens


@dataclass(frozen=True)
class Hit:
    target: int
    kind: str  # KILL | PIERCE | LETHAL | VOTE
    source: int = 0  # the seat whose skill dealt it (0 = the rules, the vote)
    skill: str = ""  # the skill's name, for the record
    data: tuple[tuple[str, Any], ...] = ()  # ruleset facts (e.g. "night village skill")

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in self.data:
            if k == key:
                return v
        return default


@dataclass(frozen=True)
class Shield:
    """A status able to cancel a hit. `rank` orders by time limit: smaller ends sooner."""

    name: str
    rank: tuple[Any, ...]
    ref: Any = None  # what the world needs to find and spend it


class World(Protocol):
    def present(self, seat: int) -> bool: ...

    def shields(self, hit: Hit) -> Sequence[Shield]: ...

    def spend(self, hit: Hit, shield: Shield) -> None: ...

    def survive(self, hit: Hit) -> bool: ...

    def die(self, hit: Hit) -> None: ...

    def chain(self, hit: Hit) -> None: ...


def cancels(kind: str, status: str) -> bool:
    return status in CANCELLED_BY.get(kind, ())


def resolve(world: World, hit: Hit) -> str:
    """Run the procedure for one hit; returns CANCELLED, SURVIVED, OUT or ABSENT."""
    if not world.present(hit.target):
        return ABSENT
    shields = [s for s in world.shields(hit) if cancels(hit.kind, s.name)]
    if shields:
        world.spend(hit, min(shields, key=lambda s: s.rank))
        return CANCELLED
    if world.survive(hit):
        return SURVIVED
    world.die(hit)
    world.chain(hit)
    return OUT
