"""End to end (the real bot process, the fake QQ client): pictures, spectators, the dead chat,
/重开, /战绩 and /排行.

One 狼人杀 game is played through the mirror with an ordinary and an all-seeing spectator; the
mirror folds every input locally, so each spectator feed and each dead-chat relay the rules make
must arrive as the routing says, and nothing else. The pictures received are checked against the
boards of the local fold: valid PNGs of a sane size, every character drawn in the font.
"""

from __future__ import annotations

import io
import time

import pytest
from mirror import Mirror
from PIL import Image
from secutil import start_bot, stop_bot

from plugins.bansha import images
from plugins.bansha.engine import Input
from plugins.bansha.engine.game import ENDED, registry
from plugins.bansha.engine.game.pictures import images_of, strings
from plugins.bansha.engine.parts.social import dead_seats

pytestmark = pytest.mark.e2e
JUDGE = 99999
GROUP = 610
SPECTATOR, SEER_OF_ALL, STRANGER = 61090, 61091, 61092


@pytest.fixture(scope="module")
async def bot():
    proc, qq = await start_bot()  # JUDGE is the bot's SUPERUSER
    yield proc, qq
    await stop_bot(proc, qq)


@pytest.fixture(scope="module")
async def played(bot):
    """One 9-seat 狼人杀 game with two spectators and the dead chat used along the way."""
    proc, qq = bot
    players = [GROUP * 100 + i for i in range(1, 10)]
    members = {JUDGE: "法官", SPECTATOR: "观众甲", SEER_OF_ALL: "全知乙", STRANGER: "路人丙"}
    members |= {p: f"玩家{p % 100}" for p in players}
    qq.add_group(GROUP, members, owner=JUDGE)
    qq.friends.update([*players, SPECTATOR, SEER_OF_ALL])
    m = Mirror(qq, registry.get("werewolf"), GROUP, JUDGE, players, 11, {"节奏": "快速"})
    await m.open()
    await m.command(SPECTATOR, "/观战", "group", "watch", name="观众甲")
    await _say(m, JUDGE, f"/法官 观战 @{SEER_OF_ALL} 全知", "group", "judge", sub="观战", qq=SEER_OF_ALL, name="全知乙")
    await m.join_all()
    talked: list[int] = []

    async def dead_talk(m: Mirror) -> None:
        dead = dead_seats(m.game)
        if dead and not talked:
            seat = dead[0]
            talked.append(seat)
            # a living seat is refused, the dead seat's words reach the dead and the spectator only
            living = m.game.state.living()[0]
            await _say(m, m.game.qq_of(living), "/亡者 我也想说", "pm", "deadchat", text="我也想说")
            await _say(m, m.game.qq_of(seat), "/亡者 我是好人", "pm", "deadchat", text="我是好人")
            await _say(m, SPECTATOR, "/亡者 观众也在", "pm", "deadchat", text="观众也在")

    await m.start()
    await m.play(on_step=dead_talk)
    assert m.game.status == ENDED
    return proc, qq, m, talked


async def _say(m: Mirror, who: int, typed: str, where: str, kind: str, **args) -> None:
    """Type a command and expect exactly what the local fold of its input says (Mirror.command, with
    argument names of its own)."""
    await m._send(who, typed, where, Input.make(kind, who, time.time(), **args), m._origin(who, where))


def _check_png(data: bytes, board: dict) -> None:
    img = Image.open(io.BytesIO(data))
    assert img.format == "PNG"
    w, h = img.size
    assert 300 <= w <= images.MAX_SIDE and 200 <= h <= images.MAX_SIDE, img.size
    assert len(data) < 1_000_000
    assert data == images.render(board), "the picture is not the board the rules announced"
    have = images.glyphs()
    missing = {ch for s in strings(board) for ch in s if ord(ch) not in have and ch != " "}
    assert not missing, f"no glyph for {missing}"


async def test_day_start_vote_result_and_end_come_with_pictures(played):
    proc, qq, m, _ = played
    # one post per moment (engine/views/posts.py): a post carries the boards of what it tells, in order
    posts = [ev for ev in m.posts if ev.audience.kind == "group" and images_of(ev.data)]
    sent = [s for s in qq.sent if s.target == GROUP and s.kind == "group" and not s.is_forward and s.images]
    assert len(sent) == len(posts)
    kinds = []
    for s, ev in zip(sent, posts, strict=True):
        boards = images_of(ev.data)
        assert len(s.images) == len(boards), s.describe()
        for png, board in zip(s.images, boards, strict=True):
            _check_png(png, board)
            assert all(x in s.text for x in strings(board))  # the text carries everything the picture shows
            kinds.append(board["kind"])
    # each day start, each vote result, the one end card
    assert {"ring", "votes", "cast"} <= set(kinds) and kinds.count("cast") == 1


