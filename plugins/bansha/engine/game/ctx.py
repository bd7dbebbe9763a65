"""Ctx: the one door between a ruleset and the engine.

A ruleset handling an input gets a `Ctx` and nothing else: the game's seeded RNG, its options, the input's
time, where to say things (the group, a seat, a team channel, the judge's record), and the services of the
engine's parts — a vote under the forum's rules (`vote`), the tally (`tally`), a forum rule's value
(`rule`), a question for the judges (`ask_judges`). It never hands out the game itself: what a ruleset
may know and do is exactly what is written here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core import EFFECT, GROUP, JUDGE, Audience, Event, Mute, to_seat, to_team, to_user
from . import part as parts

if TYPE_CHECKING:
    from ..core import Action
    from ..core.ruling import Ruling
    from ..core.votes import Ballot, VoteBox

# The game (game/__init__.py) and the ruleset (game/ruleset.py) both import this module: they are named in the
# signatures below and typed Any, so that no import goes back up.
Game = Any
Ruleset = Any


class Ctx:
    """What a ruleset may touch while handling one input."""

    def __init__(self, game: Game, ruleset: Ruleset, at: float, actor: int = 0):
        self._game = game
        self._rules = ruleset
        self.rng = game.rng
        self.at = at  # the input's time: the only clock a rule may read
        self.actor = actor  # QQ of whoever sent the input (0 for the system)
        self.options: dict[str, Any] = game.options
        self.events: list[Event] = []
        self.entered: list[str] = []  # phases entered while handling this input (the engine sets their deadlines)
        self.touched: int | None = None  # the one seat whose `owes` this input may have changed (Ruleset.touches_own)

    # --- saying things -----------------------------------------------------------------------
    # `data` carries the event's facts in structured form (the seats, the result…) beside the text, for
    # the information-state agents (engine/agents/deduce.py): they read what a seat was told, never the text.
    def group(self, text: str, tag: str = "", data: dict[str, Any] | None = None) -> None:
        self.events.append(Event(GROUP, text, tag, _facts(data)))

    def seat(self, seat: int, text: str, tag: str = "", data: dict[str, Any] | None = None) -> None:
        self.events.append(Event(to_seat(seat), text, tag, _facts(data)))

    def team(
        self, team: str, members: list[int] | tuple[int, ...], text: str, tag: str = "", data: dict[str, Any] | None = None
    ) -> None:
        if members:
            self.events.append(Event(to_team(team, members), text, tag, _facts(data)))

    def judge(self, text: str) -> None:
        """A line for the judge's record and the end-of-game log (not sent live)."""
        self.events.append(Event(JUDGE, text, "log"))

    def reply(self, text: str) -> None:
        """An answer to whoever sent the input, where they sent it."""
        self.events.append(Event(Audience("reply"), text, "reply"))

    def whisper(self, text: str, tag: str = "reply") -> None:
        """An answer to whoever sent the input, by private message even when they typed it in the group."""
        self.events.append(Event(to_user(self.actor), text, tag))

    def judges(self, text: str, tag: str = "ruling") -> None:
        """A private message to every judge who holds no seat (a seated judge must not learn the cast)."""
        game = self._game
        for qq in dict.fromkeys([game.owner, *game.judges]):
            if qq and game.seat_of(qq) is None:
                self.events.append(Event(to_user(qq), text, tag))

    def mute(self, seat: int, seconds: int) -> None:
        """Bar the seat's player from talking in the group for a while (the bot must be an admin)."""
        self.events.append(Event(EFFECT, "", "mute", effect=Mute(self._game.qq_of(seat), seconds)))

    # --- what a rule may read ------------------------------------------------------------------
    @property
    def texts(self) -> bool:
        """False when nobody reads the text (the simulator, the bench: `Game.texts`): a message that is only
        text for a person, with no data (the phase prompt), may be skipped."""
        return self._game.texts

    def name(self, seat: int) -> str:
        """「3号 昵称」"""
        return self._game.seat_name(seat)

    @property
    def deadline(self) -> float | None:
        return self._game.deadline

    @property
    def last_close(self) -> float | None:
        """When the last day-type phase closed (论坛: night steps count their minutes from it)."""
        return self._game.last_close

    # --- phases ----------------------------------------------------------------------------------
    def enter(self, state: Any, phase: str) -> None:
        """Begin a phase: expire statuses and let the engine set its deadline."""
        spec = self._rules.phases[phase]
        state.phase = phase
        state.done = set()
        state.statuses.on_enter(phase, spec.night, state.day)
        self.entered.append(phase)

    def died(self, seat: int) -> None:
        """Tell the engine's parts a seat left (a player out at noon may still change a vote, 004)."""
        for part in parts.installed():
            part.on_death(self._game, seat)

    # --- forum play (engine/parts/forum.py) --------------------------------------------------------------
    def vote(self, box: VoteBox, voter: int, action: Action, label: str = "投票") -> Ballot:
        """A vote under the forum's rules (理由, 改票, 代投 cut-offs), announced and logged."""
        return parts.get("forum").vote(self._game, self, box, voter, action, label)

    def tally(self, counts: dict[int, float], leaders: list[int], ballots: dict[int, int] | None = None) -> None:
        """The vote's result as the forum's rules publish it (counts, or only who is highest); with the counted
        `ballots` (voter -> target) also the 票型, as text and picture."""
        parts.get("forum").tally(self._game, self, counts, leaders, ballots)

    def rule(self, key: str) -> Any:
        """A forum rule's value here: the judge's option, else the game's text, else the tempo's default."""
        return parts.get("forum").rule(self._game, key)

    @property
    def opens_at(self) -> float | None:
        """论坛: when today's discussion opens, while it has not yet (votes before it are refused)."""
        return parts.get("forum").opens_at(self._game)

    # --- speaking turns (engine/parts/speaking.py) -------------------------------------------------------
    def speaking_turns(self, order: list[int], seconds: int) -> None:
        """In the discussion phase just entered, each living seat of `order` speaks in turn for `seconds` (its
        /过 ends it early); the phase does not close before the last turn is over."""
        parts.get("speaking").request(self._game, self, order, seconds)

    # --- the judges' rulings (engine/parts/rulings.py) --------------------------------------------------
    def ask_judges(self, text: str, ref: str, due: str, choices: tuple[str, ...] | None = None,
                   default: str = "正确") -> Ruling:
        """Ask the judges without a seat to rule on what the rules cannot judge (an 审讯 answer)."""
        return parts.get("rulings").ask(self._game, self, text, ref, due, choices, default)

    def ruling(self, no: int) -> Ruling | None:
        return parts.get("rulings").find(self._game, no)

    def lapse(self, ruling: Ruling) -> None:
        """No ruling came in time: its default stands."""
        parts.get("rulings").lapse(self._game, self, ruling)

    def remind_judges(self, now_needed: bool = False) -> None:
        parts.get("rulings").remind(self._game, self, now_needed)


def _facts(data: dict[str, Any] | None) -> tuple[tuple[str, Any], ...]:
    return tuple(sorted(data.items())) if data else ()
