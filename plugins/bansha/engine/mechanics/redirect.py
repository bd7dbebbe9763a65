"""目标过渡: from a skill's 选择目标 (chosen target) to its 结算目标 (resolved target).

004 ([指定]): "从[选择目标]过度到[结算目标]按照下列顺序过度：[选择目标]——蚀时狼妃[时间逆流]——
魔术师[交换]——魔偶师[人偶操控]——剑士[防反]——镜[反射]——磁狼[磁吸]——最终会进行结算效果的所有目标".
It works like kicking a ball: each link, in that fixed order, looks at the seat the ball
is on now and may kick it elsewhere; every link is looked at once ("不会再次检测狼妃").

A ruleset builds the links that are in force right now (only those its roles provide)
and runs the chain; links are keyed by their place in CHAIN so their order never
depends on who acted first. Pure.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

# The fixed order of 004's chain; a ruleset may provide any subset of these links.
CHAIN: tuple[str, ...] = (
    "蚀时狼妃[时间逆流]",
    "魔术师[交换]",
    "魔偶师[人偶操控]",
    "剑士[防反]",
    "镜[反射]",
    "磁狼[磁吸]",
)

Kick = Callable[[int, int], int]  # (user, seat the ball is on) -> seat the ball goes to


@dataclass(frozen=True)
class Link:
    name: str  # one of CHAIN
    kick: Kick


@dataclass(frozen=True)
class Pass:
    """One step of a ball's path, for the log."""

    link: str
    before: int
    after: int


def swap(a: int, b: int) -> Kick:
    """魔术师[交换]: a ball on `a` goes to `b` and the other way round."""

    def kick(user: int, ball: int) -> int:
        if ball == a:
            return b
        if ball == b:
            return a
        return ball

    return kick


def run(user: int, chosen: int, links: Sequence[Link]) -> tuple[int, list[Pass]]:
    """Where a ball kicked by `user` at `chosen` ends, and the passes on the way."""
    order = {name: i for i, name in enumerate(CHAIN)}
    for link in links:
        if link.name not in order:
            raise ValueError(f"unknown link {link.name}")
    ball = chosen
    path: list[Pass] = []
    for link in sorted(links, key=lambda k: order[k.name]):
        nxt = link.kick(user, ball)
        if nxt != ball:
            path.append(Pass(link.name, ball, nxt))
        ball = nxt
    return ball, path


def run_all(user: int, chosen: Sequence[int], links: Sequence[Link]) -> list[int]:
    """Each chosen target through the chain, in order."""
    return [run(user, t, links)[0] for t in chosen]
