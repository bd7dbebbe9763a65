"""The information-state agents (`--agent deduce`): each seat decides only from what it was told.

The proof that a mind uses only its own view: at every decision of whole games, shuffle what the seat
cannot know — the roles (levels, classes, factions…) of the other seats, its teammates kept where they are
— and ask a copy of the same mind, through the same `Table.decide` the simulator calls, to decide in the
shuffled game. Wherever the seat's legal choices are unchanged (its observations are the same), the
decision must be the same. A table that leaks the state to its minds fails this check (the last test).
"""

from __future__ import annotations

import copy

import pytest
from hidden import HIDDEN, shuffled

from plugins.bansha.engine import Action
from plugins.bansha.engine.agents.deduce import DEDUCE, Mind, Say, Table
from plugins.bansha.engine.agents.play import play_game
from plugins.bansha.engine.core.rng import Rng
from plugins.bansha.engine.game import registry
from plugins.bansha.tools import sim


class ShuffleProbe:
    """A table agent wrapping another: before each real decision, the same mind (a copy) decides in a
    shuffled copy of the game; the two must agree whenever the seat's legal choices agree."""

    def __init__(self, inner, names: tuple[str, ...], seed: int):
        self.inner = inner
        self.names = names
        self.rng = Rng.seeded(seed)
        self.checked = self.skipped = 0
        self.mismatches: list[str] = []

    def new_table(self, ruleset, n, seed):
        table = self.inner.new_table(ruleset, n, seed)
        real = table.decide
        probe = self

        def decide(ruleset, state, seat):
            mind = table.minds[seat]
            twin = Table({seat: copy.deepcopy(mind)})
            other = shuffled(state, seat, mind.mates, probe.names, probe.rng)
            try:
                same_view = ruleset.legal(other, seat) == ruleset.legal(state, seat)
            except Exception:  # the shuffle broke an invariant of this ruleset's state: nothing to compare
                same_view = False
            alt = twin.decide(ruleset, other, seat) if same_view else None
            move = real(ruleset, state, seat)
            if same_view:
                probe.checked += 1
                if alt != move:
                    probe.mismatches.append(f"seat {seat} day {state.day} {state.phase}: {move} vs {alt}")
            else:
                probe.skipped += 1
            return move

        table.decide = decide
        return table


@pytest.mark.parametrize("key", sorted(r.key for r in registry.offered()))
def test_decisions_do_not_change_when_what_the_seat_cannot_know_is_shuffled(key):
    ruleset = registry.get(key)
    spec = sim.specs_for(key, agent="deduce")[0]
    probe = ShuffleProbe(DEDUCE, HIDDEN[key], seed=7)
    for seed in range(3):
        play_game(ruleset, spec.players, seed, dict(spec.options), probe)
    assert probe.mismatches == []
    assert probe.checked >= 100 and probe.checked > 4 * probe.skipped, (probe.checked, probe.skipped)


class Peeker(Mind):
    """A regression the check must catch: a mind handed the state, voting for a real wolf."""

    state = None

    def act(self, choices):
        for c in choices:
            if c.skill.key == "vote" and self.state is not None:
                wolves = [t for t in c.candidates if t and self.state.kind(t) == "wolf" and t != self.seat]
                if wolves:
                    return Action("vote", (wolves[0],))
        return super().act(choices)


class LeakyAgent:
    def new_table(self, ruleset, n, seed):
        table = Table({s: Peeker(s, n, Rng.seeded(seed * 31 + s)) for s in range(1, n + 1)})
        real = table.decide

        def decide(ruleset, state, seat):
            table.minds[seat].state = state  # the leak
            return real(ruleset, state, seat)

        table.decide = decide
        return table


def test_the_shuffle_check_catches_a_mind_that_reads_the_state():
    ruleset = registry.get("werewolf")
    probe = ShuffleProbe(LeakyAgent(), HIDDEN["werewolf"], seed=3)
    for seed in range(3):
        play_game(ruleset, 12, seed, {"板子": "12人预女猎白"}, probe)
    assert probe.mismatches, "shuffling the roles should have changed the peeking votes"


# --- every ruleset plays whole games ---------------------------------------------------------------------


