"""One painter per board kind. Each draws only the strings of `engine.boards.strings(board)`."""

from __future__ import annotations

import json
import math
from functools import lru_cache

from ..engine.game.pictures import WATCHERS
from .paint import Canvas, width_of

INK, MUTED, ACCENT, GOLD, LINE, CARD = "#222222", "#9a948a", "#b0413e", "#c8962b", "#d9d0c1", "#fffdf8"
TITLE, BODY, SMALL = 34, 24, 20
PAD = 40


def _title(c: Canvas, text: str, width: int) -> int:
    c.draw.rectangle((0, 0, width, 76), fill="#3b3a36")
    c.text((PAD, 38), text, TITLE, "#f6f1e7", "lm")
    return 76


# --- the seat ring ----------------------------------------------------------------------------------


def ring(board: dict) -> Canvas:
    """Seats on a circle in 电梯楼 order from the top, clockwise; out seats greyed."""
    from ..engine.game.pictures import ring_notes

    seats = board["seats"]
    n = len(seats)
    label_w = max([width_of(s["name"], BODY) for s in seats] +
                  [width_of(m, SMALL) for s in seats for m in ring_notes(s)] + [60])
    radius = max(220, int(n * 62 / (2 * math.pi)) + 60)
    node = 30
    half = radius + node + 16 + int(label_w) + PAD
    width, height = 2 * half, 2 * (radius + node) + 76 + 2 * PAD + 110
    c = Canvas(width, height)
    top = _title(c, board["title"], width)
    cx, cy = width / 2, top + PAD + 55 + radius + node
    c.draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), outline=LINE, width=3)
    for i, s in enumerate(seats):
        angle = 2 * math.pi * i / n
        x, y = cx + radius * math.sin(angle), cy - radius * math.cos(angle)
        alive = s["alive"]
        sheriff = "警长" in s["marks"]
        c.draw.ellipse((x - node, y - node, x + node, y + node), fill=CARD if alive else "#cfc9bf",
                       outline=GOLD if sheriff else (INK if alive else MUTED), width=5 if sheriff else 2)
        c.text((x, y), f"{s['seat']}号", SMALL, INK if alive else MUTED, "mm")
        # the label sits outside the circle, on the node's side
        lx, ly = cx + (radius + node + 16) * math.sin(angle), cy - (radius + node + 16) * math.cos(angle)
        side = math.sin(angle)
        anchor = "l" if side > 0.25 else ("r" if side < -0.25 else "m")
        vertical = -math.cos(angle)
        notes = ring_notes(s)
        lines = [(s["name"], BODY, INK if alive else MUTED)] + [
            (m, SMALL, ACCENT if m.startswith("出局") else (GOLD if m == "警长" else "#4a6b8a")) for m in notes]
        total = sum(size + 6 for _, size, _ in lines)
        y0 = ly - total / 2 if abs(side) > 0.25 else (ly if vertical > 0 else ly - total)
        for text, size, colour in lines:
            c.text((lx, y0 + size / 2), text, size, colour, anchor + "m")
            y0 += size + 6
    return c


# --- the vote board -------------------------------------------------------------------------------------


