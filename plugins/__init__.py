"""Bansha (版杀法官) as ONE NoneBot plugin: loading this package loads the platform (bansha: QQ layer,
database and migrations, scheduler) and every game beside it as its sub-plugins.

This package is the plugins/ directory. Installed from the wheel its name is `nonebot_plugin_bansha`
(setup.py maps it); in a clone, bot.py and the tests import it as `plugins`. Nothing inside names
it: imports are relative and module names are derived from `__name__`/`__package__`.
"""

import os
import sys

from nonebot.plugin import get_plugin_by_module_name


def loaded_as_plugin(module_name: str) -> bool:
    """Whether NoneBot is loading this very module as a plugin (rather than it being imported as a library:
    the simulator, the tests). Nothing under bansha may be imported before bansha is loaded as a plugin."""
    plugin = get_plugin_by_module_name(module_name)
    return plugin is not None and plugin.module_name == module_name


def _refuse_a_second_copy() -> None:
    """In a clone the same files are importable under both names (`plugins` from the checkout, the
    editable install's `nonebot_plugin_bansha`). Two copies in one process would mean two registries and
    two sets of models; stop with the reason instead."""
    here = os.path.realpath(__file__)
    for name, module in list(sys.modules.items()):
        path = getattr(module, "__file__", None)
        if name != __name__ and "." not in name and path and os.path.realpath(path) == here:
            raise ImportError(f"Bansha is already imported as {name!r}; import it under one name only, not also as {__name__!r}")


_refuse_a_second_copy()

if loaded_as_plugin(__name__):
    from nonebot import require

    require(f"{__name__}.bansha")  # first: the games stand on its engine and it owns the QQ layer
    from .bansha.engine.game.registry import game_packages

    for _game in game_packages(examples=False):  # the example game registers its rules, but is no plugin
        require(_game)

    from .bansha.config import Config
    from .bansha.meta import metadata

    __plugin_meta__ = metadata(
        "版杀法官",
        "在 QQ 群里主持论坛式社交推理游戏（版杀）：发身份、私聊收夜间行动、计时、按论坛规则计票、按规则原文结算技能、"
        "转发队伍聊天、判罚与替补，结束时公布演员表。含狼人杀、鹿鼎记、纳塔、斗兽棋、酒馆圣杯。",
        "群内：/开局 <游戏> [键=值…] → /报名 → 法官 /开始；白天 /投票 <座位> [理由]；私聊机器人发夜间技能（如「查验 5」）。"
        "/帮助 列出全部命令。",
        config=Config,
    )
