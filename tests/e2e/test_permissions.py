"""Issue 10, part 4: every command against every kind of sender, end to end.

The table is data: for each command (as typed, in the group or by private
message) and each kind of sender, either `Ok` (what the bot must say, and
whether an input is logged) or `No` (the Chinese refusal, addressed to the
sender). A refused command must change nothing: the game row, its input log and
its outbox in the bot's SQLite file stay as they were, no game is opened, and
the only message the bot sends is the refusal itself.

Senders: the game's opener (法官), a group admin, the group owner, a SUPERUSER,
a judge added with 添加法官, a living player, a dead player (killed at night),
a red-carded player, a group member outside the game, and a player of another
group's game who is also in this group. "In a private chat" is the where-axis:
group commands sent by PM and PM commands typed in the group.

One 狼人杀 game (7 players, 种子=1: 1女巫 2猎人 3预言家 4平民 5狼人 6狼人 7平民) is
played with /法官 暂停 and 推进 so the clock never interferes: night 1 (the judge
red-cards 2, the wolves kill 4), 4's 遗言, day 1 (wolf 5 self-destructs: the game's one public skill),
night 2. The tables run in sign-up, 遗言, day and night.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest
from fakeqq import BotProcess, FakeQQ
from secutil import SUPERUSER, Table, drained, games_total, has_cjk, start_bot, stop_bot, unsafe_sends

pytestmark = pytest.mark.e2e

KINDS = ("judge", "admin", "owner", "superuser", "added", "player", "dead", "red", "outsider", "other")
JUDGES = ("judge", "admin", "owner", "superuser", "added")
NONPLAYERS = ("judge", "admin", "owner", "superuser", "added", "outsider", "other")


@dataclass(frozen=True)
class Ok:
    says: str  # a message containing this
    where: str = ""  # "group" | "pm" (to the sender); default: where the command was typed
    logged: bool = True  # the command appends an input to the game's log
    undo: str = ""  # a command that puts things back (sent by the same sender, in the group)
    react: bool = False  # taken without a message of its own: a reaction on the sender's post (a vote)


@dataclass(frozen=True)
class No:
    says: str  # the refusal contains this
    private: bool = False  # typed in the group, but the reason goes by PM (it would give a role away)


@dataclass
class Row:
    text: str
    pm: bool  # typed in a private chat
    cells: dict[str, Ok | No]
    actor: dict[str, int] = field(default_factory=dict)  # kind -> seat, where the natural actor differs


def row(text: str, pm: bool = False, actor: dict[str, int] | None = None, **cells: Ok | No) -> Row:
    """`judges=`, `nonplayers=` and `everyone=` fill several kinds at once; named kinds override."""
    out: dict[str, Ok | No] = {}
    for group, kinds in (("everyone", KINDS), ("nonplayers", NONPLAYERS), ("judges", JUDGES)):
        if group in cells:
            out.update(dict.fromkeys(kinds, cells.pop(group)))
    out.update(cells)
    return Row(text, pm, out, actor or {})


NOT_PLAYER = No("你不是这局游戏的玩家")
NO_GAME = No("你没有参加进行中的游戏")
NOT_STARTED = No("游戏还没有开始")
JUDGE_ONLY = No("只有法官（开局者、群主、管理员或被添加的法官）可以使用法官命令")
OUT = No("你已经出局")
IN_GROUP = No("这个命令请在游戏所在的群里使用")
ANY_REFUSAL = No("")
VOTED = Ok("", react=True)
START_JUDGES = No("只有法官（开局者、群主、管理员或被添加的法官）可以开始游戏")


def pm_outsiders(no_game: No = NO_GAME, judge: No = NOT_PLAYER, other: No = NOT_STARTED) -> dict[str, No]:
    """A PM command from someone without a seat: the opener and the added judge reach the game and are
    told they do not play; admins, the owner, SUPERUSERs and outsiders have no game to refer to; the
    other group's player reaches their own game, which has not started."""
    return dict(judge=judge, added=judge, admin=no_game, owner=no_game, superuser=no_game, outsider=no_game,
                other=other)


