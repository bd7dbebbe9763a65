"""The parts' interface: what the game loop knows of an engine part (engine/parts/ holds the parts themselves).

The game (game/__init__.py) knows parts only through this interface and names none of them; the engine package
installs them (engine/__init__.py). A part

- keeps its own state in the game (`new_state`; read back as `game.<key>`, e.g. `game.forum`),
- handles input kinds of its own (`inputs`: "speak", "judge", …),
- contributes /开局 options (`options`), and
- is told of the game's life: a new game, a seat taken, a phase entered, a phase about to close and
  closed, a seat that left, a reminder moment due, a deadline due, every input folded.

Rulesets never call a part: they ask `Ctx` (`ctx.vote`, `ctx.tally`, `ctx.rule`, `ctx.ask_judges`…), which
forwards to the part that offers it. Pure, like the rest of the engine.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..core.phases import OptionSpec

if TYPE_CHECKING:
    from ..core import Event, Input

# The game (engine/game/__init__.py) and its Ctx (game/ctx.py) import this module: in the hooks' signatures they
# are named, and typed Any, so that no import goes back up.
Game = Any
Ctx = Any

Handler = Callable[["Game", "Ctx", "Input"], None]


class Part:
    """Every hook does nothing by default: a part overrides the moments it cares about."""

    key: str = ""  # its state's name in the game
    options: tuple[OptionSpec, ...] = ()
    inputs: dict[str, Handler] = {}  # input kind -> handler

    def new_state(self) -> Any:
        return None

    def on_new(self, game: Game) -> None:
        """The game was opened (its options are set; nobody has signed up)."""

    def on_enter(self, game: Game, ctx: Ctx) -> None:
        """A phase began and its deadline is set."""

    def before_close(self, game: Game, ctx: Ctx) -> None:
        """The current phase is about to close (before the ruleset resolves it)."""

    def after_close(self, game: Game, ctx: Ctx) -> None:
        """The ruleset closed the phase."""

    def on_death(self, game: Game, seat: int) -> None:
        """A ruleset reported a seat out (`ctx.died`)."""

    def on_remind(self, game: Game, ctx: Ctx, lead: float) -> None:
        """A reminder moment `lead` seconds before the deadline is due (one of some part's leads)."""

    def reminder_leads(self, game: Game) -> set[float]:
        """How long before a deadline this part wants reminder moments (none by default)."""
        return set()

    def moments(self, game: Game) -> set[float]:
        """Moments (epoch seconds) at which this part wants a "remind" input of its own, deadline or not: the
        论坛 开门, the roster after a burst of sign-ups. `on_remind` is then called with `game.remind_at` set to it."""
        return set()

    def on_deadline(self, game: Game, ctx: Ctx) -> bool:
        """The deadline came due: True when the part took it (a speaking turn ended), so the phase goes on."""
        return False

    def holds_open(self, game: Game) -> bool:
        """True while the phase must not close early although nobody owes an action (speaking turns)."""
        return False

    def phase_note(self, game: Game, at: float) -> str:
        """What the part adds before the deadline on the phase line (论坛: when today's discussion opens)."""
        return ""

    def on_join(self, game: Game, qq: int) -> None:
        """An account is about to take a seat: refuse it (Refusal), or stop treating it as before."""

    def after_input(self, game: Game, inp: Input, events: list[Event]) -> list[Event]:
        """What the part adds once an input is folded, seeing all its events (a spectator's copy)."""
        return []

    def credits(self, game: Game) -> list[tuple[str, int]]:
        """Who else the 演员表 card names at the end (name, QQ): the all-seeing spectators."""
        return []


_PARTS: dict[str, Part] = {}
_INSTALLED: tuple[Part, ...] = ()  # asked several times per input: built once per install
_WITH: dict[str, tuple[Part, ...]] = {}  # hook -> the installed parts that write it


def install(*parts: Part) -> None:
    global _INSTALLED
    for part in parts:
        _PARTS[part.key] = part
    _INSTALLED = tuple(_PARTS.values())
    _WITH.clear()


def installed() -> tuple[Part, ...]:
    return _INSTALLED


def writing(hook: str) -> tuple[Part, ...]:
    """The installed parts whose class writes this hook (the others' do nothing): for the hooks called on every
    input."""
    found = _WITH.get(hook)
    if found is None:
        found = _WITH[hook] = tuple(p for p in _INSTALLED if getattr(type(p), hook) is not getattr(Part, hook))
    return found


def get(key: str) -> Part:
    return _PARTS[key]


def handler(kind: str) -> Handler | None:
    """The handler of an input kind that a part owns."""
    for part in _PARTS.values():
        if kind in part.inputs:
            return part.inputs[kind]
    return None
