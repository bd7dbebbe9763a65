"""狼人杀 (rule text 002): the classic board 预言家、女巫、猎人、守卫、白痴、平民 against 狼人.

Importing this package registers the ruleset with bansha's engine; it stays
free of nonebot so the simulator and tests can load it anywhere.
"""

from . import rules  # noqa: F401  # registers the ruleset