class World:
    """The game under test, the other group's game, and who plays which kind of sender."""

    def __init__(self, qq: FakeQQ, proc: BotProcess, table: Table, other: Table):
        self.qq, self.proc, self.t, self.other = qq, proc, table, other
        self.seats = {"player": 3, "dead": 4, "red": 2}
        self.people: dict[str, int] = {}  # extra kinds of sender, by QQ

    def who(self, kind: str, r: Row) -> int:
        t = self.t
        if kind in self.people:
            return self.people[kind]
        if kind in r.actor:
            return t.player(r.actor[kind])
        if kind in self.seats:
            return t.player(self.seats[kind])
        return {
            "judge": t.opener, "admin": t.admin, "owner": t.owner, "superuser": SUPERUSER, "added": t.added,
            "outsider": t.outsider, "other": self.other.player(1),
        }[kind]

    def snapshot(self) -> tuple:
        return self.t.db(), self.other.db(), games_total(self.proc)

    async def check(self, r: Row, kinds: tuple[str, ...] = KINDS) -> None:
        for kind in kinds:
            if kind in r.cells:
                await self.cell(r, kind, r.cells[kind])

    async def cell(self, r: Row, kind: str, want: Ok | No) -> None:
        t, qq = self.t, self.qq
        who = self.who(kind, r)
        where = "pm" if r.pm else "group"
        label = f"{kind} ({who}) {'PM' if r.pm else 'group'} {r.text!r}"
        await drained(self.proc)
        before = self.snapshot()
        mark = qq.mark()
        sent = await t.say(who, r.text, pm=r.pm)
        if isinstance(want, No):
            if want.private:
                reason = await t.pm_says(who, want.says, mark)
                note = await qq.wait_for(self._to_sender(who, "group"), 10, mark)
                assert "原因已私聊告诉你" in note.text, f"{label}: {note.text}"
                replies = [reason, note]
            else:
                reply = await qq.wait_for(self._to_sender(who, where), 10, mark)
                assert want.says in reply.text, f"{label}: expected a refusal with {want.says!r}, got {reply.text!r}"
                replies = [reply]
            assert all(has_cjk(s.text) for s in replies), label
            assert self.snapshot() == before, f"{label}: a refusal changed the game"
            extra = [s.describe() for s in qq.sent[mark:] if s not in replies]
            assert not extra, f"{label}: refused, but the bot also said {extra}"
            return
        to = want.where or where
        if want.react:
            await qq.wait_reaction(sent)
            await drained(self.proc)
            assert qq.sent[mark:] == [], f"{label}: a vote is its own post, but the bot also said {qq.sent[mark:]}"
        elif to == "group":
            got = await t.group_says(want.says, mark)
            assert got is not None, label
        else:
            got = await t.pm_says(who, want.says, mark)
            assert got is not None, label
        after = self.snapshot()
        if want.logged:
            assert after[0].seq > before[0].seq, f"{label}: accepted, but nothing was logged"
        else:
            assert after == before, f"{label}: a read-only command changed the game"
        if want.undo:
            await drained(self.proc)
            mark = qq.mark()
            undone = await t.say(who, want.undo)
            if want.undo in ("/报名", "/退出报名"):  # a sign-up (or leaving it) is acknowledged by a reaction
                await qq.wait_reaction(undone)
            else:
                await qq.wait_for(lambda s: s.kind == "group" and s.target == t.group, 10, mark)

    def _to_sender(self, who: int, where: str):
        t = self.t
        if where == "pm":
            return lambda s: s.kind == "private" and s.target == who
        # a group reply starts with the sender's name (their card or nickname)
        nick = t.nick(who)
        return lambda s: s.kind == "group" and s.target == t.group and s.text.startswith(f"{nick}：")


@pytest.fixture(scope="module")
async def bot():
    proc, qq = await start_bot()
    yield proc, qq
    assert unsafe_sends(qq) == []
    assert qq.errors == []
    await stop_bot(proc, qq)


async def _other_game(qq: FakeQQ, proc: BotProcess, group: int) -> Table:
    """A game in another group, still in sign-up, with one player (the "other" sender)."""
    other = Table(qq, proc, group, n=6, seed=2)
    await other.open()
    await other.join(other.player(1))
    return other


def _extra(other: Table) -> dict[int, str]:
    return {other.player(1): "外群玩家"}


# --- sign-up -------------------------------------------------------------------------------

