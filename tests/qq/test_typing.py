"""What players type on a phone, through Bansha's matchers (nonebug): a typo answered with the command meant,
a judge command refused to a non-judge in Chinese, the short vote forms (`/投 3`, a bare `投3`, `三号`, full-width
`／票 ５`) each taken as a vote and acknowledged by a reaction on the post while chat that looks like a vote stays
chat, and night skills typed by PM without a space or a slash (`查验5`, `/刀 4`, `刀 四号`).

These tests play 狼人杀 with 7 players and 种子=1 (1女巫 2猎人 3预言家 4平民 5狼人 6狼人 7平民), dealt (and brought
to the first day's vote) through the service before the test's own messages (nonebugqq.dealt, day_vote)."""

from __future__ import annotations

from nonebugqq import day_vote, dealt, friends, group_msg, group_says, make_bot, pm_says, private_msg, reacts

from plugins.bansha.engine.game import SIGNUP

pytest_plugins = ["nonebugfixtures"]  # the `bansha` fixture: Bansha started in nonebug's NoneBot

GROUP = 5554
JUDGE, MEMBER = 555490, 555494
PLAYERS = [GROUP * 100 + i for i in range(1, 8)]


def seat(n: int) -> int:
    return PLAYERS[n - 1]


async def test_a_typo_is_answered_with_the_command_meant(app, bansha):
    async with app.test_matcher() as ctx:
        bot = make_bot(ctx)
        ctx.receive_event(bot, group_msg(MEMBER, GROUP, "/报明", name="路人"))
        group_says(ctx, GROUP, "路人：没有「/报明」这个命令。是不是想发：/报名？")
        # by PM too, to the sender only
        ctx.receive_event(bot, private_msg(MEMBER, "/帮肋"))
        pm_says(ctx, MEMBER, "没有「/帮肋」这个命令。是不是想发：/帮助")
        # nothing like ours: perhaps another bot's command in the group, so Bansha keeps quiet there
        ctx.receive_event(bot, group_msg(MEMBER, GROUP, "/天气 北京", name="路人"))
        # by PM nobody else could have meant it: the sender hears how to get help
        ctx.receive_event(bot, private_msg(MEMBER, "/天气 北京"))
        pm_says(ctx, MEMBER, "没有「/天气」这个命令。发送 /帮助 查看全部命令。")


async def test_judge_commands_are_refused_to_a_player_in_chinese(app, bansha):
    async with app.test_matcher() as ctx:
        bot = make_bot(ctx)
        ctx.receive_event(bot, group_msg(JUDGE, GROUP, "/开局 狼人杀", name="法官", role="admin"))
        group_says(ctx, GROUP, "狼人杀 开局（第 1 局）")
        join = group_msg(seat(1), GROUP, "/报名", name="阿狸")
        ctx.receive_event(bot, join)
        friends(ctx, seat(1))
        reacts(ctx, join.message_id)
        ctx.receive_event(bot, group_msg(seat(1), GROUP, "/法官 推进", name="阿狸"))
        group_says(ctx, GROUP, "阿狸：只有法官（开局者、群主、管理员或被添加的法官）可以使用法官命令。")
        ctx.receive_event(bot, group_msg(seat(1), GROUP, "/开始", name="阿狸"))
        group_says(ctx, GROUP, "阿狸：只有法官（开局者、群主、管理员或被添加的法官）可以开始游戏。")
    assert bansha.games[1].status == SIGNUP  # nothing changed


