"""What the 导演台 reads, and who may read it.

Live games come from the service's memory (the same state the QQ layer reads); the log of any
game (ended ones too) is replayed from the service's input log into a `Recorder`, kept per game
and brought up to date by reading only the inputs it has not seen.

Who may open a game: its judges (the opener, judges added with 添加法官, the group's owner and
admins, the bot's SUPERUSERS), except a judge who holds a seat in it before it has ended (the
same rule as /法官 演员表; during sign-up too, since the seed decides the deal).
"""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from ..engine.game import ENDED, Game
from ..engine.replay import Recorder, new_game
from ..service import Service

GroupRole = Callable[[int, int, int], Awaitable[str | None]]  # (bot self_id, group, qq) -> owner|admin|member|None
ROLE_TTL = 60.0
RECORDERS = 32  # replayed logs kept in memory


class Denied(Exception):
    def __init__(self, message: str, why: str):
        super().__init__(message)
        self.message = message
        self.why = why


NO_GAME = "没有这局游戏，或者你不是它的法官。"  # one answer for both: guessing ids tells nothing


@dataclass(frozen=True)
class Listed:
    gid: int
    group: int
    ruleset: str
    status: str
    game: Game | None  # the live game (None when ended)
    created: Any


def row_meta(row: Any) -> dict[str, Any]:
    return {"game": row.id, "ruleset": row.ruleset, "group": row.group_id, "owner": row.owner, "seed": row.seed,
            "options": row.options}


class Store:
    def __init__(self, service: Callable[[], Service], superusers: set[int], group_role: GroupRole):
        self._service = service
        self.superusers = superusers
        self._group_role = group_role
        self._roles: dict[tuple[int, int, int], tuple[str | None, float]] = {}
        self._recorders: OrderedDict[int, Recorder] = OrderedDict()
        self._locks: dict[int, asyncio.Lock] = {}

    @property
    def service(self) -> Service:
        return self._service()

    # --- the log ------------------------------------------------------------------
    async def recorder(self, gid: int) -> Recorder | None:
        async with self._locks.setdefault(gid, asyncio.Lock()):
            rec = self._recorders.get(gid)
            row, inputs = await self.service.log_of(gid, after=rec.game.seq if rec else 0)
            if row is None:
                return None
            if rec is None:
                rec = Recorder(new_game(row_meta(row)))
            for inp in inputs:
                rec.add(inp)
            self._recorders[gid] = rec
            self._recorders.move_to_end(gid)
            while len(self._recorders) > RECORDERS:
                self._recorders.popitem(last=False)
            return rec

    async def game(self, gid: int) -> Game | None:
        """The live game if it is active, else the game rebuilt from its log."""
        live = await self.service.ensure_loaded(gid) if gid in self.service.games else None
        if live is not None:
            return live
        rec = await self.recorder(gid)
        return rec.game if rec is not None else None

    # --- permissions ------------------------------------------------------------------
    async def role(self, self_id: int, group: int, qq: int) -> str | None:
        key = (self_id, group, qq)
        hit = self._roles.get(key)
        if hit is not None and hit[1] > time.monotonic():
            return hit[0]
        try:
            role = await self._group_role(self_id, group, qq)
        except Exception:
            role = None
        self._roles[key] = (role, time.monotonic() + ROLE_TTL)
        return role

    async def is_judge(self, qq: int, game: Game, self_id: int) -> bool:
        if qq in self.superusers or game.is_judge(qq):
            return True
        return await self.role(self_id, game.group, qq) in ("owner", "admin")

    async def open(self, qq: int, gid: int) -> Game:
        """The game, if this judge may open it; Denied (with the same words for 'no such game') otherwise."""
        game = await self.game(gid)
        if game is None:
            raise Denied(NO_GAME, f"no game {gid}")
        self_id = self.service.self_ids.get(gid, 0)
        if not await self.is_judge(qq, game, self_id):
            raise Denied(NO_GAME, f"not a judge of game {gid} (group {game.group})")
        if game.status != ENDED and game.seat_of(qq) is not None:
            raise Denied("你在这局游戏里有座位：游戏结束前不能在导演台打开它（与 /法官 演员表 的规则相同）。",
                         f"player-judge of game {gid}")
        return game

    async def listing(self, qq: int) -> list[Listed]:
        """Active and recent ended games this judge may open, newest first."""
        svc = self.service
        rows = await svc.game_rows()
        ended = [r.id for r in rows if r.status == ENDED]
        added = await svc.added_judges(ended) if ended else {}
        out = []
        for row in rows:
            live = svc.games.get(row.id) if row.status != ENDED else None
            if row.status != ENDED and live is None:
                continue  # another bot account's game, or not restored
            if live is not None:
                if live.seat_of(qq) is not None or not await self.is_judge(qq, live, row.self_id):
                    continue
            elif not (qq in self.superusers or qq == row.owner or qq in added.get(row.id, ())
                      or await self.role(row.self_id, row.group_id, qq) in ("owner", "admin")):
                continue
            out.append(Listed(row.id, row.group_id, row.ruleset, row.status, live, row.created_at))
        return out