SIGNUP = [
    row("/帮助", everyone=Ok("版杀法官 · 命令", logged=False)),
    row("/帮助", pm=True, everyone=Ok("版杀法官 · 命令", logged=False)),
    row("/开局 狼人杀", everyone=No("本群已经有一局进行中的游戏")),
    row("/开局 狼人杀", pm=True, everyone=No("请在要开局的群里发送 /开局")),
    # the opener fixed the seed (Table opens with 种子=): he could work out the deal, so he may not play
    row("/报名", nonplayers=Ok("", react=True, undo="/退出报名"), judge=No("你开局时指定了种子"),
        player=No("你已经报过名了")),
    row("/报名", pm=True, everyone=IN_GROUP),
    row("/退出报名", nonplayers=No("你还没有报名"), player=Ok("", react=True, undo="/报名")),
    row("/退出报名", pm=True, everyone=IN_GROUP),
    # (a judge's /开始 deals the cards: test_only_judges_start_a_game)
    row("/开始", player=START_JUDGES, outsider=START_JUDGES, other=START_JUDGES),
    row("/开始", pm=True, everyone=IN_GROUP),
    row("/状态", everyone=Ok("报名中：6 人", logged=False)),
    row("/状态", pm=True, judge=Ok("报名中：6 人", logged=False), added=Ok("报名中：6 人", logged=False),
        player=Ok("报名中：6 人", logged=False), admin=NO_GAME, owner=NO_GAME, superuser=NO_GAME, outsider=NO_GAME,
        other=Ok("报名中：1 人", logged=False)),
    row("/座位", everyone=No("还没有发牌")),
    row("/座位", pm=True, judge=No("还没有发牌"), added=No("还没有发牌"), player=No("还没有发牌"), admin=NO_GAME,
        owner=NO_GAME, superuser=NO_GAME, outsider=NO_GAME, other=No("还没有发牌")),
    row("/投票 1 理由", nonplayers=NOT_PLAYER, player=NOT_STARTED),
    row("投票对象：1\n投票理由：理由", nonplayers=NOT_PLAYER, player=NOT_STARTED),
    row("投票对象：1\n投票理由：理由", pm=True, everyone=No("投票请在群里公开进行")),
    row("/加速", nonplayers=NOT_PLAYER, player=NOT_STARTED),
    row("/技能 查验 1", nonplayers=NOT_PLAYER, player=No("游戏还没有开始", private=True)),
    row("/上警", nonplayers=NOT_PLAYER, player=No("游戏还没有开始", private=True)),
    row("/法官 推进", judges=No("游戏还没有开始"), player=JUDGE_ONLY, outsider=JUDGE_ONLY, other=JUDGE_ONLY),
    row("/法官 演员表", judges=No("游戏还没有开始，没有演员表"), player=JUDGE_ONLY, outsider=JUDGE_ONLY,
        other=JUDGE_ONLY),
    row("/法官 红牌 1", judges=No("游戏还没有开始"), player=JUDGE_ONLY, outsider=JUDGE_ONLY, other=JUDGE_ONLY),
    row("/身份", pm=True, **pm_outsiders(judge=No("你是这局的法官，不是玩家"), other=No("游戏还没有开始，身份尚未发出")),
        player=No("游戏还没有开始，身份尚未发出")),
    row("/技能 查验 1", pm=True, **pm_outsiders(), player=NOT_STARTED),
    row("/放弃", pm=True, **pm_outsiders(), player=NOT_STARTED),
    row("/狼聊 你好", pm=True, **pm_outsiders(), player=NOT_STARTED),
    row("/遗言 再见", pm=True, **pm_outsiders(), player=NOT_STARTED),
    row("/代投 1 理由", pm=True, **pm_outsiders(), player=NOT_STARTED),
    row("/加速", pm=True, **pm_outsiders(), player=NOT_STARTED),
]
SIGNUP_KINDS = ("judge", "admin", "owner", "superuser", "added", "player", "outsider", "other")


async def test_signup_table(bot):
    proc, qq = bot
    other = await _other_game(qq, proc, 200)
    t = Table(qq, proc, 201, n=6, seed=1, extra_members=_extra(other))
    await t.open()
    await t.join_all()
    await t.command(t.opener, f"/法官 添加法官 @{t.added}", "已添加法官")
    w = World(qq, proc, t, other)
    for r in SIGNUP:
        await w.check(r, SIGNUP_KINDS)


