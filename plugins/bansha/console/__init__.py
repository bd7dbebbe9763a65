"""导演台: the judges' web console, served by the bot itself on NoneBot's FastAPI app.

`install()` mounts the routes under BANSHA_CONSOLE_PREFIX (default /bansha/) on the same HOST/PORT
as the OneBot endpoint, and subscribes the live-update hub to the service's accepted inputs.
`login_link(qq)` makes the one-time link that `/法官 控制台` sends by PM.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from fastapi import Depends

from .. import db
from ..config import Config
from ..service import Service
from .auth import Auth, load_secret
from .hub import Hub
from .routes import Console, JudgeInput, build_router
from .store import GroupRole, Store

_console: Console | None = None


async def _use_db() -> None:  # async: FastAPI runs it in the request's own task, not in a thread
    db.enter()


def _prefix(raw: str) -> str:
    return "/" + raw.strip("/") + "/" if raw.strip("/") else "/"


def install(app, service: Callable[[], Service], config: Config, superusers: set[int], group_role: GroupRole,
            public_url: str, judge_input: JudgeInput | None = None) -> Console:
    """Mount the console on `app` (NoneBot's FastAPI app) and return it."""
    global _console
    prefix = _prefix(config.bansha_console_prefix)
    auth: Auth | None = None
    lock = asyncio.Lock()

    async def get_auth() -> Auth:
        nonlocal auth
        async with lock:
            if auth is None:
                auth = Auth(await load_secret(config.bansha_console_secret), config.bansha_console_session)
        return auth

    console = Console(prefix=prefix, store=Store(service, superusers, group_role), hub=Hub(), auth=get_auth,
                      judge_input=judge_input, secure_cookie=public_url.startswith("https://"),
                      public_url=public_url.rstrip("/"))
    # each request runs in a task of its own: Bansha's tortoise context is current in it (db.py)
    app.include_router(build_router(console), dependencies=[Depends(_use_db)])
    _console = console
    return console


def console() -> Console:
    if _console is None:
        raise RuntimeError("the 导演台 is not installed")
    return _console


def watch(service: Service) -> None:
    """Live updates: the hub hears of every accepted input."""
    service.watch(console().hub.notify)


async def login_link(qq: int) -> str:
    c = console()
    token = await (await c.auth()).issue(qq)
    return f"{c.public_url}{c.url('login')}?t={token}"
