"""The structured data behind the pictures: the seat ring, the vote board, the end card, tables.

The engine attaches a *board* (a plain dict, JSON-safe) to the event that announces it, as
`("image", board)` in the event's data; the QQ layer draws it (plugins/bansha/images) and sends
it with the event's text. The text is built here from the same board, so a picture can never
show what the text does not: `strings(board)` lists every string a picture of it may draw, and
each of them is part of `text(board)` (tests check both, and the leak audit reads them).

Pure: no Pillow, no QQ.
"""

from __future__ import annotations

from typing import Any

from ..core import ABSTAIN

Game = Any  # the game (game/__init__.py), which imports this module: named, typed Any (no import back up)

Board = dict[str, Any]
OUT = "出局"
RING_HEAD = "【电梯楼】"
VOTES_HEAD = "票型："
CAST_HEAD = "演员表"
WATCHERS = "全知观战"


def attach(board: Board | None) -> tuple[tuple[str, Any], ...]:
    return (("image", board),) if board else ()


def images_of(data: tuple[tuple[str, Any], ...]) -> list[Board]:
    """The boards an event carries (a merged post may carry several)."""
    d = dict(data)
    out = list(d.get("images", ()))
    if d.get("image"):
        out.append(d["image"])
    return out


# --- the seat ring ------------------------------------------------------------------------------


def ring(game: Game, title: str) -> Board:
    """Every seat in 电梯楼 order, as the public knows it: alive or out (and how, where public),
    the sheriff, public statuses (the ruleset's `seat_view`)."""
    rules, state = game.rules, game.state
    seats = []
    for s in range(1, state.n + 1):
        alive, marks = rules.seat_view(state, s)
        seats.append({"seat": s, "name": game.players[s - 1].name, "alive": bool(alive), "marks": list(marks)})
    return {"kind": "ring", "title": title, "seats": seats}


def _seat_label(row: dict) -> str:
    return f"{row['seat']}号 {row['name']}"


def ring_notes(row: dict) -> list[str]:
    notes = list(row["marks"])
    if not row["alive"] and not any(m.startswith(OUT) for m in notes):
        notes.insert(0, OUT)
    return notes


def ring_text(board: Board) -> str:
    parts = []
    for row in board["seats"]:
        notes = ring_notes(row)
        parts.append(_seat_label(row) + (f"（{'，'.join(notes)}）" if notes else ""))
    alive = sum(1 for r in board["seats"] if r["alive"])
    return f"{RING_HEAD}存活 {alive}/{len(board['seats'])}：" + "、".join(parts)


# --- the vote board -----------------------------------------------------------------------------


def votes(game: Game, title: str, ballots: dict[int, int], counts: dict[int, float] | None,
          leaders: list[int]) -> Board:
    """Who voted whom (`ballots`: voter -> target, the counted ones); `counts` None where the
    rule text hides them (004: 「投票内容公开，但投票计数隐藏」)."""
    by_target: dict[int, list[int]] = {}
    for voter, target in sorted(ballots.items()):
        by_target.setdefault(target, []).append(voter)
    order = sorted(by_target, key=lambda t: (t == ABSTAIN, -(counts or {}).get(t, 0), t))
    rows = []
    for t in order:
        rows.append({
            "target": t,
            "label": "弃权" if t == ABSTAIN else game.seat_name(t),
            "voters": [game.seat_name(v) for v in by_target[t]],
            "count": None if counts is None else _num(counts.get(t, 0.0)),
            "leader": t in leaders,
        })
    return {"kind": "votes", "title": title, "rows": rows, "hidden": counts is None}


def votes_text(board: Board) -> str:
    if not board["rows"]:
        return VOTES_HEAD + "无人投票"
    parts = []
    for r in board["rows"]:
        count = f"（{r['count']}票）" if r["count"] is not None else ""
        parts.append(f"{r['label']}{count} ← {'、'.join(r['voters'])}")
    return VOTES_HEAD + "；".join(parts)


def _num(x: float) -> str:
    return str(int(x)) if x == int(x) else f"{x:g}"


# --- the end card ---------------------------------------------------------------------------------


def cast(game: Game, winner: str, rows: list[Any], watchers: list[str]) -> Board:
    """The 演员表: every seat's role, camp and fate, the winner, and the all-seeing spectators."""
    won = set(game.outcome.seats) if game.outcome else set()
    out = []
    for r in rows:
        out.append({"seat": r.seat, "name": game.players[r.seat - 1].name, "role": r.role, "faction": r.faction,
                    "fate": r.fate, "won": r.seat in won})
    return {"kind": "cast", "title": CAST_HEAD, "winner": f"胜者：{winner}", "rows": out,
            "watchers": list(watchers)}


# --- a table (斗兽棋's HP, 酒馆's scores) -------------------------------------------------------------


def table(title: str, columns: list[str], rows: list[list[str]]) -> Board:
    return {"kind": "table", "title": title, "columns": list(columns), "rows": [[str(c) for c in r] for r in rows]}


def table_text(board: Board) -> str:
    lines = [board["title"]]
    cols = board["columns"]
    for row in board["rows"]:
        lines.append(row[0] + "：" + "，".join(f"{c} {v}" for c, v in zip(cols[1:], row[1:], strict=False)))
    return "\n".join(lines)


# --- what a picture may draw -------------------------------------------------------------------------


def strings(board: Board) -> list[str]:
    """Every string a picture of this board draws (the renderer draws these and nothing else)."""
    kind = board["kind"]
    out = [board["title"]]
    if kind == "ring":
        for row in board["seats"]:
            out += [f"{row['seat']}号", row["name"], *ring_notes(row)]
    elif kind == "votes":
        for r in board["rows"]:
            out += [r["label"], *r["voters"]]
            if r["count"] is not None:
                out.append(f"{r['count']}票")
        if not board["rows"]:
            out.append("无人投票")
    elif kind == "cast":
        out.append(board["winner"])
        for r in board["rows"]:
            out += [f"{r['seat']}号", r["name"], r["role"], r["faction"], r["fate"]]
        if board["watchers"]:
            out += [WATCHERS, *board["watchers"]]
    elif kind == "table":
        out += board["columns"]
        for row in board["rows"]:
            out += row
    return [s for s in out if s]
