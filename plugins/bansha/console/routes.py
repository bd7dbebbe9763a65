"""The 导演台's routes on NoneBot's FastAPI app: login, the pages and the export (live.py: the event streams;
writes.py: the forms).

Reads go through the Store (which checks who may open what); writes go through the same engine
inputs as the /法官 commands, via the service. A refusal is a plain page and a log line (web.py), and
changes nothing.
"""

from __future__ import annotations

import json
import re
from collections.abc import Awaitable, Callable

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, RedirectResponse, Response
from nonebot.log import logger

from ..engine.game import Game
from ..engine.game.replay import export
from ..models import ConsoleNote
from . import live, logview, redact, scripts, undelivered, views, writes
from .auth import COOKIE, LoginRefused, revoke
from .pages import SECURITY_HEADERS, STATIC, render
from .web import (
    NOT_FOUND,
    Console,
    JudgeInput,
    base,
    csrf_ok,
    need_login,
    opened,
    page,
    refuse,
    route_class,
    same_origin,
    session_of,
    small_int,
)

__all__ = ["Console", "JudgeInput", "build_router"]
LOGIN_HEADERS = {**SECURITY_HEADERS, "Referrer-Policy": "same-origin"}  # the login POST must carry its Origin
MAX_SEATS = 99
MAX_PAGE = 10_000
MAX_DAY = 10_000
STATIC_NAME = re.compile(r"[A-Za-z0-9_-][A-Za-z0-9_.-]{0,63}")


