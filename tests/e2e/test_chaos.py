"""Crash at any point: SIGKILL the real bot during scripted games and check nothing is lost.

Kill points: before the input's commit (the command is in flight), between commit and
send (after the first of its messages arrived), during a night resolution (the judge's
推进 at night, in flight), and during startup recovery (a second kill while the bot is
restoring). After every restart the game goes on; each game must end with the same
outcome as the same game folded without crashes, every acknowledged input must be in
the log, and every message the rules produced must have arrived (at least once).

`--kills N` (default 10; 50 under BANSHA_LONG=1, i.e. `make test-long`) spreads N kills over every registered game.
A shipped 剧本 is crashed the same way (issue 28 item 5): the one whose own roles the 导演 rules (`裁定`), the judge
writing each ruling as the game goes.
"""

from __future__ import annotations

import asyncio
import copy
import sqlite3

import pytest
from fakeqq import BotProcess, FakeQQ
from mirror import Mirror, expected
from secutil import start_bot, stop_bot
from shipped import Shipped, book_kept, rule_open, shipped

from plugins.bansha.engine import Refusal, apply
from plugins.bansha.engine.core.rng import Rng
from plugins.bansha.engine.game import Game, registry

pytestmark = pytest.mark.e2e
JUDGE = 99999
GAMES = [r for r in registry.all_rulesets() if r.key != "toy"]
KINDS = ("before_commit", "after_commit", "recovery")
# The 剧本 crashed: one whose own roles are ruled by the 导演 (the most state a restart has to bring back), else the first
SCRIPT = next((s for s in shipped() if "裁定" in s.effects), next(iter(shipped()), None))


class ChaosMirror(Mirror):
    def __init__(self, *a, proc: BotProcess, kills: int, rng: Rng, **kw):
        super().__init__(*a, **kw)
        self.proc = proc
        self.kills_left = kills
        self.rng = rng
        self.log: list[str] = []
        self.night_done = False

    async def restart(self, recovery_kill: bool = False) -> None:
        self.proc.kill()
        self.proc.start()
        if recovery_kill:
            # Kill again while the bot is (probably) restoring games, then start for good.
            await asyncio.sleep(self.rng.random() * 1.5)
            self.proc.kill()
            self.proc.start()
        await self.proc.wait_ready(60)
        await self.qq.connect()

    def committed_seq(self) -> int:
        with sqlite3.connect(self.proc.db_path) as db:
            row = db.execute("SELECT MAX(seq) FROM bansha_input WHERE game_id = ?", (self.game.gid,)).fetchone()
        return row[0] or 0

    async def _send(self, qq, text, where, inp, origin):
        if self.game is None or inp is None or self.kills_left <= 0:
            return await super()._send(qq, text, where, inp, origin)
        state = self.game.state
        at_night = state is not None and self.rules.phases[state.phase].night
        kind = None
        if text.startswith("/法官 推进") and at_night and not self.night_done:
            kind, self.night_done = "night_resolution", True
        elif self.rng.random() < 0.08:
            kind = self.rng.choice(KINDS)
        if kind is None:
            return await super()._send(qq, text, where, inp, origin)
        self.kills_left -= 1
        self.log.append(kind)
        before = copy.deepcopy(self.game)
        mark = self.qq.mark()
        try:
            expects = expected(self.game, apply(self.game, inp), origin)
            refused = False
        except Refusal:
            expects, refused = [], True
        if where == "group":
            await self.qq.group_msg(qq, self.group, text)
        else:
            await self.qq.private_msg(qq, text)
        if kind == "after_commit" and expects:
            await self.expect(expects[:1], mark)
            await self.restart()
            assert self.committed_seq() == self.game.seq, "a message went out for an input that was not committed"
            await self.expect(expects[1:], mark)
            return expects
        # In flight: kill at a random moment within the first ~50 ms of handling.
        await asyncio.sleep(self.rng.random() * 0.05)
        await self.restart(recovery_kill=(kind == "recovery"))
        if not refused and self.committed_seq() == self.game.seq:
            await self.expect(expects, mark)  # it was committed: its messages must all arrive
            return expects
        # Not committed (or refused): nothing was acknowledged; the player sends it again.
        self.game = before
        return await super()._send(qq, text, where, inp, origin)


