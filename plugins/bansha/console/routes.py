"""The 导演台's routes on NoneBot's FastAPI app.

Reads go through the Store (which checks who may open what); writes go through the same engine
inputs as the /法官 commands (controls.py), via the service. A refusal is a plain page and a log
line, and changes nothing.
"""

from __future__ import annotations

import json
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, HTMLResponse, RedirectResponse, Response
from nonebot.log import logger
from sse_starlette.sse import EventSourceResponse

from ..engine.core import Input, Refusal
from ..engine.game import Game
from ..engine.replay import export
from ..models import ConsoleNote
from ..service import DatabaseUnavailable
from . import views
from .auth import COOKIE, Auth, LoginRefused, Session
from .hub import ANY, Hub
from .pages import SECURITY_HEADERS, STATIC, render
from .store import Denied, Store

PING = 15.0  # seconds between SSE keep-alives
JudgeInput = Callable[[Game, int, list[str]], Awaitable[Input]]  # (game, judge QQ, /法官 words) -> the input


@dataclass
class Console:
    prefix: str
    store: Store
    hub: Hub
    auth: Callable[[], Awaitable[Auth]]
    judge_input: JudgeInput | None = None  # the QQ layer's builder; None until it is wired
    secure_cookie: bool = False
    public_url: str = ""  # scheme://host[:port] put in login links
    flashes: dict[str, list[str]] = field(default_factory=dict)  # session id -> messages for its next page

    def url(self, path: str = "") -> str:
        return self.prefix + path.lstrip("/")


def _page(body: str, status: int = 200) -> HTMLResponse:
    return HTMLResponse(body, status_code=status, headers=SECURITY_HEADERS)


def refuse(console: Console, request: Request, message: str, why: str, status: int, qq: int = 0) -> HTMLResponse:
    """A plain page for the person, a line for the log; nothing changed."""
    client = request.client.host if request.client else "?"
    logger.warning(f"bansha console: refused {request.method} {request.url.path} from {client} qq={qq}: {why}")
    return _page(render("message.html", console=console, title="无法打开", message=message), status)


