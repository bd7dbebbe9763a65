"""电梯楼: the seat ring in posting order, as any ruleset can use it.

004 (电梯楼): "所有电梯楼相关效果都排除当前已出局成员，并且首尾算作相邻或视为邻居" — every
ring effect skips seats that are out, and the first and last seats are neighbours.
"下方" (below) is the next floor in posting order, "上方" (above) the previous one.

The ring is a plain list of seat numbers so a ruleset can keep it in its state and
move seats around (004's 野人[冲撞]); seat numbers themselves never change.
Pure: no clock, no randomness.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

BELOW = 1  # the next floor (下方)
ABOVE = -1  # the previous floor (上方)


def living(ring: Sequence[int], alive: Callable[[int], bool]) -> list[int]:
    """The ring without the seats that are out, in ring order."""
    return [s for s in ring if alive(s)]


def walk(ring: Sequence[int], alive: Callable[[int], bool], seat: int, direction: int) -> list[int]:
    """Living seats met walking from `seat` in `direction`, once round the ring, `seat` excluded.

    Works for a seat that is itself out: the walk starts from its place in the ring.
    """
    if seat not in ring:
        return []
    n = len(ring)
    i = ring.index(seat)
    out = []
    for k in range(1, n):
        s = ring[(i + direction * k) % n]
        if alive(s):
            out.append(s)
    return out


def neighbour(ring: Sequence[int], alive: Callable[[int], bool], seat: int, direction: int) -> int | None:
    """The nearest living seat above or below `seat` (首尾相邻), or None when nobody else lives."""
    seats = walk(ring, alive, seat, direction)
    return seats[0] if seats else None


def neighbours(ring: Sequence[int], alive: Callable[[int], bool], seat: int) -> tuple[int | None, int | None]:
    """(above, below) living neighbours of `seat`."""
    return neighbour(ring, alive, seat, ABOVE), neighbour(ring, alive, seat, BELOW)


def first(
    ring: Sequence[int], alive: Callable[[int], bool], seat: int, direction: int, pred: Callable[[int], bool]
) -> int | None:
    """The first living seat from `seat` in `direction` that satisfies `pred` (e.g. 纵火's
    "电梯楼下方的第一名可以杀人的狼人阵营角色")."""
    for s in walk(ring, alive, seat, direction):
        if pred(s):
            return s
    return None


def within(ring: Sequence[int], alive: Callable[[int], bool], seats: Sequence[int], distance: int) -> list[int]:
    """Living seats at most `distance` floors from any of `seats`, the seats themselves excluded, in ring order."""
    near: set[int] = set()
    for seat in seats:
        for direction in (ABOVE, BELOW):
            near.update(walk(ring, alive, seat, direction)[:distance])
    return [s for s in ring if s in near and s not in seats]


def move_below(ring: Sequence[int], target: int, movers: Sequence[int]) -> list[int]:
    """The ring with `movers` taken out and put right below `target`, in the given order
    (野人[冲撞]: "顺序为目标-野人-肉猪")."""
    if target in movers:
        raise ValueError("target cannot move below itself")
    rest = [s for s in ring if s not in movers]
    i = rest.index(target)
    return rest[: i + 1] + list(movers) + rest[i + 1 :]


def describe(ring: Sequence[int], alive: Callable[[int], bool], name: Callable[[int], str]) -> str:
    """The living ring for an announcement: "3号 甲 → 1号 乙 → …（首尾相邻）"."""
    seats = living(ring, alive)
    return " → ".join(name(s) for s in seats) + ("（首尾相邻）" if len(seats) > 2 else "")
