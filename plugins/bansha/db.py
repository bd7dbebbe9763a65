"""Bansha's database: its own tortoise context, so that it is a good guest in someone else's bot.

Tortoise 1.x keeps everything (connections, model registry) in a `TortoiseContext`. A query finds
its context in a ContextVar, else in ONE process-wide fallback slot; `Tortoise.init()` re-initialises
whatever context is current in the calling task. NoneBot runs every plugin's startup hooks one
after another in one task, so two plugins that each call `Tortoise.init()` there collide: the
second re-initialises the first one's context (closing its connections, dropping its models), and
only one of them can hold the fallback slot (the other gets ConfigurationError).

So Bansha, as a NoneBot plugin, never calls tortoise on whatever context happens to be current:
- `connect()` creates a context of its own, makes it current only while migrating and connecting, then
  restores the caller's (`global_fallback=False` leaves the fallback slot to the host bot);
- Bansha's code runs with that context current: `scope()` around code that shares its task with other
  plugins (qq/lifecycle.py: startup, shutdown; the sender task started there inherits it), `enter()` at
  the start of each task of Bansha's own (qq/dispatch.py: every matcher's first handler; qq/clock.py:
  every scheduler job; console/: every 导演台 request). Never `enter()` in a shared task: a later
  `Tortoise.init()` of another plugin there would re-initialise Bansha's context;
- its connection is named "bansha", not "default": a query that ever ran under another plugin's context
  fails loudly instead of reading or writing that plugin's database;
- it keeps the process's tortoise time-zone settings (an environment-wide setting in tortoise) as it
  finds them instead of resetting them to its own defaults.

Tests, benchmarks and tools are alone in their process: they open with the fallback (the default), and
then any task can reach the database as before.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from tortoise import Tortoise
from tortoise.context import TortoiseContext, _current_context  # the ContextVar TortoiseContext.__enter__ sets
from tortoise.migrations.api import migrate
from tortoise.timezone import get_timezone, get_use_tz

from .dbconfig import CONNECTION, tortoise_config

_ctx: TortoiseContext | None = None


async def connect(db_url: str, *, global_fallback: bool = True, extra_apps: dict | None = None) -> TortoiseContext:
    """Apply pending migrations (plugins/bansha/migrations) and connect, in Bansha's own context.

    `extra_apps` (the benchmark's baseline table) join the context without migrations: their tables
    are created if missing."""
    global _ctx
    if _ctx is not None:  # one context per process: a second connect (a test's own database) replaces the first
        await close()
    if db_url.startswith("sqlite://"):
        path = db_url[len("sqlite://") :]
        if path and path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
    config = tortoise_config(db_url)
    config = {**config, "apps": {**config["apps"], **(extra_apps or {})}, "use_tz": get_use_tz(), "timezone": get_timezone()}
    ctx = TortoiseContext()
    token = _current_context.set(ctx)  # both calls below (re)initialise the CURRENT context: ours
    try:
        lock = await migration_lock(db_url)  # PostgreSQL: processes started together migrate in turn
        try:
            await migrate(config=config, app_labels=["bansha"])
        finally:
            if lock is not None:
                await lock.close()  # the session's advisory lock ends with it
        await Tortoise.init(config=config, _enable_global_fallback=global_fallback)
        if extra_apps:
            await Tortoise.generate_schemas(safe=True)
    finally:
        _current_context.reset(token)
    _ctx = ctx
    return ctx


def enter() -> None:
    """Make Bansha's context current for the rest of this task (one of Bansha's own tasks only)."""
    if _ctx is not None and _current_context.get() is not _ctx:
        _current_context.set(_ctx)


@contextmanager
def scope() -> Iterator[None]:
    """Bansha's context current inside the block, the caller's again after it."""
    token = _current_context.set(_ctx)
    try:
        yield
    finally:
        _current_context.reset(token)


def connection():
    """Bansha's connection (for raw SQL such as PRAGMAs)."""
    if _ctx is None:
        raise RuntimeError("bansha database not open")
    return _ctx.connections.get(CONNECTION)


async def close() -> None:
    """Close Bansha's connections only; another plugin's stay open."""
    global _ctx
    if _ctx is not None:
        await _ctx.close_connections()
        _ctx = None


MIGRATION_LOCK = 0x62616E73  # "bans": the advisory lock key of migrations


async def migration_lock(db_url: str) -> Any:
    """PostgreSQL: hold an advisory lock while migrating, so processes started together on a new database
    migrate one after another (the others then find nothing left to do). The lock ends with the
    returned connection; None on SQLite (one process per file)."""
    scheme, _, rest = db_url.partition("://")
    if scheme not in ("postgres", "postgresql", "asyncpg"):
        return None
    import asyncpg

    conn = await asyncpg.connect("postgresql://" + rest.split("?", 1)[0])
    await conn.execute("SELECT pg_advisory_lock($1)", MIGRATION_LOCK)
    return conn