async def test_only_judges_start_a_game(bot):
    """/开始 by each kind of 法官 in its own group; by anyone else, refused first."""
    proc, qq = bot
    for i, kind in enumerate(JUDGES):
        t = Table(qq, proc, 230 + i, n=6, seed=1)
        await t.open()
        await t.join_all()
        if kind == "added":
            await t.command(t.opener, f"/法官 添加法官 @{t.added}", "已添加法官")
        w = World(qq, proc, t, t)
        w.other = t  # no other game here
        for refused in ("player", "outsider"):
            await w.cell(row("/开始"), refused, START_JUDGES)
        await w.cell(row("/开始"), kind, Ok("游戏开始！狼人杀，6 人"))


# --- a running game: 遗言, day, night ----------------------------------------------------

LASTWORDS = [
    row("/遗言 我是好人", dead=No("遗言请私聊机器人")),
    row("/遗言 我是好人", pm=True, **pm_outsiders(), player=No("现在不是你发表遗言的时间"),
        red=No("现在不是你发表遗言的时间"), dead=Ok("【遗言】4号 玩家4：我是好人", where="group")),
    row("/遗言 再说一次", pm=True, dead=No("你已经发表过遗言了")),
    row("/技能 开枪 3", pm=True, red=No("现在不能使用「开枪」")),
]

