"""One post per moment: what one input makes the bot say in the group, as one post.

The rules emit facts one by one (a card, a death, the vote result, the next phase).
A forum 导演 posts them as one 进程帖: what happened, in the order the rules
said it; the cards given as one 判罚公示 block; the 电梯楼 when a day begins
(engine/game/pictures.py: text and picture); and last, what is next and until when. `compose` does that to the events
of one input; the service routes the result (one group message, one forward).

A vote or a /报名 typed in the group is its own post (`own_post`): it is left out here and
acknowledged by the QQ layer without a message of its own (a reaction on it).

Pure: no clock (the phase line's "now" is the time the phase began, kept on its
event), no QQ. A post keeps its parts with their tags, so the leak audit judges
each part as it would the separate message.

Pictures: each event may carry boards to draw (engine/game/pictures.py); the post carries all of
theirs, in order, as `images` (the QQ layer sends them with the text).
"""

from __future__ import annotations

from ..core import GROUP, Event, own_post
from ..game import RUNNING, Game, phase_line
from ..game.pictures import images_of

CARDS_HEAD = "【判罚公示】"
FORWARD_BREAK = "\f"  # between the sections of one merged forward (players cannot type it: text is sanitised)


def _is_text_post(ev: Event) -> bool:
    return ev.audience.kind == "group" and ev.tag != "mute" and not own_post(ev)


def compose(game: Game, events: list[Event]) -> list[Event]:
    """The group events of one input → at most one post and one forward, where the first of them was."""
    posts = [e for e in events if _is_text_post(e) and not dict(e.data).get("forward")]
    forwards = [e for e in events if _is_text_post(e) and dict(e.data).get("forward")]
    if len(posts) <= 1 and len(forwards) <= 1 and not any(e.tag == "phase" for e in posts):
        return events
    merged: list[Event] = []
    if posts:
        merged.append(_post(game, posts))
    if forwards:
        text = FORWARD_BREAK.join(e.text for e in forwards)
        merged.append(Event(GROUP, text, "end" if all(e.tag == "end" for e in forwards) else "post",
                            (("forward", True), ("parts", tuple((e.tag, e.text) for e in forwards)))))
    out: list[Event] = []
    for ev in events:
        if _is_text_post(ev):
            out.extend(merged)
            merged = []
        else:
            out.append(ev)
    return out


def _post(game: Game, posts: list[Event]) -> Event:
    body = [e for e in posts if e.tag not in ("phase", "card")]
    cards = [e for e in posts if e.tag == "card"]
    phase = [e for e in posts if e.tag == "phase"]
    parts: list[tuple[str, str]] = [(e.tag, e.text) for e in body]
    if len(cards) > 1 or (cards and phase):
        parts.append(("card", CARDS_HEAD + "\n" + "\n".join(e.text for e in cards)))
    elif cards:
        parts.append(("card", cards[0].text))
    pictures = [e for e in posts if e.tag != "phase"]
    if phase and game.status == RUNNING:
        # the last phase entered: its 电梯楼 (a day opening for discussion), then what is next
        below = phase[-1].text.split("\n")[1:]
        if below:
            parts.append(("", "\n".join(below)))
        parts.append(("phase", _next_line(game, phase[-1])))
        pictures.append(phase[-1])
    if len(parts) == 1 and len(posts) == 1:
        return posts[0]
    images = [b for e in pictures for b in images_of(e.data)]
    data = (("parts", tuple(parts)),) + ((("images", tuple(images)),) if images else ())
    return Event(GROUP, "\n".join(t for _, t in parts), "post", data)


def _next_line(game: Game, banner: Event) -> str:
    """The phase line as it stands after the whole input (a 加速 on entry may have moved the close)."""
    at = dict(banner.data).get("at")
    return phase_line(game, at) if at is not None else banner.text.split("\n")[0]