def build_router(console: Console) -> APIRouter:
    router = APIRouter(route_class=route_class(console))
    p = console.prefix

    # --- login -------------------------------------------------------------------------------
    @router.get(p + "login")
    async def login_form(request: Request, t: str = "") -> Response:
        try:
            qq = await (await console.auth()).check(t[:1000])
        except LoginRefused as e:
            return refuse(console, request, e.message, f"login link {e.why}", 403)
        return page(render("login.html", console=console, qq=qq, token=t), headers=LOGIN_HEADERS)

    @router.post(p + "login")
    async def login(request: Request) -> Response:
        if not same_origin(console, request):
            return refuse(console, request, "登录请求不是从导演台自己的页面发出的，已拒绝。请直接打开 QQ 私聊里的登录链接。",
                          f"login from another origin ({(request.headers.get('origin') or '-')[:80]})", 403)
        form = await request.form()
        auth = await console.auth()
        try:
            session = await auth.spend(str(form.get("t", ""))[:1000])
        except LoginRefused as e:
            return refuse(console, request, e.message, f"login link {e.why}", 403)
        logger.info(f"bansha console: {session.qq} logged in")
        resp = RedirectResponse(p, status_code=303, headers=SECURITY_HEADERS)
        resp.set_cookie(COOKIE, auth.cookie(session), max_age=auth.session_seconds, path=p, httponly=True,
                        samesite="strict", secure=console.secure_cookie)
        return resp

    @router.post(p + "logout")
    async def logout(request: Request) -> Response:
        session = await session_of(console, request)
        form = await request.form()
        if session is None:  # already ended (logged out elsewhere, 移除法官): just forget the cookie
            resp = page(render("message.html", console=console, title="已退出", message="已退出导演台（会话已经结束）。"))
            resp.delete_cookie(COOKIE, path=p)
            return resp
        if not await csrf_ok(console, session, form):
            return refuse(console, request, "请求无效（缺少或错误的表单令牌）。", "logout csrf", 400, session.qq)
        await revoke(session.qq)  # every session of this judge ends, on every process (auth.py)
        logger.info(f"bansha console: {session.qq} logged out (all sessions ended)")
        resp = page(render("message.html", console=console, title="已退出",
                           message="已退出导演台：你在所有设备上的导演台会话都已结束。"))
        resp.delete_cookie(COOKIE, path=p)
        return resp

    # --- pages ----------------------------------------------------------------------------------
    @router.get(p)
    async def games(request: Request) -> Response:
        session = await session_of(console, request)
        if session is None:
            return need_login(console, request)
        now = console.store.service.now()
        rows = []
        for item in await console.store.listing(session.qq):
            g = item.game
            missing = await console.store.undelivered(item.gid) if g else []
            rows.append({"gid": item.gid, "group": item.group, "title": g.rules.title if g else item.ruleset,
                         "status": views.STATUS_LABEL.get(item.status, item.status),
                         "head": views.clock(g, now) if g else None, "players": len(g.players) if g else None,
                         "rulings": views.ruling_count(g) if g else 0,
                         "undelivered": None if missing is None else len(missing)})
        ctx = await base(console, request, session, None, "games")
        ctx["live"] = p + "events"
        return page(render("games.html", rows=rows, **ctx))

    async def show(request: Request, gid: str, tab: str, build: Callable[[Game], Awaitable[tuple[str, dict]]]):
        got = await opened(console, request, gid)
        if isinstance(got, Response):
            return got
        session, game = got
        template, data = await build(game)
        return page(render(template, **data, **await base(console, request, session, game, tab)))

    @router.get(p + "game/{gid}")
    async def grimoire(request: Request, gid: str) -> Response:
        async def build(game: Game):
            return "grimoire.html", {"g": views.grimoire(game)}

        return await show(request, gid, "grimoire", build)

    @router.get(p + "game/{gid}/pending")
    async def pending(request: Request, gid: str) -> Response:
        async def build(game: Game):
            return "pending.html", {"rows": views.pending(game)}

        return await show(request, gid, "pending", build)

    @router.get(p + "game/{gid}/timeline")
    async def timeline(request: Request, gid: str, seat: str = "", kind: str = "", knew: str = "", day: str = "",
                       page: str = "") -> Response:
        q = logview.Query(seat=small_int(seat, MAX_SEATS), knew=small_int(knew, MAX_SEATS),
                          kind=kind if kind in logview.KIND_LABEL or kind == logview.ALL else "",
                          day=0 if day.strip() == "0" else (small_int(day, MAX_DAY) or -1),
                          page=small_int(page, MAX_PAGE) or 1)

        async def build(game: Game):
            t = logview.timeline(game, await console.store.recorder(game.gid), q)
            return "timeline.html", {"t": t, "q": q, "kinds": logview.KIND_LABEL, "all": logview.ALL,
                                     "day_label": logview.day_label}

        return await show(request, gid, "timeline", build)

    @router.get(p + "game/{gid}/votes")
    async def votes(request: Request, gid: str) -> Response:
        async def build(game: Game):
            return "votes.html", {"v": logview.votes(game, await console.store.recorder(game.gid))}

        return await show(request, gid, "votes", build)

    @router.get(p + "game/{gid}/controls")
    async def controls(request: Request, gid: str) -> Response:
        async def build(game: Game):
            note = await ConsoleNote.get_or_none(game_id=game.gid)
            return "controls.html", {"note": note.text if note else "", "rulings": views.rulings(game),
                                     "factions": views.factions(game), "wired": console.judge_input is not None,
                                     "confirm": views.CONFIRM}

        return await show(request, gid, "controls", build)

    @router.get(p + "game/{gid}/undelivered")
    async def undelivered_page(request: Request, gid: str) -> Response:
        async def build(game: Game):
            missing = await console.store.undelivered(game.gid)
            return "undelivered.html", {"u": None if missing is None else undelivered.grouped(game, missing)}

        return await show(request, gid, "undelivered", build)

    @router.get(p + "game/{gid}/export.json")
    async def export_json(request: Request, gid: str) -> Response:
        got = await opened(console, request, gid)
        if isinstance(got, Response):
            return got
        session, game = got
        row, inputs = await console.store.service.log_of(game.gid)
        rec = await console.store.recorder(game.gid)
        doc = redact.export(game, export({"game": game.gid}, inputs, rec.game))
        logger.info(f"bansha console: {session.qq} exported game {game.gid}"
                    + (" (seed withheld: the game has not ended)" if "redacted" in doc else ""))
        return Response(json.dumps(doc, ensure_ascii=False, indent=1), media_type="application/json",
                        headers={**SECURITY_HEADERS,
                                 "Content-Disposition": f'attachment; filename="bansha-game-{game.gid}.json"'})

    live.add(router, console)
    writes.add(router, console)
    scripts.add(router, console)  # the 剧本 page

    ring_css = views.ring_css()

    @router.get(p + "static/{name}")
    async def static(name: str) -> Response:
        if name == "ring.css":
            return Response(ring_css, media_type="text/css", headers={"Cache-Control": "max-age=3600"})
        if not STATIC_NAME.fullmatch(name) or not (STATIC / name).is_file():
            return Response("not found", status_code=404)
        path = STATIC / name
        return FileResponse(path, headers={"Cache-Control": "max-age=3600", "X-Content-Type-Options": "nosniff"})

    @router.api_route(p + "{rest:path}", methods=["GET", "POST", "HEAD"])
    async def nowhere(request: Request, rest: str) -> Response:  # last: any other address under the prefix
        return refuse(console, request, NOT_FOUND, f"no such page {rest[:60]!r}", 404)

    return router
