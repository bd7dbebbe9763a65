"""docs/new-game.md, 「加一个身份」: 狼人杀's 守墓人, added as any new role is — its one module
(tests/support/werewolf_gravekeeper.py) plus two entries this test adds for its length: its step in
order.NIGHT_ORDER (with the moment the step runs) and its card in boards.CARDS. Played through the engine: the
night tells him the exiled player's camp, in private; /身份 keeps the record; the group never hears his role.
Afterwards the book is as it was."""

from __future__ import annotations

import re

import pytest
from paths import ROOT
from werewolf_newrole import added
from werewolf_table import Table

from plugins.werewolf.order import NightStep
from plugins.werewolf.terms import DAY, NIGHT

BOARD = "狼人*2,守墓人,预言家,平民*3"
# --- guide: step ---
GRAVE_STEP = NightStep("grave", "守墓人", NIGHT, moments=("close",))
# --- end ---


@pytest.fixture
def gravekeeper(monkeypatch):
    yield from added(monkeypatch, "werewolf_gravekeeper", GRAVE_STEP, "守墓人")


def test_the_one_check_names_the_missing_step_before_it_is_added(gravekeeper):
    _module, alone = gravekeeper
    assert alone == ["grave writes the moment close, but the table does not list it there"]


def test_the_gravekeeper_learns_the_exiled_players_camp_at_night(gravekeeper):
    t = Table(7, seed=3, 板子="自定义", 角色=BOARD, 警长="关")
    keeper, wolves = t.one("守墓人"), t.who("狼人")
    assert f"你是 {keeper}号，你的身份是【守墓人】" in t.seat_text(keeper, t.started)
    assert not [e for e in t.started if e.tag == "prompt" and e.audience.seat == keeper]  # nothing to type
    villager = next(s for s in t.seats if s not in (keeper, *wolves) and t.state.roles[s] == "平民")
    t.night(kill=villager)
    t.skip_words()
    assert t.phase == DAY
    wolf = wolves[0]
    t.day_vote(wolf)
    t.skip_words()
    assert not t.state.alive[wolf] and t.phase == NIGHT
    mark = len(t.events)
    t.wolves_kill(next(s for s in t.state.living() if s not in (keeper, *wolves)))
    t.finish(NIGHT)
    told = [e.text for e in t.events[mark:] if e.audience.seat == keeper]
    assert f"守墓：昨天被放逐的 {wolf}号 P{wolf} 是【狼人】。" in told
    assert "守墓人" not in t.group_text(t.events[mark:])  # his role stays secret
    assert f"守墓记录：第1天 {wolf}号：狼人。" in t.game.rules.help_text(t.state, keeper)  # his /身份


def test_the_guide_quotes_the_role_and_its_step():
    guide = (ROOT / "docs" / "new-game.md").read_text(encoding="utf-8")
    for path in (ROOT / "tests" / "support" / "werewolf_gravekeeper.py", ROOT / "tests" / "guide" / "test_guide_role.py"):
        for block in re.findall(r"# --- guide: \w+ ---\n(.*?)# --- end ---\n", path.read_text(encoding="utf-8"), re.S):
            assert block.strip() in guide, f"docs/new-game.md does not quote {path.name}'s block"
