"""`bansha simulate`'s side-by-side reports: the same board played by the random, cautious and deduce agents.

A board's win rates only mean something next to the players that produced them: the random agent shows
what the rules do with no intent at all, the cautious one a beginner who follows table conventions, the
deduce one players that act on what their seat knows. `group` puts the reports of one board together;
`render_comparison` prints them as columns, `render_markdown` writes docs/balance.md's tables.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .sim import AGENT_LABELS, AGENT_SHORT, SURVIVED, _ci, _pct, _table, render_text, title_of

Report = dict[str, Any]


def group(reports: Sequence[Report]) -> list[list[Report]]:
    """Reports of the same game, board and head count, in the order they came (one per agent kind)."""
    out: dict[tuple, list[Report]] = {}
    for rep in reports:
        out.setdefault((rep["game"], rep["board"], rep["players"]), []).append(rep)
    return list(out.values())


def _label(rep: Report) -> str:
    return AGENT_SHORT.get(rep["agent"], rep["agent"])


def _rate(row: dict[str, Any] | None) -> str:
    return f"{_pct(row['rate'])} {_ci(row['ci95'])}" if row else "—"


def render_comparison(reps: Sequence[Report]) -> str:
    """One board, one column per agent: faction win rates with Wilson intervals, length, deaths, roles."""
    if len(reps) == 1:
        return render_text(reps[0])
    first = reps[0]
    agents = "、".join(AGENT_LABELS.get(r["agent"], r["agent"]) for r in reps)
    lines = [
        f"{title_of(first)} · 每种代理 {first['games']} 局 · 种子 {first['seed']}…{first['seed'] + first['games'] - 1}",
        f"代理：{agents}",
        "",
        "阵营胜率（95% 置信区间，Wilson）",
    ]
    factions = list(dict.fromkeys(f["faction"] for r in reps for f in r["factions"]))
    rows = []
    for name in factions:
        rows.append([name, *(_rate(next((f for f in r["factions"] if f["faction"] == name), None)) for r in reps)])
    right = [False] + [True] * len(reps)
    lines += _table(["阵营", *(_label(r) for r in reps)], rows, right)
    lines += ["", "局长与死因（每局）"]
    causes = list(dict.fromkeys(d["cause"] for r in reps for d in r["deaths"][:6]))
    rows = [["平均天数", *(f"{r['length']['mean_days']:.2f}" for r in reps)]]
    for cause in causes:
        rows.append([cause, *(f"{next((d['per_game'] for d in r['deaths'] if d['cause'] == cause), 0.0):.2f}"
                              for r in reps)])
    rows.append([SURVIVED, *(f"{r['survivors']['per_game']:.2f}" for r in reps)])
    rows.append(["出错局数", *(str(len(r["errors"])) for r in reps)])
    lines += _table(["", *(_label(r) for r in reps)], rows, right)
    lines += ["", "角色胜率"]
    roles = list(dict.fromkeys(row["role"] for r in reps for row in r["roles"]))
    rows = []
    for role in roles:
        got = [next((x for x in r["roles"] if x["role"] == role), None) for r in reps]
        faction = next(x["faction"] for x in got if x)
        rows.append([role, faction, *(_pct(x["rate"]) if x else "—" for x in got)])
    lines += _table(["角色", "阵营", *(_label(r) for r in reps)], rows, [False, False] + [True] * len(reps))
    for r in reps:
        if r["errors"]:
            seeds = "、".join(str(e["seed"]) for e in r["errors"][:10])
            lines += ["", f"{_label(r)}：出错 {len(r['errors'])} 局（已排除，种子：{seeds}）：{r['errors'][0]['error']}"]
    return "\n".join(lines)


def render_markdown(reports: Sequence[Report]) -> str:
    """The tables for docs/balance.md: one section per game, the agents of each board in adjacent rows."""
    out: list[str] = []
    by_game: dict[str, list[Report]] = {}
    for rep in reports:
        by_game.setdefault(rep["title"], []).append(rep)
    for title, reps in by_game.items():
        out += [f"### {title}", ""]
        factions = list(dict.fromkeys(f["faction"] for rep in reps for f in rep["factions"]))
        head = ["板子", "人数", "代理", "局数", *[f"{f}胜率（95% CI）" for f in factions], "平均天数", "出错"]
        out.append("| " + " | ".join(head) + " |")
        out.append("|" + "|".join(["---"] * len(head)) + "|")
        for board in group(reps):
            for i, rep in enumerate(board):
                name = (rep["board"] or "（默认）") if i == 0 else ""
                cells = [name, str(rep["players"]) if i == 0 else "", _label(rep), str(rep["completed"])]
                got = {f["faction"]: f for f in rep["factions"]}
                cells += [_rate(got.get(f)) for f in factions]
                cells += [f"{rep['length']['mean_days']:.2f}", str(len(rep["errors"]))]
                out.append("| " + " | ".join(cells) + " |")
        out.append("")
        for board in group(reps):
            label = board[0]["board"] or "默认"
            roles = list(dict.fromkeys(row["role"] for r in board for row in r["roles"]))
            parts = []
            for role in roles:
                rates = "/".join(next((_pct(x["rate"]) for x in r["roles"] if x["role"] == role), "—") for r in board)
                parts.append(f"{role} {rates}")
            kinds = "/".join(_label(r) for r in board)
            deaths = "；".join(
                f"{_label(r)}：" + "，".join(f"{d['cause']} {d['per_game']:.2f}" for d in r["deaths"][:4]) for r in board
            )
            out.append(f"- {label}：角色胜率（{kinds}）{'；'.join(parts)}。每局死因 {deaths}。")
        out.append("")
    return "\n".join(out).rstrip() + "\n"
