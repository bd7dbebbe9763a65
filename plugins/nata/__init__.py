"""[M192] 纳塔 (rule text 004): a 14-player forum werewolf with a drawn role pool, statuses,
night sub-phases, target redirection, 电梯楼, a 警长 election and 宣言.
"""

from ..bansha.engine.game.registry import declare
from ..bansha.meta import game_metadata

# The rules (rules.py) register when first needed, not with the bot's start (engine/game/registry.py).
GAME = declare("nata", "纳塔", ("M192", "[M192]纳塔", "【M192】纳塔"), __name__)

__plugin_meta__ = game_metadata(GAME, "[M192] 纳塔身份池局（规则原文 004）：抽取身份池、状态、夜间子阶段、目标转移、电梯楼、警长与宣言。", "14 人")
