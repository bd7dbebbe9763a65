"""The one chaos-fuzz driver every game's fuzz tests use (a helper module, no tests of its own).

`play_chaos` plays a game in memory with the inputs a careless or hostile table sends: half the time a
legal move of a seat that owes one (so the game moves on), otherwise anything — another seat's skill,
targets out of range, a stale deadline, 遗言 from the living, chat without a channel, text that looks like
a CQ code. Every refused input must leave the game exactly as it was and say why; every accepted input's
events go through the game's `audit`; at the end the accepted log replays to the same game, bit for bit.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from plugins.bansha.engine import ABSTAIN, Action, Event, Game, Input, Refusal, Rng, Ruleset, apply
from plugins.bansha.engine.agents.play import Agent, agent_for, random_action
from plugins.bansha.engine.game import RUNNING

T0 = 1_700_000_000.0
Audit = Callable[[Game, list[Event]], None]


@dataclass(frozen=True)
class Vocabulary:
    """What a hostile player types besides legal moves: skill names (often not their own) and extra words."""

    skills: Sequence[str]
    words: Sequence[str] = ("弃权",)
    max_targets: int = 3  # seat numbers after a skill name: 0 … this many, some out of range

    @classmethod
    def dealt(cls, game: Game) -> Vocabulary:
        """Every skill name, alias and word of the skills dealt at this table."""
        skills, words = set(), {"弃权"}
        for seat in range(1, game.state.n + 1):
            for s in game.rules.skills_of(game.state, seat):
                skills.update((s.name, *s.aliases))
                words.update(s.words)
        return cls(sorted(skills), sorted(words))


def move_input(game: Game, seat: int, act: Action | None, clock: float) -> Input:
    """A seat's chosen move as the QQ layer would log it (a public skill typed in the group)."""
    qq = game.qq_of(seat)
    if act is None:
        return Input.make("pass", qq, clock, skill="")
    skill = next(s for s in game.rules.skills_of(game.state, seat) if s.key == act.skill)
    words = tuple("弃权" if t == ABSTAIN else str(t) for t in act.targets) + act.words
    via = "group" if skill.public else "pm"
    return Input.make("act", qq, clock, skill=skill.name, words=words, via=via, reason="理由")


def hostile_input(game: Game, rng: Rng, clock: float, vocab: Vocabulary, agent: Agent | None = None) -> Input:
    """One input from the chaos table (see the module docstring)."""
    rules = game.rules
    state = game.state
    n = state.n
    pending = sorted(rules.pending(state))
    if pending and rng.chance(0.5):
        seat = rng.choice(pending)
        chosen = agent or agent_for(rules)
        act = (chosen if rng.chance(0.7) else random_action)(rules, state, seat, rng)
        if act is not None:
            return move_input(game, seat, act, clock)
    qq = game.qq_of(rng.randint(1, n))
    roll = rng.below(12)
    if roll == 0:
        return Input.make("pass", qq, clock, skill=rng.choice(["", *vocab.skills]))
    if roll == 1:
        return Input.make("lastwords", qq, clock, text=rng.choice(["我是好人", "[CQ:at,qq=all]", ""]))
    if roll == 2:
        return Input.make("chat", qq, clock, text=rng.choice(["刀谁", "[CQ:image,file=x.jpg]"]))
    if roll == 3:
        return Input.make("relay", qq, clock, target=str(rng.randint(0, n + 1)), text="悄悄话")
    if roll == 4:
        return Input.make("speak", qq, clock, text=rng.choice(["喵", "汪！", "我是预言家"]))
    if roll == 5:
        return Input.make("deadline", 0, clock, phase_no=game.phase_no - rng.below(2))
    words = [str(rng.randint(0, n + 1)) for _ in range(rng.below(vocab.max_targets + 1))]
    if vocab.words and rng.chance(0.2):
        words.append(rng.choice(list(vocab.words)))
    return Input.make("act", qq, clock, skill=rng.choice(list(vocab.skills)), words=tuple(words),
                      via=rng.choice(["pm", "group"]), reason=rng.choice(["", "理由"]))


def replay(rules: Ruleset, seed: int, options: dict, inputs: Sequence[Input],
           audit: Audit | None = None) -> tuple[Game, list[Event]]:
    """The log applied to a fresh game (each input through JSON, as the database stores it); returns the
    game and every event it produced."""
    fresh = Game.new(1, rules, group=1, owner=1, seed=seed, options=dict(options))
    produced: list[Event] = []
    for inp in inputs:
        events = apply(fresh, Input.from_json(copy.deepcopy(inp.to_json())))
        if audit is not None:
            audit(fresh, events)
        produced += events
    return fresh, produced


def play_chaos(rules: Ruleset, n: int, seed: int, options: dict, vocab: Vocabulary | None = None, *, agent: Agent | None = None,
               audit: Audit | None = None, steps: int = 3000, deadline_chance: float = 0.08) -> Game:
    """One chaos game (see the module docstring); returns it after checking that its log replays exactly.
    Without a `vocab`, the hostile words are the skills dealt at this table (`Vocabulary.dealt`)."""
    game = Game.new(1, rules, group=1, owner=1, seed=seed, options=dict(options))
    rng = Rng.seeded(seed * 7919 + n)
    clock = T0
    log: list[Input] = []

    def accept(inp: Input) -> None:
        events = apply(game, inp)
        if audit is not None:
            audit(game, events)
        log.append(inp)

    for i in range(n):
        accept(Input.make("join", 100 + i, clock, name=f"P{i + 1}"))
    accept(Input.make("start", 1, clock))
    vocab = vocab or Vocabulary.dealt(game)
    for _ in range(steps):
        if game.status != RUNNING:
            break
        clock += 1
        inp = hostile_input(game, rng, clock, vocab, agent)
        before = copy.deepcopy(game)
        try:
            accept(inp)
        except Refusal as err:
            assert err.message and game == before, inp
            continue
        if game.status == RUNNING and rng.chance(deadline_chance):  # and sometimes time runs out
            clock += 1
            accept(Input.make("deadline", 0, clock, phase_no=game.phase_no))
    fresh, _ = replay(rules, seed, options, log)
    assert fresh == game, f"seed {seed}: the chaos game does not replay"
    return game
