"""狼人杀 (rule text 002): the classic role set — 狼人, 白狼王, 预言家, 女巫, 猎人, 守卫, 白痴, 长老, 丘比特,
小女孩, 替罪羊, 吹笛者, 盗贼, 平民 and the 警长 election — on named or custom boards.

Importing this package registers the ruleset with bansha's engine; it stays
free of nonebot so the simulator and tests can load it anywhere.
"""

from . import rules  # noqa: F401  # registers the ruleset
