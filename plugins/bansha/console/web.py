"""What every 导演台 route shares: the Console, plain pages and refusals, the session and game checks.

A refusal is a plain Chinese page and a log line (WARNING, never a traceback), and changes nothing.
Nothing a request carries reaches int() or the DB unchecked: ids and numbers are parsed here.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from fastapi import Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from fastapi.routing import APIRoute
from nonebot.log import logger
from tortoise.exceptions import DBConnectionError, OperationalError, TransactionManagementError

from ..config import Config
from ..engine.core import Input
from ..engine.game import Game
from ..service import DatabaseUnavailable
from . import views
from .auth import COOKIE, Auth, Session
from .hub import Hub
from .pages import SECURITY_HEADERS, render
from .store import Denied, Store, parse_id

JudgeInput = Callable[[Game, int, list[str]], Awaitable[Input]]  # (game, judge QQ, /法官 words) -> the input
NOT_FOUND = "没有这个页面，或者局号不对。"
# The database failing under a request (an outage, a restart): a page that says so, not a 500 and a traceback.
DB_DOWN = (OperationalError, DBConnectionError, TransactionManagementError, DatabaseUnavailable, ConnectionError)


@dataclass
class Console:
    prefix: str
    store: Store
    hub: Hub
    auth: Callable[[], Awaitable[Auth]]
    judge_input: JudgeInput | None = None  # the QQ layer's builder; None until it is wired
    secure_cookie: bool = False
    public_url: str = ""  # scheme://host[:port] put in login links
    origin: str = ""  # BANSHA_CONSOLE_URL when set: the only origin a login may be posted from (else the Host)
    flashes: dict[str, list[str]] = field(default_factory=dict)  # session id -> messages for its next page
    config: Config = field(default_factory=Config)  # the plugin's settings (the 剧本 page: BANSHA_SCRIPTS_DIR)
    scripts_home: Callable[[], str] = lambda: ""  # the 剧本 folder when BANSHA_SCRIPTS_DIR is empty ("" = none)

    def url(self, path: str = "") -> str:
        return self.prefix + path.lstrip("/")


def route_class(console: Console) -> type[APIRoute]:
    """The console's routes: each answers a failing database with a plain 503 page and a WARNING line."""

    class ConsoleRoute(APIRoute):
        def get_route_handler(self) -> Callable[[Request], Awaitable[Response]]:
            handler = super().get_route_handler()

            async def guarded(request: Request) -> Response:
                try:
                    return await handler(request)
                except DB_DOWN as e:
                    logger.warning(f"bansha console: {request.method} {request.url.path}: database unavailable "
                                   f"({type(e).__name__})")
                    return page(render("message.html", console=console, title="数据库暂时不可用",
                                       message="数据库暂时不可用，什么都没有改变。请稍后刷新页面。"), 503)

            return guarded

    return ConsoleRoute


def page(body: str, status: int = 200, headers: dict[str, str] | None = None) -> HTMLResponse:
    return HTMLResponse(body, status_code=status, headers=headers or SECURITY_HEADERS)


def refuse(console: Console, request: Request, message: str, why: str, status: int, qq: int = 0) -> HTMLResponse:
    """A plain page for the person, a line for the log; nothing changed."""
    client = request.client.host if request.client else "?"
    logger.warning(f"bansha console: refused {request.method} {request.url.path} from {client} qq={qq}: {why}"[:400])
    return page(render("message.html", console=console, title="无法打开", message=message), status)


def small_int(text: Any, most: int) -> int:
    """A number from a query string or form (ASCII digits, 1..most), else 0: junk never raises."""
    s = str(text or "").strip()
    if not (s.isascii() and s.isdigit()) or len(s) > len(str(most)):
        return 0
    value = int(s)
    return value if 0 < value <= most else 0


def same_origin(console: Console, request: Request) -> bool:
    """A POST came from the console's own pages: its Origin (or, without one, its Referer) is the console's
    origin — BANSHA_CONSOLE_URL when set, else this request's Host."""
    claimed = request.headers.get("origin") or request.headers.get("referer") or ""
    if not claimed or claimed == "null":
        return False
    got = urlsplit(claimed)
    if console.origin:
        want = urlsplit(console.origin)
        return (got.scheme, got.netloc) == (want.scheme, want.netloc)
    host = request.headers.get("host", "")
    return bool(host) and got.netloc == host and got.scheme in ("http", "https")


async def session_of(console: Console, request: Request) -> Session | None:
    return await (await console.auth()).session(request.cookies.get(COOKIE))


def need_login(console: Console, request: Request) -> HTMLResponse:
    return refuse(console, request, "请先登录：在 QQ 里向机器人发送 /法官 控制台，打开私聊收到的链接。", "no session", 401)


async def opened(console: Console, request: Request, gid: str) -> tuple[Session, Game] | HTMLResponse:
    """The session and the game, if this judge may open it now; else the refusal page."""
    session = await session_of(console, request)
    if session is None:
        return need_login(console, request)
    number = parse_id(gid)
    if number is None:
        return refuse(console, request, NOT_FOUND, f"malformed game id {gid[:40]!r}", 404, session.qq)
    try:
        game = await console.store.open(session.qq, number)
    except Denied as d:
        return refuse(console, request, d.message, d.why, 403, session.qq)
    return session, game


async def csrf_ok(console: Console, session: Session, form: Any) -> bool:
    return (await console.auth()).csrf_ok(session, form.get("csrf"))


async def posted(console: Console, request: Request, gid: str) -> tuple[Session, Game, Any] | HTMLResponse:
    """A form POST on a game: opened, and carrying this session's CSRF token."""
    got = await opened(console, request, gid)
    if isinstance(got, HTMLResponse):
        return got
    session, game = got
    form = await request.form()
    if not await csrf_ok(console, session, form):
        return refuse(console, request, "请求无效：表单令牌缺失或错误（页面可能已过期，请刷新后重试）。", "csrf", 400,
                      session.qq)
    return session, game, form


def back(console: Console, game: Game, tab: str) -> RedirectResponse:
    path = f"game/{game.gid}" + ("" if tab == "grimoire" else f"/{tab}")
    return RedirectResponse(console.url(path), status_code=303, headers=SECURITY_HEADERS)


TABS = ("grimoire", "pending", "timeline", "votes", "controls", "undelivered")


def tab_of(form: Any, default: str = "controls") -> str:
    tab = str(form.get("back", default))
    return tab if tab in TABS else default


async def base(console: Console, request: Request, session: Session, game: Game | None, tab: str) -> dict[str, Any]:
    """What every page's frame shows: the judge, the game's clock, the tabs (with the undelivered count)."""
    # A live refresh (console.js) must not eat the messages meant for the page a form redirects to:
    # the input that a form submitted wakes the old page's stream before the browser has left it.
    live = request.headers.get("X-Bansha-Live") == "1"
    missing = await console.store.undelivered(game.gid) if game else None
    return {"console": console, "session": session, "csrf": (await console.auth()).csrf(session),
            "game": game, "tab": tab, "live": console.url(f"game/{game.gid}/events") if game else None,
            "head": views.clock(game, console.store.service.now()) if game else None,
            "undelivered": None if missing is None else len(missing),
            "flashes": [] if live else console.flashes.pop(session.sid, [])}


def flash(console: Console, session: Session, text: str) -> None:
    console.flashes.setdefault(session.sid, []).append(text)
