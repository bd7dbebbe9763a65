"""Mounting the 导演台 on a FastAPI app, and the login links (the package's __init__ says what it is)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from fastapi import Depends

from .. import db
from ..config import Config, prefix_of
from ..service import Service
from .auth import Auth, load_secret, on_revoke
from .hub import Hub
from .routes import Console, JudgeInput, build_router
from .store import GroupRole, Store

_console: Console | None = None


async def _use_db() -> None:  # async: FastAPI runs it in the request's own task, not in a thread
    db.enter()


def install(app, service: Callable[[], Service], config: Config, superusers: set[int], group_role: GroupRole,
            public_url: str, judge_input: JudgeInput | None = None,
            scripts_home: Callable[[], str] | None = None) -> Console:
    """Mount the console on `app` (NoneBot's FastAPI app) and return it."""
    global _console
    prefix = prefix_of(config.bansha_console_prefix)
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
                      public_url=public_url.rstrip("/"), origin=config.bansha_console_url.rstrip("/"),
                      config=config)
    if scripts_home is not None:
        console.scripts_home = scripts_home
    # each request runs in a task of its own: Bansha's tortoise context is current in it (db.py)
    app.include_router(build_router(console), dependencies=[Depends(_use_db)])
    _console = console
    return console


def _kick(qq: int) -> None:
    """A session was revoked: the open streams check theirs now, not at their next ping."""
    if _console is not None:
        _console.hub.kick()


on_revoke(_kick)


def console() -> Console:
    if _console is None:  # (the package's `console`/`login_link` install it first where the bot holds its place)
        raise RuntimeError("the 导演台 is not installed")
    return _console


def watch(service: Service) -> None:
    """Live updates: the hub hears of every accepted input."""
    service.watch(console().hub.notify)


async def login_link(qq: int) -> str:
    c = console()
    token = await (await c.auth()).issue(qq)
    return f"{c.public_url}{c.url('login')}?t={token}"
