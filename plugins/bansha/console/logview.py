"""The 导演台's pages read from a game's replayed log (engine/replay.Recorder): the timeline and the vote record.

The vote record is what the group was told, round by round: each ballot as its group post announced it
(the `vote` events, the one that closed the ballot included) and each result as posted (the `tally` event:
「计票：4号 玩家4：6票…」 with the 警长's weight, void ballots left out, exactly as the rules counted).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..engine.core import ABSTAIN, Event
from ..engine.core.phases import local_time
from ..engine.game import RUNNING, Game
from ..engine.game.replay import Entry, Recorder, boxes
from . import redact

KIND_LABEL = {
    "join": "报名", "leave": "退出报名", "start": "开始", "act": "行动", "pass": "放弃", "chat": "队聊",
    "lastwords": "遗言", "deadline": "截止", "judge": "法官", "remind": "提醒", "speak": "发言", "speed": "加速/延时",
    "relay": "私聊转发",
}
QUIET = ("speak", "chat")  # each player post is an entry: their own filters, not the default list (a phone)
ALL = "all"
PAGE = 30


@dataclass(frozen=True)
class Query:
    """The timeline's filters, already checked (routes.py parses the query string)."""

    seat: int = 0  # entries by this seat or sent to it privately
    kind: str = ""  # "" the default (all but QUIET), ALL, or one input kind
    knew: int = 0  # only what this seat received
    day: int = -1  # -1 any day; 0 the sign-up
    page: int = 1


# --- who and what ------------------------------------------------------------------------------


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


def skill_name(game: Game, word: str, seat: int = 0) -> str:
    """The rule text's name of a skill an input names by its key (the agents and forms send keys)."""
    rules = game.rules
    book = getattr(rules, "book", None)
    if book is not None and word in book.skills:
        return book.skills[word].name
    if seat and game.state is not None:
        for sk in rules.skills_of(game.state, seat):
            if sk.key == word:
                return sk.name
    return word


def describe(game: Game, entry: Entry) -> str:
    """The input in the words its command was typed with (the rule text's names, no secret)."""
    inp = entry.input
    a = redact.args(game, dict(inp.args))
    if inp.kind == "act":
        words = " ".join(str(w) for w in a.get("words", ()))
        extra = "（代投）" if a.get("proxy") else ""
        reason = f" 理由：{a['reason']}" if a.get("reason") else ""
        return f"{skill_name(game, str(a.get('skill', '')), entry.seat)} {words}{extra}{reason}".strip()
    if inp.kind == "judge":
        rest = " ".join(str(a[k]) for k in ("target", "colour", "qq", "faction", "seconds", "reason") if a.get(k))
        return f"{a.get('sub', '')} {rest}".strip()
    if inp.kind in ("chat", "lastwords", "relay", "speak"):
        return str(a.get("text", ""))[:120]
    if inp.kind in ("deadline", "remind"):
        return ""
    return " ".join(f"{v}" for k, v in a.items() if k != "name") or str(a.get("name", ""))


# --- the timeline ------------------------------------------------------------------------------------


def day_label(day: int) -> str:
    return "报名" if day <= 0 else f"第{day}天/夜"


def _shown(entry: Entry, q: Query) -> tuple[bool, list[Event]]:
    """Whether the entry passes the filters, and the events of it to show."""
    inp = entry.input
    if q.kind == "" and not q.knew and inp.kind in QUIET:
        return False, []
    if q.kind not in ("", ALL) and inp.kind != q.kind:
        return False, []
    if q.day >= 0 and entry.day != q.day:
        return False, []
    events = list(entry.events)
    actor_seat = entry.seat
    if q.knew:
        events = [e for e in events if received(e, q.knew, actor_seat)]
        if not events:
            return False, []
    if q.seat and actor_seat != q.seat and not any(received(e, q.seat, actor_seat) and e.audience.kind != "group"
                                                   for e in events):
        return False, []
    return True, events