@pytest.mark.parametrize("key", sorted(r.key for r in registry.offered()))
def test_deduce_games_end_and_their_moves_are_accepted(key):
    spec = sim.specs_for(key, agent="deduce")[0]
    refusals = 0
    for seed in range(1, 11):
        try:
            result = play_game(spec.ruleset, spec.players, seed, dict(spec.options), DEDUCE)
        except RuntimeError:
            assert key == "luding", "only 鹿鼎记's known 1-vs-1 stalemate may keep a game from ending"
            continue
        assert result.game.outcome is not None
        refusals += result.refusals
    assert refusals <= 2, f"{key}: {refusals} refused moves in 10 games (a mind misreads its legal choices)"


def test_the_agent_kinds_and_their_side_by_side_report(capsys):
    assert list(sim.AGENTS) == ["random", "cautious", "deduce"]
    assert sim.agent_kinds("heuristic,deduce") == ["cautious", "deduce"]
    specs = sim.specs_for("斗兽棋")
    assert [s.agent for s in specs] == ["random", "cautious", "deduce"]
    with pytest.raises(sim.SimError, match="未知的代理"):
        sim.agent_kinds("clever")



# --- 狼人杀: checkers claim, the table votes the claimed wolf, wolves hide ---------------------------------

from plugins.bansha.engine import GROUP, Event, to_seat, to_team  # noqa: E402
from plugins.bansha.engine.game.ruleset import LegalChoice  # noqa: E402
from plugins.werewolf.deduce import WerewolfMind  # noqa: E402
from plugins.werewolf.roles.everyone import VOTE  # noqa: E402


def ev(audience, tag: str = "", **data) -> Event:
    return Event(audience, "", tag, tuple(sorted(data.items())))


def phase(mind: Mind, name: str, day: int) -> None:
    mind.see(ev(GROUP, "phase", phase=name, day=day))


def vote_choice(n: int = 12) -> list[LegalChoice]:
    return [LegalChoice(VOTE, (0, *range(1, n + 1)))]


def ww_mind(seat: int, role: str, side: str = "good", mates: tuple[int, ...] = ()) -> WerewolfMind:
    mind = WerewolfMind(seat, 12, Rng.seeded(seat))
    mind.see(ev(GROUP, "", wolves=4))
    mind.see(ev(to_seat(seat), "role", role=role, side=side, mates=mates))
    return mind


def test_a_seer_who_found_a_wolf_claims_it_and_the_village_votes_it():
    seer = ww_mind(3, "预言家")
    phase(seer, "night", 1)
    seer.see(ev(to_seat(3), "check", target=8, wolf=True))
    phase(seer, "day", 1)
    post = seer.talk()
    assert isinstance(post, Say) and dict(post.facts()["checks"]) == {8: True}
    assert seer.talk() is None  # said once: nothing new to report
    villager = ww_mind(5, "平民")
    phase(villager, "day", 1)
    villager.see(Event(GROUP, post.text, "speech", tuple(sorted({**post.facts(), "seat": 3}.items()))))
    for voter in (1, 2):  # the flow is elsewhere: the claim still decides
        villager.see(ev(GROUP, "vote", voter=voter, target=11))
    assert villager.act(vote_choice()) == Action("vote", (8,))


def test_a_seer_with_only_good_results_claims_when_the_table_votes_him_out():
    seer = ww_mind(3, "预言家")
    seer.see(ev(to_seat(3), "check", target=8, wolf=False))
    phase(seer, "day", 1)
    assert seer.talk() is None  # nothing worth exposing himself for
    seer.see(ev(GROUP, "vote", voter=1, target=3))
    post = seer.act(vote_choice())
    assert isinstance(post, Say) and dict(post.facts()["checks"]) == {8: False}


def test_wolves_do_not_vote_a_teammate_unless_the_table_is_exiling_a_claimed_one():
    wolf = ww_mind(6, "狼人", "wolf", (2, 9, 10))
    phase(wolf, "day", 2)
    for voter in (1, 3, 4):
        wolf.see(ev(GROUP, "vote", voter=voter, target=2))
    assert wolf.act(vote_choice()).targets[0] not in (2, 9, 10, 6)  # 2 is not exposed: do not join
    wolf = ww_mind(6, "狼人", "wolf", (2, 9, 10))
    phase(wolf, "day", 2)
    wolf.see(Event(GROUP, "", "speech", (("checks", ((2, True),)), ("role", "预言家"), ("seat", 5))))
    for voter in (1, 3, 4):
        wolf.see(ev(GROUP, "vote", voter=voter, target=2))
    assert wolf.act(vote_choice()) == Action("vote", (2,))  # defending a claimed wolf would expose us


