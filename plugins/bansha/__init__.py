"""Bansha (版杀法官): the shared platform every game plugin stands on.

`plugins.bansha.engine` is pure and importable anywhere (simulator, tests).
The QQ layer (qq/: matchers, scheduler, sender) is loaded only when NoneBot
has been initialised, i.e. when this package is loaded as a NoneBot plugin.
"""

try:
    import nonebot

    nonebot.get_driver()
except (ImportError, ValueError):  # used as a library: no driver, no QQ layer
    pass
else:
    from .console import nb as _console  # noqa: F401  (the 导演台 on the same app)
    from .qq import __plugin_meta__  # noqa: F401
