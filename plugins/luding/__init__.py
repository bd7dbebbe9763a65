"""[M45]『鹿鼎记』 (rule text 003): forum werewolf with 感染 (camp conversion), three camps, 14 players.
"""

from ..bansha.engine.game.registry import declare
from ..bansha.meta import game_metadata

# The rules (rules.py) register when first needed, not with the bot's start (engine/game/registry.py).
GAME = declare("luding", "鹿鼎记", ("M45", "[M45]鹿鼎记", "『鹿鼎记』"), __name__)

__plugin_meta__ = game_metadata(GAME, "[M45]『鹿鼎记』感染局（规则原文 003）：三个阵营、感染改变阵营的论坛狼人杀。", "14 人")