DAY = [
    row("/帮助", everyone=Ok("当前阶段：第1天", logged=False)),
    row("/开局 狼人杀", everyone=No("本群已经有一局进行中的游戏")),
    row("/开局 狼人杀", pm=True, player=No("请在要开局的群里发送 /开局")),
    row("/报名", everyone=No("报名已经截止：游戏已经开始了")),
    row("/报名", pm=True, player=IN_GROUP),
    row("/退出报名", everyone=No("游戏已经开始，不能退出报名")),
    row("/退出报名", pm=True, player=IN_GROUP),
    row("/开始", judges=No("游戏已经开始了"), player=No("只有法官"), dead=No("只有法官"), red=No("只有法官"),
        outsider=No("只有法官"), other=No("只有法官")),
    row("/开始", pm=True, player=IN_GROUP),
    row("/状态", everyone=Ok("阶段：第1天 白天", logged=False)),
    row("/状态", pm=True, judge=Ok("阶段：第1天 白天", logged=False), added=Ok("阶段：第1天 白天", logged=False),
        player=Ok("阶段：第1天 白天", logged=False), dead=Ok("阶段：第1天 白天", logged=False),
        red=Ok("阶段：第1天 白天", logged=False), admin=NO_GAME, owner=NO_GAME, superuser=NO_GAME,
        outsider=NO_GAME, other=Ok("报名中：1 人", logged=False)),
    row("/座位", everyone=Ok("座位表", logged=False)),
    row("/座位", pm=True, judge=Ok("座位表", logged=False), added=Ok("座位表", logged=False),
        player=Ok("你是 ", logged=False), dead=Ok("（出局）", logged=False), red=Ok("座位表", logged=False),
        admin=NO_GAME, owner=NO_GAME, superuser=NO_GAME, outsider=NO_GAME, other=No("还没有发牌")),
    row("/投票 5 他很怪", nonplayers=NOT_PLAYER, player=VOTED, dead=OUT, red=OUT),
    row("/投票 5 他很怪", pm=True, player=No("投票请在群里公开进行")),
    row("/改票 6 再想想", nonplayers=NOT_PLAYER, player=VOTED, dead=OUT, red=OUT),
    row("/改票 6 再想想", pm=True, player=No("投票请在群里公开进行")),
    row("投票对象：5\n投票理由：两行的格式", nonplayers=NOT_PLAYER, player=VOTED, dead=OUT, red=OUT),
    row("投票对象：5\n投票理由：两行的格式", pm=True, player=No("投票请在群里公开进行")),
    row("改票对象：5\n改票理由：楼中楼", nonplayers=NOT_PLAYER, player=VOTED, dead=OUT, red=OUT),
    row("/加速", nonplayers=NOT_PLAYER, player=Ok("已收到你的加速申请：目前 1 人申请，再有 2 人申请即加速成功。"),
        dead=No("只有存活的玩家可以申请加速或延时"),
        red=No("只有存活的玩家可以申请加速或延时")),
    row("/加速", pm=True, actor={"player": 7}, **pm_outsiders(),
        player=Ok("已收到你的加速申请：目前 2 人申请，再有 1 人申请即加速成功。"),
        dead=No("只有存活的玩家可以申请加速或延时"), red=No("只有存活的玩家可以申请加速或延时")),
    row("/延时", actor={"player": 1}, nonplayers=NOT_PLAYER,
        player=Ok("已收到你的延时申请：目前 1 人申请，再有 2 人申请即延时成功。"),
        dead=No("只有存活的玩家"), red=No("只有存活的玩家")),
    row("/延时", pm=True, **pm_outsiders(), player=No("你今天已经申请过加速或延时了")),
    # a skill typed in the group: a seat's refusal goes by PM, because it would tell the group its role
    row("/技能 查验 5", nonplayers=NOT_PLAYER, player=No("现在不能使用「查验」", private=True),
        dead=No("你没有名为「查验」的技能", private=True), red=No("你没有名为「查验」的技能", private=True)),
    row("/上警", everyone=No("这一局没有警长竞选，用不上 /上警")),
    row("/上警", pm=True, player=No("上警和退水请在群里公开发送")),
    row("/退水", everyone=No("这一局没有警长竞选，用不上 /退水")),
    row("/退水", pm=True, player=No("上警和退水请在群里公开发送")),
    row("/法官 演员表", judges=Ok("演员表已私聊发送", logged=False), player=JUDGE_ONLY, dead=JUDGE_ONLY, red=JUDGE_ONLY,
        outsider=JUDGE_ONLY, other=JUDGE_ONLY),
    row("/法官 演员表", pm=True, judge=Ok("演员表", logged=False), added=Ok("演员表", logged=False),
        admin=No("请在游戏所在的群里发送 /法官 命令"), owner=No("请在游戏所在的群里发送 /法官 命令"),
        superuser=No("请在游戏所在的群里发送 /法官 命令"), player=JUDGE_ONLY, dead=JUDGE_ONLY, red=JUDGE_ONLY,
        outsider=No("请在游戏所在的群里发送 /法官 命令"), other=JUDGE_ONLY),
    *[
        row(f"/法官 {sub}", player=JUDGE_ONLY, dead=JUDGE_ONLY, red=JUDGE_ONLY, outsider=JUDGE_ONLY, other=JUDGE_ONLY)
        for sub in ("推进", "暂停", "继续", "延长 10m", "终止 捣乱", "添加法官 @{outsider}", "移除法官 @{added}",
                    "蓝牌 3", "黄牌 3", "红牌 3 捣乱", "替补 3 @{outsider}", "代投 3 5", "判负 狼人阵营")
    ],
    *[
        row(f"/法官 {sub}", pm=True, player=JUDGE_ONLY, dead=JUDGE_ONLY, red=JUDGE_ONLY, other=JUDGE_ONLY)
        for sub in ("推进", "终止 捣乱", "红牌 3 捣乱", "代投 3 5", "判负 好人阵营")
    ],
    # private-chat commands
    row("/技能 查验 5", pm=True, **pm_outsiders(), player=No("现在不能使用「查验」：它只能在夜晚使用"),
        dead=No("你没有名为「查验」的技能"), red=No("你没有名为「查验」的技能")),
    row("查验 5", pm=True, player=No("现在不能使用「查验」：它只能在夜晚使用")),
    row("/放弃", pm=True, **pm_outsiders(), player=No("你现在没有需要放弃的行动"), dead=No("你现在没有需要放弃的行动"),
        red=No("你现在没有需要放弃的行动")),
    row("/放弃", everyone=No("放弃行动请私聊机器人")),
    row("/身份", pm=True, **pm_outsiders(judge=No("你是这局的法官，不是玩家"), other=No("游戏还没有开始，身份尚未发出")),
        player=Ok("身份【预言家】", logged=False), dead=Ok("你已出局", logged=False), red=Ok("你已出局", logged=False)),
    row("/身份", everyone=No("身份是秘密：请私聊机器人发送 /身份")),
    row("/狼聊 天亮了", pm=True, actor={"player": 5}, **pm_outsiders(), player=Ok("已转发到狼群（1 人）"),
        dead=No("你没有可以聊天的队伍频道"), red=No("你没有可以聊天的队伍频道")),
    row("/队聊 天亮了", pm=True, actor={"player": 3}, player=No("你没有可以聊天的队伍频道")),
    row("/狼聊 天亮了", everyone=No("队伍频道只能私聊机器人使用")),
    row("/遗言 再见", pm=True, **pm_outsiders(), player=No("现在不是你发表遗言的时间"), dead=No("现在不是你发表遗言的时间"),
        red=No("现在不是你发表遗言的时间")),
    row("/遗言 再见", everyone=No("遗言请私聊机器人")),
    row("/代投 5 托法官代投", pm=True, actor={"player": 7}, **pm_outsiders(),
        player=Ok("【代投】7号 玩家7 投票：5号 玩家5，理由：托法官代投", where="group"), dead=OUT, red=OUT),
    row("/代投 5 理由", everyone=No("代投请私聊机器人")),
    row("/局 {gid}", pm=True, judge=Ok("之后的私聊指令将用于第", logged=False), added=Ok("之后的私聊指令", logged=False),
        player=Ok("之后的私聊指令", logged=False), dead=Ok("之后的私聊指令", logged=False),
        red=Ok("之后的私聊指令", logged=False), admin=No("你参加的游戏：无"), owner=No("你参加的游戏：无"),
        superuser=No("你参加的游戏：无"), outsider=No("你参加的游戏：无"), other=No("你参加的游戏：{other_gid}")),
    # who may relay is the ruleset's business (狼人杀: lovers only); here: a Chinese refusal, nothing changed
    row("/私聊 3 你好", pm=True, **pm_outsiders(), player=ANY_REFUSAL, dead=ANY_REFUSAL, red=ANY_REFUSAL),
    row("/私聊 3 你好", everyone=No("私聊转发请私聊机器人")),
]

