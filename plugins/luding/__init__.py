"""[M45]『鹿鼎记』 (rule text 003): forum werewolf with 感染 (camp conversion), three camps, 14 players.
"""

from ..bansha.meta import game_metadata
from . import rules  # registers the ruleset

__plugin_meta__ = game_metadata(rules.RULESET, "[M45]『鹿鼎记』感染局（规则原文 003）：三个阵营、感染改变阵营的论坛狼人杀。", "14 人")
