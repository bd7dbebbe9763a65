"""萬寧斗獸棋 (rule text 000): hidden levels 1–4, HP, shields, true damage, blood-lock, 24 本能.
"""

from ..bansha.meta import game_metadata
from . import rules  # registers the ruleset

__plugin_meta__ = game_metadata(rules.RULESET, "萬寧斗獸棋（规则原文 000）：隐藏等级、血量、护盾、真实伤害、锁血与 24 种本能。", "4–10 人")