EXPLODE = [
    row("/技能 自爆", pm=True, actor={"player": 5}, player=No("「自爆」需要在群里公开使用")),
    row("/技能 自爆", nonplayers=NOT_PLAYER, player=No("你没有名为「自爆」的技能", private=True),
        dead=No("你没有名为「自爆」的技能", private=True), red=No("你没有名为「自爆」的技能", private=True)),
    row("/技能 自爆", actor={"player": 5}, player=Ok("5号 玩家5 自爆", where="group")),
]

NIGHT = [
    row("/技能 杀人 3", actor={"player": 6, "dead": 5}, nonplayers=NOT_PLAYER,
        player=No("「杀人」请私聊机器人使用", private=True), dead=No("「杀人」请私聊机器人使用", private=True),
        red=No("你没有名为「杀人」的技能", private=True)),
    row("/技能 杀人 3", pm=True, actor={"player": 6, "dead": 5}, **pm_outsiders(), player=Ok("你选择杀 3号 玩家3"),
        dead=No("你已经出局，不能再使用技能"), red=No("你没有名为「杀人」的技能")),
    row("杀人 7", pm=True, actor={"player": 6}, player=Ok("你选择杀 7号 玩家7")),
    row("/技能 查验 6", pm=True, actor={"player": 3}, player=Ok("查验结果：6号 玩家6 是【狼人】")),
    row("查验 7", pm=True, actor={"player": 3}, player=No("你今晚已经行动过")),
    row("/技能 查验 7", pm=True, actor={"player": 7}, player=No("你没有名为「查验」的技能")),
    row("/放弃", pm=True, actor={"player": 6, "dead": 5}, **pm_outsiders(), player=Ok("你放弃了今晚的杀人选择"),
        dead=No("你现在没有需要放弃的行动"), red=No("你现在没有需要放弃的行动")),
    row("/狼聊 今晚刀谁", pm=True, actor={"player": 6, "dead": 5}, **pm_outsiders(), player=Ok("已转发到狼群（0 人）"),
        dead=No("出局的狼人不能再狼聊"), red=No("你没有可以聊天的队伍频道")),
    row("/身份", pm=True, actor={"dead": 5}, dead=Ok("身份【狼人】", logged=False)),
    row("/投票 6 晚上投", nonplayers=NOT_PLAYER, player=No("现在不能使用「投票」"), dead=OUT, red=OUT),
    row("/加速", nonplayers=NOT_PLAYER, player=No("现在不是讨论日"), dead=No("现在不是讨论日"), red=No("现在不是讨论日")),
    row("/遗言 再见", pm=True, actor={"dead": 5}, dead=No("现在不是你发表遗言的时间")),
    row("/代投 6 理由", pm=True, player=No("现在不能使用「投票」"), dead=OUT, red=OUT),
]


def _fill(r: Row, t: Table, other: Table) -> Row:
    fmt = dict(gid=t.gid, other_gid=other.gid, outsider=t.outsider, added=t.added)
    cells = {k: (No(v.says.format(**fmt), v.private) if isinstance(v, No) else v) for k, v in r.cells.items()}
    return Row(r.text.format(**fmt), r.pm, cells, r.actor)


