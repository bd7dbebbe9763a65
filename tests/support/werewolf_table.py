"""A 狼人杀 table for the game's tests (tests/games/werewolf/): one seeded game driven through the engine exactly
as the QQ layer drives it, with roles looked up in the deal, whole steps (a night, a day's vote) and the
group-leak check of a scenario."""

from __future__ import annotations

import re

import scenario

from plugins.bansha.engine import get
from plugins.bansha.engine.game import ENDED
from plugins.werewolf import rules  # noqa: F401  # registers the ruleset
from plugins.werewolf.boards import BOARD_BY_NAME
from plugins.werewolf.roles import ROLES
from plugins.werewolf.terms import DAY, HUNTER, LAST_WORDS, NIGHT, PK, WITCH

RULES = get("狼人杀")
T0 = 1_700_000_000.0
ROLE_NAMES = tuple(ROLES)


class Table(scenario.Table):
    """One game at a table of `n` players."""

    vote_reason = ""

    def __init__(self, n: int = 9, seed: int = 1, **options):
        super().__init__(RULES, n, seed, options)

    def say_last_words(self, seat: int, text: str):
        return self.words(seat, text)

    def judge_text(self) -> str:
        return self.log()

    def who(self, role: str) -> list[int]:
        return [s for s in range(1, self.state.n + 1) if self.state.roles[s] == role]

    def one(self, role: str) -> int:
        return self.who(role)[0]

    def living(self, role: str | None = None) -> list[int]:
        return [s for s in self.state.living() if role is None or self.state.roles[s] == role]

    def good(self) -> list[int]:
        return [s for s in self.state.living() if self.state.roles[s] != "狼人"]

    # --- whole steps ---
    def wolves_kill(self, target: int | None):
        for w in self.living("狼人"):
            if self.phase != NIGHT:
                break
            if target is None:
                self.pass_(w)
            else:
                self.act(w, "杀人", target)

    def finish(self, phase: str):
        """Let the deadline close `phase` if it is still open."""
        if self.game.status != ENDED and self.phase == phase:
            self.deadline()

    def night(self, kill=None, check=None, guard=None, save=False, poison=None):
        """One whole night. Night roles act first, then the wolves (whose last choice may close the phase)."""
        assert self.phase == NIGHT
        if check is not None:
            self.act(self.one("预言家"), "查验", check)
        if guard is not None:
            self.act(self.one("守卫"), "守护", guard)
        self.wolves_kill(kill)
        self.finish(NIGHT)
        if self.phase == WITCH:
            witch = self.one("女巫")
            if save:
                self.act(witch, "灵药")
            elif poison is not None:
                self.act(witch, "毒药", poison)
            self.finish(WITCH)

    def skip_words(self):
        while self.game.status != ENDED and self.phase in (LAST_WORDS, HUNTER):
            self.deadline()

    def day_vote(self, target, voters=None):
        """Everyone who may vote votes `target` (or a target per voter from a dict)."""
        assert self.phase in (DAY, PK)
        seats = voters if voters is not None else sorted(RULES.pending(self.state))
        for s in seats:
            if self.game.status == ENDED or self.phase not in (DAY, PK):
                break
            t = target[s] if isinstance(target, dict) else target
            self.vote(s, t)
        self.finish(DAY)


def table(board: str, seed: int = 1, **options) -> Table:
    return Table(BOARD_BY_NAME[board].size, seed, 板子=board, **options)


def assert_no_role_leak(t: Table) -> None:
    """No group event (other than the end-of-game publication) names the role of a seat that is still alive;
    the public reveals the rules define (白痴 flip) are the exception."""
    state = t.state
    for e in t.events:
        if e.audience.kind != "group" or e.tag == "end":
            continue
        text = e.text.replace("狼人杀", "")
        for m in re.findall(r"(\d+)号", text):
            s = int(m)
            if 1 <= s <= state.n and state.alive[s] and not state.revealed(s):
                assert state.roles[s] not in text, (s, state.roles[s], text)


# --- boards, sign-up, deal ----------------------------------------------------------------
