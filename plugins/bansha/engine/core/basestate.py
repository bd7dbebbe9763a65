"""The fields every ruleset's state has (re-exported by engine/game/ruleset.py)."""

from __future__ import annotations

from dataclasses import dataclass, field

from .status import StatusBook


@dataclass
class BaseState:
    """Fields every ruleset state has. Seats are numbered 1..n."""

    n: int
    phase: str = ""
    day: int = 0
    alive: list[bool] = field(default_factory=list)  # index 0 unused
    uses: dict[str, int] = field(default_factory=dict)  # "seat:skill" -> times used
    statuses: StatusBook = field(default_factory=StatusBook)
    done: set[int] = field(default_factory=set)  # seats that acted or passed this phase

    def living(self) -> list[int]:
        return [s for s in range(1, self.n + 1) if self.alive[s]]

    def used(self, seat: int, key: str) -> int:
        return self.uses.get(f"{seat}:{key}", 0)

    def use(self, seat: int, key: str) -> None:
        k = f"{seat}:{key}"
        self.uses[k] = self.uses.get(k, 0) + 1
