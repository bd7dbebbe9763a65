"""[M192] 纳塔 (rule text 004): a 14-player forum werewolf with a drawn role pool, statuses,
night sub-phases, target redirection, 电梯楼, a 警长 election and 宣言.

Importing this package registers the ruleset with bansha's engine; it stays free of
nonebot so the simulator and tests can load it anywhere.
"""

from . import rules  # noqa: F401  # registers the ruleset
