"""docs/new-game.md, 「加一个游戏」: a tiny whole game, 谁是卧底 for 5, written the way the guide says and played here.

The rules (as a group plays it): four 平民 share a word, the 卧底 has a similar one; nobody is told which side he is
on. Each 回合 everyone describes his word in the group without saying it, then votes; the most-voted seat leaves (a
tie: nobody). The 平民 win when the 卧底 leaves; the 卧底 wins when three are left and he is among them.

Everything between the `# --- guide:` markers is quoted verbatim by docs/new-game.md (the last test checks it).
A real game package puts the same code in plugins/<game>/ (book.py, roles/, rules.py) and ends rules.py with
`RULESET = register(Undercover())`; here the ruleset is built without registering it, so that the other tests'
list of games (the registry) stays the five games and the example.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import pytest
import scenario
from paths import ROOT

from plugins.bansha.engine import (
    ALIVE_OTHER,
    Action,
    BaseState,
    Behaviour,
    Book,
    CastRow,
    Ctx,
    Outcome,
    PhaseSpec,
    Role,
    Ruleset,
    VoteBox,
)
from plugins.bansha.engine.core.behaviour import problems
from plugins.bansha.engine.game import registry
from plugins.bansha.engine.views.audit import audit, private_skill_names

# --- guide: book ---
BOOK = Book("undercover")
ROUND = "round"
PAIRS = (("苹果", "梨"), ("饺子", "包子"), ("牛奶", "豆浆"), ("眼镜", "墨镜"), ("风筝", "气球"))


@dataclass
class UndercoverState(BaseState):
    words: dict[int, str] = field(default_factory=dict)  # seat -> its word: the secret of the game
    undercover: int = 0
    votes: VoteBox = field(default_factory=VoteBox)
    fates: dict[int, str] = field(default_factory=dict)
# --- end ---


# --- guide: unit ---
@BOOK.unit("vote", "投票", aliases=("改票",), phases=(ROUND,), target_rule=ALIVE_OTHER, words=("弃权", "改票"),
           help="描述完自己的词以后，投票放逐一名玩家。")
class VOTE(Behaviour):
    def resolve(self, ctx: Ctx, state: UndercoverState, seat: int, action: Action) -> None:
        ctx.vote(state.votes, seat, action)  # the forum's vote rules: a reason, one change, 代投…


PLAYER = BOOK.role(Role("玩家", "玩家", (VOTE,), "描述自己的词，找出拿到另一个词的人。"))
# --- end ---


# --- guide: rules ---
class Undercover(Ruleset):
    key = "undercover"
    title = "谁是卧底"
    aliases = ("卧底",)
    phases = {ROUND: PhaseSpec(ROUND, "回合", seconds=120, option="回合", forum="close", discussion=True)}
    factions = ("平民", "卧底")
    book = BOOK

    def check_players(self, options, n):
        return None if n == 5 else "谁是卧底需要 5 人。"

    def max_players(self, options):
        return 5

    def setup(self, ctx: Ctx, n: int) -> UndercoverState:
        st = UndercoverState(n=n, alive=[False] + [True] * n, day=1)
        common, odd = ctx.rng.choice(PAIRS)  # the seeded RNG: the same seed deals the same game
        st.undercover = ctx.rng.randint(1, n)
        for s in range(1, n + 1):
            st.words[s] = odd if s == st.undercover else common
            ctx.seat(s, self.role_text(st, s), "role")  # tag "role": the leak audit keeps it out of the group
        ctx.enter(st, ROUND)
        return st

    def skills_of(self, state, seat):
        return list(PLAYER.skills)

    def pending(self, state):
        return {s for s in state.living() if s not in state.votes.votes}

    def close_phase(self, ctx: Ctx, state: UndercoverState) -> None:
        ctx.tally(state.votes.tally(), state.votes.leaders())
        leaders = state.votes.leaders()
        state.votes.clear()
        if len(leaders) == 1:
            out = leaders[0]
            state.alive[out] = False
            state.fates[out] = f"第{state.day}回合出局"
            ctx.group(f"{ctx.name(out)} 出局。")
            ctx.died(out)
        else:
            ctx.group("平票，本回合无人出局。")
        state.day += 1
        if not self.outcome(state):
            ctx.enter(state, ROUND)

    def outcome(self, state):
        if not state.alive[state.undercover]:
            return Outcome("平民", tuple(s for s in range(1, state.n + 1) if s != state.undercover),
                           f"卧底出局，平民获胜。平民的词是「{state.words[1 if state.undercover != 1 else 2]}」。")
        if len(state.living()) <= 3:
            return Outcome("卧底", (state.undercover,), f"卧底活到了最后三人，卧底获胜。卧底的词是「{state.words[state.undercover]}」。")
        return None

    def faction_of(self, state, seat):
        return "卧底" if seat == state.undercover else "平民"

    def role_text(self, state, seat):
        return f"你的词：{state.words[seat]}。描述它，但不要说出它。"

    def cast(self, state):
        return [CastRow(s, state.words[s], self.faction_of(state, s), state.fates.get(s, "存活"))
                for s in range(1, state.n + 1)]
# --- end ---


RULESET = Undercover()


@pytest.fixture(autouse=True)
def registered(monkeypatch):
    """Registered for each test alone (a game package registers at import, `RULESET = register(...)`): the other
    tests' list of games stays the registry's."""
    monkeypatch.setitem(registry._RULESETS, RULESET.key, RULESET)


class Table(scenario.Table):
    def __init__(self, seed: int = 1):
        super().__init__(RULESET, 5, seed, {"节奏": "快速"})

    def civilians(self) -> list[int]:
        return [s for s in self.seats if s != self.state.undercover]


def test_each_seat_is_told_its_word_alone_and_the_group_never_hears_one():
    t = Table()
    words = {s: t.seat_text(s, t.started) for s in t.seats}
    assert len(set(words.values())) == 2  # four the same, the 卧底's another
    assert sum(1 for w in words.values() if w == words[t.state.undercover]) == 1
    assert not any(t.state.words[s] in t.group_text(t.started) for s in t.seats)


def test_voting_out_the_undercover_wins_for_the_civilians():
    t = Table(seed=2)
    u = t.state.undercover
    for s in t.seats:
        t.vote(s, u if s != u else t.civilians()[0])
    assert t.over and t.game.outcome.winner == "平民"
    assert f"{u}号 P{u} 出局。" in t.all_group() and "平民获胜" in t.all_group()


def test_a_tie_sends_nobody_out_and_the_undercover_wins_at_three():
    t = Table(seed=3)
    x, y, z = t.civilians()[:3]
    others = [s for s in t.seats if s not in (x, y)]
    for voter, target in ((x, y), (y, x), (others[0], x), (others[1], y), (others[2], z if others[2] != z else x)):
        t.vote(voter, target)
    assert "平票，本回合无人出局。" in t.group_text() and len(t.state.living()) == 5
    for out in (x, y):
        for s in t.state.living():
            t.vote(s, out if s != out else t.state.undercover)
    assert t.over and t.game.outcome.winner == "卧底" and t.game.outcome.seats == (t.state.undercover,)


def test_the_games_units_conform_and_nothing_leaks():
    assert problems(RULESET.book.units) == []
    t = Table(seed=4)
    out = t.civilians()[0]
    for s in t.seats:
        t.vote(s, out if s != out else t.civilians()[1])
    assert not t.over and len(t.state.living()) == 4
    assert audit(RULESET, t.state, t.events, private_skill_names(RULESET, t.state)) == []


def test_the_guide_quotes_this_code():
    guide = (ROOT / "docs" / "new-game.md").read_text(encoding="utf-8")
    here = (ROOT / "tests" / "guide" / "test_guide_game.py").read_text(encoding="utf-8")
    blocks = re.findall(r"# --- guide: (\w+) ---\n(.*?)# --- end ---\n", here, re.S)
    assert {name for name, _ in blocks} == {"book", "unit", "rules"}
    for name, code in blocks:
        assert code.strip() in guide, f"docs/new-game.md does not quote the {name} block of this file"
