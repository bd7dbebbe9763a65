"""The leak audit's rule, in code.

A group message may never carry a private fact: the role or camp of a living
seat, or a night action, except through a public reveal the rules define (events
tagged "reveal") or the end-of-game publication ("end"). Private facts (tags
"role", "check", "history") only ever go to one seat or a team; a team message
only ever reaches members of that team.

The check is textual and conservative: a clause (split at punctuation and line
breaks) of a group message that names a living seat ("3号") must not also name
that seat's role or faction, nor a private (non-public) skill of the game.

The same holds for what spectators and pictures get: an ordinary spectator's feed is audited
part by part like the group, a picture by the strings its board draws (engine/game/pictures.py); the
dead chat may reach only seats the ruleset admits to it (`Ruleset.dead_chat_refusal`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ..core import Event
from ..game.pictures import images_of, ring_text, strings
from ..game.ruleset import Ruleset
from ..parts.social import ALL_SEEING

PUBLIC_TAGS = frozenset({"reveal", "end"})
PRIVATE_TAGS = frozenset({"role", "check", "history"})
_CLAUSE = re.compile(r"[，。；;！!？?\n]")


@dataclass(frozen=True)
class Leak:
    rule: str
    text: str

    def __str__(self) -> str:
        return f"{self.rule}: {self.text[:120]}"


def private_skill_names(ruleset: Ruleset, state: Any) -> set[str]:
    names: set[str] = set()
    for seat in range(1, state.n + 1):
        for s in ruleset.skills_of(state, seat):
            if not s.public and s.name not in ("投票", "改票"):
                names.add(s.name)
    return names


def _parts(events: list[Event]) -> list[Event]:
    """A composed post (engine/views/posts.py) is judged part by part, each under its own tag (with the post's
    pictures, so a 电梯楼 line is judged seat by seat as its board says)."""
    out: list[Event] = []
    for ev in events:
        parts = dict(ev.data).get("parts")
        if parts and ev.audience.kind == "group":
            rest = tuple((k, v) for k, v in ev.data if k != "parts")
            out.extend(Event(ev.audience, text, tag, rest) for tag, text in parts)
        else:
            out.append(ev)
    return out


def audit(ruleset: Ruleset, state: Any, events: list[Event], skill_names: set[str]) -> list[Leak]:
    """Violations of the rule above among one input's events or composed posts (state: after the input)."""
    leaks: list[Leak] = []
    cast = {row.seat: row for row in ruleset.cast(state)}
    for ev in _parts(events):
        a = ev.audience
        if ev.tag in PRIVATE_TAGS and a.kind not in ("seat", "team", "user"):
            leaks.append(Leak(f"private tag {ev.tag!r} sent to {a.kind}", ev.text))
        if a.kind == "team":
            # A member who left during this very input (e.g. 殉情 after the message) is no leak;
            # a living seat outside the team is.
            team = set(ruleset.channel_members(state, a.team))
            outsiders = [m for m in a.members if m not in team and state.alive[m]]
            if not a.members or outsiders:
                leaks.append(Leak(f"team {a.team} message to {a.members}, team is {sorted(team)}", ev.text))
        if a.kind == "dead":
            # The dead chat reaches only seats that can no longer change the game.
            inside = [m for m in a.members if ruleset.dead_chat_refusal(state, m) is not None]
            if inside:
                leaks.append(Leak(f"dead chat sent to seats {inside} that may still play", ev.text))
        if a.kind == "spectator" and a.team != ALL_SEEING:
            # An ordinary spectator's feed: copies of public posts and the dead chat, nothing else.
            parts = dict(ev.data).get("parts") or ((ev.tag, ev.text),)
            for tag, text in parts:
                if tag in PRIVATE_TAGS or tag == "judge":
                    leaks.append(Leak(f"private part {tag!r} in a spectator's feed", text))
                elif tag not in PUBLIC_TAGS:
                    leaks += _public_leaks(state, cast, skill_names, _without_rings(ev, text))
            leaks += _image_leaks(state, cast, skill_names, ev)
        if a.kind != "group" or ev.tag in PUBLIC_TAGS:
            continue
        leaks += _public_leaks(state, cast, skill_names, _without_rings(ev))
        leaks += _image_leaks(state, cast, skill_names, ev)
    return leaks


def _without_rings(ev: Event, text: str | None = None) -> str:
    """The text less its 电梯楼 lines, which `_image_leaks` checks seat by seat (a 翻牌 role is public)."""
    text = ev.text if text is None else text
    for board in images_of(ev.data):
        if board.get("kind") == "ring":
            text = text.replace(ring_text(board), "")
    return text


def _image_leaks(state: Any, cast: dict, skill_names: set[str], ev: Event) -> list[Leak]:
    """A picture draws the strings of its board (engine/game/pictures.py); they obey the rule as text does."""
    out: list[Leak] = []
    for board in images_of(ev.data):
        if board.get("kind") == "cast":
            continue  # the end-of-game publication
        out += _public_leaks(state, cast, skill_names, "\n".join(strings(board)), " (image)")
        if board.get("kind") == "ring":
            # each seat's marks with its seat number: a role in a mark needs a public reveal
            for row in board["seats"]:
                line = f"{row['seat']}号 " + "，".join(row["marks"])
                out += [Leak(lk.rule, lk.text) for lk in _public_leaks(state, cast, skill_names, line, " (ring)")
                        if not any(m.startswith("翻牌") for m in row["marks"])]
    return out


def _public_leaks(state: Any, cast: dict, skill_names: set[str], text: str, where: str = "") -> list[Leak]:
    leaks: list[Leak] = []
    for clause in _CLAUSE.split(text):
        for seat in state.living():
            if not re.search(rf"(?<!\d){seat}号", clause):
                continue
            row = cast.get(seat)
            for word in (row.role, row.faction) if row else ():
                if word and word in clause:
                    leaks.append(Leak(f"{seat}号's {word} in the group{where}", text))
            for name in skill_names:
                if name in clause:
                    leaks.append(Leak(f"night action {name} of {seat}号 in the group{where}", text))
    return leaks


def page_leaks(ruleset: Ruleset, state: Any, page: str, private_texts: list[str]) -> list[Leak]:
    """A 导演台 response served to anyone who may not open the game (no session, another group's
    judge, a player-judge, a guessed id) must carry nothing hidden: no seat's role or faction, no
    private skill name, no text that was sent to one seat or team."""
    leaks: list[Leak] = []
    if state is not None:
        for row in ruleset.cast(state):
            for word in (row.role, row.faction):
                if word and word in page:
                    leaks.append(Leak(f"{row.seat}号's {word} on a console page", page[:200]))
        for name in private_skill_names(ruleset, state):
            if name in page:
                leaks.append(Leak(f"private skill {name} on a console page", page[:200]))
    for text in private_texts:
        line = text.strip().split("\n")[0]
        if len(line) >= 6 and line in page:
            leaks.append(Leak("a private message on a console page", line))
    return leaks
