"""A bare NoneBot bot as someone who already runs one has it: its own plugins/ directory, one plugin of
its own that uses tortoise (plugins/notes), and Bansha installed from the wheel. tests/test_install.py
copies this directory next to a fresh virtual environment and starts it.

GUEST_ORDER: "own,bansha" or "bansha,own" (which plugin's startup hook runs first).
GUEST_REPORT: where to write every loaded plugin's metadata as JSON.
"""

import json
import os

import nonebot
from nonebot.adapters.onebot.v11 import Adapter

nonebot.init()
nonebot.get_driver().register_adapter(Adapter)
for step in os.environ.get("GUEST_ORDER", "own,bansha").split(","):
    if step == "own":
        nonebot.load_plugins("plugins")
    else:
        nonebot.load_plugin("nonebot_plugin_bansha")

if report := os.environ.get("GUEST_REPORT"):
    plugins = {}
    for p in nonebot.get_loaded_plugins():
        m = p.metadata
        plugins[p.id_] = {
            "module": p.module_name,
            "parent": p.parent_plugin.id_ if p.parent_plugin else None,
            "metadata": None if m is None else {
                "name": m.name, "description": m.description, "usage": m.usage, "type": m.type,
                "homepage": m.homepage, "config": m.config.__name__ if m.config else None,
                "supported_adapters": sorted(m.supported_adapters or []),
            },
        }
    with open(report, "w", encoding="utf-8") as f:
        json.dump(plugins, f, ensure_ascii=False)

if __name__ == "__main__":
    nonebot.run()