@pytest.fixture(scope="module")
async def bot():
    proc, qq = await start_bot()  # JUDGE is the bot's SUPERUSER
    yield proc, qq
    await stop_bot(proc, qq)


def _size(rules) -> int:
    sizes = rules.sizes({"节奏": rules.default_tempo})
    return 9 if 9 in sizes else sizes[0]


async def _open(m: Mirror, script: Shipped | None) -> None:
    await m.open()
    if script is not None and m.dry:  # (the dry open knows no 剧本: the model's options as /开局 剧本 builds them)
        words = [f"{k}={v}" for k, v in m.options.items()] + ["报名名单=0"]
        m.game = Game.new(m.game.gid, m.rules, m.group, m.judge, m.seed, script.opened(words))


async def _chaos_game(qq: FakeQQ, proc: BotProcess, rules, group: int, seed: int, kills: int,
                      script: Shipped | None = None) -> ChaosMirror:
    n = script.players[0] if script else _size(rules)
    players = [group * 100 + k for k in range(1, n + 1)]
    qq.add_group(group, {JUDGE: "法官"} | {p: f"玩家{p % 100}" for p in players}, owner=JUDGE)
    qq.friends.update(players)
    qq.friends.update([JUDGE] if script else [])  # (the judge is asked for rulings, and rules, by PM)
    opts = {"节奏": "快速"}
    name = script.name if script else ""
    on_step = (lambda m: rule_open(m, JUDGE)) if script else None
    reference = Mirror(qq, rules, group, JUDGE, players, seed, opts, dry=True, script=name)
    await _open(reference, script)
    await reference.join_all()
    await reference.start()
    await reference.play(on_step=on_step)
    m = ChaosMirror(qq, rules, group, JUDGE, players, seed, opts, proc=proc, kills=kills, rng=Rng.seeded(seed),
                    script=name)
    await _open(m, script)
    await m.join_all()
    await m.start()
    await m.play(on_step=on_step)
    assert m.game.outcome == reference.game.outcome, f"{rules.key}: crashes changed the outcome"
    assert m.committed_seq() == m.game.seq, f"{rules.key}: an acknowledged input is missing from the log"
    assert m.unexpected_group_posts() == [], f"{rules.key}: the bot said things the rules did not"
    return m


@pytest.mark.long
async def test_games_survive_sigkill_at_any_point(bot, request):
    proc, qq = bot
    total = request.config.getoption("--kills")
    per_game = [total // len(GAMES) + (1 if i < total % len(GAMES) else 0) for i in range(len(GAMES))]
    seen_kinds: list[str] = []
    group = 800
    for rules, kills in zip(GAMES, per_game, strict=True):
        while kills > 0:  # more games of this ruleset until its share of kills is spent
            group += 1
            m = await _chaos_game(qq, proc, rules, group, seed=group, kills=kills)
            kills = m.kills_left
            seen_kinds += m.log
    print("kills:", seen_kinds)
    assert len(seen_kinds) == total, seen_kinds
    assert {"before_commit", "after_commit", "night_resolution"} <= set(seen_kinds) or total < 4


@pytest.mark.long
@pytest.mark.skipif(SCRIPT is None, reason="no shipped 剧本")
async def test_a_script_game_survives_sigkill_at_any_point(bot, request):
    """Issue 28 item 5: a 剧本 game opened with /开局 剧本, crashed like the rest (its share of the kills, at least
    two); the judge's rulings are inputs like any other, so a kill can land on one."""
    proc, qq = bot
    share = kills = max(2, request.config.getoption("--kills") // len(GAMES))
    seen: list[str] = []
    group = 880
    with book_kept():  # (the mirrors register the 剧本's roles in this process's book)
        while kills > 0:
            group += 1
            m = await _chaos_game(qq, proc, SCRIPT.rules, group, seed=group, kills=kills, script=SCRIPT)
            assert m.game.options["剧本"] == SCRIPT.name
            kills = m.kills_left
            seen += m.log
    print("剧本 kills:", seen)
    assert len(seen) == share, seen
