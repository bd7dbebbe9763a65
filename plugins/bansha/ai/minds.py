"""The minds of one game's AI seats, fed from the game's log exactly as the simulator feeds them.

Each AI seat has the game's own information-state mind (engine/agents/deduce.py: `MIND` of plugins/<game>/
deduce.py). It is handed, in log order, only the events its seat can read (`deduce.readers`: the group,
its own private messages, its team channels, the answers to its own inputs) — never the game state —
plus two facts derived from inputs that carry no event data: a teammate's proposal in the team channel
(「刀3」, or an AI's proposal) and an AI seat's 遗言 claim. So a mind knows what a person in the seat would.

A decision is made on a copy of the mind with a generator seeded for that slot (plan.seed); when the
game accepts the input, the copy (with whatever the decision changed in it, e.g. which results a
checker has published) becomes the seat's mind. Rebuilt from the log, the same decisions are made
again at the same inputs, so after a restart a mind is what it was.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ..engine.agents.deduce import Mind, Say, mind_class, readers
from ..engine.core import ABSTAIN, GROUP, Action, Event, Input
from ..engine.core.rng import Rng
from ..engine.game import Game
from ..engine.parts.aiseats import ai_seats, is_ai

PROPOSAL = re.compile(r"(?:刀|杀|砍|咬|击杀)\s*(\d{1,2})\s*号?")


@dataclass
class Decided:
    """A decision waiting for the game's answer: the mind that made it, and the move."""

    phase: int
    slot: int
    mind: Mind
    move: Action | Say | None


@dataclass
class MindTable:
    n: int
    minds: dict[int, Mind] = field(default_factory=dict)
    seq: int = 0  # inputs of the log fed so far
    used: set[str] = field(default_factory=set)  # every text the AI seats said in this game (no repeats)
    chatted: set[tuple[int, int]] = field(default_factory=set)  # (phase counter, seat): spoke in its team channel
    words: set[int] = field(default_factory=set)  # seats whose 遗言 the game took
    waiting: dict[int, Decided] = field(default_factory=dict)  # seat -> its decision in flight
    tried: set[int] = field(default_factory=set)  # dead seats that tried a 遗言 (not in the log when refused)

    @classmethod
    def start(cls, game: Game, seats: Iterable[int] | None = None) -> MindTable:
        """At the deal: a mind for each seat that is an AI now (or for `seats`)."""
        table = cls(len(game.players))
        cls_ = mind_class(game.rules)
        for seat in sorted(ai_seats(game) if seats is None else seats):
            table.minds[seat] = cls_(seat, table.n, Rng.seeded(seat))
        return table

    # --- feeding ---------------------------------------------------------------------------------
    def feed(self, game: Game, inp: Input, events: list[Event]) -> None:
        """One accepted input (the game as it is after it). The seat's own move comes before what it caused."""
        self.seq = game.seq
        seat = (game.seat_of(inp.actor) or 0) if inp.actor else 0
        if seat and is_ai(inp.actor):
            self._own(game, seat, inp)
        self._deliver(events, seat)
        if inp.kind == "chat":
            self._proposal(game, seat, inp, events)

    def _own(self, game: Game, seat: int, inp: Input) -> None:
        decided = self.waiting.pop(seat, None)
        if (decided is not None and decided.slot == inp.arg("ai_slot") and decided.phase == inp.arg("ai_phase")
                and seat in self.minds):
            self.minds[seat] = decided.mind
        mind = self.minds.get(seat)
        for key in ("text", "reason"):
            if inp.arg(key):
                self.used.add(str(inp.arg(key)))
        if inp.kind == "chat":
            self.chatted.add((int(inp.arg("ai_phase", -1) or -1), seat))
        if inp.kind == "lastwords":
            self.words.add(seat)
        if mind is None:
            return
        if inp.kind in ("aisay", "lastwords"):
            mind.says += 1
            claim = _claim(inp)
            if inp.kind == "lastwords" and claim:  # the engine's 遗言 post has no data: the claim is the input's
                data = tuple(sorted({**claim, "seat": seat, "last_words": True}.items()))
                self._deliver([Event(GROUP, "", "speech", data)], seat)
        elif inp.kind == "act" and inp.arg("ai_key"):
            targets = tuple(ABSTAIN if w == "弃权" else int(w) for w in inp.arg("words", ()) if _seatlike(w))
            mind.did(Action(str(inp.arg("ai_key")), targets))

    def _deliver(self, events: Iterable[Event], actor_seat: int) -> None:
        for ev in events:
            if not ev.data:
                continue
            for seat in readers(ev, actor_seat, self.n):
                mind = self.minds.get(seat)
                if mind is not None:
                    mind.see(ev)

    def _proposal(self, game: Game, seat: int, inp: Input, events: list[Event]) -> None:
        """A kill proposed in the team channel, as the pack's choice the minds already understand."""
        target = inp.arg("ai_target")
        if target is None:
            m = PROPOSAL.search(str(inp.arg("text", "")))
            target = int(m.group(1)) if m else None
        if not seat or not target:
            return
        for ev in events:
            if ev.audience.kind == "team" and ev.tag == "chat":
                data = (("seat", seat), ("target", int(target)))
                self._deliver([Event(ev.audience, "", "chat", data)], seat)

    # --- deciding ------------------------------------------------------------------------------
    def copy_of(self, seat: int, seed: int) -> Mind:
        mind = copy.deepcopy(self.minds[seat])
        mind.rng = Rng.seeded(seed)
        return mind


def _claim(inp: Input) -> dict[str, Any]:
    try:
        claim = json.loads(inp.arg("claim", "") or "{}")
    except ValueError:
        return {}
    if "checks" in claim:
        claim["checks"] = tuple(tuple(x) for x in claim["checks"])
    return claim


def _seatlike(word: Any) -> bool:
    return word == "弃权" or (isinstance(word, str) and word.isdigit())