def timeline(game: Game, rec: Recorder, q: Query = Query()) -> dict[str, Any]:
    """The entries that pass the filters, newest first, one page of them."""
    picked = []
    quiet = 0
    for entry in reversed(rec.entries):
        ok, events = _shown(entry, q)
        if ok:
            picked.append((entry, events))
        elif q.kind == "" and not q.knew and entry.input.kind in QUIET:
            quiet += 1
    pages = max(1, -(-len(picked) // PAGE))
    page = min(max(1, q.page), pages)
    rows = []
    for entry, events in picked[(page - 1) * PAGE: page * PAGE]:
        who, actor_seat = actor_label(game, entry)
        inp = entry.input
        rows.append({
            "seq": entry.seq, "at": local_time(inp.at, game.options), "who": who, "kind": KIND_LABEL.get(inp.kind, inp.kind),
            "what": describe(game, entry), "phase": entry.phase,
            "events": [{"to": audience_label(game, e, actor_seat), "text": redact.text(game, e.text), "tag": e.tag,
                        "public": e.audience.kind == "group"} for e in events],
        })
    return {"rows": rows, "total": len(picked), "page": page, "pages": pages, "quiet": quiet,
            "days": sorted({e.day for e in rec.entries})}


# --- votes ---------------------------------------------------------------------------------------------


def _target(game: Game, t: int) -> str:
    return "弃权" if t == ABSTAIN else game.seat_name(t)


def _num(x: float) -> str:
    return str(int(x)) if x == int(x) else f"{x:g}"


def _ballot(game: Game, entry: Entry, ev: Event, d: dict[str, Any]) -> dict[str, Any]:
    return {"at": local_time(entry.input.at, game.options), "voter": game.seat_name(int(d["voter"])),
            "voter_seat": int(d["voter"]), "target": _target(game, int(d.get("target", ABSTAIN))),
            "target_seat": int(d.get("target", ABSTAIN)), "reason": str(d.get("reason", "")),
            "change": bool(d.get("change")), "proxy": bool(d.get("proxy")), "phase": entry.phase}


def _round(entry: Entry, label: str) -> dict[str, Any]:
    return {"day": entry.day, "label": label, "phase": entry.phase, "ballots": [], "told": [], "counted": [],
            "open": False, "cut": False}


def _counted(ev: Event) -> list[dict[str, Any]]:
    """The 票型 the tally post carried (engine/boards.votes): per target, its count as posted and its voters."""
    board = dict(ev.data).get("image")
    if not isinstance(board, dict) or board.get("kind") != "votes":
        return []
    return [{"target": r["label"], "count": r["count"], "voters": list(r["voters"]), "leader": r["leader"]}
            for r in board["rows"]]


def vote_rounds(game: Game, rec: Recorder) -> list[dict[str, Any]]:
    """Every ballot round of the game, in order: its ballots as announced and its result as posted."""
    rounds: list[dict[str, Any]] = []
    now: dict[str, Any] | None = None
    for entry in rec.entries:
        for ev in entry.events:
            if ev.audience.kind != "group":
                continue
            d = dict(ev.data)
            if ev.tag == "vote" and "voter" in d:
                label = str(d.get("ballot") or "投票")
                if now is not None and (now["day"], now["label"]) != (entry.day, label):
                    now["cut"] = True  # a ballot that was never counted (a 自爆 ended the day)
                    rounds.append(now)
                    now = None
                if now is None:
                    now = _round(entry, label)
                now["ballots"].append(_ballot(game, entry, ev, d))
            elif ev.tag == "tally":
                done = now or _round(entry, entry.phase)
                done["told"] = ev.text.split("\n")
                done["counted"] = _counted(ev)
                rounds.append(done)
                now = None
    if now is not None:  # still being cast, or cut short (the end of the game): not counted yet
        now["open"] = game.status == RUNNING
        now["cut"] = not now["open"]
        rounds.append(now)
    seen: dict[tuple[int, str], int] = {}
    for r in rounds:
        key = (r["day"], r["label"])
        seen[key] = r["no"] = seen.get(key, 0) + 1
    return rounds


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
    return {"current": current, "history": vote_rounds(game, rec)}