async def test_running_game_table(bot):
    proc, qq = bot
    other = await _other_game(qq, proc, 210)
    t = Table(qq, proc, 211, n=7, seed=1, extra_members=_extra(other))
    await t.open()
    await t.join_all()
    await t.command(t.opener, f"/法官 添加法官 @{t.added}", "已添加法官")
    await t.start()
    assert t.roles == {1: "女巫", 2: "猎人", 3: "预言家", 4: "平民", 5: "狼人", 6: "狼人", 7: "平民"}
    w = World(qq, proc, t, other)

    # night 1: a red card for 2, the wolves kill 4, the witch passes; 4 gets last words
    await t.command(t.opener, "/法官 红牌 2 测试红牌", "被红牌罚下")
    for wolf in (5, 6):
        await t.command(t.player(wolf), "/技能 杀人 4", "你选择杀", pm=True)
    await t.advance("女巫行动")
    await t.command(t.player(1), "/放弃", "已放弃", pm=True)
    await t.advance("请 4号 玩家4 发表遗言")
    for r in LASTWORDS:
        await w.check(_fill(r, t, other))

    await t.advance("第1天")
    for r in DAY:
        await w.check(_fill(r, t, other))

    # the one public skill of 狼人杀: wolf 5 self-destructs in the group; the day ends, night 2 has a dead wolf
    for r in EXPLODE:
        await w.check(_fill(r, t, other))
    await t.group_says("第2夜", 0)
    await t.settle()
    for r in NIGHT:
        await w.check(_fill(r, t, other))


# --- the judge's commands, by every kind of judge ------------------------------------------

JUDGE_RUN = [
    ("/法官 继续", Ok("游戏继续")),
    ("/法官 暂停", Ok("游戏已暂停")),
    ("/法官 延长 10m", Ok("法官将本阶段延长了 10分钟")),
    ("/法官 蓝牌 3 刷屏", Ok("3号 玩家3 获得蓝牌：刷屏")),
    ("/法官 黄牌 3 刷屏", Ok("3号 玩家3 获得黄牌：刷屏")),
    ("/法官 演员表", Ok("1号 玩家1（{p1}）：女巫", where="pm", logged=False)),
    ("/法官 添加法官 @{outsider}", Ok("已添加法官 {outsider}")),
    ("/法官 移除法官 @{outsider}", Ok("已移除法官 {outsider}")),
    ("/法官 替补 7 @{outsider}", Ok("7号 由替补玩家 路人{group} 接替")),
    ("/法官 红牌 4 捣乱", Ok("4号 玩家4 被红牌罚下")),
    ("/法官 推进", Ok("法官推进：第1夜 结束")),
    ("/法官 推进", Ok("昨晚是平安夜")),
    ("/法官 代投 3 5", Ok("【代投】3号 玩家3 投票：5号 玩家5")),
    ("/法官 终止 测试结束", Ok("游戏被法官终止：测试结束")),
]


async def test_every_kind_of_judge_runs_every_judge_command(bot):
    """The opener, a group admin, the owner, a SUPERUSER and an added judge: each runs a whole game by /法官."""
    proc, qq = bot
    for i, kind in enumerate(JUDGES):
        # a 10-minute night: on a loaded machine the rows before /法官 暂停 must not meet the night's reminders
        t = Table(qq, proc, 240 + i, n=7, seed=1, options="夜晚=10m")
        await t.open()
        await t.join_all()
        await t.command(t.opener, f"/法官 添加法官 @{t.added}", "已添加法官")
        await t.start()
        w = World(qq, proc, t, t)
        fmt = dict(outsider=t.outsider, group=t.group, p1=t.player(1))
        for text, want in JUDGE_RUN:
            want = Ok(want.says.format(**fmt), want.where, want.logged)
            await w.cell(row(text.format(**fmt)), kind, want)
        assert t.db().status == "ended"


