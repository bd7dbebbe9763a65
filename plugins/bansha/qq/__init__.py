"""The QQ layer: NoneBot matchers, the scheduler and the sender around the service.

Only this package (and service/models) touch NoneBot, tortoise and APScheduler;
game rules never do.

    table.py      the command table: @command(...) and @judge_command(...)
    dispatch.py   the four NoneBot matchers, routing into the table
    call.py       one command being handled (sender, game lookup, submit, reply)
    commands/     one module per command family (signup, vote, play, talk, judge, info)
    sending.py    outbox rows → OneBot API calls
    clock.py      game time and the APScheduler jobs
    lifecycle.py  startup (DB, restore, sender), shutdown
    text.py       sanitising what players type, plain-text replies

Adding a command: in the family module it belongs to (or a new one imported by
commands/__init__.py), declare it once:

    @table.command("回复", where="pm", usage="<编号> <是/否/无法回答>", who="玩家",
                   summary="回答一个问你的宣言")
    async def answer(call: Call) -> str | None:
        game = await call.pm_game()
        await call.submit(game, call.input("answer", ...))

That one declaration is its dispatch, its `/帮助` line and its README entry (a test
compares them). A `/法官` sub-command is declared with `@table.judge_command(...)` in
commands/judge.py and returns the engine Input built by `engine.judge`.
"""

from ..config import Config
from ..meta import metadata
from . import commands, dispatch, lifecycle  # noqa: F401  (registers matchers and hooks)

__plugin_meta__ = metadata(
    "版杀法官·平台",
    "版杀法官的平台：QQ 命令、私聊、计时与截止、发件箱、数据库与迁移、崩溃后恢复。每个游戏是它旁边的一个子插件。",
    "群内发送 /帮助 查看命令；设置项（BANSHA_DB_URL、BANSHA_GROUPS、BANSHA_FRIENDS_ONLY）见 README。",
    config=Config,
)
