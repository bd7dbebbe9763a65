"""The state service in memory for tests: a fake sender that records what would be sent (or refuses while
offline), fake deadline arming, and a toy game opened, joined and started."""

from __future__ import annotations

from plugins.bansha.engine.core import Input
from plugins.bansha.service import NotConnected, Origin, Service

GROUP = 555
T0 = 1_800_000_000.0


class Harness:
    def __init__(self):
        self.sent = []
        self.armed: dict[int, tuple[float, int]] = {}
        self.online = True
        self.clock = T0

    async def send(self, out):
        if not self.online:
            raise NotConnected()
        self.sent.append(out)

    def arm(self, job, gid, when, phase_no):
        if job == "deadline":
            self.armed[gid] = (when, phase_no)

    def disarm(self, job, gid):
        if job == "deadline":
            self.armed.pop(gid, None)

    def service(self) -> Service:
        return Service(self.send, self.arm, self.disarm, now=lambda: self.clock)


PM = Origin("private", 0)


async def open_toy(svc: Service, players=4, seed=7):
    game = await svc.open_game(
        group_id=GROUP, self_id=1, owner=900, ruleset="toy", options={}, seed=seed, origin=Origin("group", 900, GROUP)
    )
    for i in range(players):
        await svc.submit(game.gid, Input.make("join", 1000 + i, T0, name=f"玩家{i + 1}"), Origin("group", 1000 + i, GROUP))
    await svc.submit(game.gid, Input.make("start", 900, T0), Origin("group", 900, GROUP))
    return game
