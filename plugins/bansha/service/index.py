"""Which game a message is about, without looking at every game: group → game, QQ → games.

Every group message asks for its group's game and every private message for the sender's games
(players, the opener, added judges); with thousands of active games these are lookups, kept up to
date as games are indexed, sign-ups change and games end.
"""

from __future__ import annotations

from ..engine.game import ENDED, Game


class Index:
    games: dict[int, Game]

    def __init__(self) -> None:
        self._by_group: dict[int, int] = {}  # group -> its active game (every group message asks)
        self._by_player: dict[int, set[int]] = {}  # QQ -> active games it plays or judges (every PM asks)
        self._members: dict[int, frozenset[int]] = {}  # game -> the QQs it is indexed under

    def game_id_in_group(self, group_id: int) -> int | None:
        """The group's active game, rebuilt or not."""
        return self._by_group.get(group_id)

    def game_in_group(self, group_id: int) -> Game | None:
        """The group's active game if it is rebuilt (see group_game for one that may not be yet)."""
        gid = self._by_group.get(group_id)
        g = self.games.get(gid) if gid is not None else None
        return g if g is not None and g.status != ENDED else None

    def games_of(self, qq: int) -> list[Game]:
        """The rebuilt active games this QQ plays or judges (an index lookup)."""
        games = (self.games.get(gid) for gid in sorted(self._by_player.get(qq, ())))
        return [g for g in games if g is not None and g.status != ENDED]

    def _reindex(self, game: Game) -> None:
        members = frozenset([p.qq for p in game.players] + [game.owner] + list(game.judges))
        if self._members.get(game.gid) != members:
            self._index_members(game.gid, members)

    def _index_members(self, gid: int, members: frozenset[int]) -> None:
        for qq in self._members.get(gid, frozenset()) - members:
            games = self._by_player.get(qq)
            if games is not None:
                games.discard(gid)
                if not games:
                    del self._by_player[qq]
        for qq in members:
            self._by_player.setdefault(qq, set()).add(gid)
        self._members[gid] = members
