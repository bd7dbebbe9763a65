"""/帮助 through Bansha's matchers (nonebug): a short public answer in the group, a personal one by PM."""

from __future__ import annotations

from nonebugqq import day_vote, group_msg, group_says, make_bot, pm_says, private_msg

pytest_plugins = ["nonebugfixtures"]  # the `bansha` fixture: Bansha started in nonebug's NoneBot

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


async def test_help_during_a_game_tells_each_person_what_he_may_do_now(app, bansha):
    players = [GROUP * 100 + i for i in range(1, 8)]
    await day_vote(bansha, GROUP, ADMIN, players)
    async with app.test_matcher() as ctx:
        bot = make_bot(ctx)
        ctx.receive_event(bot, private_msg(players[6], "/帮助"))
        # by PM: his seat, the phase, and what he may do in it, with how to type it
        pm_says(ctx, players[6], "第 1 局 · 7号 玩家7 · 第1天 白天", "你现在可以：", "投票：群内 /投票 <目标或弃权> [理由]",
                limit=PHONE)
        ctx.receive_event(bot, group_msg(players[6], GROUP, "/帮助"))
        # in the group: the phase and what anyone may do in it, nothing about anyone's role, no judge commands
        group_says(ctx, GROUP, "第 1 局 狼人杀 · 当前阶段：第1天 白天", "现在可以：群内 /投票 <目标或弃权> [理由]（或直接发「投3」）",
                   never=("/法官", "预言家", "狼人：", "查验"), limit=PHONE)
        # the judge's own /帮助 adds his commands
        ctx.receive_event(bot, group_msg(ADMIN, GROUP, "/帮助", role="admin"))
        group_says(ctx, GROUP, "第 1 局 狼人杀 · 当前阶段：第1天 白天", "法官：/法官 推进|暂停|继续")
