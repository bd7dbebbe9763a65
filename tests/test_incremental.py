"""The kept `pending()`/`outcome()` (engine/incremental.py) equal the from-scratch ones, after every input and
at every call the engine and the agents make, over random games of every ruleset: kept by a ruleset's key, or
by the simulator's seal between inputs."""

from __future__ import annotations

import pytest
from conftest import LONG

from plugins.bansha.engine import incremental, registry
from plugins.bansha.engine.agent import play_game
from plugins.bansha.engine.incremental import Stale, scratch_outcome, scratch_pending

GAMES_PER_RULESET = 2000 if LONG else 30


def _boards(rules) -> list[dict]:
    """Every named board of the game (option 板子) and its default, so each board's roles are played."""
    tempo = {"节奏": rules.default_tempo}
    return [tempo] + [tempo | {"板子": b} for b in rules.boards]


def play_checked(rules, games: int, first_seed: int = 0) -> int:
    """Random games of `rules`, the kept answers checked; returns the number of inputs checked."""
    checked = 0

    def observe(game, _inp, _events):
        nonlocal checked
        if game.state is None:
            return
        kept_pending, kept_outcome = rules.pending(game.state), rules.outcome(game.state)
        fresh_pending, fresh_outcome = scratch_pending(rules, game.state), scratch_outcome(rules, game.state)
        assert kept_pending == fresh_pending, f"seed {game.seed} input {game.seq}: pending {kept_pending} ≠ {fresh_pending}"
        assert kept_outcome == fresh_outcome, f"seed {game.seed} input {game.seq}: outcome {kept_outcome} ≠ {fresh_outcome}"
        checked += 1

    boards = _boards(rules)
    for seed in range(first_seed, first_seed + games):
        options = boards[seed % len(boards)]
        sizes = rules.sizes(options)
        # every other game as the simulator plays it (no texts): there the state is also sealed between inputs
        play_game(rules, sizes[seed % len(sizes)], seed, dict(options), observe=observe, texts=seed % 2 == 1)
    return checked


@pytest.fixture
def verify(monkeypatch):
    monkeypatch.setattr(incremental, "VERIFY", True)


@pytest.mark.long
@pytest.mark.parametrize("key", [r.key for r in registry.all_rulesets()])
def test_kept_answers_equal_the_from_scratch_ones(key, verify):
    rules = registry.get(key)
    assert play_checked(rules, GAMES_PER_RULESET) > GAMES_PER_RULESET * 10


def test_a_key_that_misses_a_fact_is_caught(verify):
    """The check can fail: a 狼人杀 whose outcome key leaves out who is alive serves a stale verdict."""
    base = registry.get("werewolf")

    class Forgetful(type(base)):
        def outcome_key(self, state):
            return state.phase  # misses every death

        def pending_key(self, state):
            return state.day  # misses every vote and every new phase

    with pytest.raises(Stale):
        play_checked(Forgetful(), 5)


def test_a_change_under_the_seal_is_caught(verify):
    """The check covers the seal too: a state changed between inputs without unsealing it (nothing in the
    engine does; here a test's hand) serves a stale answer, and the check says so."""
    rules = registry.get("werewolf")

    def observe(game, _inp, _events):
        owed = rules.pending(game.state) if game.state is not None else set()
        if owed:
            game.state.done.update(owed)  # they all acted, behind the seal's back
            rules.pending(game.state)

    with pytest.raises(Stale):
        play_game(rules, 9, 1, observe=observe, texts=False)


@pytest.mark.parametrize("key", [r.key for r in registry.all_rulesets()])
def test_skipping_the_text_changes_no_move_and_no_result(key):
    """`play_game(texts=False)` (the simulator, the bench) plays the same game as with every text formatted:
    the same inputs, the same events' data and the same outcome, for each kind of agent; only the judge's
    record is not kept."""
    from plugins.bansha.sim import AGENTS, build_options

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
