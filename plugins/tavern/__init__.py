"""酒馆圣杯 (rule text 001): a three-faction D&D 版杀 with a daily grail, 指认, initiative and d100 checks.
"""

from ..bansha.meta import game_metadata
from . import rules  # registers the ruleset

__plugin_meta__ = game_metadata(rules.RULESET, "酒馆圣杯（规则原文 001）：三个阵营的 D&D 版杀，每日圣杯数字、指认、先攻与 d100 检定。", "15 人")
