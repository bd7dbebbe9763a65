"""导演台's vote record against the group (issue 25 items 5, 6 and 「The console disagrees with the group」): a whole
9-player 狼人杀 with a 警长 election is played through the service, and for every ballot round of every day
(both rounds of the election included) the count the group was told must be on the votes page, in order,
under its day; and every ballot the group's 票型 counted — the one that closed the ballot too — is in that
round's ballots with the same target. (The same comparison through the real bot: tests/console/test_console_e2e.py.)"""

from __future__ import annotations

import html as htmllib
import re

import pytest
from consoleutil import World, calm, client, login, make, open_game, wipe
from tortoise import Tortoise

from plugins.bansha.service import Service

OWNER, GROUP = 7799, 77
SEED = 23  # with the calm agent: a tied 警长 vote, its second round, the 警长's double vote on later days


@pytest.fixture(scope="module")
async def db(tmp_path_factory):
    await Service.init_db(f"sqlite://{tmp_path_factory.mktemp('votes') / 'votes.sqlite3'}")
    yield
    await Tortoise.close_connections()


def told_in_group(posts: list[str]) -> list[str]:
    """Every count the group was told, in order (a post may hold several parts)."""
    return [line for text in posts for line in text.split("\n") if line.startswith(("计票：", "最高票："))]


def _cells(row: str) -> list[str]:
    return [htmllib.unescape(re.sub(r"<[^>]+>", "", c)).strip() for c in re.findall(r"<td>(.*?)</td>", row, re.S)]


def rounds_on_page(page: str) -> list[dict]:
    """The votes page's record, read back from its HTML: per round, its heading, the count as told, the counted
    票型 (target -> voters) and the ballots (voter, target) in order."""
    out = []
    for block in page.split('<div class="round"')[1:]:
        block = block.split("</div>\n</div>")[0] if "</div>\n</div>" in block else block
        head = htmllib.unescape(re.search(r"<h2>(.*?)</h2>", block, re.S).group(1))
        told = [htmllib.unescape(x) for x in re.findall(r'<p class="told-line">(.*?)</p>', block)]
        counted = {}
        m = re.search(r'<table class="list counted">(.*?)</table>', block, re.S)
        for row in re.findall(r"<tr[^>]*>(.*?)</tr>", m.group(1), re.S) if m else []:
            cells = _cells(row)
            if cells:
                counted[cells[0]] = [v for v in cells[2].split("、") if v]
        ballots = []
        m = re.search(r'<table class="list ballots">(.*?)</table>', block, re.S)
        for row in re.findall(r"<tr>(.*?)</tr>", m.group(1), re.S) if m else []:
            cells = _cells(row)
            if cells:
                ballots.append((cells[1], cells[2]))
        out.append({"head": head, "told": told, "counted": counted, "ballots": ballots})
    return out


def check_against_the_group(page: str, posts: list[str]) -> list[dict]:
    told = told_in_group(posts)
    rounds = rounds_on_page(page)
    shown = [line for r in rounds for line in r["told"] if line.startswith(("计票：", "最高票："))]
    assert shown == told, "the console's counts differ from the group's"
    for r in rounds:
        last = {}
        for voter, target in r["ballots"]:
            last[voter] = target  # a changed vote replaces the earlier one
        for target, voters in r["counted"].items():
            for voter in voters:
                assert last.get(voter) == target, (r["head"], voter, target, r["ballots"])
    return rounds


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
