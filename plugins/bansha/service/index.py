"""Which game a message is about, without looking at every game: group → game, QQ → games, game → account.

Every group message asks for its group's game and every private message for the sender's games
(players, the opener, added judges); with thousands of active games these are lookups, kept up to
date as games are indexed (from their rows at a restore, or rebuilt), sign-ups change and games end.
A game is in the index from the moment it is known here, rebuilt or not; the rebuilt ones are the
service's `games`, which the index is handed to read.
"""

from __future__ import annotations

from collections.abc import Mapping

from .. import store
from ..engine.game import ENDED, Game
from ..models import GameRow, SeatRow


class Index:
    def __init__(self, games: Mapping[int, Game]):
        self._games = games  # the rebuilt games (the service's): read, never changed here
        self.owners: dict[int, int] = {}  # every indexed game -> the account (self_id) that owns it
        self._by_group: dict[int, int] = {}  # group -> its active game (every group message asks)
        self._by_player: dict[int, set[int]] = {}  # QQ -> active games it plays or judges (every PM asks)
        self._members: dict[int, frozenset[int]] = {}  # game -> the QQs it is indexed under

    # --- lookups ------------------------------------------------------------------------------------
    def game_id_in_group(self, group_id: int) -> int | None:
        """The group's active game, rebuilt or not."""
        return self._by_group.get(group_id)

    def game_in_group(self, group_id: int) -> Game | None:
        """The group's active game if it is rebuilt (see Service.group_game for one that may not be yet)."""
        gid = self._by_group.get(group_id)
        g = self._games.get(gid) if gid is not None else None
        return g if g is not None and g.status != ENDED else None

    def games_of(self, qq: int) -> list[Game]:
        """The rebuilt active games this QQ plays or judges (an index lookup)."""
        games = (self._games.get(gid) for gid in sorted(self._by_player.get(qq, ())))
        return [g for g in games if g is not None and g.status != ENDED]

    def knows(self, gid: int) -> bool:
        """Is the game indexed here (judged here, rebuilt or not)?"""
        return gid in self.owners

    def account_of(self, gid: int) -> int:
        """The account that owns the game; 0 when it is not indexed here."""
        return self.owners.get(gid, 0)

    def has_group(self, group_id: int) -> bool:
        return group_id in self._by_group

    def has_player(self, qq: int) -> bool:
        return qq in self._by_player

    def game_ids_of(self, qq: int) -> list[int]:
        """Every indexed game this QQ plays or judges, rebuilt or not, in id order."""
        return sorted(self._by_player.get(qq, ()))

    def of_account(self, account: int) -> list[int]:
        return [gid for gid, sid in self.owners.items() if sid == account]

    async def group_owner(self, group_id: int) -> int | None:
        """The account hosting the group's active game (None: no active game), wherever it is judged."""
        gid = self._by_group.get(group_id)
        if gid is not None:
            return self.owners.get(gid)
        rows = await GameRow.filter(active_group=group_id).values_list("self_id", flat=True)
        return rows[0] if rows else None

    @staticmethod
    async def seated_games(qq: int) -> list[tuple[int, int]]:
        """(game, account) of every active game this QQ has a seat in, whichever account hosts it (from the DB)."""
        gids = await SeatRow.filter(qq=qq).values_list("game_id", flat=True)
        return await GameRow.filter(id__in=list(gids), status__in=store.ACTIVE).order_by("id").values_list(
            "id", "self_id")

    # --- keeping it up to date ------------------------------------------------------------------------
    def own(self, gid: int, account: int) -> None:
        """The game is judged here, for that account (opened here, or read back from its row)."""
        self.owners[gid] = account

    def add(self, gid: int, account: int, group: int, members: frozenset[int]) -> None:
        """A game known from its row (a restore): found by its group and its people before it is rebuilt."""
        self.own(gid, account)
        self._by_group[group] = gid
        self._index_members(gid, members)

    def place(self, game: Game) -> None:
        """A rebuilt (or new) game: its group points at it, its people as its players say."""
        self._by_group[game.group] = game.gid
        self.reindex(game)

    def reindex(self, game: Game) -> None:
        members = frozenset([p.qq for p in game.players] + [game.owner] + list(game.judges))
        if self._members.get(game.gid) != members:
            self._index_members(game.gid, members)

    def remove(self, gid: int, group: int | None = None) -> None:
        """The game is no longer judged here (ended, or its account went elsewhere)."""
        self._index_members(gid, frozenset())
        self._members.pop(gid, None)
        self.owners.pop(gid, None)
        if group is None:
            group = next((g for g, i in self._by_group.items() if i == gid), None)
        if group is not None and self._by_group.get(group) == gid:
            del self._by_group[group]

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