def test_the_pack_agrees_on_its_latest_choice_and_kills_the_claimed_seer_first():
    from plugins.werewolf.roles.pack import KILL

    wolf = ww_mind(6, "狼人", "wolf", (2, 9, 10))
    phase(wolf, "night", 2)
    choice = [LegalChoice(KILL, tuple(range(1, 13)))]
    wolf.see(Event(GROUP, "", "speech", (("checks", ((4, False),)), ("role", "预言家"), ("seat", 7))))
    assert wolf.act(choice) == Action("kill", (7,))
    wolf = ww_mind(6, "狼人", "wolf", (2, 9, 10))
    phase(wolf, "night", 2)
    wolf.see(ev(to_team("狼群", (6, 9, 10)), "team", seat=2, target=11))
    assert wolf.act(choice) == Action("kill", (11,))


def test_in_whole_games_a_claimed_wolf_is_voted_by_the_good_seats():
    """12人预女猎白 with deduce agents: once a seer has claimed a living wolf, the good seats' votes of that
    day go to the claimed wolf."""
    ruleset = registry.get("werewolf")
    on_claim = total = 0
    for seed in range(40):
        watch = _ClaimWatch()
        result = play_game(ruleset, 12, seed, {"板子": "12人预女猎白"}, watch, observe=watch.observe)
        state = result.game.state
        for voter, target, named in watch.after_claims:
            if state.kind(voter) != "wolf":
                total += 1
                on_claim += target in named
    assert total >= 30 and on_claim / total > 0.9, (on_claim, total)


class _ClaimWatch:
    """DEDUCE, noting the wolves a claim names (from the table talk every mind reads) and the votes cast
    after it on the same day."""

    def __init__(self):
        self.named: set[int] = set()
        self.alive: set[int] = set()
        self.after_claims: list[tuple[int, int, frozenset[int]]] = []

    def new_table(self, ruleset, n, seed):
        table = DEDUCE.new_table(ruleset, n, seed)
        real = table.accepted

        def accepted(seat, move):
            if isinstance(move, Say):
                self.named = {t for t, wolf in move.facts().get("checks", ()) if wolf}
            real(seat, move)

        table.accepted = accepted
        return table

    def observe(self, game, inp, events):
        for e in events:
            d = dict(e.data)
            if e.tag == "phase":
                self.named = set()  # a claim counts for the day it was made
            elif e.tag == "vote" and self.named & set(game.state.living()):
                self.after_claims.append((d["voter"], d["target"], frozenset(self.named)))


# --- 斗兽棋: levels from 预知, attacks and the HP table; 智慧 when sure enough ------------------------------

from plugins.beastchess.abilities import ATTACK_SKILL  # noqa: E402
from plugins.beastchess.abilities import WISDOM_SKILL as WISDOM  # noqa: E402
from plugins.beastchess.deduce import BeastMind  # noqa: E402


def beast_mind(seat: int = 1, level: int = 3, counts=(2, 2, 2, 1)) -> BeastMind:
    mind = BeastMind(seat, 7, Rng.seeded(seat))
    mind.see(ev(GROUP, "", counts=counts, max_hp=6))
    mind.see(ev(to_seat(seat), "role", level=level))
    return mind


def test_foresight_results_are_certain():
    mind = beast_mind(level=1)
    mind.see(ev(to_seat(1), "check", compare=(2, 3, 1)))  # 2 is above 3
    m = mind.marginals()
    assert m[3][4] == 0.0 and m[2][1] == 0.0  # nothing is above 4, nothing below 1
    assert all(h[2] > h[3] for h in mind.hyps)


def test_an_attack_that_did_not_hurt_says_the_target_is_not_below():
    mind = beast_mind(level=3)
    prior = mind.marginals()[5]
    phase(mind, "round", 1)
    mind.did(Action("attack", (5,)))
    mind.round_moves["attack"] = 5
    hp = tuple(6 if s != 4 else 5 for s in range(1, 8))  # 4 lost HP, 5 did not
    mind.see(ev(GROUP, "", round=1, hp=hp, out=()))
    after = mind.marginals()[5]
    assert after[1] + after[2] < 0.6 * (prior[1] + prior[2])  # not below level 3, most likely
    assert after[4] > prior[4]


