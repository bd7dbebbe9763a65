"""Issue 28 through the real bot: the shipped 剧本 12人骑士守墓人 (a board none of the five texts has, with two
`裁定` skills) opened with /开局 剧本 and played to its end; the 守墓人's 守墓 by PM and the 骑士's 决斗 in the group
are taken, ruled by the judge (/法官 裁定 by PM, the result written by hand) and delivered; 「出局」 takes the wolf.
Every message is checked against the same game folded in memory (tests/support/mirror.py)."""

from __future__ import annotations

import pytest
from mirror import Mirror
from secutil import start_bot, stop_bot

from plugins.bansha.engine.game import ENDED, registry
from plugins.werewolf.book import BOOK
from plugins.werewolf.terms import DAY, NIGHT

pytestmark = pytest.mark.e2e
JUDGE = 99999
GROUP = 2801


@pytest.fixture(scope="module")
async def bot():
    saved = (dict(BOOK.roles), dict(BOOK.skills), dict(BOOK.units))
    proc, qq = await start_bot()  # JUDGE is the bot's SUPERUSER
    yield proc, qq
    await stop_bot(proc, qq)
    BOOK.roles, BOOK.skills, BOOK.units = saved  # (this process's book: the mirror registered the 剧本's roles)


async def test_a_script_with_judged_skills_plays_to_its_end_through_the_bot(bot):
    proc, qq = bot
    players = [GROUP * 100 + i for i in range(1, 13)]
    qq.add_group(GROUP, {JUDGE: "法官"} | {p: f"玩家{p % 100}" for p in players}, owner=JUDGE)
    qq.friends.update([*players, JUDGE])  # (the judge rules by PM)
    m = Mirror(qq, registry.get("狼人杀"), GROUP, JUDGE, players, 11, {"节奏": "快速", "警长": "关"}, script="12人骑士守墓人")
    await m.open()
    assert m.game.options["剧本"] == "12人骑士守墓人" and "骑士*1" in m.game.options["角色"]
    await m.join_all()
    await m.start()
    state = m.game.state
    knight, keeper = state.holder("骑士"), state.holder("守墓人")
    wolves = [s for s in range(1, 13) if state.roles[s] == "狼人"]
    done = {"watch": False, "duel": False}

    async def judged_moves(m: Mirror) -> None:
        g, st = m.game, m.game.state
        if not done["watch"] and st.phase == NIGHT and st.alive[keeper]:
            done["watch"] = True
            await m.command(g.qq_of(keeper), "/守墓", "pm", "act", skill="守墓", words=(), via="pm")
            await m.command(JUDGE, "/法官 裁定 1 昨天没有人被放逐", "pm", "judge", sub="裁定", no=1, verdict="昨天没有人被放逐")
        elif not done["duel"] and st.phase == DAY and st.alive[knight] and any(st.alive[w] for w in wolves):
            done["duel"] = True
            wolf = next(w for w in wolves if st.alive[w])
            await m.command(g.qq_of(knight), f"/技能 决斗 {wolf}", "group", "act", skill="决斗", words=(str(wolf),),
                            via="group")
            no = len(g.rulings)
            await m.command(JUDGE, f"/法官 裁定 {no} 出局 {wolf}", "pm", "judge", sub="裁定", no=no,
                            verdict=f"出局 {wolf}")
            assert not m.game.state.alive[wolf] and m.game.state.fates[wolf].endswith("被导演裁定出局")

    await m.play(on_step=judged_moves)
    assert m.game.status == ENDED and m.game.outcome is not None
    assert done["watch"] and (done["duel"] or not m.game.state.alive[knight])
    assert m.unexpected_group_posts() == []
    pm = [s.text for s in qq.sent if s.kind == "private" and s.target == m.game.qq_of(keeper)]
    assert any("「守墓」的裁定结果：昨天没有人被放逐" in t for t in pm)


def table(qq, group: int, n: int, seed: int, script: str) -> Mirror:
    """A group of `n` players (friends of the bot, as the judge is) about to open `script` at the quick tempo."""
    players = [group * 100 + i for i in range(1, n + 1)]
    qq.add_group(group, {JUDGE: "法官"} | {p: f"玩家{p % 100}" for p in players}, owner=JUDGE)
    qq.friends.update([*players, JUDGE])
    return Mirror(qq, registry.get("狼人杀"), group, JUDGE, players, seed, {"节奏": "快速"}, script=script)


async def test_a_classic_board_the_texts_do_not_have_plays_to_its_end(bot):
    """12人通灵师: 通灵师 (a 剧本 role, 查验身份) checks a seat each night and is answered at once by PM."""
    proc, qq = bot
    m = table(qq, GROUP + 1, 12, 5, "12人通灵师")
    await m.open()
    await m.join_all()
    await m.start()
    seer = m.game.state.holder("通灵师")
    await m.play()
    assert m.game.status == ENDED and m.game.outcome is not None
    assert m.unexpected_group_posts() == []
    pm = [s.text for s in qq.sent if s.kind == "private" and s.target == m.game.qq_of(seer)]
    assert any(t.startswith("「通灵」结果：") for t in pm), pm[-5:]


async def test_a_pool_board_draws_its_gods_from_the_seed_and_plays_to_its_end(bot):
    """10人卡池: two gods drawn from the 卡池 by the game's seed, named in 游戏开始 (明板), dealt, and played out."""
    proc, qq = bot
    group = GROUP + 2
    m = table(qq, group, 10, 8, "10人卡池")
    await m.open()
    opening = next(s.text for s in reversed(qq.sent) if s.target == group and "开局" in s.text)
    assert "卡池=守卫:3,猎人:3,白痴:2,长老:1;抽2;强度4-6" in opening
    await m.join_all()
    await m.start()
    gods = sorted(r for r in m.game.state.roles[1:] if r in ("守卫", "猎人", "白痴", "长老"))
    assert len(gods) == 2
    start = next(s.text for s in reversed(qq.sent) if s.target == group and "卡池抽出" in s.text)
    assert f"卡池抽出：{'、'.join(gods)}。" in start
    await m.play()
    assert m.game.status == ENDED and m.game.outcome is not None
    assert m.unexpected_group_posts() == []