async def test_judge_powers_have_limits(bot):
    """A judge who holds a seat cannot read the cast; a removed judge is no judge; another group's
    judge is no judge here; the opener may also judge by private message."""
    proc, qq = bot
    elsewhere = Table(qq, proc, 251, n=6, seed=1)
    await elsewhere.open()
    # no fixed seed: a judge who fixed it may not play (test_faults.py)
    t = Table(qq, proc, 250, n=6, seed=None, extra_members={elsewhere.opener: "别的群的法官"})
    await t.open()
    await t.join_all()
    for who in (t.opener, t.admin):  # both sign up to play
        await t.join(who)
    t.n = 8
    await t.command(t.opener, "/开始", "游戏开始")
    await t.settle()
    w = World(qq, proc, t, t)
    seated = No("你在这局游戏里有过座位：游戏进行中不能查看演员表")
    await w.cell(row("/法官 演员表"), "judge", seated)
    await w.cell(row("/法官 演员表"), "admin", seated)
    await w.cell(row("/法官 演员表", pm=True), "judge", seated)

    # a judge who plays keeps only public powers: no phase control while private actions are pending
    await w.cell(row("/法官 暂停", pm=True), "judge", No("你在这局游戏里有座位：还有玩家的私下行动没有提交"))
    await w.cell(row("/法官 推进"), "admin", No("你在这局游戏里有座位：还有玩家的私下行动没有提交"))
    await w.cell(row(f"/法官 添加法官 @{t.added}"), "judge", Ok("已添加法官"))
    await w.cell(row("/法官 暂停"), "added", Ok("游戏已暂停"))
    await w.cell(row("/法官 继续"), "added", Ok("游戏继续"))
    await w.cell(row(f"/法官 移除法官 @{t.added}"), "admin", Ok("已移除法官"))
    await w.cell(row("/法官 暂停"), "added", JUDGE_ONLY)
    await w.cell(row("/法官 暂停", pm=True), "added", No("请在游戏所在的群里发送 /法官 命令"))
    await w.cell(row(f"/法官 移除法官 @{t.opener}"), "admin", No("开局者不能被移除"))

    w.people["judge elsewhere"] = elsewhere.opener
    for sub in ("推进", "演员表", "终止", "判负 狼人阵营"):
        await w.cell(row(f"/法官 {sub}"), "judge elsewhere", JUDGE_ONLY)
    await w.cell(row("/法官 判负 狼人阵营"), "admin", Ok("法官判定：狼人阵营判负"))
    assert t.db().status == "ended"


async def test_who_may_open_a_game(bot):
    """By default the group's owner, its admins and SUPERUSERS open games (BANSHA_OPEN_BY); a member is
    told so, and nothing is opened."""
    proc, qq = bot
    t = Table(qq, proc, 270, n=6, seed=1)
    t.setup_group()
    w = World(qq, proc, t, t)
    before = games_total(proc)
    for kind in ("outsider", "player"):
        mark = qq.mark()
        await t.say(w.who(kind, row("")), "/开局 狼人杀")
        s = await qq.wait_for(w._to_sender(w.who(kind, row("")), "group"), 10, mark)
        assert "只有群主、管理员" in s.text
    assert games_total(proc) == before
    await t.command(t.admin, "/开局 狼人杀", "开局（第")
    assert games_total(proc) == before + 1


async def test_a_player_in_two_games_chooses_which_one_private_messages_mean(bot):
    """Private commands never reach a game by guesswork: a player in two groups' games is asked to pick
    with /局, and after that each private command goes to the chosen game only."""
    proc, qq = bot
    a = Table(qq, proc, 260, n=7, seed=1)
    await a.ready()
    both = a.player(3)  # the seer of game a
    b = Table(qq, proc, 261, n=6, seed=1, extra_members={both: "两边都玩"})
    await b.open()
    await b.join(both)
    before = (a.db(), b.db())

    ask = await a.command(both, "/身份", "你同时在多局游戏中", pm=True)
    assert f"{a.gid}（群 {a.group}" in ask.text and f"{b.gid}（群 {b.group}" in ask.text
    await a.command(both, "/技能 查验 5", "请先发送 /局 <编号>", pm=True)
    await a.command(both, f"/局 {b.gid}", f"之后的私聊指令将用于第 {b.gid} 局", pm=True)
    await a.command(both, "/技能 查验 5", "游戏还没有开始", pm=True)
    assert (a.db(), b.db()) == before
    await a.command(both, "/局 999", f"你参加的游戏：{a.gid}、{b.gid}", pm=True)
    await a.command(both, f"/局 {a.gid}", f"之后的私聊指令将用于第 {a.gid} 局", pm=True)
    await a.command(both, "/技能 查验 5", "查验结果：5号 玩家5", pm=True)
    assert b.db() == before[1] and a.db().seq == before[0].seq + 1
