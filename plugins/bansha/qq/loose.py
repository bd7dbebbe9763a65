"""Forgiving forms of what players type on a phone (issue 25): the exact forms stay, these are added.

- a skill run together with its target, by PM: 「查验3」, 「刀三号」 (the bare 「查验 3」 has its own matcher);
- a skill typed as a /command by PM: 「/刀 3」, 「/查验3」 (in the group a secret skill is never used: the
  sender is told by PM how to use it, and the group hears nothing);
- a group message that is exactly 「投3」 (「投 3号」, 「投三号」, 「投弃权」) while a vote is open: a vote.

Nothing here reads a bare word in the group but 「投<目标>」, and that only from a living player who may vote
now: ordinary chat stays chat.
"""

from __future__ import annotations

from nonebot.adapters.onebot.v11 import GroupMessageEvent, MessageEvent

from .. import parse as parse
from ..engine.core.skills import Skill, find_skill
from ..engine.game import RUNNING, Game
from .call import Call, answer, current
from .commands.play import act
from .text import words_of


async def vote_open(event: MessageEvent) -> bool:
    """Is this group message 「投3」 from a living player of the group's game who may vote right now?"""
    svc = current()
    if not isinstance(event, GroupMessageEvent) or svc is None:
        return False
    if parse.parse_short_vote(words_of(event.get_message())) is None:
        return False
    game = await svc.group_game(event.group_id)
    if game is None or game.status != RUNNING or svc.self_ids.get(game.gid) != int(event.self_id):
        return False
    seat = game.seat_of(event.user_id)
    if seat is None or not game.state.alive[seat]:
        return False  # a dead player's 「投3」 is a post like any other (诈尸 is checked there)
    vote = find_skill(game.skills_of(seat), "投票")
    return vote is not None and game.rules.available(game.state, seat, vote) is None


def my_skills(games: list[Game], user: int) -> list[tuple[Game, Skill]]:
    """(game, skill) for every skill the user may type in his running games (not the automatic ones)."""
    out = []
    for game in games:
        seat = game.seat_of(user)
        if game.status == RUNNING and seat:
            out.extend((game, s) for s in game.skills_of(seat) if not s.mandatory)
    return out


async def typed_skill(call: Call, mine: list[tuple[Game, Skill]], word: str, rest: str) -> bool:
    """By PM: 「查验3 …」 or 「/刀 3」 naming one of the sender's skills is that skill, used (True); else False."""
    if call.in_group:
        return False
    skills = [s for _, s in mine]
    name, words = parse.skill_words(skills, word, parse.split_words(rest))
    if find_skill(skills, name) is None:
        return False

    async def use(call: Call) -> None:
        await act(call, await call.pm_game(), name, words)

    await answer(call, use)
    return True


def after_word(call: Call, word: str) -> str:
    """What the sender typed after `word` (the first word of the message, prefix or not)."""
    text = call.text
    at = text.find(word)
    return text[at + len(word):] if at >= 0 else ""
