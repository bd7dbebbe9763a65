"""酒馆圣杯 (rule text 001): a three-faction D&D 版杀 with a daily grail, 指认, initiative and d100 checks.
"""

from ..bansha.engine.game.registry import declare
from ..bansha.meta import game_metadata

# The rules (rules.py) register when first needed, not with the bot's start (engine/game/registry.py).
GAME = declare("tavern", "酒馆", ("酒馆圣杯", "tavern"), __name__)

__plugin_meta__ = game_metadata(GAME, "酒馆圣杯（规则原文 001）：三个阵营的 D&D 版杀，每日圣杯数字、指认、先攻与 d100 检定。", "15 人")
