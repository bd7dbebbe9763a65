"""The one in-memory table every game's scenario tests drive (a helper module, no tests of its own).

A game is played exactly as the QQ layer plays it: `Game.new` + `apply(game, Input.make(...))`. Players
have QQ 1000+seat and names P<seat>; QQ 1 opened the game and is its judge. Each game's test module
subclasses `Table` only for what is its own: lookups by role and whole steps (a night, a vote) in the
game's words. The real-bot table (one group driven through tests/support/fakeqq.py) is `secutil.Table`.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from plugins.bansha.engine import Event, Game, Input, Refusal, Ruleset, apply
from plugins.bansha.engine.game import ENDED

T0 = 1_700_000_000.0
JUDGE_QQ = 1


class Table:
    """One game at a table of `n` seats, signed up and started."""

    vote_reason = "理由"  # what `vote` writes when the test gives no reason

    def __init__(self, ruleset: Ruleset, n: int, seed: int = 1, options: dict[str, Any] | None = None,
                 start: float = T0):
        self.n = n
        self.game = self.new_game(ruleset, seed, dict(options or {}))
        self.clock = start
        self.events: list[Event] = []  # every event since the game was opened
        self.last: list[Event] = []  # the events of the last accepted input
        for i in range(1, n + 1):
            self.send("join", self.qq(i), name=f"P{i}")
        self.started = self.send("start", JUDGE_QQ)

    def new_game(self, ruleset: Ruleset, seed: int, options: dict[str, Any]) -> Game:
        """The game before anyone signs up (a subclass may load the dice here)."""
        return Game.new(1, ruleset, group=1, owner=JUDGE_QQ, seed=seed, options=options)

    @staticmethod
    def qq(seat: int) -> int:
        return 1000 + seat

    # --- inputs ---------------------------------------------------------------------------
    def before_input(self) -> None:
        """Called before every input (a subclass drops caches the test may have made stale)."""

    def send(self, kind: str, actor: int = 0, when: float | None = None, **args) -> list[Event]:
        """Apply one input one second after the last (or at `when`); its events become `last`."""
        self.before_input()
        self.clock = when if when is not None else self.clock + 1
        self.last = apply(self.game, Input.make(kind, actor, self.clock, **args))
        self.events.extend(self.last)
        return self.last

    def act(self, seat: int, skill: str, *words, via: str = "pm", reason: str = "", when: float | None = None,
            **extra) -> list[Event]:
        return self.send("act", self.qq(seat), when, skill=skill, words=tuple(str(w) for w in words), via=via,
                         reason=reason, **extra)

    def public(self, seat: int, skill: str, *words) -> list[Event]:
        """A skill typed in the group."""
        return self.act(seat, skill, *words, via="group")

    def vote(self, seat: int, target, reason: str | None = None, when: float | None = None) -> list[Event]:
        return self.act(seat, "投票", target, via="group", reason=self.vote_reason if reason is None else reason,
                        when=when)

    def pass_(self, seat: int, skill: str = "") -> list[Event]:
        return self.send("pass", self.qq(seat), skill=skill)

    def words(self, seat: int, text: str) -> list[Event]:
        """/遗言"""
        return self.send("lastwords", self.qq(seat), text=text)

    def chat(self, seat: int, text: str) -> list[Event]:
        return self.send("chat", self.qq(seat), text=text)

    def relay(self, seat: int, target: int, text: str) -> list[Event]:
        return self.send("relay", self.qq(seat), target=str(target), text=text)

    def speak(self, seat: int, text: str) -> list[Event]:
        """A plain group message by the seat's player."""
        return self.send("speak", self.qq(seat), text=text)

    def judge(self, sub: str, when: float | None = None, **args) -> list[Event]:
        """A /法官 sub-command by the game's judge."""
        return self.send("judge", JUDGE_QQ, when, sub=sub, **args)

    def card(self, color: str, seat: int, when: float | None = None) -> list[Event]:
        return self.judge(color, when, target=str(seat), reason="违规")

    def deadline(self, when: float | None = None) -> list[Event]:
        """The current phase's deadline fires."""
        return self.send("deadline", 0, when, phase_no=self.game.phase_no)

    def refused(self, kind: str, seat: int, when: float | None = None, **args) -> str:
        return self.refused_input(kind, seat, when, **args)

    def refused_input(self, kind: str, seat: int, when: float | None = None, **args) -> str:
        """The input is refused and the whole game (state, RNG, log) is unchanged; returns the refusal."""
        before = copy.deepcopy(self.game)
        with pytest.raises(Refusal) as err:
            apply(self.game, Input.make(kind, self.qq(seat), when if when is not None else self.clock + 1, **args))
        assert self.game == before, "a refused input changed the game"
        return err.value.message

    def refused_act(self, seat: int, skill: str, *words, via: str = "pm", reason: str = "",
                    when: float | None = None) -> str:
        return self.refused_input("act", seat, when, skill=skill, words=tuple(str(w) for w in words), via=via,
                            reason=reason)

    # --- lookups --------------------------------------------------------------------------
    @property
    def state(self):
        return self.game.state

    @property
    def phase(self) -> str:
        return self.state.phase

    @property
    def over(self) -> bool:
        return self.game.status == ENDED

    ended = over

    @property
    def seats(self) -> list[int]:
        return list(range(1, self.n + 1))

    def group_text(self, events: list[Event] | None = None) -> str:
        """What the group read (from the last input unless `events` are given)."""
        evs = self.last if events is None else events
        return "\n".join(e.text for e in evs if e.audience.kind == "group")

    def all_group(self) -> str:
        return self.group_text(self.events)

    def seat_text(self, seat: int, events: list[Event] | None = None) -> str:
        """What the seat was told privately (from the last input unless `events` are given)."""
        evs = self.last if events is None else events
        return "\n".join(e.text for e in evs if e.audience.kind == "seat" and e.audience.seat == seat)

    def reply_text(self) -> str:
        return "\n".join(e.text for e in self.last if e.audience.kind == "reply")

    def mark(self) -> int:
        """A place in the judge's record, for `log(since=…)`."""
        return len(self.game.timeline)

    def log(self, since: int = 0) -> str:
        """The judge's record."""
        return "\n".join(self.game.timeline[since:])
