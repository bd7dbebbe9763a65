"""狼人杀 (rule text 002): the classic role set — 狼人, 白狼王, 预言家, 女巫, 猎人, 守卫, 白痴, 长老, 丘比特,
小女孩, 替罪羊, 吹笛者, 盗贼, 平民 and the 警长 election — on named or custom boards.
"""

from ..bansha.engine.game.registry import declare
from ..bansha.meta import game_metadata

# The rules (rules.py) register when first needed, not with the bot's start (engine/game/registry.py).
GAME = declare("werewolf", "狼人杀", ("狼人", "werewolf"), __name__)

__plugin_meta__ = game_metadata(GAME, "经典狼人杀（规则原文 002）：狼人、白狼王、预言家、女巫、猎人、守卫、白痴、长老、丘比特、小女孩、替罪羊、吹笛者、盗贼与警长竞选，多种板子与自定义板子。", "6–18 人")
