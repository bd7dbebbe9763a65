"""NoneBot plugin metadata for every plugin in the distribution: the top plugin, the platform, each game.

Loading the top plugin (`nonebot_plugin_bansha`, or `plugins` in a clone) loads the others as its
sub-plugins, so each shows up in NoneBot's plugin list with its own name and usage.
"""

from __future__ import annotations

from typing import Any

from nonebot.plugin import PluginMetadata

ADAPTERS = {"~onebot.v11"}
HOMEPAGE = None  # no public home page yet: none rather than a placeholder


def metadata(name: str, description: str, usage: str, config: type | None = None, **extra: Any) -> PluginMetadata:
    return PluginMetadata(
        name=name, description=description, usage=usage, type="application", homepage=HOMEPAGE, config=config,
        supported_adapters=ADAPTERS, extra=extra,
    )


def game_metadata(ruleset: Any, description: str, players: str) -> PluginMetadata:
    """A game sub-plugin (plugins/<game>/__init__.py): the package declares its game by name (its rules, free
    of nonebot, register when first needed: engine/game/registry.py), and this is the NoneBot metadata beside it,
    from the declaration (key, title). Played through the platform's commands, so its usage is how to open one."""
    return metadata(
        f"版杀法官·{ruleset.title}",
        description,
        f"群内发送 /开局 {ruleset.title} 开一局（{players}），大家 /报名，法官 /开始；/帮助 查看全部命令。",
        ruleset=ruleset.key,
    )
