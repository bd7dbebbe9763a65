"""萬寧斗獸棋 (rule text 000): hidden levels 1–4, HP, shields, true damage, blood-lock, 24 本能.

Importing this package registers the ruleset with bansha's engine; it stays
free of nonebot so the simulator and tests can load it anywhere.
"""

from . import rules  # noqa: F401  # registers the ruleset
