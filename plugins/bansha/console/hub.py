"""Live updates: the service tells the hub about every accepted input; each open page waits on it.

A version number per game (and one for "any game", for the games list) and an asyncio.Event
that is set and replaced on each change: a waiting page wakes at once, and a page that was busy
sees the version moved and never misses an update. No polling.

The games list's stream wakes on any game's change and asks `changed` which games moved, so it can
tell only about the games its judge may open. `kick` wakes every stream without a change (a session
was revoked: each stream checks its own).
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

    def kick(self) -> None:
        """Wake every waiting stream; versions unchanged."""
        events, self._events = self._events, {}
        for event in events.values():
            event.set()

    def version(self, gid: int) -> int:
        return self._versions.get(gid, 0)

    def versions(self) -> dict[int, int]:
        """Every game's version now (a stream's starting point for `changed`)."""
        return {gid: v for gid, v in self._versions.items() if gid != ANY}

    def changed(self, seen: dict[int, int]) -> list[int]:
        """The games whose version moved since `seen`, which is brought up to date."""
        out = [gid for gid, v in self._versions.items() if gid != ANY and seen.get(gid) != v]
        for gid in out:
            seen[gid] = self._versions[gid]
        return out

    async def wait(self, gid: int, seen: int, timeout: float) -> int:
        """The version after it moves past `seen`, or the same after `timeout` seconds (or a kick)."""
        if self.version(gid) != seen:
            return self.version(gid)
        event = self._events.setdefault(gid, asyncio.Event())
        try:
            await asyncio.wait_for(event.wait(), timeout)
        except TimeoutError:
            pass
        return self.version(gid)
