"""A 狼人杀 table with the classic phases (the election, ties, the badge, the first night's roles) for the game's
tests, and the deals they search for."""

from __future__ import annotations

from werewolf_table import RULES, Table

from plugins.bansha.engine.game import ENDED
from plugins.bansha.engine.views.audit import audit as engine_audit
from plugins.bansha.engine.views.audit import private_skill_names
from plugins.werewolf.boards import BOARD_BY_NAME, parse_custom
from plugins.werewolf.terms import BADGE, CUPID, DAY, ELECT, ELECT_VOTE, GOAT, HUNTER, LAST_WORDS, THIEF


class Classic(Table):
    """Table with the classic phases: election, ties, badge, first-night roles."""

    def __init__(self, board: str, seed: int = 1, n: int | None = None, **options):
        b = BOARD_BY_NAME.get(board)
        size = n or (b.size if b else parse_custom(options["角色"]).size)
        super().__init__(size, seed, 板子=board, **options)

    def group_all(self) -> str:
        return self.group_text(self.events)

    def seat_all(self, seat: int) -> str:
        return self.seat_text(seat, self.events)

    def first_night(self, link=None):
        """Thief keeps his card, cupid links `link` (or passes): on to the main night."""
        if self.phase == THIEF:
            thief = self.one("盗贼")
            if self.state.roles[thief] == "盗贼" and not RULES._forced_swap(self.state):
                self.pass_(thief)
            else:
                self.deadline()
        if self.phase == CUPID:
            cupid = self.state.holder("丘比特")
            if link and cupid:
                self.act(cupid, "连线", *link)
            else:
                self.deadline()

    def no_election(self):
        """Nobody stands: no sheriff."""
        if self.phase == ELECT:
            self.deadline()

    def to_day(self, **night):
        self.night(**night)
        self.skip_words()
        self.no_election()
        assert self.phase == DAY, self.phase

    def skip_words(self):
        while self.game.status != ENDED and self.phase in (LAST_WORDS, HUNTER, BADGE, GOAT):
            self.deadline()

    def explode(self, seat: int, *target):
        return self.act(seat, "自爆", *target, via="group")

    def stand(self, seat: int):
        return self.act(seat, "上警", via="group")

    def elect(self, winner: int, others=()):
        """Day 1: `winner` (and `others`) stand, everyone else votes for `winner`."""
        assert self.phase == ELECT
        for s in (winner, *others):
            self.stand(s)
        self.deadline()
        if self.phase == ELECT_VOTE:
            for s in sorted(RULES.pending(self.state)):
                self.vote(s, winner)
            self.finish(ELECT_VOTE)
        assert self.state.sheriff == winner


def seed_where(board: str, cond, n: int | None = None, **options) -> int:
    """The first seed whose deal satisfies `cond(state)`."""
    for seed in range(500):
        t = Classic(board, seed, n, **options)
        if cond(t.state):
            return seed
    raise AssertionError("no seed found")


def no_group_leak(t: Table) -> None:
    names = private_skill_names(RULES, t.state)
    assert not engine_audit(RULES, t.state, [e for e in t.events if e.audience.kind == "group"], names)


def lovers_table(mixed: bool, board: str = "丘比特局", **options) -> tuple[Classic, int, int]:
    """A cupid board where the cupid links a wolf and a villager (mixed) or two villagers."""
    t = Classic(board, seed=20, **options)
    wolf = t.one("狼人")
    villagers = [s for s in t.who("平民")]
    pair = (wolf, villagers[0]) if mixed else (villagers[0], villagers[1])
    t.first_night(link=pair)
    return t, pair[0], pair[1]
