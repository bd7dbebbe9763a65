"""Live updates: the service tells the hub about every accepted input; each open page waits on it.

A version number per game (and one for "any game", for the games list) and an asyncio.Event
that is set and replaced on each change: a waiting page wakes at once, and a page that was busy
sees the version moved and never misses an update. No polling.
"""

from __future__ import annotations

import asyncio

ANY = 0  # the games list listens to every game


class Hub:
    def __init__(self) -> None:
        self._versions: dict[int, int] = {}
        self._events: dict[int, asyncio.Event] = {}

    def notify(self, gid: int) -> None:
        for key in (gid, ANY):
            self._versions[key] = self._versions.get(key, 0) + 1
            event = self._events.pop(key, None)
            if event is not None:
                event.set()

    def version(self, gid: int) -> int:
        return self._versions.get(gid, 0)

    async def wait(self, gid: int, seen: int, timeout: float) -> int:
        """The version after it moves past `seen`, or the same after `timeout` seconds."""
        if self.version(gid) != seen:
            return self.version(gid)
        event = self._events.setdefault(gid, asyncio.Event())
        try:
            await asyncio.wait_for(event.wait(), timeout)
        except TimeoutError:
            pass
        return self.version(gid)
