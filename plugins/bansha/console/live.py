"""The 导演台's event streams (Server-Sent Events): a page refreshes itself when its game changes.

A stream is a session's like any request: on every wake (a change, a kick, the ping every PING seconds)
it checks the session again and whether this judge may still open the game; a logged-out or revoked
session, or a judge who has since taken a seat, ends the stream. The games list's stream signals only the
games its judge may open (another group's game moving tells him nothing).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable

from fastapi import APIRouter, Request
from fastapi.responses import Response
from sse_starlette.sse import EventSourceResponse

from .auth import COOKIE, Session
from .hub import ANY
from .pages import SECURITY_HEADERS
from .web import DB_DOWN, Console, need_login, opened, session_of

PING = 15.0  # seconds between SSE keep-alives, and between checks of the session


def add(router: APIRouter, console: Console) -> None:
    p = console.prefix

    async def still(request: Request, session: Session) -> bool:
        """The cookie that opened the stream is still a valid session of the same judge (a failing database
        ends the stream: the browser reconnects, and is answered once the database is back)."""
        try:
            now = await (await console.auth()).session(request.cookies.get(COOKIE))
        except DB_DOWN:
            return False
        return now is not None and now.qq == session.qq

    async def may(qq: int, gid: int) -> bool:
        try:
            return await console.store.may_open(qq, gid)
        except DB_DOWN:
            return False

    def stream(events: Callable[[], AsyncIterator[dict]]) -> EventSourceResponse:
        return EventSourceResponse(events(), ping=PING, headers=SECURITY_HEADERS)

    @router.get(p + "events")
    async def all_events(request: Request) -> Response:
        session = await session_of(console, request)
        if session is None:
            return need_login(console, request)
        hub = console.hub

        async def events():
            seen = hub.version(ANY)
            games = hub.versions()
            yield {"event": "hello", "data": "0"}
            told = 0
            while not await request.is_disconnected():
                now = await hub.wait(ANY, seen, PING)
                if not await still(request, session):
                    return
                if now == seen:
                    continue
                seen = now
                mine = [gid for gid in hub.changed(games) if await may(session.qq, gid)]
                if mine:
                    told += 1
                    yield {"event": "update", "data": str(told)}

        return stream(events)

    @router.get(p + "game/{gid}/events")
    async def game_events(request: Request, gid: str) -> Response:
        got = await opened(console, request, gid)
        if isinstance(got, Response):
            return got
        session, game = got
        key = game.gid
        hub = console.hub

        async def events():
            seen = hub.version(key)
            yield {"event": "hello", "data": str(seen)}
            while not await request.is_disconnected():
                now = await hub.wait(key, seen, PING)
                if not await still(request, session) or not await may(session.qq, key):
                    return
                if now != seen:
                    seen = now
                    yield {"event": "update", "data": str(now)}

        return stream(events)
