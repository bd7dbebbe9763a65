"""示例游戏: the smallest whole game, kept as the worked example of docs/new-game.md (not one of the five
rule texts). Each round everyone 指认s someone; the most-named leaves; the last two win together.

Its rules register like every game's (`registry.load_all`), so the platform's own tests play it, but it is
offered to nobody: /开局 and /帮助 list only the real games (`Ruleset.listed`), and it is not a NoneBot
sub-plugin of its own (`registry.EXAMPLES`). `/开局 示例游戏` still opens it, so a developer can try a
change through a real bot.
"""

from ..bansha.engine.game.registry import declare

GAME = declare("toy", "示例游戏", ("测试游戏", "示例", "example"), __name__, listed=False)