def test_wisdom_only_when_the_belief_is_certain_enough():
    mind = beast_mind(seat=1, level=1)
    phase(mind, "round", 4)
    choice = LegalChoice(WISDOM, tuple(range(1, 8)))
    assert mind.wisdom(choice) is None  # 180 assignments still open
    truth = (0, 1, 1, 2, 2, 3, 3, 4)
    mind.weigh(lambda h: 1.0 if h == truth else 0.0)
    mind.at_vs_pt = 1
    move = mind.wisdom(choice)
    assert move is not None and move.targets == (2, 3, 4, 5, 6, 7)
    assert [int(w[0]) for w in move.words] == list(truth[2:])
    assert sum(1 for w in move.words if w[2:]) == 7 // 2 + 1  # round 4 of 7 players: one more form
    assert all(not w[2:] for w, s in zip(move.words, move.targets, strict=True) if truth[s] == 1)  # never on its own level


def test_the_attack_goes_where_the_expected_damage_is():
    mind = beast_mind(level=3)
    truth = (0, 3, 1, 2, 2, 1, 3, 4)
    mind.weigh(lambda h: 1.0 if h == truth else 0.0)
    move = mind.strike(LegalChoice(ATTACK_SKILL, (2, 3, 4, 5, 6, 7)))
    assert move.targets[0] in (2, 5)  # the level-1 seats take 2 points from a level 3


def test_beast_minds_win_with_wisdom_in_whole_games():
    ruleset = registry.get("beastchess")
    wins = {"deduce": 0, "cautious": 0}
    for kind in wins:
        for seed in range(1, 41):
            outcome = play_game(ruleset, 7, seed, {}, sim.AGENTS[kind]).game.outcome
            wins[kind] += outcome.winner.startswith(("1级", "2级"))
    assert wins["deduce"] >= 4 and wins["deduce"] > 2 * wins["cautious"], wins


# --- 酒馆: grail numbers near the mean, 指认 by the class rules, attacks on other factions ------------------

from plugins.tavern.deduce import TavernMind  # noqa: E402
from plugins.tavern.grail import NUMBER  # noqa: E402
from plugins.tavern.identify import IDENTIFY  # noqa: E402
from plugins.tavern.orders import ATTACK as TAVERN_ATTACK  # noqa: E402


def tavern_mind(seat: int, cls: str, faction: str) -> TavernMind:
    mind = TavernMind(seat, 15, Rng.seeded(seat))
    mind.see(ev(to_seat(seat), "role", **{"class": cls, "faction": faction}))
    return mind


def test_grail_numbers_aim_near_the_mean():
    numbers = []
    for seat in range(1, 16):
        mind = tavern_mind(seat, "战士", "守序")
        phase(mind, "day", 1)
        numbers.append(int(mind.act([LegalChoice(NUMBER, ())]).words[0]))
    assert all(45 <= x <= 56 for x in numbers) and len(set(numbers)) > 3


def test_identify_follows_the_class_rule_and_attacks_spare_a_confirmed_teammate():
    mind = tavern_mind(1, "牧师", "守序")  # 2 IDs for 神圣, 1 for any faction
    phase(mind, "dusk", 1)
    asked = []
    choices = [LegalChoice(IDENTIFY, tuple(range(2, 16)))]
    while (move := mind.act(choices)) is not None and move.skill == "identify":
        asked.append(move.words[0])
    assert sorted(asked) == sorted(["神圣", "神圣", next(w for w in asked if w != "神圣")]) and len(asked) == 3
    mind.see(ev(to_seat(1), "check", target=7, kind="阵营", value="守序"))
    attack = [LegalChoice(TAVERN_ATTACK, tuple(range(2, 16)))]
    assert mind.act(attack).targets[0] != 7
    assert mind.enemy(7) == 0.0


def test_an_unanswered_identify_rules_the_value_out():
    mind = tavern_mind(1, "法师", "守序")
    phase(mind, "dusk", 1)
    mind.asked.append((4, "职业", "术士"))
    mind.see(ev(GROUP, "", out=(), fallen=(), night=1))  # the morning: no confirmation came
    assert mind.p(4, "职业", "术士") == 0.0 and mind.p(5, "职业", "术士") > 0.0
