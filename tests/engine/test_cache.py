"""The engine's one cache (engine/core/cache.py): every answer it keeps equals the ruleset's own — after every input
and at every call the engine and the agents make, over random games of every ruleset — whether kept for the
current input or across inputs by a ruleset's declared `reuse` key; and the check can fail."""

from __future__ import annotations

import pytest
from longrun import LONG

from plugins.bansha.engine.agents.play import play_game
from plugins.bansha.engine.core import cache
from plugins.bansha.engine.core.cache import Stale
from plugins.bansha.engine.game import registry

GAMES_PER_RULESET = 500 if LONG else 30  # (2,000 took ten minutes of make test-long with every answer checked)


def _boards(rules) -> list[dict]:
    """Every named board of the game (option 板子) and its default, so each board's roles are played."""
    tempo = {"节奏": rules.default_tempo}
    return [tempo] + [tempo | {"板子": b} for b in rules.boards]


def play_checked(rules, games: int, first_seed: int = 0) -> int:
    """Random games of `rules`, every kept answer checked; returns the number of inputs checked."""
    checked = 0

    def observe(game, _inp, _events):
        nonlocal checked
        if game.state is None:
            return
        for _ in range(2):  # the second ask is served from the cache (and checked, VERIFY)
            assert game.pending() == rules.pending(game.state), f"seed {game.seed} input {game.seq}: pending"
            assert game.verdict() == rules.outcome(game.state), f"seed {game.seed} input {game.seq}: outcome"
        checked += 1

    boards = _boards(rules)
    for seed in range(first_seed, first_seed + games):
        options = boards[seed % len(boards)]
        sizes = rules.sizes(options)
        play_game(rules, sizes[seed % len(sizes)], seed, dict(options), observe=observe, texts=seed % 2 == 1)
    return checked


@pytest.fixture
def verify(monkeypatch):
    monkeypatch.setattr(cache, "VERIFY", True)


@pytest.mark.long
@pytest.mark.parametrize("key", [r.key for r in registry.all_rulesets()])
def test_kept_answers_equal_the_rulesets_own(key, verify):
    rules = registry.get(key)
    assert play_checked(rules, GAMES_PER_RULESET) > GAMES_PER_RULESET * 10


def test_a_reuse_key_that_misses_a_fact_is_caught(verify, monkeypatch):
    """The check can fail: a 狼人杀 whose declared outcome key leaves out who is alive serves a stale verdict."""
    rules = registry.get("werewolf")
    monkeypatch.setattr(type(rules), "reuse", {"outcome": lambda state: state.phase})  # misses every death
    with pytest.raises(Stale):
        play_checked(rules, 5)


def test_a_change_between_inputs_behind_the_engines_back_is_caught(verify):
    """Between two inputs the state stands still, so an answer is kept for the input; a state changed by hand
    (nothing in the engine does) serves a stale answer, and the check says so."""
    rules = registry.get("werewolf")

    def observe(game, _inp, _events):
        owed = game.pending() if game.state is not None else set()
        if owed:
            game.state.done.update(owed)  # they all acted, behind the engine's back
            game.pending()

    with pytest.raises(Stale):
        play_game(rules, 9, 1, observe=observe, texts=False)


def test_no_ruleset_keeps_anything_of_its_own():
    """A ruleset holds no cache and marks nothing: nothing wraps its methods, no file attaches keys."""
    for rules in registry.all_rulesets():
        for name in ("pending", "outcome", "skills_of", "legal"):
            fn = getattr(type(rules), name)
            assert not hasattr(fn, "__wrapped__"), f"{rules.key}.{name} is wrapped"
        assert set(rules.reuse) <= {"pending", "outcome"}, rules.key


@pytest.mark.parametrize("key", [r.key for r in registry.all_rulesets()])
def test_skipping_the_text_changes_no_move_and_no_result(key):
    """`play_game(texts=False)` (the simulator, the bench) plays the same game as with every text formatted:
    the same inputs, the same events' data and the same outcome, for each kind of agent; only the judge's
    record is not kept."""
    from plugins.bansha.tools.sim import AGENTS, build_options

    rules = registry.get(key)
    options = build_options(rules)
    n = rules.sizes(options)[0]
    for kind, agent in AGENTS.items():
        for seed in (1, 2):
            events: dict[bool, list] = {True: [], False: []}
            runs = {}
            for texts in (True, False):
                def observe(_game, _inp, evs, sink=events[texts]):
                    sink.extend((e.audience, e.tag, e.data) for e in evs if e.audience.kind != "judge" and e.tag != "prompt")

                runs[texts] = play_game(rules, n, seed, dict(options), agent, record=True, observe=observe, texts=texts)
            full, bare = runs[True], runs[False]
            assert [(i.kind, i.actor, i.args) for i in bare.inputs] == [(i.kind, i.actor, i.args) for i in full.inputs], kind
            assert bare.game.outcome == full.game.outcome and events[False] == events[True], kind
            assert full.game.timeline and not bare.game.timeline
            assert all(not e.data for e in full_prompts(rules, n, seed, options, agent))


def full_prompts(rules, n, seed, options, agent):
    """The prompts of a game with its texts: what `texts=False` leaves out carries no data."""
    out = []
    play_game(rules, n, seed, dict(options), agent, observe=lambda _g, _i, evs: out.extend(e for e in evs if e.tag == "prompt"))
    return out
