"""导演台's vote record against the group (issue 25 items 5, 6 and 「The console disagrees with the group」): a whole
9-player 狼人杀 with a 警长 election is played through the service, and for every ballot round of every day
(both rounds of the election included) the count the group was told must be on the votes page, in order,
under its day; and every ballot the group's 票型 counted — the one that closed the ballot too — is in that
round's ballots with the same target. (The same comparison through the real bot: tests/console/test_console_e2e.py.)"""

from __future__ import annotations

import pytest
from consoleutil import (
    World,
    calm,
    check_against_the_group,
    client,
    login,
    make,
    open_game,
    told_in_group,
    wipe,
)
from tortoise import Tortoise

from plugins.bansha.service import Service

OWNER, GROUP = 7799, 77
SEED = 23  # with the calm agent: a tied 警长 vote, its second round, the 警长's double vote on later days


@pytest.fixture(scope="module")
async def db(tmp_path_factory):
    await Service.init_db(f"sqlite://{tmp_path_factory.mktemp('votes') / 'votes.sqlite3'}")
    yield
    await Tortoise.close_connections()


async def test_every_count_the_group_was_told_is_on_the_votes_page(db):
    await wipe()
    world = World()
    app, svc, con = make(world)
    game = await open_game(svc, world, "werewolf", 9, seed=SEED, group=GROUP, owner=OWNER, agent=calm,
                           options={"节奏": "快速", "警长": True})
    assert game.status == "ended"
    while await svc.drain_once():
        pass
    posts = [o.text for o in world.sent if o.kind == "group" and o.target == GROUP]
    async with client(app) as c:
        await login(c, OWNER)
        page = (await c.get(f"/bansha/game/{game.gid}/votes")).text
    rounds = check_against_the_group(page, posts)
    heads = [r["head"] for r in rounds]
    assert "第 1 天 · 警长投票" in heads and "第 1 天 · 警长投票（第 2 轮）" in heads, heads
    assert len([h for h in heads if "· 投票" in h]) >= 2, heads  # several days' exile votes
    assert len(told_in_group(posts)) >= 4
    # the 警长's vote counts double in the exile vote: the group said so, and so does the page
    sheriff = next(r for r in rounds if r["head"] == "第 1 天 · 警长投票（第 2 轮）")
    assert sheriff["told"][0].startswith("计票：")