def build_router(console: Console) -> APIRouter:
    router = APIRouter()
    p = console.prefix

    async def session_of(request: Request) -> Session | None:
        return (await console.auth()).session(request.cookies.get(COOKIE))

    def need_login(request: Request) -> HTMLResponse:
        return refuse(console, request, "请先登录：在 QQ 里向机器人发送 /法官 控制台，打开私聊收到的链接。", "no session", 401)

    async def csrf_ok(request: Request, session: Session, form: Any) -> bool:
        return (await console.auth()).csrf_ok(session, form.get("csrf"))

    async def opened(request: Request, gid: str) -> tuple[Session, Game] | HTMLResponse:
        session = await session_of(request)
        if session is None:
            return need_login(request)
        try:
            game = await console.store.open(session.qq, int(gid) if gid.isdigit() else -1)
        except Denied as d:
            return refuse(console, request, d.message, d.why, 403, session.qq)
        return session, game

    async def base(request: Request, session: Session, game: Game | None, tab: str) -> dict[str, Any]:
        # A live refresh (console.js) must not eat the messages meant for the page a form redirects to:
        # the input that a form submitted wakes the old page's stream before the browser has left it.
        live = request.headers.get("X-Bansha-Live") == "1"
        return {"console": console, "session": session, "csrf": (await console.auth()).csrf(session),
                "game": game, "tab": tab, "live": console.url(f"game/{game.gid}/events") if game else None,
                "head": views.clock(game, console.store.service.now()) if game else None,
                "flashes": [] if live else console.flashes.pop(session.sid, [])}

    # --- login -------------------------------------------------------------------------------
    @router.get(p + "login")
    async def login_form(request: Request, t: str = "") -> Response:
        try:
            qq = await (await console.auth()).check(t)
        except LoginRefused as e:
            return refuse(console, request, e.message, f"login link {e.why}", 403)
        return _page(render("login.html", console=console, qq=qq, token=t))

    @router.post(p + "login")
    async def login(request: Request) -> Response:
        form = await request.form()
        auth = await console.auth()
        try:
            session = await auth.spend(str(form.get("t", "")))
        except LoginRefused as e:
            return refuse(console, request, e.message, f"login link {e.why}", 403)
        logger.info(f"bansha console: {session.qq} logged in")
        resp = RedirectResponse(p, status_code=303, headers=SECURITY_HEADERS)
        resp.set_cookie(COOKIE, auth.cookie(session), max_age=auth.session_seconds, path=p, httponly=True,
                        samesite="strict", secure=console.secure_cookie)
        return resp

    @router.post(p + "logout")
    async def logout(request: Request) -> Response:
        session = await session_of(request)
        form = await request.form()
        if session is None or not await csrf_ok(request, session, form):
            return refuse(console, request, "请求无效（缺少或错误的表单令牌）。", "logout csrf", 400)
        resp = _page(render("message.html", console=console, title="已退出", message="已退出导演台。"))
        resp.delete_cookie(COOKIE, path=p)
        return resp

    # --- pages ----------------------------------------------------------------------------------
    @router.get(p)
    async def games(request: Request) -> Response:
        session = await session_of(request)
        if session is None:
            return need_login(request)
        now = console.store.service.now()
        rows = []
        for item in await console.store.listing(session.qq):
            g = item.game
            rows.append({"gid": item.gid, "group": item.group, "title": g.rules.title if g else item.ruleset,
                         "status": views.STATUS_LABEL.get(item.status, item.status),
                         "head": views.clock(g, now) if g else None, "players": len(g.players) if g else None,
                         "rulings": views.ruling_count(g) if g else 0})
        ctx = await base(request, session, None, "games")
        ctx["live"] = p + "events"
        return _page(render("games.html", rows=rows, **ctx))

    async def show(request: Request, gid: str, tab: str, page: Callable[[Game], Awaitable[tuple[str, dict]]]):
        got = await opened(request, gid)
        if isinstance(got, Response):
            return got
        session, game = got
        template, data = await page(game)
        return _page(render(template, **data, **await base(request, session, game, tab)))

    @router.get(p + "game/{gid}")
    async def grimoire(request: Request, gid: str) -> Response:
        async def page(game: Game):
            return "grimoire.html", {"g": views.grimoire(game)}

        return await show(request, gid, "grimoire", page)

    @router.get(p + "game/{gid}/pending")
    async def pending(request: Request, gid: str) -> Response:
        async def page(game: Game):
            return "pending.html", {"rows": views.pending(game)}

        return await show(request, gid, "pending", page)

    @router.get(p + "game/{gid}/timeline")
    async def timeline(request: Request, gid: str, seat: str = "", kind: str = "", knew: str = "") -> Response:
        s, k = (int(seat) if seat.isdigit() else 0), (int(knew) if knew.isdigit() else 0)
        kind = kind if kind in views.KIND_LABEL else ""

        async def page(game: Game):
            rows = views.timeline(game, await console.store.recorder(game.gid), seat=s, kind=kind, knew=k)
            return "timeline.html", {"rows": rows, "seat": s, "kind": kind, "knew": k, "kinds": views.KIND_LABEL}

        return await show(request, gid, "timeline", page)

    @router.get(p + "game/{gid}/votes")
    async def votes(request: Request, gid: str) -> Response:
        async def page(game: Game):
            return "votes.html", {"v": views.votes(game, await console.store.recorder(game.gid))}

        return await show(request, gid, "votes", page)

    @router.get(p + "game/{gid}/controls")
    async def controls(request: Request, gid: str) -> Response:
        async def page(game: Game):
            note = await ConsoleNote.get_or_none(game_id=game.gid)
            return "controls.html", {"note": note.text if note else "", "rulings": views.rulings(game),
                                     "factions": views.factions(game), "wired": console.judge_input is not None}

        return await show(request, gid, "controls", page)

    @router.get(p + "game/{gid}/export.json")
    async def export_json(request: Request, gid: str) -> Response:
        got = await opened(request, gid)
        if isinstance(got, Response):
            return got
        session, game = got
        row, inputs = await console.store.service.log_of(game.gid)
        rec = await console.store.recorder(game.gid)
        doc = export({"game": game.gid}, inputs, rec.game)
        logger.info(f"bansha console: {session.qq} exported game {game.gid}")
        return Response(json.dumps(doc, ensure_ascii=False, indent=1), media_type="application/json",
                        headers={**SECURITY_HEADERS,
                                 "Content-Disposition": f'attachment; filename="bansha-game-{game.gid}.json"'})

    # --- live updates -------------------------------------------------------------------------
    async def stream(request: Request, key: int) -> EventSourceResponse:
        async def events():
            seen = console.hub.version(key)
            yield {"event": "hello", "data": str(seen)}
            while not await request.is_disconnected():
                now = await console.hub.wait(key, seen, PING)
                if now != seen:
                    seen = now
                    yield {"event": "update", "data": str(now)}

        return EventSourceResponse(events(), ping=PING, headers=SECURITY_HEADERS)

    @router.get(p + "events")
    async def all_events(request: Request) -> Response:
        if await session_of(request) is None:
            return need_login(request)
        return await stream(request, ANY)

    @router.get(p + "game/{gid}/events")
    async def game_events(request: Request, gid: str) -> Response:
        got = await opened(request, gid)
        if isinstance(got, Response):
            return got
        return await stream(request, got[1].gid)

    # --- writes -----------------------------------------------------------------------------------
    async def posted(request: Request, gid: str) -> tuple[Session, Game, Any] | Response:
        got = await opened(request, gid)
        if isinstance(got, Response):
            return got
        session, game = got
        form = await request.form()
        if not await csrf_ok(request, session, form):
            return refuse(console, request, "请求无效：表单令牌缺失或错误（页面可能已过期，请刷新后重试）。", "csrf", 400,
                          session.qq)
        return session, game, form

    def back(game: Game, tab: str) -> RedirectResponse:
        path = f"game/{game.gid}" + ("" if tab == "grimoire" else f"/{tab}")
        return RedirectResponse(console.url(path), status_code=303, headers=SECURITY_HEADERS)

    @router.post(p + "game/{gid}/judge")
    async def judge(request: Request, gid: str) -> Response:
        got = await posted(request, gid)
        if isinstance(got, Response):
            return got
        session, game, form = got
        tab = str(form.get("back", "controls"))
        tab = tab if tab in ("grimoire", "pending", "controls", "votes", "timeline") else "controls"
        flash = console.flashes.setdefault(session.sid, [])
        if console.judge_input is None:
            flash.append("法官命令表单尚未接通。")
            return back(game, tab)
        words = views.judge_words(form)
        try:
            inp = await console.judge_input(game, session.qq, words)
            events = await console.store.service.submit(game.gid, inp)
        except Refusal as r:
            logger.info(f"bansha console: {session.qq} /法官 {' '.join(words)} refused: {r.message}")
            flash.append("没有生效：" + r.message)
        except DatabaseUnavailable:
            flash.append("数据库暂时不可用，这条命令没有生效，请稍后重试。")
        else:
            logger.info(f"bansha console: {session.qq} /法官 {' '.join(words)} (game {game.gid})")
            replies = [e.text for e in events if e.audience.kind == "reply"
                       or (e.audience.kind == "user" and e.audience.seat == session.qq)]  # e.g. 已裁定 #1
            flash.append("已执行：/法官 " + " ".join(words) + ("。" + " ".join(replies) if replies else ""))
        return back(game, tab)

    @router.post(p + "game/{gid}/notes")
    async def notes(request: Request, gid: str) -> Response:
        got = await posted(request, gid)
        if isinstance(got, Response):
            return got
        session, game, form = got
        text = str(form.get("text", ""))[:20000]
        await ConsoleNote.update_or_create(defaults={"text": text, "by": session.qq, "at": time.time()},
                                           game_id=game.gid)
        console.flashes.setdefault(session.sid, []).append("笔记已保存（只保存在数据库里，不会发送给任何人）。")
        return back(game, "controls")

    ring_css = views.ring_css()

    @router.get(p + "static/{name}")
    async def static(name: str) -> Response:
        if name == "ring.css":
            return Response(ring_css, media_type="text/css", headers={"Cache-Control": "max-age=3600"})
        path = STATIC / name
        if "/" in name or name.startswith(".") or not path.is_file():
            return Response("not found", status_code=404)
        return FileResponse(path, headers={"Cache-Control": "max-age=3600", "X-Content-Type-Options": "nosniff"})

    return router
