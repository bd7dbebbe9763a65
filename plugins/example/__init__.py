"""示例游戏: the smallest whole game, kept as the worked example of docs/new-game.md (not one of the five
rule texts). Each round everyone 指认s someone; the most-named leaves; the last two win together.

It is registered like every game, so the platform's own tests play it, but it is not listed by /开局 or
/帮助 (`Ruleset.listed`): a group choosing a game sees only the real ones. `/开局 示例游戏` still opens it,
so a developer can try a change through a real bot.
"""

from ..bansha.meta import game_metadata
from . import rules  # registers the ruleset

__plugin_meta__ = game_metadata(
    rules.RULESET,
    "示例游戏（给开发者看的最小完整游戏，见 docs/new-game.md；不在 /开局 的游戏列表里）。",
    "3 到 8 人",
)
