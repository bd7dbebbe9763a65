"""Bansha (版杀法官): the shared platform every game plugin stands on.

`<package>.bansha.engine` is pure and importable anywhere (simulator, tests). The QQ layer
(qq/: matchers, scheduler, sender, database) is loaded only when NoneBot loads this package
as a plugin: as a sub-plugin of the top package (plugins/__init__.py).
"""

from .. import loaded_as_plugin

if loaded_as_plugin(__name__):
    from nonebot import get_plugin_config

    from .config import Config
    from .console import lazy as _console
    from .qq import __plugin_meta__  # noqa: F401

    # the 导演台 on the same app: its place now, its code after the start (console/lazy.py)
    _console.hold(get_plugin_config(Config).bansha_console_prefix)
