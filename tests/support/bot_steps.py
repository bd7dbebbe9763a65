"""Steps of a game through the real bot that several tests take (tests/e2e/test_e2e_issue13.py, the browser test):
a group of players with the judge (a SUPERUSER), a 纳塔 game pushed to the 正午 of day 2 under a mirror, a command
whose input carries text of its own, and folding an input sent by hand into the mirror's game."""

from __future__ import annotations

import time

from fakeqq import FakeQQ
from mirror import Mirror

from plugins.bansha.engine import Input, apply
from plugins.nata.rules import RULESET as NATA

JUDGE = 99999  # the superuser who opens the games


def bot_group(qq: FakeQQ, group: int, n: int = 14) -> list[int]:
    players = [group * 100 + i for i in range(1, n + 1)]
    qq.add_group(group, {JUDGE: "法官"} | {p: f"玩家{p % 100}" for p in players}, owner=JUDGE)
    qq.friends.update([*players, JUDGE])
    return players


async def nata_at_noon(qq: FakeQQ, group: int, seed: int, **options) -> Mirror:
    """A 纳塔 game in 快速 tempo, paused and pushed (/法官 推进) to the 正午 of day 2; the mirror checks
    every message the bot sends on the way against a local fold of the same inputs."""
    players = bot_group(qq, group)
    m = Mirror(qq, NATA, group, JUDGE, players, seed, {"节奏": "快速", **options})
    await m.open()
    await m.join_all()
    await m.start()
    while not (m.game.state.phase == "noon" and m.game.state.day == 2):
        await m.advance()
    return m


async def typed(m: Mirror, qq_id: int, typed: str, where: str, kind: str, **args) -> None:
    """Mirror.command for inputs that carry a `text` argument of their own."""
    await m._send(qq_id, typed, where, Input.make(kind, qq_id, time.time(), **args), m._origin(qq_id, where))


def fold(m: Mirror, qq_id: int, kind: str, **args) -> None:
    """Keep the mirror's game in step with an input sent by hand (a QQ reply the mirror cannot type)."""
    apply(m.game, Input.make(kind, qq_id, time.time(), **args))
