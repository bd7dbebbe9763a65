"""Flood control: token buckets per group (what the bot sends) and per user (what a user makes it do).

QQ throttles and flags accounts that burst (风控). Each group may receive `burst`
messages at once, then one every `interval` seconds; while a group is over its
budget, what queues up for it is merged into one message when the next turn comes
(the service's outbox drain does the merging, so order is kept and nothing
acknowledged is dropped). Each user gets a budget of commands the same way; the
excess is ignored after one notice.

Real time (monotonic), not game time: QQ counts seconds on the wall.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Budget:
    burst: int = 5  # sends (or commands) allowed at once
    interval: float = 2.0  # seconds per further one


@dataclass
class _Bucket:
    tokens: float
    at: float


@dataclass
class Pacer:
    """Token buckets by key. `wait(key)` is 0 when a send may go now; `take(key)` spends it."""

    budget: Budget
    now: Callable[[], float] = time.monotonic
    _buckets: dict[Hashable, _Bucket] = field(default_factory=dict)

    def _bucket(self, key: Hashable) -> _Bucket:
        t = self.now()
        b = self._buckets.get(key)
        if b is None:
            b = self._buckets[key] = _Bucket(float(self.budget.burst), t)
        elif self.budget.interval > 0:
            b.tokens = min(float(self.budget.burst), b.tokens + (t - b.at) / self.budget.interval)
            b.at = t
        else:
            b.tokens = float(self.budget.burst)
        if len(self._buckets) > 50_000:  # full buckets carry no information: forget them
            self._forget_full(t)
        return b

    def wait(self, key: Hashable) -> float:
        b = self._bucket(key)
        return 0.0 if b.tokens >= 1 else (1 - b.tokens) * self.budget.interval

    def take(self, key: Hashable) -> None:
        self._bucket(key).tokens -= 1

    def try_take(self, key: Hashable) -> bool:
        if self.wait(key) > 0:
            return False
        self.take(key)
        return True

    def _forget_full(self, t: float) -> None:
        for key, b in list(self._buckets.items()):
            if b.tokens + (t - b.at) / max(self.budget.interval, 1e-9) >= self.budget.burst:
                del self._buckets[key]


@dataclass
class CommandGate:
    """A user's command budget: the excess is ignored, with one notice per overrun."""

    pacer: Pacer
    _noticed: set[Hashable] = field(default_factory=set)

    def admit(self, key: Hashable) -> tuple[bool, bool]:
        """(run it?, send the one notice?)"""
        if self.pacer.try_take(key):
            self._noticed.discard(key)
            return True, False
        first = key not in self._noticed
        self._noticed.add(key)
        return False, first
