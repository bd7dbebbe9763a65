"""潜水 (lurking), 003/004's fixed yellow cards: too few posts on a discussion day, no vote, a streak of thin days.

Counted by the forum part (engine/parts/forum.py: posts and votes per discussion day), judged here when the day
closes, and warned about in time by the reminders (engine/parts/reminders.py asks `lurk_quota`). A 替补 who took
a seat during the day owes only what the hours he held it are worth (docs/forum.md, 「替补」).

An engine part (engine/parts/__init__.py) over the forum's state. Pure: the close is the input's time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..game import decided
from ..game.part import Part
from . import forum

if TYPE_CHECKING:
    from ..game import Game
    from ..game.ctx import Ctx


def before_close(game: Game, ctx: Ctx) -> None:
    """The discussion day closes: 潜水 cards (unless 加速)."""
    if not forum.in_discussion(game) or not forum.opt(game, "潜水"):
        return
    fs = game.forum
    if fs.accelerated:
        ctx.judge("今天执行了加速，不判罚潜水。")
        return
    close = game.last_close if game.last_close is not None else ctx.at
    streak_days = forum.opt(game, "连续潜水天数")
    for seat in game.state.living():
        n = fs.posts.get(seat, 0)
        low, streak_bar, owes_vote = lurk_quota(game, seat, close)
        reasons = []
        if n < low:
            reasons.append(f"讨论日发言不足{low}帖（{n}帖）")
        if low or seat not in fs.joined:  # a 替补 who owed nothing today: the day neither counts nor breaks
            fs.low_streak[seat] = fs.low_streak.get(seat, 0) + 1 if n < streak_bar else 0
        if fs.low_streak.get(seat, 0) >= streak_days:
            reasons.append(f"连续{streak_days}个讨论日发言都不足{forum.opt(game, '连续潜水帖数')}帖")
            fs.low_streak[seat] = 0
        if forum.opt(game, "未投票黄牌") and owes_vote and seat not in fs.voted and forum.may_vote(game, seat):
            reasons.append("讨论日未投票")
        for why in reasons:
            if decided(game):
                return  # a red card just ended the game: nothing after the outcome
            forum.give_card(game, ctx, seat, 1, f"潜水：{why}", by=0)


def lurk_quota(game: Game, seat: int, close: float) -> tuple[int, int, bool]:
    """(posts, posts for the streak, whether a vote is owed) that keep this seat from a 潜水 card today.

    A 替补 who took the seat during today's discussion owes what the hours he held it are worth: each bar
    times the share of the day's discussion (开门 or the day's start, to 关门) left when he took it, rounded
    down. Held too briefly to owe even one post (the last fifth of a day), he owes no vote either: he has not
    had the time to read the thread, let alone to vote on it (docs/forum.md, 「替补」)."""
    fs = game.forum
    low, bar = forum.opt(game, "潜水帖数"), forum.opt(game, "连续潜水帖数")
    joined = fs.joined.get(seat)
    if joined is None:
        return low, bar, True
    start = fs.day_open if fs.day_open is not None else joined
    length = close - start
    share = 0.0 if length <= 0 else min(1.0, max(0.0, (close - max(joined, start)) / length))
    low = int(low * share + 1e-9)
    return low, int(bar * share + 1e-9), low > 0


def note_substitute(game: Game, seat: int, at: float) -> None:
    """A 替补 took the seat: during a discussion day his quotas count from now, and only his own posts; the
    streak of days under the bar was the old player's."""
    fs = game.forum
    fs.low_streak.pop(seat, None)
    if forum.in_discussion(game):
        fs.joined[seat] = at
        fs.posts.pop(seat, None)


def substitute_note(game: Game, seat: int) -> str:
    """What the 替补 owes today to stay clear of 潜水 cards (a private line), or "" when nothing is special."""
    if seat not in game.forum.joined or not forum.opt(game, "潜水") or game.deadline is None:
        return ""
    low, _, owes_vote = lurk_quota(game, seat, game.deadline)
    if not low:
        return "你接替时今天的讨论已近尾声：今天不会因潜水（发言不足、未投票）被判罚。"
    vote = "并投票" if forum.opt(game, "未投票黄牌") and owes_vote else ""
    return f"今天的潜水要求按你接替的时间折算：关门前发言至少 {low} 帖{vote}（接替前这个座位的发言不算你的）。"


class Lurk(Part):
    key = "lurk"

    def before_close(self, game: Game, ctx: Ctx) -> None:
        before_close(game, ctx)


PART = Lurk()
