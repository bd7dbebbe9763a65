"""The 导演台's pages as plain data: built from a game (and its replayed log), rendered by Jinja2.

Everything here is hidden information: only a permitted judge ever gets it (see store.py).
No FastAPI here, so `bansha bench` and the tests can build and render a page directly.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from ..engine import forum
from ..engine import rulings as engine_rulings
from ..engine.channels import Channel
from ..engine.core import ABSTAIN, Event
from ..engine.game import ENDED, RUNNING, SIGNUP, Game
from ..engine.mech_sheriff import Badge
from ..engine.phases import format_duration, local_time
from ..engine.replay import Entry, Recorder, Vote, boxes
from ..engine.status import NEXT_NIGHT, PERMANENT, UNTIL_DAY, UNTIL_PHASE, Status

STATUS_LABEL = {SIGNUP: "报名中", RUNNING: "进行中", ENDED: "已结束"}
KIND_LABEL = {
    "join": "报名", "leave": "退出报名", "start": "开始", "act": "行动", "pass": "放弃", "chat": "队聊",
    "lastwords": "遗言", "deadline": "截止", "judge": "法官", "remind": "提醒", "speak": "发言", "speed": "加速/延时",
    "relay": "私聊转发",
}
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
    """Who watches (engine/social.py): (name, QQ, all-seeing), the all-seeing first."""
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
    for seat in sorted(game.rules.pending(game.state)):
        owes = [c.skill.name for c in game.rules.legal(game.state, seat)]
        out.append({"seat": seat, "name": game.seat_name(seat), "qq": game.qq_of(seat), "owes": owes or ["行动"]})
    return out


# --- timeline ------------------------------------------------------------------------------------


def audience_label(game: Game, ev: Event, actor_seat: int) -> str:
    a = ev.audience
    if a.kind == "group":
        return "全群"
    if a.kind == "seat":
        return f"{a.seat}号"
    if a.kind == "team":
        return f"{a.team}（{'、'.join(f'{m}号' for m in a.members)}）"
    if a.kind == "judge":
        return "法官记录"
    if a.kind == "reply":
        return f"回复 {actor_seat}号" if actor_seat else "回复发送者"
    if a.kind == "user":
        return f"QQ {a.seat}"
    if a.kind == "dead":
        return f"亡者聊天（{'、'.join(f'{m}号' for m in a.members)}）"
    if a.kind == "spectator":
        return f"{'全知观战' if a.team else '观战'}（{len(a.members)} 人）"
    return a.kind


def received(ev: Event, seat: int, actor_seat: int) -> bool:
    """Did this event reach seat N (what a player of that seat was told)?"""
    a = ev.audience
    return (a.kind == "group" or (a.kind == "seat" and a.seat == seat) or (a.kind == "team" and seat in a.members)
            or (a.kind == "reply" and actor_seat == seat))


def actor_label(game: Game, entry: Entry) -> tuple[str, int]:
    """(how to show who sent an input, their seat at the time or 0)."""
    inp = entry.input
    if not inp.actor:
        return "系统", 0
    seat = entry.seat
    if seat:
        return f"{seat}号（{inp.actor}）", seat
    if game.is_judge(inp.actor) or inp.kind == "judge":
        return f"法官 {inp.actor}", 0
    return f"QQ {inp.actor}", 0


def timeline(game: Game, rec: Recorder, seat: int = 0, kind: str = "", knew: int = 0) -> list[dict[str, Any]]:
    rows = []
    for entry in rec.entries:
        inp = entry.input
        who, actor_seat = actor_label(game, entry)
        if kind and inp.kind != kind:
            continue
        events = list(entry.events)
        if knew:
            events = [e for e in events if received(e, knew, actor_seat)]
            if not events:
                continue
        if seat and actor_seat != seat and not any(received(e, seat, actor_seat) and e.audience.kind != "group"
                                                    for e in events):
            continue
        rows.append({
            "seq": entry.seq, "at": local_time(inp.at, game.options), "who": who, "kind": KIND_LABEL.get(inp.kind, inp.kind),
            "what": describe(inp), "phase": entry.phase,
            "events": [{"to": audience_label(game, e, actor_seat), "text": e.text, "tag": e.tag,
                        "public": e.audience.kind == "group"} for e in events],
        })
    return rows


def describe(inp) -> str:
    """The input in the words its command was typed with."""
    a = dict(inp.args)
    if inp.kind == "act":
        words = " ".join(str(w) for w in a.get("words", ()))
        extra = "（代投）" if a.get("proxy") else ""
        reason = f" 理由：{a['reason']}" if a.get("reason") else ""
        return f"{a.get('skill', '')} {words}{extra}{reason}".strip()
    if inp.kind == "judge":
        rest = " ".join(str(a[k]) for k in ("target", "qq", "faction", "seconds", "reason") if a.get(k))
        return f"{a.get('sub', '')} {rest}".strip()
    if inp.kind in ("chat", "lastwords", "relay", "speak"):
        return str(a.get("text", ""))[:120]
    if inp.kind in ("deadline", "remind"):
        return f"阶段 {a.get('phase_no', '')}"
    return " ".join(f"{k}={v}" for k, v in a.items() if k != "name") or a.get("name", "")


# --- votes ---------------------------------------------------------------------------------------


def votes(game: Game, rec: Recorder) -> dict[str, Any]:
    name = game.seat_name
    current = []
    if game.state is not None:
        for label, box in boxes(game.state):
            if not box.votes:
                continue
            counts = box.tally()
            current.append({
                "box": label,
                "tally": [(_target(game, t), _num(c)) for t, c in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))],
                "ballots": [(name(v), _target(game, t), box.reasons.get(v, "")) for v, t in sorted(box.votes.items())],
            })
    days: dict[tuple[int, str], list[Vote]] = {}
    for entry in rec.entries:
        for v in entry.votes:
            days.setdefault((v.day, v.box), []).append(v)
    history = []
    for (day, box), ballots in sorted(days.items()):
        final: dict[int, int] = {}
        for v in ballots:
            final[v.ballot.voter] = v.ballot.target
        counts: dict[int, int] = {}
        for t in final.values():
            counts[t] = counts.get(t, 0) + 1
        history.append({
            "day": day, "box": box,
            "ballots": [{"at": local_time(b.at, game.options), "voter": name(b.voter), "target": _target(game, b.target),
                         "reason": b.reason, "change": b.change, "proxy": b.proxy, "phase": v.phase}
                        for v in ballots for b in (v.ballot,)],
            "tally": [(_target(game, t), c) for t, c in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))],
        })
    return {"current": current, "history": history}


def _target(game: Game, t: int) -> str:
    return "弃权" if t == ABSTAIN else game.seat_name(t)


def _num(x: float) -> str:
    return str(int(x)) if x == int(x) else f"{x:g}"


# --- controls ------------------------------------------------------------------------------------


def factions(game: Game) -> list[str]:
    if game.state is None:
        return []
    return sorted({f for s in range(1, game.state.n + 1) if (f := game.rules.faction_of(game.state, s))})


def rulings(game: Game) -> list[dict[str, Any]]:
    """The engine's open rulings (engine/rulings.py: the judge rules free text, e.g. 审讯 answers); each form
    sends 「/法官 裁定 <编号> <结果>」, the same input as typed in QQ."""
    return [{"id": r.no, "text": r.text, "choices": r.choices, "due": r.due, "default": r.default}
            for r in engine_rulings.pending(game)]


def ruling_count(game: Game) -> int:
    return len(rulings(game))


# Each /法官 sub-command's form fields, in the order its words are typed.
JUDGE_FIELDS = {
    "蓝牌": ("target", "reason"), "黄牌": ("target", "reason"), "红牌": ("target", "reason"),
    "代投": ("target", "vote", "reason"), "替补": ("target", "qq"), "场外助理": ("target", "qq"),
    "延长": ("duration",), "终止": ("reason",), "判负": ("faction",), "添加法官": ("qq",), "移除法官": ("qq",),
    "推进": (), "暂停": (), "继续": (), "提醒": ("target",), "裁定": ("ruling", "result"),
}


def judge_words(form: Any) -> list[str]:
    """A submitted control form as the words of the `/法官` command it stands for: the QQ layer's
    sub-command table then parses them exactly as if they had been typed."""
    sub = str(form.get("sub", "")).strip()
    words = [sub]
    for key in JUDGE_FIELDS.get(sub, ()):
        value = " ".join(str(form.get(key, "")).split())  # one line, like a typed command
        if value:
            words.append(value)
    return words
