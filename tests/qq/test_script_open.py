"""/开局 剧本 through Bansha's matchers (nonebug): the list of 剧本 (a broken file listed with the line that breaks it),
opening one with the 导演's own 键=值 on top, and the refusals for a missing or broken 剧本."""

from __future__ import annotations

import pytest
from nonebugqq import group_msg, group_says, make_bot

pytest_plugins = ["nonebugfixtures"]

GROUP = 5562
ADMIN = 556290


@pytest.fixture
def folder(tmp_path, bansha):
    from plugins.bansha.qq.commands import signup

    (tmp_path / "坏剧本.toml").write_text('name = "坏剧本"\nrules = "狼人杀"\nplayers = 9\n', encoding="utf-8")
    old = signup.config.bansha_scripts_dir
    signup.config.bansha_scripts_dir = str(tmp_path)
    yield tmp_path
    signup.config.bansha_scripts_dir = old


async def test_the_list_shows_every_script_and_why_a_broken_one_cannot_open(app, bansha, folder):
    async with app.test_matcher() as ctx:
        bot = make_bot(ctx)
        ctx.receive_event(bot, group_msg(ADMIN, GROUP, "/开局 剧本", name="导演", role="admin"))
        group_says(ctx, GROUP, "导演：可开的剧本（/开局 剧本 <名字> [键=值…]）：",
                   "· 坏剧本（不能开：文件（faction）：缺少阵营", "· 9人预女猎白：三狼两民四神")
    assert bansha.games == {}


async def test_a_script_opens_as_its_game_with_the_directors_options_on_top(app, bansha, folder):
    async with app.test_matcher() as ctx:
        bot = make_bot(ctx)
        ctx.receive_event(bot, group_msg(ADMIN, GROUP, "/开局 剧本 9人预女猎白 白天=90s 警长票权=1.5",
                                         name="导演", role="admin"))
        group_says(ctx, GROUP, "狼人杀 开局（第 1 局）", "剧本=9人预女猎白", "板子=自定义")
    game = bansha.games[1]
    assert game.rules.title == "狼人杀"
    assert game.options["角色"] == "狼人*3,平民*2,预言家*1,女巫*1,猎人*1,白痴*1"
    assert (game.options["白天"], game.options["警长票权"], game.options["警长"]) == (90, "1.5", True)


async def test_a_missing_or_broken_script_and_a_board_on_top_are_refused(app, bansha, folder):
    async with app.test_matcher() as ctx:
        bot = make_bot(ctx)
        ctx.receive_event(bot, group_msg(ADMIN, GROUP, "/开局 剧本 没有这个", name="导演", role="admin"))
        group_says(ctx, GROUP, "导演：没有名为「没有这个」的剧本。发 /开局 剧本 看看有哪些。")
        ctx.receive_event(bot, group_msg(ADMIN, GROUP, "/开局 剧本 坏剧本", name="导演", role="admin"))
        group_says(ctx, GROUP, "导演：剧本「坏剧本」不能开：", "缺少阵营", "缺少角色")
        ctx.receive_event(bot, group_msg(ADMIN, GROUP, "/开局 剧本 9人预女猎白 板子=9人标准", name="导演", role="admin"))
        group_says(ctx, GROUP, "导演：剧本的角色由剧本决定：不能再写 板子= 或 角色=。")
    assert bansha.games == {}
