"""Agents that play from the declarations alone, and a driver that plays whole games.

The random agent is the fuzzer's and the simulator's baseline: it only ever
chooses among `legal` choices (plus passing), so any refusal it meets is an
engine/ruleset disagreement worth a bug report.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..core import Action, Input, Refusal
from ..core.rng import Rng
from ..game import ENDED, RUNNING, Game, apply, registry
from ..game.ruleset import Ruleset
from .deduce import Say


def random_action(ruleset: Ruleset, state: Any, seat: int, rng: Rng) -> Action | None:
    """One random legal action for the seat, or None to pass."""
    choices = ruleset.legal(state, seat)
    if not choices:
        return None
    pick = rng.choice(choices)
    skill = pick.skill
    k = skill.targets
    if skill.min_targets is not None and skill.min_targets < k:
        k = rng.randint(skill.min_targets, k)
    cands = list(pick.candidates)
    if len(cands) < k:
        return None
    targets = tuple(_sample(rng, cands, k)) if skill.distinct else tuple(rng.choice(cands) for _ in range(k))
    words = (rng.choice(skill.words),) if skill.words and not targets and rng.chance(0.5) else ()
    reason = VOTE_REASON if skill.name in ("投票", "改票") else ""  # 003/004 refuse a vote without one
    return Action(skill=skill.key, targets=targets, words=tuple(w for w in words if w != "弃权"), reason=reason)


VOTE_REASON = "随机投票"


def _sample(rng: Rng, pool: list[int], k: int) -> list[int]:
    """k distinct items, uniformly: a Fisher-Yates shuffle stopped after k draws (the agent's pick of one
    target costs one draw, not one per candidate)."""
    n = len(pool)
    for i in range(k):
        j = i + rng.below(n - i)
        pool[i], pool[j] = pool[j], pool[i]
    return pool[:k]


Agent = Callable[[Ruleset, Any, int, Rng], "Action | None"]


def agent_for(ruleset: Ruleset) -> Agent:
    """The game's own random agent when it has one — `random_agent` in plugins/<game>/agent.py, for games
    whose moves need several words — else the generic one built from the declarations."""
    return getattr(registry.game_module(ruleset, "agent"), "random_agent", None) or random_action


@dataclass
class PlayResult:
    game: Game
    inputs: list[Input]
    refusals: int


def play_game(
    ruleset: Ruleset,
    n: int,
    seed: int,
    options: dict[str, Any] | None = None,
    agent: Agent | Any | None = None,
    max_steps: int = 5000,
    record: bool = False,
    observe: Callable[[Game, Input, list], None] | None = None,
    social: bool = False,
    texts: bool = True,
) -> PlayResult:
    """Play one game to its end with `agent` for every seat, entirely in memory.

    Each step, every seat that owes an action gets one chance; when nobody
    acts, the phase's deadline fires. Returns the finished game and, with
    `record`, the inputs (for replay checks). `observe(game, input, events)` sees every
    accepted input (for audits). With `social`, a spectator and an all-seeing spectator watch,
    and every seat admitted to the dead chat (and the spectator) talks there now and then. Without `texts`
    (the simulator, the bench) the game skips the text nobody reads (`Game.texts`): the judge's record and
    the clock in phase banners.

    `agent` is either a function of the state (the random and cautious agents) or a table agent
    (engine/agents/deduce.py) whose minds are told each seat's events and choose from its legal moves;
    a table agent's seats may also post in the group (its table talk) when a phase begins.
    """
    agent = agent or agent_for(ruleset)
    game = Game.new(1, ruleset, group=1, owner=1, seed=seed, options=dict(options or {}))
    if not texts:
        game.texts = game.keep_record = False
    arng = Rng.seeded(seed ^ 0x5DEECE66D)
    inputs: list[Input] = []
    refusals = 0
    clock = 1_700_000_000.0
    table = None

    def feed(inp: Input, seat: int = 0, made: Any = None) -> bool:
        nonlocal refusals
        try:
            events = apply(game, inp)
        except Refusal:
            refusals += 1
            return False
        if observe is not None:
            observe(game, inp, events)
        if record:
            inputs.append(inp)
        if table is not None:
            if made is not None:
                table.accepted(seat, made)  # the seat's own move comes before what it caused
            table.deliver(events, game.seat_of(inp.actor) or 0 if inp.actor else 0)
        return True

    def move(seat: int, act: Any) -> bool:
        qq = game.qq_of(seat)
        if act is None:
            return feed(Input.make("pass", qq, clock))
        if table is not None and isinstance(act, Say):
            return say(seat, act)
        skill = next((s for s in game.skills_of(seat) if s.key == act.skill), None)
        name = skill.name if skill else act.skill
        via = "group" if skill is not None and skill.public else "pm"
        return feed(Input.make("act", qq, clock, skill=name, words=_words(act), via=via, reason=act.reason), seat, act)

    def say(seat: int, post: Say) -> bool:
        if post.last_words:
            return feed(Input.make("lastwords", game.qq_of(seat), clock, text=post.text), seat, post)
        if ruleset.may_speak(game.state, seat):
            return feed(Input.make("speak", game.qq_of(seat), clock, text=post.text), seat, post)
        return False

    for i in range(n):
        feed(Input.make("join", 100 + i, clock, name=f"P{i + 1}"))
    if hasattr(agent, "new_table"):
        table = agent.new_table(ruleset, n, seed)
    if social:
        feed(Input.make("watch", SPECTATOR, clock, name="观众"))
        feed(Input.make("judge", 1, clock, sub="观战", qq=SPECTATOR + 1, name="全知者"))
    feed(Input.make("start", 1, clock))
    talked = -1
    for step in range(max_steps):
        if social and step % 3 == 0 and game.status == RUNNING:
            _dead_talk(game, clock, feed)
        if game.status != RUNNING:
            break
        clock += 1
        acted = False
        phase_no = game.phase_no
        if table is not None and talked != phase_no:
            talked = phase_no  # the table talk of a new phase comes before anyone acts in it
            for seat in range(1, n + 1):
                post = table.talk(seat)
                if post is not None:
                    acted |= say(seat, post)
                if game.status != RUNNING or game.phase_no != phase_no:
                    break
            if game.status != RUNNING or game.phase_no != phase_no:
                continue
        state = game.state
        owed = game.pending()
        for seat in sorted(owed):
            if seat not in owed:
                continue  # an earlier move this step changed who owes an action (a death, a shot)
            act = table.decide(ruleset, game.state, seat) if table is not None else agent(ruleset, state, seat, arng)
            moved = move(seat, act)
            acted |= moved
            if game.status != RUNNING or game.phase_no != phase_no:
                break
            if moved:  # a refused input changed nothing: who owes an action is as it was
                owed = game.pending()
        if not acted and game.status == RUNNING:
            clock = max(clock, game.deadline or clock)
            feed(Input.make("deadline", 0, clock, phase_no=game.phase_no))
    if game.status != ENDED:
        raise RuntimeError(f"game did not end within {max_steps} steps (seed {seed})")
    return PlayResult(game, inputs, refusals)


SPECTATOR = 900  # the QQ of play_game's spectator (the all-seeing one is the next number)


def _dead_talk(game: Game, clock: float, feed: Callable[[Input], bool]) -> None:
    """Every seat in the dead chat, and the spectator, say something there."""
    from ..parts.social import dead_seats

    for seat in dead_seats(game):
        feed(Input.make("deadchat", game.qq_of(seat), clock, text=f"{seat}号在亡者聊天说话"))
    feed(Input.make("deadchat", SPECTATOR, clock, text="观众在亡者聊天说话"))


def _words(act: Action) -> tuple[str, ...]:
    return tuple("弃权" if t == 0 else str(t) for t in act.targets) + act.words
