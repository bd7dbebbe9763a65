"""Information-state agents (`bansha simulate --agent deduce`): each seat plays from what it was told.

A `Mind` is one seat's player. It never receives the game state. The `Table` hands it, in order, the
events its seat can read — the group's posts, its own private messages, its team channels, the replies
to its own commands — and, when it must act, only that seat's `legal()` choices. So a mind knows what
a human in that seat would know, by construction; tests/engine/test_deduce.py checks it by shuffling what the
seat cannot know and asserting the same decisions.

Minds read the structured `data` of events (`Event.data`: the seats, results and roles an event states),
never its Chinese text, so rewording a post does not change how agents play. Events without data carry
nothing a mind uses.

The engine has no speech: the players' table talk is modelled as structured posts (`Say`) that the
driver sends as group messages (`speak`, or `lastwords` for a 遗言) and shows every mind as a
`speech` event with the claim's data — what the table would read in the group.

Each game's mind lives in `plugins/<game>/deduce.py` as a module-level `MIND` (a `Mind` subclass);
a game without one plays with `Mind`, the cautious player below that knows only its legal choices
and the public votes.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..core import ABSTAIN, GROUP, Action, Event
from ..core.rng import Rng
from ..game import registry
from ..game.ruleset import LegalChoice, Ruleset

# Chance that a seat spends a limited-use skill at a given chance (kept for later otherwise).
LIMITED_USE_CHANCE = 0.4
# Chance to use a skill that takes no target (a declaration such as 上警).
NO_TARGET_CHANCE = 0.3
# At most this many posts per seat per phase: table talk must not hold up the game.
SAYS_PER_PHASE = 2


@dataclass(frozen=True)
class Say:
    """A post in the group (or a 遗言): `text` goes into the game's log, `claim` to the other minds."""

    text: str
    claim: tuple[tuple[str, Any], ...] = ()
    last_words: bool = False

    def facts(self) -> dict[str, Any]:
        return dict(self.claim)


def facts(ev: Event) -> dict[str, Any]:
    return dict(ev.data)


class Mind:
    """One seat's player: what it has seen, and a cautious choice among its legal moves.

    Subclasses override `see_<tag>(facts, ev)` to learn from an event kind (the event's tag), and
    `choose(choice)` / `act(choices)` to decide. The base keeps the phase, the living seats (from the
    `out` seats of departure events), its own votes and the public ballots."""

    def __init__(self, seat: int, n: int, rng: Rng):
        self.seat = seat
        self.n = n
        self.rng = rng
        self.phase = ""
        self.day = 0
        self.phase_no = 0
        self.alive = set(range(1, n + 1))
        self.mates: set[int] = set()  # seats known to be on this seat's side
        self.ballots: dict[int, int] = {}  # this phase's public ballots: voter -> target
        self.acted: set[str] = set()  # skill keys used this phase
        self.used: dict[str, list[int]] = {}  # skill key -> every target this seat chose with it
        self.says = 0

    # --- seeing -----------------------------------------------------------------------------
    def see(self, ev: Event) -> None:
        f = facts(ev)
        if ev.tag == "phase":
            self.phase, self.day = f["phase"], f["day"]
            self.phase_no += 1
            self.ballots = {}
            self.acted = set()
            self.says = 0
        for s in f.get("out", ()):
            self.alive.discard(s)
        for s in f.get("back", ()):
            self.alive.add(s)
        if ev.tag == "vote" and "voter" in f:
            self.ballots[f["voter"]] = f["target"]
        handler = getattr(self, f"see_{ev.tag}", None)
        if handler is not None:
            handler(f, ev)

    @property
    def living(self) -> bool:
        return self.seat in self.alive

    # --- acting -----------------------------------------------------------------------------
    def talk(self) -> Say | None:
        """A post at the start of a phase (before anyone acts); None says nothing."""
        return None

    def act(self, choices: list[LegalChoice]) -> Action | Say | None:
        """One move among the legal choices, a post, or None to pass."""
        options = [c for c in choices if c.skill.key not in self.acted]
        options.sort(key=lambda c: (0 if is_vote(c.skill) else 1 if c.skill.team else 2))
        for choice in options:
            action = self.choose(choice)
            if action is not None:
                return action
        return None

    def choose(self, choice: LegalChoice) -> Action | None:
        """The cautious default for one skill: votes and targets away from oneself and known mates."""
        skill = choice.skill
        if is_vote(skill):
            return self.vote(choice)
        if skill.uses is not None and not self.rng.chance(LIMITED_USE_CHANCE):
            return None
        if skill.targets == 0:
            return Action(skill.key) if self.rng.chance(NO_TARGET_CHANCE) else None
        seats = self.safe(choice)
        if len(seats) < max(1, skill.least_targets):
            return None
        fresh = [t for t in seats if t not in self.used.get(skill.key, ())]
        if len(fresh) < max(1, skill.least_targets):
            fresh = seats
        k = min(skill.targets, len(fresh))
        return Action(skill.key, tuple(self.rank(fresh)[:k]))

    def vote(self, choice: LegalChoice) -> Action | None:
        if self.seat in self.ballots:
            return None
        seats = self.safe(choice)
        if not seats:
            return Action(choice.skill.key, (ABSTAIN,)) if ABSTAIN in choice.candidates else None
        return Action(choice.skill.key, (self.pick_vote(seats),))

    def pick_vote(self, seats: list[int]) -> int:
        """Whom to vote among `seats`: the plurality so far (随大流), else anyone."""
        leaders = plurality(self.ballots, seats)
        return self.rng.choice(leaders) if leaders and self.rng.chance(0.7) else self.rng.choice(seats)

    def safe(self, choice: LegalChoice) -> list[int]:
        """Candidate seats that are neither this seat nor a known mate (falling back when none are)."""
        seats = [t for t in choice.candidates if t != ABSTAIN]
        return [t for t in seats if t != self.seat and t not in self.mates] or [t for t in seats if t != self.seat]

    def rank(self, seats: list[int]) -> list[int]:
        """Order `seats` by preference for a harmful skill (most suspicious first); the base has no belief."""
        order = list(seats)
        self.rng.shuffle(order)
        return order

    def did(self, action: Action) -> None:
        """Remember a move this seat made (called by the table when the game accepted it)."""
        self.acted.add(action.skill)
        self.used.setdefault(action.skill, []).extend(t for t in action.targets if t != ABSTAIN)


