"""A table for 纳塔 scenario tests (a helper module, no tests of its own): a game with chosen roles,
driven exactly as the QQ layer drives it (`Game.new` + `apply(game, Input.make(...))`), plus lookups by role."""

from __future__ import annotations

import copy

import pytest

from plugins.bansha.engine import Game, Input, Refusal, apply
from plugins.bansha.engine.game import ENDED
from plugins.nata import rules
from plugins.nata.terms import DAWN, DEEP, DUSK, EARLY, ELECTION, LATE, MID, NOON, START

RULES = rules.RULESET
T0 = 1_700_000_000.0
ORDER = (START, ELECTION, NOON, DUSK, EARLY, MID, DEEP, LATE, DAWN)
STANDARD = ("狼兄", "狼弟", "渊狼", "白狼王", "通灵师", "魔术师", "审讯官", "毒士", "朱雀", "懦夫", "猎人", "禁言长老",
            "厚皮肉猪")


class Table:
    """14 players with QQ 1000+seat and names P<seat>. `roles` are forced into the deal (13 names:
    4 wolves, 1 验人系, 4 强神, 4 弱神; the 宗教老爷爷 is always there)."""

    def __init__(self, roles=STANDARD, seed: int = 1, **options):
        opts = {"节奏": "快速", "指定身份": ",".join(roles), "强度倍率": "0.1-10"}
        opts.update(options)
        self.game = Game.new(1, RULES, group=1, owner=1, seed=seed, options=opts)
        self.clock = T0
        self.events = []
        self.last = []
        for i in range(1, 15):
            self.send("join", self.qq(i), name=f"P{i}")
        self.send("start", 1)

    # --- inputs ---
    @staticmethod
    def qq(seat: int) -> int:
        return 1000 + seat

    def send(self, kind: str, actor: int = 0, **args):
        if self.game.state is not None:
            self.game.state.cache.clear()  # tests poke the state directly between inputs
        self.clock += 1
        self.last = apply(self.game, Input.make(kind, actor, self.clock, **args))
        self.events.extend(self.last)
        return self.last

    def act(self, seat: int, skill: str, *words, via: str = "pm", reason: str = ""):
        return self.send("act", self.qq(seat), skill=skill, words=tuple(str(w) for w in words), via=via,
                         reason=reason)

    def public(self, seat: int, skill: str, *words):
        return self.act(seat, skill, *words, via="group")

    def vote(self, seat: int, target, reason: str = "理由"):
        return self.act(seat, "投票", target, via="group", reason=reason)

    def pass_(self, seat: int, skill: str = ""):
        return self.send("pass", self.qq(seat), skill=skill)

    def words(self, seat: int, text: str):
        return self.send("lastwords", self.qq(seat), text=text)

    def chat(self, seat: int, text: str):
        return self.send("chat", self.qq(seat), text=text)

    def relay(self, seat: int, target: int, text: str):
        return self.send("relay", self.qq(seat), target=str(target), text=text)

    def speak(self, seat: int, text: str):
        return self.send("speak", self.qq(seat), text=text)

    def judge(self, sub: str, **args):
        return self.send("judge", 1, sub=sub, **args)

    def deadline(self):
        return self.send("deadline", 0, phase_no=self.game.phase_no)

    def refused(self, kind: str, seat: int, **args) -> str:
        """The input is refused and the whole game is unchanged."""
        before = copy.deepcopy(self.game)
        with pytest.raises(Refusal) as err:
            apply(self.game, Input.make(kind, self.qq(seat), self.clock + 1, **args))
        assert self.game == before
        return err.value.message

    def refused_act(self, seat: int, skill: str, *words, via: str = "pm", reason: str = "") -> str:
        return self.refused("act", seat, skill=skill, words=tuple(str(w) for w in words), via=via, reason=reason)

    # --- time ---
    def to(self, phase: str, day: int | None = None):
        """Fire deadlines until the game is in `phase` (of `day`)."""
        for _ in range(200):
            st = self.state
            if self.game.status == ENDED:
                raise AssertionError(f"game ended before {phase} day {day}: {self.game.outcome}")
            if st.phase == phase and (day is None or st.day == day):
                return
            self.deadline()
        raise AssertionError(f"never reached {phase} day {day}")

    def night(self, day: int):
        self.to(EARLY, day)

    # --- lookups ---
    @property
    def state(self):
        return self.game.state

    @property
    def ended(self) -> bool:
        return self.game.status == ENDED

    def who(self, role: str) -> int:
        seats = self.state.holders(role)
        assert seats, f"{role} not dealt"
        return seats[0]

    def others(self, *exclude: int) -> list[int]:
        return [s for s in self.state.living() if s not in exclude]

    def alive(self, seat: int) -> bool:
        return self.state.alive[seat]

    def group_text(self, events=None) -> str:
        evs = self.last if events is None else events
        return "\n".join(e.text for e in evs if e.audience.kind == "group")

    def all_group(self) -> str:
        return self.group_text(self.events)

    def seat_text(self, seat: int, events=None) -> str:
        evs = self.events if events is None else events
        return "\n".join(e.text for e in evs if e.audience.kind == "seat" and e.audience.seat == seat)

    def reply_text(self) -> str:
        return "\n".join(e.text for e in self.last if e.audience.kind == "reply")

    def timeline(self) -> str:
        return "\n".join(self.game.timeline)

    def statuses(self, seat: int) -> set[str]:
        return {s.name for s in self.state.statuses.of(seat)}

    def everyone_pass_start(self):
        """开局: nobody stands; forced choices take their defaults."""
        self.to(ELECTION, 1)


__all__ = ["DAWN", "DEEP", "DUSK", "EARLY", "ELECTION", "LATE", "MID", "NOON", "ORDER", "RULES", "START", "Table"]
