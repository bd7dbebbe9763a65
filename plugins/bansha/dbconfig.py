"""Tortoise configuration shared by the bot and the `tortoise` migration CLI.

`python -m tortoise -c plugins.bansha.dbconfig.TORTOISE_ORM makemigrations` (in a clone) writes a new
migration under plugins/bansha/migrations after a model change; the bot applies pending
migrations at startup.
"""

from __future__ import annotations

import os
from typing import Any

# Bansha's own connection name: never "default", which another tortoise user in the same bot may own (db.py).
CONNECTION = "bansha"


def tortoise_config(db_url: str) -> dict[str, Any]:
    return {
        "connections": {CONNECTION: db_url},
        "apps": {
            "bansha": {
                # named from this package: plugins.bansha in a clone, nonebot_plugin_bansha.bansha installed
                "models": [f"{__package__}.models"],
                "migrations": f"{__package__}.migrations",
                "default_connection": CONNECTION,
            }
        },
    }


TORTOISE_ORM = tortoise_config(os.environ.get("BANSHA_DB_URL", "sqlite://data/bansha.sqlite3"))
