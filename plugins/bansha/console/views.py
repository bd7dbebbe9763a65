"""The 导演台's pages as plain data: built from a game (and its replayed log), rendered by Jinja2.

Everything here is hidden information: only a permitted judge ever gets it (see store.py).
No FastAPI here, so `bansha bench` and the tests can build and render a page directly.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Any

from ..engine.core.channels import Channel
from ..engine.core.phases import format_duration, local_time
from ..engine.core.status import NEXT_NIGHT, PERMANENT, UNTIL_DAY, UNTIL_PHASE, Status
from ..engine.game import ENDED, RUNNING, SIGNUP, Game
from ..engine.mechanics.sheriff import Badge
from ..engine.parts import forum
from ..engine.parts import rulings as engine_rulings

STATUS_LABEL = {SIGNUP: "报名中", RUNNING: "进行中", ENDED: "已结束"}
CARD_CLASS = ("blue", "yellow", "red")


# --- the header every game page shows ------------------------------------------------------


def clock(game: Game, now: float) -> dict[str, Any]:
    if game.status == SIGNUP:
        phase = "报名"
    elif game.state is None:
        phase = ""
    else:
        phase = game.rules.phase_label(game.state)
    out = {"gid": game.gid, "title": game.rules.title, "group": game.group, "status": STATUS_LABEL[game.status],
           "phase": phase, "paused": game.paused, "deadline": None, "left": "", "seq": game.seq,
           "outcome": game.outcome.text if game.outcome else ""}
    if game.paused:
        out["left"] = f"已暂停（剩余 {format_duration(game.paused_left or 0)}）"
    elif game.deadline is not None and game.status == RUNNING:
        out["deadline"] = game.deadline
        out["left"] = f"{local_time(game.deadline, game.options)} 截止，还剩 {format_duration(game.deadline - now)}"
    return out


# --- grimoire -----------------------------------------------------------------------------------


@dataclass
class SeatView:
    seat: int
    name: str
    qq: int
    role: str = ""
    camp: str = ""
    alive: bool = True
    fate: str = ""
    statuses: list[tuple[str, str]] = field(default_factory=list)  # (name, until)
    cards: tuple[int, int, int] = (0, 0, 0)
    sheriff: bool = False
    teams: tuple[str, ...] = ()  # the team channels the seat sits in (纳塔's 狼群 and 共群, a wolf lover…)
    facts: list[str] = field(default_factory=list)
    pending: bool = False
    subs: int = 0


def status_end(game: Game, s: Status) -> str:
    if s.until == PERMANENT:
        return "永久"
    if s.until == NEXT_NIGHT:
        return "到下一个夜晚"
    if s.until == UNTIL_PHASE:
        spec = game.rules.phases.get(s.phase)
        return f"到{spec.label if spec else s.phase}开始"
    if s.until == UNTIL_DAY:
        return f"到第{s.day}天"
    return s.until


def _sheriff(state: Any) -> int:
    badge = getattr(state, "badge", None)
    return badge.holder if isinstance(badge, Badge) else 0


def grimoire(game: Game) -> dict[str, Any]:
    players = game.players
    if game.state is None:
        seats = [SeatView(i + 1, p.name, p.qq) for i, p in enumerate(players)]
        return {"seats": _ring(seats, list(range(1, len(seats) + 1))), "teams": [], "steps": [], "public": "",
                "ledger": "", "sheriff": 0, "deal": False, "watchers": watchers(game)}
    rules, state = game.rules, game.state
    cast = {row.seat: row for row in rules.cast(state)}
    pending = rules.pending(state) if game.status == RUNNING else set()
    sheriff = _sheriff(state)
    teams: dict[str, tuple[str, list[int]]] = {}  # channel key -> (its name, members)
    seats = []
    for i, p in enumerate(players):
        seat = i + 1
        row = cast.get(seat)
        mine = seat_channels(rules, state, seat)
        for ch in mine:
            teams.setdefault(ch.key, (ch.key.split(":")[0], sorted(ch.members)))
        alive = bool(state.alive[seat])
        seats.append(SeatView(
            seat, p.name, p.qq,
            role=row.role if row else "", camp=rules.faction_of(state, seat) or (row.faction if row else ""),
            alive=alive, fate="" if alive else (row.fate if row else "出局"),
            statuses=[(s.name + (f"({s.value})" if s.value else ""), status_end(game, s))
                      for s in state.statuses.of(seat)],
            cards=tuple(game.forum.cards.get(seat, (0, 0, 0))), sheriff=seat == sheriff, teams=tuple(ch.name for ch in mine),
            facts=rules.seat_facts(state, seat), pending=seat in pending, subs=game.subs.get(seat, 0),
        ))
    return {"seats": _ring(seats, rules.ring_order(state)), "teams": sorted(teams.values()),
            "steps": rules.night_steps(state), "public": rules.public_status(state),
            "ledger": forum.card_ledger(game), "sheriff": sheriff, "deal": True, "watchers": watchers(game)}


def seat_channels(rules: Any, state: Any, seat: int) -> list[Channel]:
    """Every channel the seat is in. `channels()` lists only those it may talk in now (a dead wolf may not),
    but the judge wants the membership either way, so fall back to the seat's team."""
    mine = rules.channels(state, seat)
    if mine:
        return mine
    team = rules.team_of(state, seat)
    return [Channel(team, team, tuple(rules.team_members(state, team)))] if team else []


