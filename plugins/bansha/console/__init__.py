"""导演台: the judges' web console, served by the bot itself on NoneBot's FastAPI app.

`install()` mounts the routes under BANSHA_CONSOLE_PREFIX (default /bansha/) on the same HOST/PORT
as the OneBot endpoint, and subscribes the live-update hub to the service's accepted inputs.
`login_link(qq)` makes the one-time link that `/法官 控制台` sends by PM; `revoke(qq)` ends every session
of a judge (`/法官 移除法官`), without installing the console (auth.py only).

In the bot the console joins NoneBot's app after the WebSocket handshake (issue 17: Jinja2, sse-starlette and
the routes are not imported before it): lazy.py holds its place in the route list and installs it on the
first request, the first login link, or the bot's warm-up right after startup. The code is in mount.py
(install, login_link…), routes.py and views.py; the names below are looked up there on first use.
"""

from __future__ import annotations

import importlib
from typing import Any

MOUNTED = frozenset({"Console", "GroupRole", "JudgeInput", "console", "install", "login_link", "watch"})


def __getattr__(name: str) -> Any:
    if name == "revoke":
        return importlib.import_module(f"{__name__}.auth").revoke
    if name not in MOUNTED:  # a submodule (`from . import views`) is the import system's to find
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    if name in ("console", "login_link"):  # the first login link installs the console where the bot holds its place
        lazy = importlib.import_module(f"{__name__}.lazy")
        if lazy.held():
            lazy.install()
    # importlib, not `from . import mount`: that would ask this hook again
    return getattr(importlib.import_module(f"{__name__}.mount"), name)
