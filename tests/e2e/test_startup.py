"""What the bot imports before it can accept the WebSocket (issue 17): NoneBot, the QQ layer, the database
and the engine, but not the 导演台, the pictures or any game's rules. Those come after the handshake (or on
first use) and then work as before: a game found by any of its names, the console's pages."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from paths import ROOT

from plugins.bansha.engine.game import registry

GAMES = tuple(p.rsplit(".", 1)[1] for p in registry.game_packages(examples=False))

# What the start must not import (each cost it tens of milliseconds or more, measured with -X importtime).
HEAVY_LIBRARIES = ("PIL", "fontTools", "jinja2", "sse_starlette", "itsdangerous", "matplotlib")

# Loads the plugins exactly as bot.py does, without running the server; then, on request, what a first
# visitor of the 导演台 and a first /开局 would load.
LOADER = """
import json, sys
import nonebot
from nonebot.adapters.onebot.v11 import Adapter

nonebot.init()
nonebot.get_driver().register_adapter(Adapter)
nonebot.load_from_toml("pyproject.toml")
out = {"loaded": sorted(sys.modules), "plugins": sorted(p.module_name for p in nonebot.get_loaded_plugins())}
if "--use" in sys.argv:
    import asyncio
    import httpx

    from plugins.bansha.console import lazy
    from plugins.bansha.engine.game import registry

    app = nonebot.get_app()
    out["routes_before"] = [type(r).__name__ for r in app.router.routes]

    async def visit():
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://bot") as c:
            return (await c.get("/bansha/static/console.css")).status_code

    out["status"] = asyncio.run(visit())
    out["routes_after"] = [type(r).__name__ for r in app.router.routes]
    out["werewolf"] = registry.get("狼人").key
    out["offered"] = [r.title for r in registry.offered()]
    out["after"] = sorted(sys.modules)
print(json.dumps(out))
"""


def load_bot(tmp_path: Path, *args: str) -> dict:
    env = dict(os.environ, DRIVER="~fastapi", HOST="127.0.0.1", PORT="8080", LOG_LEVEL="WARNING",
               BANSHA_DB_URL=f"sqlite://{tmp_path / 'bot.sqlite3'}", PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-c", LOADER, *args], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def heavy(modules: list[str]) -> list[str]:
    return [m for m in modules
            if m.split(".")[0] in HEAVY_LIBRARIES
            or (m.startswith("plugins.bansha.console.") and m != "plugins.bansha.console.lazy")
            or m.startswith("plugins.bansha.images.")
            or (m.count(".") >= 2 and m.split(".")[1] in (*GAMES, "example"))]  # a game's rules or any part of them


def test_the_bot_loads_every_plugin_without_the_console_the_pictures_or_any_rules(tmp_path):
    got = load_bot(tmp_path)
    assert heavy(got["loaded"]) == []
    assert {"plugins", "plugins.bansha", *(f"plugins.{g}" for g in GAMES)} <= set(got["plugins"])


def test_the_first_visit_and_the_first_game_load_them_where_they_belong(tmp_path):
    got = load_bot(tmp_path, "--use")
    assert got["status"] == 200  # the first page is served, not a 404 while the console was not there yet
    before, after = got["routes_before"], got["routes_after"]
    assert before.count("Placeholder") == 1 and "Placeholder" not in after
    at = before.index("Placeholder")  # the console's routes stand where it stood: the order NoneBot's app had
    added = len(after) - len(before) + 1
    assert after[:at] == before[:at] and after[at + added:] == before[at + 1:] and added >= 1
    assert got["werewolf"] == "werewolf"
    assert sorted(got["offered"]) == sorted(r.title for r in registry.offered())
    assert {"jinja2", "plugins.bansha.console.routes", "plugins.werewolf.rules", "plugins.nata.rules"} <= set(got["after"])


def test_a_declaration_that_drifted_from_its_rules_fails_at_import(monkeypatch):
    from plugins.werewolf.rules import RULESET

    declared = registry._DECLARED["werewolf"]
    monkeypatch.setitem(registry._DECLARED, "werewolf", registry.Declared(
        declared.key, declared.title, (*declared.aliases, "狼"), declared.package))
    with pytest.raises(ValueError, match="declares 'werewolf'"):
        registry.register(RULESET)
    assert registry.get("狼人杀") is RULESET
