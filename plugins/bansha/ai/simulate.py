"""`bansha simulate --ai`: the AI seats' mind (the deduce agent) at mixed tables, against random and cautious seats.

For each board: games in which half the seats (drawn per game) are deduce minds and the rest play as the random
agent, then the same against the cautious beginner. Per faction: how often a deduce seat of that faction won,
next to how often the other seats of that faction won, each with its 95% Wilson interval. With `--db`, the
stored games' record (/战绩) beside it: per faction, the AI seats' win rate and the people's.
Pure but for the database read; the games are `engine.agent.play_game`'s.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..engine.agents.deduce import DEDUCE, Mind, Say, Table
from ..engine.agents.heuristic import heuristic_action
from ..engine.agents.play import agent_for, play_game
from ..engine.core.rng import Rng
from ..engine.game.ruleset import Ruleset

OPPONENTS = {"random": "随机代理", "cautious": "谨慎代理"}


class MixedTable(Table):
    """Minds for some seats; the others decide with a state agent (random or cautious), and never talk."""

    def __init__(self, minds: dict[int, Mind], other, rng: Rng):
        super().__init__(minds)
        self.other = other
        self.rng = rng

    def decide(self, ruleset: Ruleset, state: Any, seat: int):
        if seat in self.minds:
            return super().decide(ruleset, state, seat)
        return self.other(ruleset, state, seat, self.rng)

    def talk(self, seat: int) -> Say | None:
        return super().talk(seat) if seat in self.minds else None

    def accepted(self, seat: int, move) -> None:
        if seat in self.minds:
            super().accepted(seat, move)


class MixedAgent:
    def __init__(self, other: str):
        self.other_name = other
        self.ai: set[int] = set()

    def new_table(self, ruleset: Ruleset, n: int, seed: int) -> MixedTable:
        full = DEDUCE.new_table(ruleset, n, seed)
        pick = Rng.seeded(seed ^ 0xA15EA75)
        self.ai = set(pick.sample(list(range(1, n + 1)), n // 2))
        other = agent_for(ruleset) if self.other_name == "random" else heuristic_action
        return MixedTable({s: m for s, m in full.minds.items() if s in self.ai}, other, Rng.seeded(seed ^ 0x5DEECE66D))


@dataclass
class Tally:
    games: int = 0
    wins: int = 0

    def add(self, won: bool) -> None:
        self.games += 1
        self.wins += won


@dataclass
class Mixed:
    game: str
    board: str
    players: int
    opponent: str
    games: int = 0
    errors: int = 0
    ai: dict[str, Tally] = field(default_factory=dict)
    others: dict[str, Tally] = field(default_factory=dict)


def mixed(ruleset: Ruleset, players: int, options: dict[str, Any], board: str, opponent: str, games: int,
          seed: int) -> Mixed:
    out = Mixed(ruleset.key, board, players, opponent)
    for i in range(games):
        agent = MixedAgent(opponent)
        try:
            game = play_game(ruleset, players, seed + i, dict(options), agent, max_steps=2000, texts=False).game
        except Exception:
            out.errors += 1
            continue
        out.games += 1
        winners = set(game.outcome.seats) if game.outcome else set()
        for row in ruleset.cast(game.state):
            side = out.ai if row.seat in agent.ai else out.others
            side.setdefault(row.faction, Tally()).add(row.seat in winners)
    return out


def run(specs: list[Any], games: int, seed: int) -> list[Mixed]:
    """For each board of `specs` (sim.specs_for with agent deduce): deduce against random, then cautious."""
    return [mixed(spec.ruleset, spec.players, dict(spec.options), spec.board, opponent, games, seed)
            for spec in specs for opponent in OPPONENTS]


def render(reports: list[Mixed], stored: dict[str, dict[str, dict[str, Tally]]] | None = None) -> str:
    from ..tools.sim import wilson

    def rate(t: Tally | None) -> str:
        if t is None or not t.games:
            return "—"
        lo, hi = wilson(t.wins, t.games)
        return f"{t.wins}/{t.games} {t.wins / t.games * 100:.1f}% [{lo * 100:.1f}, {hi * 100:.1f}]"

    out = []
    for rep in reports:
        from ..engine.game import registry

        title = registry.get(rep.game).title if registry.get(rep.game) else rep.game
        head = f"{title}{' · ' + rep.board if rep.board else ''} · {rep.players} 人 · 推理座位（AI）对{OPPONENTS[rep.opponent]}"
        lines = [f"{head} · {rep.games} 局" + (f"（{rep.errors} 局出错）" if rep.errors else "")]
        lines.append("| 阵营 | AI 座位胜率 | 对手座位胜率 |")
        lines.append("|---|---|---|")
        for faction in sorted(set(rep.ai) | set(rep.others)):
            lines.append(f"| {faction} | {rate(rep.ai.get(faction))} | {rate(rep.others.get(faction))} |")
        out.append("\n".join(lines))
    if stored:
        lines = ["已存对局（/战绩）：", "| 游戏 | 阵营 | AI 座位胜率 | 真人胜率 |", "|---|---|---|---|"]
        for game, factions in sorted(stored.items()):
            for faction, sides in sorted(factions.items()):
                lines.append(f"| {game} | {faction} | {rate(sides.get('ai'))} | {rate(sides.get('people'))} |")
        out.append("\n".join(lines))
    return "\n\n".join(out)


async def stored_record(ruleset: str | None = None) -> dict[str, dict[str, dict[str, Tally]]]:
    """Per game and faction, from the stored games with a winner: the AI seats' record and the people's."""
    from tortoise.expressions import Q
    from tortoise.functions import Count

    from ..models import ResultRow

    q = ResultRow.filter(won__not_isnull=True)
    if ruleset:
        q = q.filter(ruleset=ruleset)
    out: dict[str, dict[str, dict[str, Tally]]] = {}
    for who, cond in (("ai", Q(qq__lt=0)), ("people", Q(qq__gt=0))):
        rows = await q.filter(cond).annotate(n=Count("id"), w=Count("id", _filter=Q(won=True))).group_by(
            "ruleset", "faction").values("ruleset", "faction", "n", "w")
        for r in rows:
            out.setdefault(r["ruleset"], {}).setdefault(r["faction"], {})[who] = Tally(r["n"], int(r["w"] or 0))
    return out


def simulate_cli(args: Any) -> int:
    """`bansha simulate --ai [--db URL]`."""
    import asyncio
    import sys

    from ..tools import sim

    try:
        specs = sim.specs_for(args.game, args.board, args.players, "deduce", args.option)
    except sim.SimError as e:
        print(e, file=sys.stderr)
        return 2
    reports = run(specs, args.games, args.seed)
    stored = None
    if args.db:
        async def read() -> dict:
            from ..service import Service

            await Service.init_db(args.db)
            try:
                return await stored_record(specs[0].game if args.game not in ("all", "全部") else None)
            finally:
                from tortoise import Tortoise

                await Tortoise.close_connections()

        stored = asyncio.run(read())
    print(render(reports, stored))
    return 0
