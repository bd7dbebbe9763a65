"""Records from finished games: one `ResultRow` per seat, written with the input that ended the game.

/战绩 reads one player's rows through the (qq, ended_at) index, /排行 one group's through the
(group_id, ruleset, qq, won) index, `bansha stats` aggregates per role and per board; every
query aggregates in the database (`bansha bench --only records` times them at 100,000 games).
No nonebot here: the QQ layer formats, the CLI prints.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tortoise.expressions import Q
from tortoise.functions import Count

from .engine.game import Game, registry
from .models import ResultRow

RECENT = 5
def _won() -> Count:
    return Count("id", _filter=Q(won=True))  # not SUM(won): PostgreSQL cannot sum booleans
TOP = 10


def result_rows(game: Game, at: float) -> list[ResultRow]:
    """The rows of a game that just ended (none when it ended before the deal)."""
    if game.state is None:
        return []
    winners = set(game.outcome.seats) if game.outcome is not None else None
    board = str(game.options.get("板子", "") or "")[:64]
    rows = []
    for r in game.rules.cast(game.state):
        p = game.players[r.seat - 1]
        rows.append(ResultRow(
            game_id=game.gid, group_id=game.group, ruleset=game.ruleset, board=board, qq=p.qq, name=p.name[:64],
            seat=r.seat, role=r.role[:64], faction=r.faction[:64], won=None if winners is None else r.seat in winners,
            ended_at=at,
        ))
    return rows


@dataclass
class Line:
    label: str
    games: int
    wins: int

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass
class Summary:
    qq: int
    name: str = ""
    games: int = 0  # with a winner
    wins: int = 0
    unfinished: int = 0  # ended by the judge without a winner
    by_faction: list[Line] = field(default_factory=list)
    by_role: list[Line] = field(default_factory=list)
    recent: list[ResultRow] = field(default_factory=list)


def _wins(rows: list[dict], key: str) -> list[Line]:
    lines = [Line(r[key], r["n"], int(r["w"] or 0)) for r in rows]
    return sorted(lines, key=lambda x: (-x.games, x.label))


async def player_summary(qq: int) -> Summary | None:
    """Games, wins, win rate by camp and by role, the last five games; None for a player with none (an AI
    seat's QQ is negative: AI seats have no record of their own)."""
    if qq <= 0:
        return None
    decided = ResultRow.filter(qq=qq, won__not_isnull=True)
    by_faction = await decided.annotate(n=Count("id"), w=_won()).group_by("faction").values("faction", "n", "w")
    recent = await ResultRow.filter(qq=qq).order_by("-ended_at", "-id").limit(RECENT)
    if not recent:
        return None
    by_role = await decided.annotate(n=Count("id"), w=_won()).group_by("role").values("role", "n", "w")
    s = Summary(qq, name=recent[0].name, by_faction=_wins(by_faction, "faction"), by_role=_wins(by_role, "role"),
                recent=recent)
    s.games = sum(x.games for x in s.by_faction)
    s.wins = sum(x.wins for x in s.by_faction)
    s.unfinished = await ResultRow.filter(qq=qq, won__isnull=True).count()
    return s


@dataclass
class Rank:
    qq: int
    name: str
    games: int
    wins: int

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


async def leaderboard(group_id: int, ruleset: str | None = None, limit: int = TOP) -> list[Rank]:
    """A group's players by wins (then win rate), games with a winner only; people only (an AI seat's QQ is
    negative)."""
    q = ResultRow.filter(group_id=group_id, won__not_isnull=True, qq__gt=0)
    if ruleset:
        q = q.filter(ruleset=ruleset)
    rows = await (q.annotate(n=Count("id"), w=_won()).group_by("qq")
                  .order_by("-w", "n", "qq").limit(limit).values("qq", "n", "w"))
    if not rows:
        return []
    names = await _names([r["qq"] for r in rows])
    return [Rank(r["qq"], names.get(r["qq"], str(r["qq"])), r["n"], int(r["w"] or 0)) for r in rows]


async def _names(qqs: list[int]) -> dict[int, str]:
    """Each player's latest name (their newest row)."""
    out: dict[int, str] = {}
    for qq in qqs:
        row = await ResultRow.filter(qq=qq).order_by("-ended_at", "-id").first().values("name")
        if row:
            out[qq] = row["name"]
    return out


async def stats_reports(ruleset: str | None = None) -> list[dict]:
    """Per ruleset and board, from the stored games with a winner: camp and role win rates with
    Wilson intervals, in the shape `bansha simulate` reports (so `sim.draw_chart` draws them)."""
    from .tools.sim import wilson

    q = ResultRow.filter(won__not_isnull=True)
    if ruleset:
        q = q.filter(ruleset=ruleset)
    games = await q.annotate(n=Count("game_id", distinct=True), seats=Count("id")).group_by(
        "ruleset", "board").values("ruleset", "board", "n", "seats")
    camps = await q.filter(won=True).annotate(n=Count("game_id", distinct=True)).group_by(
        "ruleset", "board", "faction").values("ruleset", "board", "faction", "n")
    roles = await q.annotate(n=Count("id"), w=_won()).group_by("ruleset", "board", "role").values(
        "ruleset", "board", "role", "n", "w")
    reports = []
    for g in sorted(games, key=lambda r: (r["ruleset"], r["board"])):
        key = (g["ruleset"], g["board"])
        rules = registry.get(g["ruleset"])
        n = g["n"]
        factions = [{"faction": c["faction"], "wins": c["n"], "rate": c["n"] / n, "ci95": wilson(c["n"], n)}
                    for c in camps if (c["ruleset"], c["board"]) == key]
        rows = [{"role": r["role"], "games": r["n"], "wins": int(r["w"] or 0), "rate": int(r["w"] or 0) / r["n"],
                 "ci95": wilson(int(r["w"] or 0), r["n"])} for r in roles if (r["ruleset"], r["board"]) == key]
        reports.append({
            "game": g["ruleset"], "title": rules.title if rules else g["ruleset"], "board": g["board"],
            "players": f"平均{g['seats'] / n:.0f}", "games": n, "agent": "stored",
            "factions": sorted(factions, key=lambda f: -f["rate"]), "roles": sorted(rows, key=lambda r: -r["games"]),
        })
    return reports


def render_stats(reports: list[dict]) -> str:
    if not reports:
        return "数据库里还没有打完的对局。"
    out = []
    for rep in reports:
        lines = [f"{rep['title']}{' · ' + rep['board'] if rep['board'] else ''} · {rep['games']} 局（已存对局）"]
        for f in rep["factions"]:
            lo, hi = f["ci95"]
            lines.append(f"  {f['faction']}：胜 {f['wins']} 局，{f['rate'] * 100:.1f}% [{lo * 100:.1f}, {hi * 100:.1f}]")
        lines.append("  身份：" + "；".join(f"{r['role']} {r['wins']}/{r['games']}" for r in rep["roles"]))
        out.append("\n".join(lines))
    return "\n\n".join(out)