async def test_spectators_follow_and_the_all_seeing_is_listed(played):
    proc, qq, m, _ = played
    plain = [s for s in qq.sent if s.target == SPECTATOR]
    seeing = [s for s in qq.sent if s.target == SEER_OF_ALL]
    assert any("【电梯楼】" in s.text and s.images for s in plain)  # the feed carries the pictures too
    roles = {r.role for r in m.rules.cast(m.game.state)}
    assert not any("【全知】" in s.text for s in plain)
    assert any("【全知】身份：" in s.text for s in seeing)
    assert any("全知观战：全知乙" in s.text for s in qq.sent if s.target == GROUP)
    assert roles  # the all-seeing spectator got roles; the ordinary one only what the group got
    group_texts = {s.text for s in qq.sent if s.target == GROUP}
    for s in plain:
        body = s.text.split("\n", 1)[1] if "\n" in s.text else ""
        if body.startswith("【亡者】") or "观战" in s.text.split("\n", 1)[0] and not body:
            continue
        for line in body.split("\n"):
            assert any(line in t for t in group_texts) or line.startswith("（完整记录") or line.startswith("｜"), line


async def test_spectator_refusals(played):
    proc, qq, m, _ = played
    # the game is over: /观战 has no game to watch; a new one is opened by /重开 below
    mark = qq.mark()
    await qq.group_msg(STRANGER, GROUP, "/观战")
    got = await qq.wait_group(GROUP, after=mark)
    assert "没有进行中的游戏" in got.text


async def test_dead_chat_reaches_only_the_dead_and_spectators(played):
    proc, qq, m, talked = played
    assert talked, "no seat reached the dead chat"
    said = [s for s in qq.sent if "【亡者】" in s.text and "我是好人" in s.text]
    relayed = [s for s in said if s.kind == "private" and "【全知】" not in s.text]
    targets = {s.target for s in relayed}
    assert SPECTATOR in targets and SEER_OF_ALL not in targets
    # the all-seeing read it only in the judge's record, as the group does once the game is over
    assert all(s.is_forward for s in said if s.target == GROUP)
    assert all("【全知】【亡者】" in s.text for s in said if s.target == SEER_OF_ALL)
    # every player it reached was out of the game when it was said (the mirror checked the rest)
    assert targets - {SPECTATOR} <= set(m.players)
    refused = [s for s in qq.sent if "亡者聊天只对出局的玩家开放" in s.text]
    assert refused and refused[0].kind == "private"


async def test_restart_records_and_ranking(played):
    proc, qq, m, _ = played
    gid = m.game.gid
    # records: the finished game is on every player's record
    mark = qq.mark()
    await qq.group_msg(m.players[0], GROUP, "/战绩")
    got = await qq.wait_group(GROUP, contains="【战绩】", after=mark)
    assert "有胜负的对局 1 场" in got.text and f"第{gid}局" in got.text
    mark = qq.mark()
    await qq.group_msg(m.players[0], GROUP, f"/战绩 @{STRANGER}")
    got = await qq.wait_group(GROUP, after=mark)
    assert "没有找到" in got.text
    mark = qq.mark()
    await qq.group_msg(STRANGER, GROUP, "/排行 狼人杀")
    got = await qq.wait_group(GROUP, contains="【排行】", after=mark)
    winners = [p for p in m.players if m.game.seat_of(p) in m.game.outcome.seats]
    assert f"（{winners[0]}）胜 1/1" in got.text
    # /重开: only a judge; then the same players are signed up again and each may leave
    mark = qq.mark()
    await qq.group_msg(STRANGER, GROUP, "/重开")
    got = await qq.wait_group(GROUP, after=mark)
    assert "只有上一局的法官" in got.text
    mark = qq.mark()
    await qq.group_msg(JUDGE, GROUP, "/重开")
    got = await qq.wait_group(GROUP, contains="重开第", after=mark)
    assert f"重开第 {gid} 局" in got.text and "已为上一局的 9 名玩家报名" in got.text
    assert "种子" not in got.text.split("选项：")[1].split("\n")[0]
    mark = qq.mark()
    await qq.group_msg(JUDGE, GROUP, "/重开")
    got = await qq.wait_group(GROUP, after=mark)
    assert "还有一局没有结束的游戏" in got.text
    await qq.wait_reaction(await qq.group_msg(m.players[2], GROUP, "/退出报名"))  # acknowledged on the post
    mark = qq.mark()
    await qq.group_msg(JUDGE, GROUP, "/状态")
    got = await qq.wait_group(GROUP, contains="报名中", after=mark)
    assert "报名中：8 人" in got.text
    mark = qq.mark()
    await qq.group_msg(m.players[2], GROUP, "/观战")
    got = await qq.wait_group(GROUP, contains="观战", after=mark)
    assert "已开始观战" in got.text
    mark = qq.mark()
    await qq.group_msg(m.players[3], GROUP, "/观战")
    got = await qq.wait_group(GROUP, after=mark)
    assert "你是这局游戏的玩家，不能观战" in got.text
    mark = qq.mark()
    await qq.private_msg(m.players[2], "/退出观战")
    got = await qq.wait_private(m.players[2], after=mark)
    assert "已退出观战" in got.text
