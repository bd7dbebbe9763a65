"""What the 导演台 reads, and who may read it.

Live games come from the service's memory (the same state the QQ layer reads); the log of any
game (ended ones too) is replayed from the service's input log into a `Recorder`, kept per game
and brought up to date by reading only the inputs it has not seen.

Who may open a game: its judges (the opener, judges added with 添加法官, the group's owner and
admins, the bot's SUPERUSERS), except, until the game has ended, anyone who ever took part in it:
who holds a seat, who held one and left it (退出报名, replaced by /法官 替补, red-carded, out), and
a registered 场外助理. The log says who (their join and judge inputs), so a player replaced and then
made a group admin still cannot read the roles he played against.
"""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from ..engine.game import ENDED, Game
from ..engine.game.replay import Recorder, new_game
from ..models import InputRow
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
PLAYED = "你参加了这局游戏（报名、座位、替补或场外助理）：游戏结束前不能在导演台打开它。"
MAX_ID = 2**31 - 1  # game ids are 32-bit in the DB
TAKE_PART = ("场外助理",)  # judge inputs whose `qq` joins the players' side of the table


def parse_id(text: str) -> int | None:
    """A game id as typed in a URL: ASCII digits within the DB's range, else None (never an exception)."""
    if not (text.isascii() and text.isdigit()) or len(text) > 10:
        return None
    value = int(text)
    return value if 0 < value <= MAX_ID else None


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
        self._took_part: dict[int, tuple[int, frozenset[int]]] = {}  # gid -> (last seq read, QQs)

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

    async def took_part(self, game: Game) -> frozenset[int]:
        """Who took part in the game beyond what the game holds (`Game.held_seat`: a seat now or before a 替补):
        who signed up, even if he left before the deal, and who was registered as a 场外助理. Read from the log,
        only the inputs not read before."""
        seen, who = self._took_part.get(game.gid, (0, frozenset()))
        rows = await InputRow.filter(game_id=game.gid, seq__gt=seen).values_list("seq", "kind", "actor", "args")
        if rows:
            more = set(who)
            for seq, kind, actor, args in rows:
                seen = max(seen, seq)
                if kind == "join":
                    more.add(actor)
                elif kind == "judge" and isinstance(args, dict) and args.get("sub") in TAKE_PART:
                    try:
                        more.add(int(args.get("qq", 0)))
                    except (TypeError, ValueError):
                        pass
            who = frozenset(more)
            self._took_part[game.gid] = (seen, who)
        return who

    async def played(self, qq: int, game: Game) -> bool:
        """Took part in a game that has not ended: may not see it."""
        return game.status != ENDED and (game.held_seat(qq) or qq in await self.took_part(game))

    async def open(self, qq: int, gid: int) -> Game:
        """The game, if this judge may open it; Denied (with the same words for 'no such game') otherwise."""
        game = await self.game(gid)
        if game is None:
            raise Denied(NO_GAME, f"no game {gid}")
        self_id = self.service.self_ids.get(gid, 0)
        if not await self.is_judge(qq, game, self_id):
            raise Denied(NO_GAME, f"not a judge of game {gid} (group {game.group})")
        if await self.played(qq, game):
            raise Denied(PLAYED, f"player-judge of game {gid}")
        return game

    async def may_open(self, qq: int, gid: int) -> bool:
        try:
            await self.open(qq, gid)
        except Denied:
            return False
        return True

    # --- what the bot could not deliver (the service's outbox) ----------------------------------------
    async def undelivered(self, gid: int) -> list[Any] | None:
        """The game's messages not delivered yet (service.undelivered), or None where the service has no such
        list (an older service): the pages then say so rather than show a count of 0."""
        fn = getattr(self.service, "undelivered", None)
        return None if fn is None else list(await fn(gid))

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
                if not await self.is_judge(qq, live, row.self_id) or await self.played(qq, live):
                    continue
            elif not (qq in self.superusers or qq == row.owner or qq in added.get(row.id, ())
                      or await self.role(row.self_id, row.group_id, qq) in ("owner", "admin")):
                continue
            out.append(Listed(row.id, row.group_id, row.ruleset, row.status, live, row.created_at))
        return out
