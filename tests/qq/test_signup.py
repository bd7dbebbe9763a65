"""/开局 and /报名 through Bansha's matchers (nonebug): the opening post, a second /开局 refused in Chinese, a
sign-up acknowledged by a reaction on the player's own post (issue 25), and the refusals a player meets."""

from __future__ import annotations

from nonebugqq import friends, group_msg, group_says, make_bot, pm_says, private_msg, reacts

pytest_plugins = ["nonebugfixtures"]  # the `bansha` fixture: Bansha started in nonebug's NoneBot

GROUP = 5552
ADMIN, MEMBER, P1, P2, P3 = 555290, 555294, 555201, 555202, 555203


async def test_an_admin_opens_a_game_and_a_second_open_is_refused(app, bansha):
    async with app.test_matcher() as ctx:
        bot = make_bot(ctx)
        ctx.receive_event(bot, group_msg(ADMIN, GROUP, "/开局 狼人杀", name="管理员", role="admin"))
        group_says(ctx, GROUP, "狼人杀 开局（第 1 局），报名开始！发送 /报名 加入，法官发送 /开始 发牌。", "选项：")
        # the second one is answered to the one who typed it, by name, and opens nothing
        ctx.receive_event(bot, group_msg(ADMIN, GROUP, "/开局 鹿鼎记", name="管理员", role="admin"))
        group_says(ctx, GROUP, "管理员：本群已经有一局进行中的游戏；结束或终止后才能开新局。")
    assert [g.gid for g in bansha.games.values()] == [1]
    assert bansha.games[1].rules.title == "狼人杀"


async def test_opening_is_refused_to_a_plain_member_and_for_an_unknown_game(app, bansha):
    async with app.test_matcher() as ctx:
        bot = make_bot(ctx)
        ctx.receive_event(bot, group_msg(MEMBER, GROUP, "/开局 狼人杀", name="路人"))
        group_says(ctx, GROUP, "路人：只有群主、管理员（和机器人的超级用户）可以开局。开局的人就是这一局的法官。")
        ctx.receive_event(bot, group_msg(ADMIN, GROUP, "/开局 狼人", name="管理员", role="admin"))
        # 狼人 is an alias: that opens 狼人杀; a game nobody offers is refused with the list
        group_says(ctx, GROUP, "狼人杀 开局（第 1 局）")
        ctx.receive_event(bot, group_msg(ADMIN, 5553, "/开局 象棋", name="管理员", role="admin"))
        group_says(ctx, 5553, "管理员：没有名为「象棋」的游戏。可开的游戏：", "狼人杀", "鹿鼎记")
    assert list(bansha.games) == [1]


async def test_signing_up_is_a_reaction_on_the_post_and_twice_is_refused(app, bansha):
    async with app.test_matcher() as ctx:
        bot = make_bot(ctx)
        ctx.receive_event(bot, group_msg(ADMIN, GROUP, "/开局 狼人杀", name="管理员", role="admin"))
        group_says(ctx, GROUP, "狼人杀 开局（第 1 局）")

        # a friend of the bot: his /报名 is acknowledged on the post itself, no message of its own
        join = group_msg(P1, GROUP, "/报名", name="阿狸")
        ctx.receive_event(bot, join)
        friends(ctx, P1)
        reacts(ctx, join.message_id)

        # no friend: the bot checks it can reach him by a temp session through the group, then takes him
        join = group_msg(P2, GROUP, "/报名", name="小鹿")
        ctx.receive_event(bot, join)
        friends(ctx, P1)
        pm_says(ctx, P2, "【版杀法官】报名确认：之后的身份和夜间行动都会通过这里私聊。", group=GROUP)
        reacts(ctx, join.message_id)

        # twice: refused, by name, in the group
        ctx.receive_event(bot, group_msg(P1, GROUP, "/报名", name="阿狸"))
        group_says(ctx, GROUP, "阿狸：你已经报过名了。")
    game = bansha.games[1]
    assert [(p.qq, p.name) for p in game.players] == [(P1, "阿狸"), (P2, "小鹿")]


async def test_a_player_the_bot_cannot_reach_is_told_why(app, bansha):
    from nonebot.adapters.onebot.v11.exception import ActionFailed

    async with app.test_matcher() as ctx:
        bot = make_bot(ctx)
        ctx.receive_event(bot, group_msg(ADMIN, GROUP, "/开局 狼人杀", name="管理员", role="admin"))
        group_says(ctx, GROUP, "狼人杀 开局（第 1 局）")
        ctx.receive_event(bot, group_msg(P3, GROUP, "/报名", name="小猫"))
        friends(ctx)
        ctx.should_call_api("send_private_msg", {"user_id": P3, "group_id": GROUP, "message": _confirm()},
                            exception=ActionFailed(retcode=1200, wording="不允许临时会话"))
        group_says(ctx, GROUP, "小猫：机器人无法私聊你：请先添加机器人为好友（或允许群临时会话）再报名")
    assert bansha.games[1].players == []


def _confirm():
    from nonebugqq import Says

    return Says("报名确认")


async def test_sign_up_and_open_in_the_wrong_place_are_explained(app, bansha):
    async with app.test_matcher() as ctx:
        bot = make_bot(ctx)
        # no game in the group yet: the player hears how one starts
        ctx.receive_event(bot, group_msg(P1, GROUP, "/报名", name="阿狸"))
        group_says(ctx, GROUP, "阿狸：本群没有进行中的游戏。法官可以用 /开局 <游戏> 开一局。")
        # /开局 by PM: it belongs in the group it opens in
        ctx.receive_event(bot, private_msg(ADMIN, "/开局 狼人杀"))
        pm_says(ctx, ADMIN, "请在要开局的群里发送 /开局。")
        # a vote by PM: votes are public
        ctx.receive_event(bot, private_msg(P1, "/投票 3"))
        pm_says(ctx, P1, "投票请在群里公开进行；需要代投请用 /代投。")
    assert bansha.games == {}
