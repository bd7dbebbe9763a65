"""[M45]『鹿鼎记』 (rule text 003): forum werewolf with 感染 (camp conversion), three camps, 14 players.

Importing this package registers the ruleset with bansha's engine; it stays
free of nonebot so the simulator and tests can load it anywhere.
"""

from . import rules  # noqa: F401  # registers the ruleset
