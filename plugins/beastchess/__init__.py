"""萬寧斗獸棋 (rule text 000): hidden levels 1–4, HP, shields, true damage, blood-lock, 24 本能.
"""

from ..bansha.engine.game.registry import declare
from ..bansha.meta import game_metadata

# The rules (rules.py) register when first needed, not with the bot's start (engine/game/registry.py).
GAME = declare("beastchess", "斗兽棋", ("萬寧斗獸棋", "万宁斗兽棋", "斗獸棋", "beastchess"), __name__)

__plugin_meta__ = game_metadata(GAME, "萬寧斗獸棋（规则原文 000）：隐藏等级、血量、护盾、真实伤害、锁血与 24 种本能。", "4–10 人")
