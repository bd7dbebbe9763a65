"""狼人杀 (rule text 002): the classic role set — 狼人, 白狼王, 预言家, 女巫, 猎人, 守卫, 白痴, 长老, 丘比特,
小女孩, 替罪羊, 吹笛者, 盗贼, 平民 and the 警长 election — on named or custom boards.
"""

from ..bansha.meta import game_metadata
from . import rules  # registers the ruleset

__plugin_meta__ = game_metadata(rules.RULESET, "经典狼人杀（规则原文 002）：狼人、白狼王、预言家、女巫、猎人、守卫、白痴、长老、丘比特、小女孩、替罪羊、吹笛者、盗贼与警长竞选，多种板子与自定义板子。", "6–18 人")
