"""【得分规则与胜利条件】: the points, and when the game ends and who wins (the points are never announced before)."""

from __future__ import annotations

from ..bansha.engine import Ctx, Outcome
from ..bansha.engine.game import pictures
from .state import TavernState
from .terms import FACTIONS, label

GOAL = 15  # 「当任意阵营获得15分时…游戏结束」
SURVIVOR_POINTS = 2  # 「游戏结束后，每有一名存活成员，其所属阵营加2分」
GRAIL_POINTS, THEFT_POINTS, KILL_POINTS, TEAMKILL_POINTS = 1, 2, 3, 2


def score(ctx: Ctx, st: TavernState, faction: str, points: int, why: str) -> None:
    st.points[faction] += points
    ctx.judge(f"得分：{label(faction)} +{points}（{why}），现在 {st.points[faction]} 分")


def killed(ctx: Ctx, st: TavernState, killer: int, seat: int) -> None:
    """「杀死不同阵营角色的，所在阵营获得3分；错杀相同阵营队友的，其余阵营各得2分」"""
    mine, theirs = st.factions[killer], st.factions[seat]
    if mine != theirs:
        score(ctx, st, mine, KILL_POINTS, f"{ctx.name(killer)} 杀死别的阵营的 {ctx.name(seat)}")
    else:
        for f in FACTIONS:
            if f != mine:
                score(ctx, st, f, TEAMKILL_POINTS, f"{ctx.name(killer)} 误杀队友 {ctx.name(seat)}")


def fallen(st: TavernState) -> list[str]:
    """Factions with nobody left, each announced once (「某阵营灭亡」)."""
    out = []
    for f in FACTIONS:
        if f not in st.fallen and not st.members(f, living=True):
            st.fallen.append(f)
            out.append(f"{label(f)} 灭亡。")
    return out


def end_board(st: TavernState) -> dict | None:
    """The scoreboard, published at the end only (得分在游戏中不公布, docs/tavern.md)."""
    living = {f: len(st.members(f, living=True)) for f in FACTIONS}
    rows = [[label(f), str(st.points[f]), str(living[f]), str(st.points[f] + SURVIVOR_POINTS * living[f])]
            for f in FACTIONS]
    return pictures.table("最终得分", ["", "得分", "存活", "="], rows)


def outcome_key(st: TavernState) -> tuple:
    """The facts `outcome` reads: who is alive in which faction, the factions' points and the factions judged lost.
    rules.py declares it as the ruleset's `reuse` (engine/core/cache.py): the engine asks for the verdict anew only
    when one of them changed, and tests/engine/test_cache.py checks it against the from-scratch verdict after every input.
    Dropping it cost about 10% of the engine's speed (docs/tavern.md)."""
    return (tuple(st.alive), tuple(st.factions), tuple(st.points.items()), tuple(st.forfeited))


def outcome(st: TavernState) -> Outcome | None:
    living = {f: len(st.members(f, living=True)) for f in FACTIONS}
    total = sum(living.values())
    reason = ""
    reached = [f for f in FACTIONS if st.points[f] >= GOAL]
    if reached:
        reason = f"{'、'.join(label(f) for f in reached)}达到 {GOAL} 分"
    elif total == 0:
        reason = "所有人都已退出游戏"
    else:
        ahead = [f for f in FACTIONS if living[f] > total - living[f]]
        if ahead:
            reason = f"{label(ahead[0])}存活人数（{living[ahead[0]]}）多于其余阵营之和（{total - living[ahead[0]]}）"
    contenders = [f for f in FACTIONS if f not in st.forfeited]
    if not reason and st.forfeited and len(contenders) <= 1:
        reason = "其余阵营被判负"
    if not reason:
        return None
    final = {f: st.points[f] + SURVIVOR_POINTS * living[f] for f in FACTIONS}
    lines = [f"{label(f)} {st.points[f]}+{living[f]}×{SURVIVOR_POINTS}={final[f]}"
             + ("（判负）" if f in st.forfeited else "") for f in FACTIONS]
    if not contenders:
        return Outcome("无人获胜", (), f"游戏结束：{reason}。最终得分：" + "；".join(lines) + "。所有阵营都被判负，无人获胜。")
    best = max(final[f] for f in contenders)
    winners = [f for f in contenders if final[f] == best]
    seats = tuple(s for s in range(1, st.n + 1) if st.factions[s] in winners)
    names = "、".join(label(f) for f in winners)
    verdict = f"{names} 同分，共同获胜！" if len(winners) > 1 else f"{names}获胜！"
    return Outcome(names, seats, f"游戏结束：{reason}。最终得分（阵营得分+存活成员每人{SURVIVOR_POINTS}分）："
                   + "；".join(lines) + f"。{verdict}")
