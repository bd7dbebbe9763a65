"""A table for 纳塔 scenario tests (a helper module, no tests of its own): a game with chosen roles,
driven exactly as the QQ layer drives it (`Game.new` + `apply(game, Input.make(...))`), plus lookups by role."""

from __future__ import annotations

import scenario

from plugins.bansha.engine.game import ENDED
from plugins.nata import rules
from plugins.nata.terms import DAWN, DEEP, DUSK, EARLY, ELECTION, LATE, MID, NOON, START

RULES = rules.RULESET
ORDER = (START, ELECTION, NOON, DUSK, EARLY, MID, DEEP, LATE, DAWN)
STANDARD = ("狼兄", "狼弟", "渊狼", "白狼王", "通灵师", "魔术师", "审讯官", "毒士", "朱雀", "懦夫", "猎人", "禁言长老",
            "厚皮肉猪")


class Table(scenario.Table):
    """14 players. `roles` are forced into the deal (13 names: 4 wolves, 1 验人系, 4 强神, 4 弱神; the 宗教老爷爷
    is always there)."""

    def __init__(self, roles=STANDARD, seed: int = 1, **options):
        opts = {"节奏": "快速", "指定身份": ",".join(roles), "强度倍率": "0.1-10"}
        opts.update(options)
        super().__init__(RULES, 14, seed, opts)

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
    def who(self, role: str) -> int:
        seats = self.state.holders(role)
        assert seats, f"{role} not dealt"
        return seats[0]

    def others(self, *exclude: int) -> list[int]:
        return [s for s in self.state.living() if s not in exclude]

    def alive(self, seat: int) -> bool:
        return self.state.alive[seat]

    def seat_text(self, seat: int, events=None) -> str:
        """Everything the seat was told, unless `events` are given."""
        return super().seat_text(seat, self.events if events is None else events)

    def timeline(self) -> str:
        return "\n".join(self.game.timeline)

    def statuses(self, seat: int) -> set[str]:
        return {s.name for s in self.state.statuses.of(seat)}

    def everyone_pass_start(self):
        """开局: nobody stands; forced choices take their defaults."""
        self.to(ELECTION, 1)


__all__ = ["DAWN", "DEEP", "DUSK", "EARLY", "ELECTION", "LATE", "MID", "NOON", "ORDER", "RULES", "START", "Table"]
