"""/票型: the vote under way, as it stands — who has voted for whom so far, and who has not yet.

A query, not an input: it changes nothing, so it is not logged (the QQ layer throttles it per group). The
votes themselves are public posts; the counts are shown unless the rules hide them (004's 票数公开=关:
「投票内容公开，但投票计数隐藏」). Counts here are heads, one per ballot: weights (the 警长's two votes)
are the game's and apply at the count. Pure.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core import Refusal
from ..game import RUNNING, pictures
from . import forum, reminders

if TYPE_CHECKING:
    from ..game import Game


def vote_phase(game: Game) -> bool:
    """Is a vote under way: a discussion day, someone voted in this phase, or someone may vote now."""
    if forum.in_discussion(game) or game.forum.ballots:
        return True
    state, rules = game.state, game.rules
    return any(c.skill.name == "投票" for s in state.living() for c in rules.legal(state, s))


def text(game: Game) -> str:
    """The one post /票型 makes, or a Refusal saying why there is none."""
    if game.status != RUNNING:
        raise Refusal("游戏还没有开始，没有票型。")
    if not vote_phase(game):
        raise Refusal(f"现在是「{game.rules.phase_label(game.state)}」，不是投票阶段，没有票型。")
    fs = game.forum
    public = forum.opt(game, "票数公开")
    counts: dict[int, float] = {}
    for target in fs.ballots.values():
        counts[target] = counts.get(target, 0) + 1
    board = pictures.votes(game, "票型", fs.ballots, counts if public else None, [])
    label = f"{game.rules.phase_label(game.state)}" + (f" {fs.ballot_label}" if fs.ballot_label else "")
    waiting = reminders.owing(game)
    head = f"【票型】{label}：已投 {len(fs.ballots)} 人" + (f"，未投 {len(waiting)} 人" if waiting else "")
    lines = [head]
    for row in board["rows"]:
        count = f"（{row['count']}票）" if row["count"] is not None else ""
        lines.append(f"{row['label']}{count} ← {'、'.join(v.split(' ')[0] for v in row['voters'])}")
    if not board["rows"]:
        lines.append("还没有人投票。")
    if waiting:
        lines.append("未投：" + "、".join(f"{s}号" for s in waiting))
    if not public:
        lines.append("（本局投票计数隐藏，只列出谁投了谁。）")
    return "\n".join(lines)