async def test_the_short_vote_forms_are_votes_acknowledged_by_a_reaction(app, bansha):
    from plugins.bansha.qq import dispatch

    await day_vote(bansha, GROUP, JUDGE, PLAYERS)
    async with app.test_matcher() as ctx:
        bot = make_bot(ctx)
        votes = [(7, "/投 3"), (1, "投6"), (2, "投 三号"), (4, "/投票 三号 跟票"), (3, "／票 ５ 查杀"), (6, "投弃权")]
        for who, typed in votes:
            post = group_msg(seat(who), GROUP, typed)
            ctx.receive_event(bot, post)
            if not typed.startswith(("/", "／")):  # a bare 「投6」 is the loose form's matcher, not a command
                ctx.should_pass_rule(dispatch.forum_vote_matcher)
            reacts(ctx, post.message_id)
        # chat that starts like a vote stays chat: no reaction, no answer; it counts as the player's post (潜水)
        ctx.receive_event(bot, group_msg(seat(5), GROUP, "投资3年都没回本"))
        ctx.should_not_pass_rule(dispatch.forum_vote_matcher)
        ctx.should_pass_rule(dispatch.speak_matcher)
        # /票型 shows what was taken: 3号 three votes, 5号 and 6号 one each; 5号 has not voted
        ctx.receive_event(bot, group_msg(seat(5), GROUP, "/票型"))
        group_says(ctx, GROUP, "【票型】", "已投 6 人", "3号 玩家3（3票） ← 2号、4号、7号", "5号 玩家5（1票） ← 3号",
                   "6号 玩家6（1票） ← 1号", "未投：5号")


async def test_a_vote_by_pm_or_by_a_non_player_is_not_taken(app, bansha):
    await day_vote(bansha, GROUP, JUDGE, PLAYERS)
    async with app.test_matcher() as ctx:
        bot = make_bot(ctx)
        # by PM: votes are public; the player is told where to vote
        ctx.receive_event(bot, private_msg(seat(7), "投3"))
        pm_says(ctx, seat(7), "投票请在群里公开发送（如「/投票 3」，不要求理由时也可以直接发「投3」）")
        # someone who holds no seat: his 「投3」 is chat, and nothing is said
        ctx.receive_event(bot, group_msg(MEMBER, GROUP, "投3", name="路人"))
        # his /投票 is refused in words
        ctx.receive_event(bot, group_msg(MEMBER, GROUP, "/投票 3", name="路人"))
        group_says(ctx, GROUP, "路人：你不是这局游戏的玩家。")
        ctx.receive_event(bot, group_msg(seat(5), GROUP, "/票型"))
        group_says(ctx, GROUP, "【票型】", "已投 0 人", "还没有人投票。")


async def test_night_skills_typed_the_phone_way_go_by_pm_and_never_show_in_the_group(app, bansha):
    await dealt(bansha, GROUP, JUDGE, PLAYERS)
    seer, wolf, mate = seat(3), seat(5), seat(6)
    async with app.test_matcher() as ctx:
        bot = make_bot(ctx)
        # a skill run together with its target, a skill typed as a command, a target written in Chinese
        ctx.receive_event(bot, private_msg(seer, "查验5"))
        pm_says(ctx, seer, "查验结果：5号 玩家5 是【狼人】", group=GROUP)
        # the wolves' choice reaches the other wolf in the 狼群 channel, and only him
        ctx.receive_event(bot, private_msg(wolf, "/刀 4"))
        pm_says(ctx, mate, "【狼群】5号 玩家5 选择杀 4号 玩家4。目前：4号 1票", group=GROUP)
        pm_says(ctx, wolf, "你选择杀 4号 玩家4。目前：4号 1票", group=GROUP)
        ctx.receive_event(bot, private_msg(mate, "刀 四号"))  # (the outbox goes chat by chat, his first: opened first)
        pm_says(ctx, mate, "你选择杀 4号 玩家4。目前：4号 2票", group=GROUP)
        pm_says(ctx, wolf, "【狼群】6号 玩家6 选择杀 4号 玩家4。目前：4号 2票", group=GROUP)
        # in the group a night skill is never used: its holder is told by PM how, anyone else hears nothing,
        # so the group cannot tell them apart
        ctx.receive_event(bot, group_msg(wolf, GROUP, "/刀 3"))
        pm_says(ctx, wolf, "技能请私聊发送：/技能 杀人 <目标>", group=GROUP)
        ctx.receive_event(bot, group_msg(seat(7), GROUP, "/刀 3"))
