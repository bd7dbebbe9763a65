"""docs/new-game.md, 「加一个命令」: /座位 through Bansha's real matchers (nonebug), as a phone player types it.

The command's code is in plugins/bansha/qq/commands/info.py between `# --- guide: command ---` markers; the guide
quotes it verbatim (the last test checks it)."""

from __future__ import annotations

import re

import scenario
from nonebugqq import dealt, group_msg, group_says, make_bot, pm_says, private_msg
from paths import ROOT

from plugins.bansha.engine.game import registry

pytest_plugins = ["nonebugfixtures"]  # the `bansha` fixture: Bansha started in nonebug's NoneBot

GROUP = 5561
ADMIN = 556190
PLAYERS = [GROUP * 100 + i for i in range(1, 8)]


async def test_before_the_deal_the_seats_are_refused_with_the_reason(app, bansha):
    async with app.test_matcher() as ctx:
        bot = make_bot(ctx)
        ctx.receive_event(bot, group_msg(ADMIN, GROUP, "/开局 狼人杀", name="管理员", role="admin"))
        group_says(ctx, GROUP, "狼人杀 开局（第 1 局）")
        ctx.receive_event(bot, group_msg(PLAYERS[0], GROUP, "/座位", name="玩家1"))
        group_says(ctx, GROUP, "还没有发牌：座位在 /开始 时排定。现在发 /状态 看报名名单。")


async def test_the_group_hears_the_seat_list_and_a_player_his_own_seat_by_pm(app, bansha):
    await dealt(bansha, GROUP, ADMIN, PLAYERS)
    async with app.test_matcher() as ctx:
        bot = make_bot(ctx)
        ctx.receive_event(bot, group_msg(PLAYERS[4], GROUP, "/座位", name="玩家5"))
        group_says(ctx, GROUP, "第 1 局 · 狼人杀 · 座位表", *(f"{i}号 玩家{i}" for i in range(1, 8)),
                   never=("你是", "（出局）", "预言家", "女巫", "平民"))
        ctx.receive_event(bot, private_msg(PLAYERS[2], "/座位表"))  # the alias, by PM
        pm_says(ctx, PLAYERS[2], "座位表", "7号 玩家7", "你是 3号。")


async def test_a_seat_that_is_out_is_marked_and_nothing_else_is_said(app, bansha):
    from plugins.bansha.qq.commands.info import seats_text  # the QQ layer, loaded by nonebug's NoneBot

    t = scenario.Table(registry.get("werewolf"), 7, seed=1, options={"节奏": "快速"})
    t.game.state.alive[2] = False  # as a night's death or a vote leaves it
    text = seats_text(t.game, t.qq(5))
    assert "2号 P2（出局）" in text and "1号 P1\n" in text and text.endswith("你是 5号。")
    seats = text.split("\n")[1:]  # (the title line names the game: 狼人杀)
    assert not any(row.role in line or row.faction in line for row in t.game.rules.cast(t.game.state) for line in seats)


def test_the_guide_quotes_the_command():
    guide = (ROOT / "docs" / "new-game.md").read_text(encoding="utf-8")
    code = (ROOT / "plugins" / "bansha" / "qq" / "commands" / "info.py").read_text(encoding="utf-8")
    (block,) = re.findall(r"# --- guide: command ---\n(.*?)# --- end ---\n", code, re.S)
    assert block.strip() in guide
