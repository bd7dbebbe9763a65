"""The state of one 狼人杀 game: a dataclass folded from the log (equal after a replay)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..bansha.engine import BaseState, VoteBox
from ..bansha.engine.mechanics.sheriff import Badge, Election
from .book import BOOK
from .terms import CHECK_FACTION, DAY, GOOD, LOVERS, PIPER, PK, WOLF, WOLVES

REVEALED = "已翻牌"  # public status of an 白痴 who flipped


def board_cards(deck: list[str]) -> frozenset[str]:
    """The board's cards, and 狼人 when any of them is a wolf's (the pack wakes as one)."""
    wolf = any(BOOK.roles[card].kind == WOLF for card in deck)
    return frozenset([*deck, *(["狼人"] if wolf else [])])


@dataclass
class WerewolfState(BaseState):
    board: str = ""
    deck: list[str] = field(default_factory=list)  # every card in the game, the thief's two spares included
    cards: frozenset[str] = frozenset()  # the board's cards, fixed at the deal (`board_cards`)
    board_steps: tuple[Any, ...] = ()  # the order.NightSteps of its cards, fixed at the deal (night.board_steps)
    roles: list[str] = field(default_factory=list)  # index 0 unused; the current role (a thief may change his)
    dealt: list[str] = field(default_factory=list)  # the roles as dealt, for the cast
    spares: list[str] = field(default_factory=list)  # the two cards laid aside when the board has a 盗贼
    # options, copied at the deal (hooks without a ctx need them)
    check_mode: str = CHECK_FACTION
    pk: bool = False
    sheriff_on: bool = False
    sheriff_weight: float = 2.0
    sheriff_voters: str = "全体"
    explode_rule: str = "流失"
    girl_mode: str = "概率"
    girl_risk: int = 20
    guard_girl: str = "无效"
    curse_scope: str = "除狼人外"
    # outcomes
    fates: dict[int, str] = field(default_factory=dict)  # seat -> how it left the game
    forfeited: str = ""  # 好人/狼人 camp judged lost by the cards (option 红牌判负)
    lost_sides: list[str] = field(default_factory=list)  # third sides judged lost by the cards
    removed: list[int] = field(default_factory=list)  # red-carded seats
    # tonight
    stamp: int = 0  # orders the wolves' choices (a tie goes to the most recent)
    wolf_choice: dict[int, tuple[int, int]] = field(default_factory=dict)  # wolf -> (target, stamp)
    kill: int = 0  # the wolves' target, fixed when the wolves' sub-phase closes
    accused: int = 0  # 偷看风险=指认: the pack's latest accusation
    peeking: int = 0  # the 小女孩 peeked tonight
    caught: int = 0  # the 小女孩 the wolves caught tonight
    guarded: int = 0
    saved: int = 0
    poisoned: int = 0
    charming: list[int] = field(default_factory=list)  # 吹笛者's targets tonight
    witch_told: bool = False  # the witch was told tonight's target
    last_guarded: int = 0  # the seat guarded last night (not again tonight)
    # private histories, for /身份
    checks: list[tuple[int, int, str]] = field(default_factory=list)  # (night, target, result)
    guards: list[tuple[int, int]] = field(default_factory=list)  # (night, target)
    potions: list[tuple[int, str, int]] = field(default_factory=list)  # (night, potion name, target)
    peeks: list[int] = field(default_factory=list)  # nights the 小女孩 peeked
    # standing facts
    lovers: list[int] = field(default_factory=list)  # the two lovers, sorted; empty before/without 丘比特
    cupid: int = 0  # the 丘比特 who linked them
    charmed: list[int] = field(default_factory=list)  # in the order they were charmed
    elder_hits: int = 0  # wolf attacks the 长老 has survived
    cursed: bool = False  # the 长老 was killed by the village: powers lost
    # the sheriff (警长)
    election: Election | None = None
    stood: list[int] = field(default_factory=list)  # everyone who stood this election (退水 included)
    elect_round: int = 0  # 1, or 2 for the run-off between the tied
    elect_done: bool = False
    elect_postponed: bool = False
    badge: Badge = field(default_factory=Badge)
    tie_declined: bool = False  # the sheriff declined to break today's tie
    tie_from: str = ""  # the vote (day or PK) whose tie the sheriff is breaking
    # 替罪羊
    goat_voters: list[int] = field(default_factory=list)
    goat_day: int = 0  # the day on which only goat_voters may vote (0 = none)
    goat: int = 0  # the dead 替罪羊 naming voters in this phase
    # day
    box: VoteBox = field(default_factory=VoteBox)
    candidates: list[int] = field(default_factory=list)  # PK candidates, or the tied seats the sheriff decides between
    # after a death: queued ("badge"|"designate"|"words"|"shoot", seats) steps, then `resume`
    queue: list[tuple[str, tuple[int, ...]]] = field(default_factory=list)
    resume: str = ""
    speakers: list[int] = field(default_factory=list)  # entitled to 遗言 in this lastwords phase
    shooter: int = 0  # the hunter who may shoot in this hunter phase
    # a role's own memory, keyed by its skill or its name, so a role added later needs no new field here
    # (tests/games/werewolf/test_werewolf_new_role.py); 002's roles keep the named fields above
    tonight: dict[str, Any] = field(default_factory=dict)  # cleared at nightfall
    records: dict[str, Any] = field(default_factory=dict)  # kept all game

    # --- lookups ------------------------------------------------------------------------
    def role(self, seat: int) -> str:
        return self.roles[seat]

    def kind(self, seat: int) -> str:
        return BOOK.roles[self.roles[seat]].kind

    def holders(self, role: str) -> list[int]:
        return [s for s in range(1, self.n + 1) if self.roles[s] == role]

    def holder(self, role: str, living: bool = True) -> int:
        """The seat holding a unique role (0 if nobody, or if dead and `living`)."""
        for s in self.holders(role):
            if self.alive[s] or not living:
                return s
        return 0

    def has_card(self, role: str) -> bool:
        """The board holds this card (dealt or a spare): 002's "有守卫局" is a property of the board."""
        return role in self.cards

    def wolves(self, living: bool = True) -> list[int]:
        book, roles, alive = BOOK.roles, self.roles, self.alive  # (asked for every wolf's move: no call per seat)
        return [s for s in range(1, self.n + 1) if book[roles[s]].kind == WOLF and (alive[s] or not living)]

    def revealed(self, seat: int) -> bool:
        return bool(self.statuses.items) and self.statuses.has(seat, REVEALED)  # (most games: no status at all)

    @property
    def sheriff(self) -> int:
        return self.badge.holder

    def lover_of(self, seat: int) -> int:
        if seat in self.lovers:
            return self.lovers[0] if self.lovers[1] == seat else self.lovers[1]
        return 0

    @property
    def mixed_love(self) -> bool:
        """002 人狼恋: one lover a wolf, the other 平民 (神民 or 普通平民)."""
        if len(self.lovers) != 2:
            return False
        a, b = (BOOK.roles[self.roles[s]] for s in self.lovers)
        return {a.faction, b.faction} == {WOLVES, GOOD} and a.kind != "solo" and b.kind != "solo"

    def camp(self, seat: int) -> str:
        if self.mixed_love and seat in (*self.lovers, self.cupid):
            return LOVERS
        return BOOK.roles[self.roles[seat]].faction

    def camps(self) -> list[str]:
        """`camp` of every seat (index 0 unused), with the 人狼恋 decided once: the verdict reads them all."""
        side = (*self.lovers, self.cupid) if self.mixed_love else ()
        roles = BOOK.roles
        return [""] + [LOVERS if s in side else roles[self.roles[s]].faction for s in range(1, self.n + 1)]

    def powerless(self, seat: int) -> bool:
        """After the 长老 was killed by the village: "所有平民(除狼之外的其他角色)都将失去他们的特殊能力"."""
        if not self.cursed or self.kind(seat) == WOLF:
            return False
        return self.curse_scope == "除狼人外" or BOOK.roles[self.roles[seat]].faction == GOOD

    def can_vote(self, seat: int) -> bool:
        if not self.alive[seat] or self.revealed(seat) or seat in self.candidates and self.phase == PK:
            return False
        if self.goat_day == self.day and self.phase in (DAY, PK) and seat not in self.goat_voters:
            return False
        return not (self.records and seat in self.records.get("muted", {}).get(self.day, ()))  # a 剧本's 禁言

    @property
    def piper(self) -> int:
        return self.holder("吹笛者", living=False)

    def camp_members(self, camp: str) -> list[int]:
        return [s for s in range(1, self.n + 1) if self.camp(s) == camp]


__all__ = ["REVEALED", "WerewolfState", "GOOD", "WOLVES", "LOVERS", "PIPER"]