def is_vote(skill: Any) -> bool:
    """The day vote: named 投票 (COMMANDS.md's /投票) or accepting 弃权."""
    return skill.name == "投票" or "弃权" in skill.words


def plurality(ballots: dict[int, int], allowed: Iterable[int]) -> list[int]:
    """The allowed seats with the most ballots (ties all returned, in seat order)."""
    return leaders(ballots.values(), allowed)


def leaders(targets: Iterable[int], allowed: Iterable[int]) -> list[int]:
    """The allowed seats named most often among `targets` (ties all returned, in seat order)."""
    allowed = set(allowed)
    counts: dict[int, int] = {}
    for target in targets:
        if target in allowed:
            counts[target] = counts.get(target, 0) + 1
    if not counts:
        return []
    best = max(counts.values())
    return sorted(t for t, c in counts.items() if c == best)


# --- the table: routing events to minds ---------------------------------------------------------------


class Table:
    """The minds of one game. The driver (agent.play_game) calls `deliver` with every accepted input's
    events and `decide` when a seat owes an action; nothing else of the game reaches a mind."""

    def __init__(self, minds: dict[int, Mind]):
        self.minds = minds

    def deliver(self, events: Iterable[Event], actor: int = 0) -> None:
        """Give each mind the events its seat can read (events without data tell a mind nothing)."""
        for ev in events:
            if not ev.data:
                continue
            for seat in readers(ev, actor, len(self.minds)):
                mind = self.minds.get(seat)
                if mind is not None:
                    mind.see(ev)

    def decide(self, ruleset: Ruleset, state: Any, seat: int) -> Action | Say | None:
        """The seat's move: its mind, told only the seat's legal choices."""
        mind = self.minds[seat]
        move = mind.act(ruleset.legal(state, seat))
        if isinstance(move, Say) and mind.says >= SAYS_PER_PHASE:
            return None
        return move

    def talk(self, seat: int) -> Say | None:
        mind = self.minds[seat]
        return mind.talk() if mind.says < SAYS_PER_PHASE else None

    def accepted(self, seat: int, move: Action | Say) -> None:
        """The game took the seat's move: the mind remembers it; a post is read by every mind."""
        mind = self.minds[seat]
        if isinstance(move, Say):
            mind.says += 1
            data = tuple(sorted({**move.facts(), "seat": seat, "last_words": move.last_words}.items()))
            self.deliver([Event(GROUP, move.text, "speech", data)])
        else:
            mind.did(move)


def readers(ev: Event, actor: int, n: int) -> Iterable[int]:
    a = ev.audience
    if a.kind == "group":
        return range(1, n + 1)
    if a.kind == "seat":
        return (a.seat,)
    if a.kind == "team":
        return a.members
    if a.kind == "reply":
        return (actor,) if actor else ()
    return ()  # the judge's record is nobody's


class DeduceAgent:
    """The `deduce` agent kind: a table of minds per game, each game's own `MIND` where it has one."""

    name = "deduce"

    def new_table(self, ruleset: Ruleset, n: int, seed: int) -> Table:
        cls = mind_class(ruleset)
        base = Rng.seeded(seed ^ 0x2545F4914F6CDD1D)
        return Table({s: cls(s, n, base.fork()) for s in range(1, n + 1)})


_classes: dict[str, type[Mind]] = {}


def mind_class(ruleset: Ruleset) -> type[Mind]:
    """`MIND` in the game package's deduce module (plugins.<game>.deduce), else the cautious base."""
    key = ruleset.key
    if key not in _classes:
        _classes[key] = getattr(registry.game_module(ruleset, "deduce"), "MIND", Mind)
    return _classes[key]


DEDUCE = DeduceAgent()