def votes(board: dict) -> Canvas:
    """One row per target: the target, its count where public, and who voted for it."""
    rows = board["rows"]
    label_w = max([width_of(r["label"], BODY) for r in rows] + [120]) + 24
    count_w = 90 if not board["hidden"] else 0
    chip_w = max([width_of(v, SMALL) for r in rows for v in r["voters"]] + [80]) + 28
    per_line = 4
    width = int(PAD * 2 + label_w + count_w + 40 + per_line * (chip_w + 10))
    heights = [max(1, math.ceil(len(r["voters"]) / per_line)) * 44 + 20 for r in rows] or [60]
    c = Canvas(width, 76 + PAD * 2 + sum(heights) + 10 * len(heights))
    y = _title(c, board["title"], width) + PAD
    if not rows:
        c.text((PAD, y + 20), "无人投票", BODY, MUTED, "lm")
    for r, h in zip(rows, heights, strict=False):  # no rows: one empty line
        fill = "#f3dcd6" if r["leader"] else CARD
        c.draw.rounded_rectangle((PAD, y, width - PAD, y + h), 10, fill=fill, outline=LINE, width=2)
        c.text((PAD + 16, y + h / 2), r["label"], BODY, ACCENT if r["leader"] else INK, "lm")
        x0 = PAD + label_w
        if r["count"] is not None:
            c.text((x0 + count_w / 2, y + h / 2), f"{r['count']}票", BODY, INK, "mm")
        x0 += count_w
        c.draw.polygon([(x0 + 6, y + h / 2), (x0 + 26, y + h / 2 - 10), (x0 + 26, y + h / 2 + 10)], fill=MUTED)
        x0 += 40
        for i, v in enumerate(r["voters"]):
            cx = x0 + (i % per_line) * (chip_w + 10)
            cy = y + 10 + (i // per_line) * 44
            c.draw.rounded_rectangle((cx, cy, cx + chip_w, cy + 34), 17, fill="#e8e2d6")
            c.text((cx + chip_w / 2, cy + 17), v, SMALL, INK, "mm")
        y += h + 10
    return c


# --- the end card -----------------------------------------------------------------------------------------


def cast(board: dict) -> Canvas:
    """The 演员表: the winner on top, one row per seat (winners in gold), the all-seeing below."""
    rows = board["rows"]
    cols = [("seat", 80), ("name", 0), ("role", 0), ("faction", 0), ("fate", 0)]
    widths = []
    for key, least in cols:
        texts = [f"{r['seat']}号" if key == "seat" else r[key] for r in rows]
        widths.append(max([width_of(t, BODY) for t in texts] + [least]) + 30)
    width = int(max(sum(widths) + PAD * 2, width_of(board["winner"], TITLE) + PAD * 2 + 60, 600))
    watchers = "、".join(board["watchers"])
    height = 76 + PAD + 70 + len(rows) * 48 + PAD + (50 if watchers else 0)
    c = Canvas(width, height)
    y = _title(c, board["title"], width) + PAD
    c.text((width / 2, y + 24), board["winner"], TITLE, ACCENT, "mm")
    y += 70
    for r in rows:
        if r["won"]:
            c.draw.rounded_rectangle((PAD - 10, y, width - PAD + 10, y + 44), 8, fill="#f4e6c4")
        x = PAD
        for (key, _), w in zip(cols, widths, strict=True):
            text = f"{r['seat']}号" if key == "seat" else r[key]
            colour = MUTED if key == "fate" and r["fate"] != "存活" else INK
            c.text((x, y + 22), text, BODY, colour, "lm")
            x += w
        y += 48
    if watchers:
        box = c.text((PAD, y + PAD / 2 + 10), WATCHERS, SMALL, MUTED, "lm")
        x = box[2] + 16
        for name in board["watchers"]:
            box = c.text((x, y + PAD / 2 + 10), name, SMALL, MUTED, "lm")
            x = box[2] + 16
    return c


# --- a table ------------------------------------------------------------------------------------------------


def table(board: dict) -> Canvas:
    cols, rows = board["columns"], board["rows"]
    widths = [max([width_of(r[i], BODY) for r in rows] + [width_of(col, SMALL)]) + 40 for i, col in enumerate(cols)]
    width = int(max(sum(widths) + PAD * 2, width_of(board["title"], TITLE) + PAD * 2))
    c = Canvas(width, 76 + PAD * 2 + 40 + len(rows) * 46)
    y = _title(c, board["title"], width) + PAD
    x = PAD
    for col, w in zip(cols, widths, strict=True):
        c.text((x, y + 16), col, SMALL, MUTED, "lm")
        x += w
    y += 40
    for i, row in enumerate(rows):
        if i % 2 == 0:
            c.draw.rectangle((PAD - 10, y, width - PAD + 10, y + 44), fill=CARD)
        x = PAD
        for cell, w in zip(row, widths, strict=True):
            c.text((x, y + 22), cell, BODY, INK, "lm")
            x += w
        y += 46
    return c


PAINTERS = {"ring": ring, "votes": votes, "cast": cast, "table": table}


# --- drawing a board: the entry point (`images.render`) -----------------------------------------------


def draw(board: dict) -> Canvas:
    painter = PAINTERS.get(board.get("kind", ""))
    if painter is None:
        raise ValueError(f"no picture for a board of kind {board.get('kind')!r}")
    return painter(board)


@lru_cache(maxsize=64)
def _render_cached(key: str) -> bytes:

    return draw(json.loads(key)).png()


def render(board: dict) -> bytes:
    """The PNG of a board (the same board, e.g. for several spectators, is drawn once)."""

    return _render_cached(json.dumps(board, ensure_ascii=False, sort_keys=True))