def watchers(game: Game) -> list[tuple[str, int, bool]]:
    """Who watches (engine/parts/social.py): (name, QQ, all-seeing), the all-seeing first."""
    return sorted(((s.name, s.qq, s.all_seeing) for s in game.spectators.values()), key=lambda w: (not w[2], w[1]))


def _ring(seats: list[SeatView], order: list[int]) -> list[SeatView]:
    """Seats in 电梯楼 order (ring.css places the k-th of n on the circle)."""
    by_seat = {s.seat: s for s in seats}
    return [by_seat[s] for s in order if s in by_seat] + [s for s in seats if s.seat not in order]


def ring_css(most: int = 40) -> str:
    """Where the k-th of n seats sits, clockwise from the top: static rules, so the pages need no inline
    style (the Content-Security-Policy allows none)."""
    rules = []
    for n in range(1, most + 1):
        for k in range(n):
            angle = -math.pi / 2 + 2 * math.pi * k / n
            x, y = 50 + 41 * math.cos(angle), 50 + 41 * math.sin(angle)
            rules.append(f".ring.n{n}>li:nth-child({k + 1}){{left:{x:.2f}%;top:{y:.2f}%}}")
    return "\n".join(rules) + "\n"


# --- pending -------------------------------------------------------------------------------------


def pending(game: Game) -> list[dict[str, Any]]:
    if game.status != RUNNING or game.state is None:
        return []
    out = []
    for seat in sorted(game.pending()):
        owes = [c.skill.name for c in game.legal(seat)]
        out.append({"seat": seat, "name": game.seat_name(seat), "qq": game.qq_of(seat), "owes": owes or ["行动"]})
    return out


# --- controls ------------------------------------------------------------------------------------


def factions(game: Game) -> list[str]:
    if game.state is None:
        return []
    return sorted({f for s in range(1, game.state.n + 1) if (f := game.rules.faction_of(game.state, s))})


def rulings(game: Game) -> list[dict[str, Any]]:
    """The engine's open rulings (engine/parts/rulings.py: the judge rules free text, e.g. 审讯 answers); each form
    sends 「/法官 裁定 <编号> <结果>」, the same input as typed in QQ."""
    return [{"id": r.no, "text": r.text, "choices": r.choices, "due": r.due, "default": r.default}
            for r in engine_rulings.pending(game)]


def ruling_count(game: Game) -> int:
    return len(rulings(game))


# Each /法官 sub-command's form fields, in the order its words are typed.
JUDGE_FIELDS = {
    "蓝牌": ("target", "reason"), "黄牌": ("target", "reason"), "红牌": ("target", "reason"),
    "撤牌": ("target", "card", "reason"),
    "代投": ("target", "vote", "reason"), "替补": ("target", "qq"), "场外助理": ("target", "qq"),
    "延长": ("duration",), "终止": ("reason",), "判负": ("faction",), "添加法官": ("qq",), "移除法官": ("qq",),
    "推进": (), "暂停": (), "继续": (), "提醒": ("target",), "裁定": ("ruling", "result"),
}
CARDS = ("蓝牌", "黄牌", "红牌")
# The commands one mis-tap must not fire: the form first shows what it will do, and the server acts only on
# the second step's POST (confirm=1, for the same phase), so it holds without JavaScript.
CONFIRM = {
    "推进": "立即结束本阶段：还没提交的行动按规则视为放弃，随后进入下一阶段。",
    "终止": "立即终止这局游戏，不判胜负；终止后不能恢复。",
    "判负": "判这个阵营负，游戏按规则结算；判负后不能撤回。",
    "撤牌": "撤回这名玩家的一张牌，并在群里公布。",
}
MAX_WORD = 200  # a form field longer than any command needs is cut (the 理由 fields allow 100)


def judge_words(form: Any) -> list[str]:
    """A submitted control form as the words of the `/法官` command it stands for: the QQ layer's
    sub-command table then parses them exactly as if they had been typed."""
    sub = str(form.get("sub", "")).strip()[:10]
    words = [sub]
    for key in JUDGE_FIELDS.get(sub, ()):
        value = " ".join(str(form.get(key, "")).split())[:MAX_WORD]  # one line, like a typed command
        if value:
            words.append(value)
    return words


QQ_FIELD = re.compile(r"@?[0-9]{5,12}")


def field_problem(form: Any) -> str:
    """Why a control form cannot stand for a command (said on the page), or "" — checked before any parser
    sees it, so a 4,000-digit QQ never reaches int() or the database."""
    sub = str(form.get("sub", "")).strip()
    fields = JUDGE_FIELDS.get(sub, ())
    if "qq" in fields and not QQ_FIELD.fullmatch(str(form.get("qq", "")).strip()):
        return "QQ 号应为 5–12 位数字（可以带 @）。"
    if "card" in fields and str(form.get("card", "")).strip() not in CARDS:
        return "请选择要撤回的牌：蓝牌、黄牌或红牌。"
    if "duration" in fields and len(str(form.get("duration", "")).strip()) > 16:
        return "时长太长了：请写成 10m、2h、1d 这样。"
    return ""


def judge_fields(form: Any) -> list[tuple[str, str]]:
    """The fields of a control form that a confirmation step carries on (sub, its fields, the page to go back to)."""
    sub = str(form.get("sub", "")).strip()[:10]
    keep = [("sub", sub)] + [(k, str(form.get(k, ""))[:MAX_WORD]) for k in JUDGE_FIELDS.get(sub, ()) if form.get(k)]
    return keep + [("back", str(form.get("back", "controls"))[:20])]
