"""The facts 狼人杀's `pending()` and `outcome()` read (engine/incremental.py): each answer is recomputed only
when an input changed one of them. tests/test_incremental.py plays random games of every board and checks
the kept answers against the from-scratch ones after every input; a fact missing here fails it."""

from __future__ import annotations

from .state import WerewolfState


def outcome_key(state: WerewolfState) -> tuple:
    """Who is alive and in which camp (roles, the lovers and their 丘比特), the 吹笛者's charmed and his
    power (the 长老's curse), and the sides judged lost by red cards."""
    return (tuple(state.alive), tuple(state.roles), tuple(state.lovers), state.cupid, tuple(state.charmed),
            state.forfeited, tuple(state.lost_sides), state.cursed, state.curse_scope)


def pending_key(state: WerewolfState) -> tuple:
    """The phase and who acted in it, who is alive and holds which role and powers, the ballots and who may
    vote, the night's choices so far and the queue after a death."""
    election = state.election
    badge = state.badge
    return (
        state.phase, state.day, tuple(state.alive), frozenset(state.done), tuple(state.roles), state.cursed,
        tuple(state.uses.items()), tuple((s.holder, s.name) for s in state.statuses.items),
        tuple(state.box.votes), tuple(state.candidates), state.goat_day, tuple(state.goat_voters), state.goat,
        None if election is None else (tuple(election.box.votes), tuple(election.candidates),
                                       tuple(election.withdrawn), election.open),
        tuple(state.stood), state.elect_done, state.elect_round,
        badge.holder, badge.chooser, badge.leaving, badge.phase, badge.day, badge.torn,
        tuple(state.speakers), state.shooter, tuple(state.queue), tuple(state.lovers),
        state.kill, state.saved, state.poisoned, state.witch_told, state.accused, state.peeking, state.caught,
        state.guarded, state.last_guarded, tuple(state.charming), tuple(state.wolf_choice.items()),
        repr(getattr(state, "tonight", None)),  # a role added later keeps its night here (issue 15)
    )
