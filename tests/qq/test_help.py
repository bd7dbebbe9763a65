"""/帮助 through Bansha's matchers (nonebug): a short public answer in the group, a personal one by PM."""

from __future__ import annotations

from nonebugqq import group_msg, group_says, make_bot, pm_says, private_msg

GROUP = 5551
PLAYER, ADMIN = 555101, 555190
PHONE = 300  # characters: a player's /帮助 fits a phone screen (issue 25)


async def test_help_in_a_group_is_short_public_and_lists_the_games(app, bansha):
    async with app.test_matcher() as ctx:
        bot = make_bot(ctx)
        ctx.receive_event(bot, group_msg(PLAYER, GROUP, "/帮助"))
        # not addressed by name (a read-only answer), the games on offer and how to start; nothing for judges
        group_says(ctx, GROUP, "版杀法官 · 命令", "本群没有进行中的游戏", "狼人杀", "/开局 <游戏>", "/报名",
                   never=("/法官", "玩家1："), limit=PHONE)
        # a group admin may open a game: he is told how, in the same one post
        ctx.receive_event(bot, group_msg(ADMIN, GROUP, "/帮助", role="admin"))
        group_says(ctx, GROUP, "本群没有进行中的游戏", "你可以开局：/开局 <游戏> [键=值…]")


async def test_help_by_pm_answers_the_sender_privately(app, bansha):
    async with app.test_matcher() as ctx:
        bot = make_bot(ctx)
        ctx.receive_event(bot, private_msg(PLAYER, "/帮助"))
        pm_says(ctx, PLAYER, "版杀法官 · 命令", "你没有参加进行中的游戏", "/开局 <游戏>", limit=PHONE)
        # the full-width form a phone keyboard types is the same command
        ctx.receive_event(bot, private_msg(PLAYER, "／帮助"))
        pm_says(ctx, PLAYER, "你没有参加进行中的游戏", limit=PHONE)
