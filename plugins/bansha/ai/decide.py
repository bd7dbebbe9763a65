"""One decision slot of one AI seat: what the seat does now, as the input a player's command would make.

In order, the first that applies: the seat's table talk for this phase (a checker's claim, 纳塔's 遗言 of
the dead), a word in its team channel when its team chooses tonight (the pack agrees on a kill), the
action it owes (its mind's choice among `legal`, a vote with a reason, a 遗言 when it is the seat's turn to
leave one, else a pass), a post towards the forum's 潜水 quota (or one word on a quick day), and, once it
has nothing to add, a 加速 request. Nothing else of the game is read but what the seat itself may know:
its own legal choices and whether it still owes an action (what /身份 tells it), the public forum
counters (its own posts, 加速), and its mind.

Pure: the game, the seat's mind and a seed in, a `Move` out.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..engine.agents.deduce import SAYS_PER_PHASE, Mind, Say, is_vote
from ..engine.core import ABSTAIN, Action
from ..engine.game import Game
from ..engine.game.ruleset import LegalChoice
from ..engine.parts import forum
from .minds import MindTable
from .speech import Speech, suspect_of, vote_speech

QUICK_POSTS = 1  # on a quick discussion day an AI seat says at least one thing


@dataclass
class Move:
    task: str  # talk | chat | act | pass | words | filler | speed
    kind: str  # the input kind
    args: dict[str, Any] = field(default_factory=dict)
    speech: Speech | None = None  # what to say; rendered into `field` (speech.render, or the LLM)
    field: str = "text"
    made: Action | Say | None = None
    mind: Mind | None = None  # the copy that decided: the seat's mind once the game takes the input
    fallback: Move | None = None  # what to submit when the game refuses this (a pass, a vote without a reason)


def wanted(game: Game, table: MindTable | None, seat: int) -> bool:
    """Whether the seat may have something to do in this phase at all (else it gets no slots)."""
    state = game.state
    if state is None:
        return False
    if state.alive[seat] or seat in game.rules.pending(state):
        return True
    return table is None or (seat not in table.words and seat not in table.tried)


def decide(game: Game, table: MindTable, seat: int, seed: int, now: float) -> Move | None:
    rules, state = game.rules, game.state
    mind = table.copy_of(seat, seed)
    alive = bool(state.alive[seat])
    spec = rules.phases.get(state.phase)
    discussion = bool(spec and spec.discussion)
    pending = seat in rules.pending(state)
    legal = rules.legal(state, seat)
    if mind.says == 0 and (not alive or rules.may_speak(state, seat)):
        post = mind.talk()
        if post is not None:
            return _say(post, mind, game, seat)
    if alive and (game.ai.entered, seat) not in table.chatted:
        move = _team_chat(game, seat, mind, legal)
        if move is not None:
            return move
    if pending:
        return _owed(game, table, seat, mind, legal)
    if not alive:
        if seat not in table.words and seat not in table.tried:
            table.tried.add(seat)  # one try: a seat whose rules give it no 遗言 is refused, and then left alone
            return _words(mind, seat)
        return None
    if discussion and rules.may_speak(state, seat):
        return _table_talk(game, seat, mind, now)
    return None


def _say(post: Say, mind: Mind, game: Game, seat: int) -> Move:
    claim = post.facts()
    speech = Speech("claim", claim) if claim.get("role") or claim.get("checks") else _chatter(mind)
    if post.last_words:
        return Move("words", "lastwords", {"claim": _json(claim)}, speech, made=post, mind=mind)
    return Move("talk", "aisay", {"claim": _json(claim)}, speech, made=post, mind=mind)


def _team_chat(game: Game, seat: int, mind: Mind, legal: list[LegalChoice]) -> Move | None:
    """Wolves talk before they kill: propose a target, or agree with a mate's."""
    team = [c for c in legal if c.skill.team and c.skill.targets]
    if not team:
        return None
    channels = game.rules.channels(game.state, seat)
    channel = next((ch for ch in channels if team[0].skill.team in (ch.key, ch.name)), None)
    if channel is None and len(channels) == 1:
        channel = channels[0]
    if channel is None:
        return None
    action = mind.choose(team[0])
    if action is None or not action.targets or action.targets[0] == ABSTAIN:
        return None
    target = action.targets[0]
    pack = getattr(mind, "pack", {})
    how = "agree" if any(t == target for m, t in pack.items() if m != seat) else "propose"
    prefix = channel.name + " " if len(channels) > 1 else ""
    return Move("chat", "chat", {"ai_target": target, "prefix": prefix}, Speech("team", {"t": target, "how": how}),
                mind=mind)


def _owed(game: Game, table: MindTable, seat: int, mind: Mind, legal: list[LegalChoice]) -> Move:
    move = mind.act(legal)
    if isinstance(move, Say) and mind.says >= SAYS_PER_PHASE:
        move = None
    if isinstance(move, Say):
        return _say(move, mind, game, seat)
    if isinstance(move, Action):
        skill = next((c.skill for c in legal if c.skill.key == move.skill), None)
        if skill is not None:
            return _act(game, mind, move, skill)
    if not legal and seat not in table.words:  # owed with nothing to choose: the seat's turn for 遗言
        words = _words(mind, seat)
        words.fallback = Move("pass", "pass", mind=mind)  # not this seat's 遗言 after all
        return words
    return Move("pass", "pass", mind=mind)


def _act(game: Game, mind: Mind, action: Action, skill) -> Move:
    words = tuple("弃权" if t == ABSTAIN else str(t) for t in action.targets) + action.words
    via = "group" if skill.public or is_vote(skill) else "pm"
    args = {"skill": skill.name, "words": words, "via": via, "ai_key": action.skill}
    if action.text:
        args["text"] = action.text
    if is_vote(skill):
        target = action.targets[0] if action.targets else ABSTAIN
        electing = "elect" in str(game.state.phase) or "警长" in game.rules.phase_label(game.state)
        bare = Move("act", "act", args, made=action, mind=mind)  # 纳塔's 寡言: a vote without a reason
        return Move("act", "act", args, vote_speech(mind, target, electing), field="reason", made=action, mind=mind,
                    fallback=bare)
    return Move("act", "act", args, made=action, mind=mind)


def _words(mind: Mind, seat: int) -> Move:
    suspect, trusted = suspect_of(mind)
    return Move("words", "lastwords", {}, Speech("words", {"s": suspect, "g": trusted}), mind=mind)


def _chatter(mind: Mind) -> Speech:
    suspect, trusted = suspect_of(mind)
    return Speech("chatter", {"s": suspect, "g": trusted})


def _table_talk(game: Game, seat: int, mind: Mind, now: float) -> Move | None:
    """Posts towards the 潜水 quota (论坛), one word on a quick day, then 加速 when there is nothing to add."""
    fs = game.forum
    posts = fs.posts.get(seat, 0)
    quota = int(forum.opt(game, "潜水帖数") or 0) if forum.opt(game, "潜水") else QUICK_POSTS
    if posts < quota:
        return Move("filler", "aisay", {}, _chatter(mind), mind=mind)
    asked = any(seat in seats for seats in fs.requests.values())
    cut = forum.opt(game, "加速截止")
    late = cut and game.deadline is not None and game.deadline - now < cut
    if not asked and not fs.accelerated and not late and seat not in game.rules.pending(game.state):
        return Move("speed", "speed", {"which": "加速"}, mind=mind)
    return None


def _json(claim: dict[str, Any]) -> dict[str, Any]:
    return {k: ([list(x) for x in v] if k == "checks" else v) for k, v in claim.items()}
