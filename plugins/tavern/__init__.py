"""酒馆圣杯 (rule text 001): a three-faction D&D 版杀 with a daily grail, 指认, initiative and d100 checks.

Importing this package registers the ruleset with bansha's engine; it stays free of nonebot so the
simulator and tests can load it anywhere.
"""

from . import rules  # noqa: F401  # registers the ruleset
