"""The 导演台's place on NoneBot's app from the bot's start, its code imported only when first needed.

Importing the console (Jinja2, sse-starlette, itsdangerous, its templates and views, FastAPI's analysis of
its routes) cost the bot a good part of its start, before the WebSocket could be accepted (issue 17). At
plugin load `hold` puts one placeholder route where the console's routes belong; `install` (the first
request under the prefix, the first login link, or the bot's warm-up right after startup) imports the
console and puts its real routes in the placeholder's place, so the route order is what it always was.
A request that meets the placeholder is served by the real routes, once installed: nobody sees a
difference but a first page a little slower.
"""

from __future__ import annotations

from typing import Any

from nonebot import get_app
from starlette.routing import BaseRoute, Match, NoMatchFound
from starlette.types import Receive, Scope, Send

from ..config import prefix_of

_held: list[Placeholder] = []  # the placeholder, while the console is not installed
_installed: list[Any] = []  # the Console, once installed


class Placeholder(BaseRoute):
    """Every HTTP path under the console's prefix, until the console is installed."""

    def __init__(self, prefix: str):
        self.prefix = prefix

    def matches(self, scope: Scope) -> tuple[Match, Scope]:
        if scope["type"] == "http" and str(scope.get("path", "")).startswith(self.prefix):
            return Match.FULL, {}
        return Match.NONE, {}

    def url_path_for(self, name: str, /, **path_params: Any) -> Any:
        raise NoMatchFound(name, path_params)

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        install()
        await scope["router"](scope, receive, send)  # again through the app's routes: the real ones now


def hold(raw_prefix: str) -> None:
    """At plugin load: reserve the console's place on NoneBot's app (BANSHA_CONSOLE_PREFIX)."""
    if not _held and not _installed:
        _held.append(Placeholder(prefix_of(raw_prefix)))
        get_app().router.routes.append(_held[0])


def held() -> bool:
    return bool(_held)


def install() -> Any:
    """Import the console and put its routes where the placeholder stands (idempotent). Returns the Console."""
    if _installed:
        return _installed[0]
    from . import nb

    routes = get_app().router.routes
    before = len(routes)
    console = nb.install_in_bot()
    if _held:
        added = routes[before:]
        del routes[before:]
        at = routes.index(_held.pop())
        routes[at:at + 1] = added
    _installed.append(console)
    return console
