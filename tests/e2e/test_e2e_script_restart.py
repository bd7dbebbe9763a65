"""Issue 28 item 5 through the real bot: a 剧本 game's log replays after a restart even if the file changed since.

A 导演's 剧本 (a shipped one with roles of its own, copied under a name no shipped 剧本 has) in the test's own
BANSHA_SCRIPTS_DIR is opened with /开局 剧本 and played into its first day. Then its file is rewritten into another
board (another shipped 剧本 of the same game, under the same name), the bot SIGKILLed between an input's commit and
its messages and restarted, and the game played on into the next night; then the file is deleted, the bot SIGKILLed
and restarted again, and the game played to its end. Every message is checked against the same game folded in
memory from the 剧本 as it was at /开局 (tests/support/mirror.py); the bot's log, replayed from the options its game
row stores (and no file), ends in the same game.
"""

from __future__ import annotations

import json
import re

import pytest
from mirror import Mirror
from secutil import db_query, start_bot, stop_bot
from shipped import Shipped, book_kept, of, rule_open, shipped

from plugins.bansha.engine import Input, apply
from plugins.bansha.engine.game import ENDED, Game

pytestmark = pytest.mark.e2e
JUDGE = 99999
GROUP = 2851
NAME = "重启测试剧本"  # (no shipped 剧本 has it: the bot can only have read it from the test's folder)
# A 剧本 with roles of its own (they ride in the game's options), and another board of the same game to rewrite it to
BASE = next((s for s in shipped() if "裁定" in s.effects), None) or next((s for s in shipped() if s.effects), None)
OTHER = next((s for s in shipped() if BASE and s.rules is BASE.rules and s.options != BASE.options), None)


def renamed(script: Shipped) -> str:
    text, n = re.subn(r'^name = ".*"$', f'name = "{NAME}"', script.source, count=1, flags=re.M)
    assert n == 1 and of(text).name == NAME
    return text


@pytest.fixture
async def bot(tmp_path):
    folder = tmp_path / "剧本"
    folder.mkdir()
    with book_kept():  # (the mirror registers the 剧本's roles in this process's book)
        proc, qq = await start_bot(env={"BANSHA_SCRIPTS_DIR": str(folder)})  # JUDGE is the bot's SUPERUSER
        try:
            yield proc, qq, folder
        finally:
            await stop_bot(proc, qq)


async def open_from_folder(m: Mirror, source: str) -> None:
    """/开局 剧本 <NAME> as Mirror.open sends it; the model opened from `source`, the file as it is now."""
    words = [f"{k}={v}" for k, v in m.options.items()] + ["报名名单=0"]
    mark = m.qq.mark()
    await m.qq.group_msg(m.judge, m.group, " ".join([f"/开局 剧本 {NAME}", f"种子={m.seed}", *words]))
    sent = await m.qq.wait_for(lambda s: s.target == m.group and "开局（第" in s.text, m.timeout, mark)
    m.consumed.add(sent.message_id)
    gid = int(re.search(r"第 (\d+) 局", sent.text).group(1))  # type: ignore[union-attr]
    m.game = Game.new(gid, m.rules, m.group, m.judge, m.seed, of(source).opened(words))


async def play_until(m: Mirror, done, steps: int = 300) -> None:
    for _ in range(steps):
        if m.game.status == ENDED or done(m.game):
            return
        await m.play(max_steps=1, on_step=lambda m: rule_open(m, JUDGE), finish=False)
    raise AssertionError(f"not reached in {steps} steps")


@pytest.mark.skipif(BASE is None or OTHER is None, reason="no shipped 剧本 with roles of its own and another board")
async def test_a_script_game_replays_after_a_restart_though_its_file_changed(bot):
    proc, qq, folder = bot
    path = folder / f"{NAME}.toml"
    path.write_text(renamed(BASE), encoding="utf-8")
    players = [GROUP * 100 + i for i in range(1, BASE.players[0] + 1)]
    qq.add_group(GROUP, {JUDGE: "法官"} | {p: f"玩家{p % 100}" for p in players}, owner=JUDGE)
    qq.friends.update([*players, JUDGE])  # (the judge is asked for rulings, and rules, by PM)
    m = Mirror(qq, BASE.rules, GROUP, JUDGE, players, 17, {"节奏": "快速"})
    await open_from_folder(m, path.read_text(encoding="utf-8"))
    gid = m.game.gid
    stored = json.loads(db_query(proc, "SELECT options FROM bansha_game WHERE id=?", gid)[0][0])
    stored.pop("种子", None)  # (the command's 种子=, which the model is given as its seed)
    assert stored["剧本"] == NAME and stored == json.loads(json.dumps(m.game.options)), "the bot opened another game"
    await m.join_all()
    await m.start()

    def night(game: Game) -> bool:
        return m.rules.phases[game.state.phase].night

    await play_until(m, lambda g: g.state.day >= 1 and not night(g))
    assert m.game.status != ENDED, "the game ended before the first restart"
    restarts: list[int] = []

    async def restart() -> None:
        restarts.append(proc.starts)
        proc.kill()
        proc.start()
        await proc.wait_ready(60)
        await qq.connect()

    # Rewritten while the game runs (another board, other seats): the next restart must not read it
    path.write_text(renamed(OTHER), encoding="utf-8")
    m.crash_next = restart  # killed between an input's commit and its messages (they must still arrive)
    await play_until(m, lambda g: m.crash_next is None and night(g))
    assert len(restarts) == 1 and m.game.status != ENDED, "the game ended before the second restart"

    # Deleted: the game still needs nothing but its own row and log
    path.unlink()
    await restart()
    await m.play(on_step=lambda m: rule_open(m, JUDGE))
    assert len(restarts) == 2
    assert m.game.status == ENDED and m.game.outcome is not None
    assert m.unexpected_group_posts() == []

    # The log, replayed from the stored options alone, is the same game (the file is gone)
    row = db_query(proc, "SELECT ruleset, seed, options, group_id, owner, status FROM bansha_game WHERE id=?", gid)[0]
    assert row[5] == ENDED
    fresh = Game.new(gid, BASE.rules, row[3], row[4], row[1], json.loads(row[2]))
    for kind, actor, args, at in db_query(proc, "SELECT kind, actor, args, at FROM bansha_input WHERE game_id=?"
                                                " ORDER BY seq", gid):
        apply(fresh, Input.from_json({"kind": kind, "actor": actor, "args": json.loads(args), "at": at}))
    assert fresh.seq == m.game.seq and fresh.outcome == m.game.outcome
    assert fresh.state.alive == m.game.state.alive
