"""The pure engine: no nonebot, tortoise, apscheduler, clock or global random.

Layers, each importing only those below it (tests/test_architecture.py checks the import graph):
the vocabulary (core, rng, phases, skills, status, votes, channels), the door a ruleset works through
(ctx, parts), the ruleset protocol (ruleset, roles), the game (game: inputs folded, phases, the outcome),
the engine's parts (forum, reminders, rulings, judge), and what plays or checks whole games (agent, replay, audit).
This package puts the parts together: the game calls every installed part and names none.
"""

from . import aiseats, forum, judge, parts, reminders, rulings, social
from .channels import Channel
from .core import (
    ABSTAIN,
    GROUP,
    JUDGE,
    Action,
    Audience,
    CastRow,
    Event,
    Input,
    Outcome,
    Player,
    Refusal,
    to_seat,
    to_team,
    to_user,
)
from .ctx import Ctx
from .game import Game, apply
from .order import Step, StepView
from .phases import FORUM, QUICK, OptionSpec, PhaseSpec
from .registry import all_rulesets, get, load_all, register
from .rng import Rng
from .roles import Book, Role
from .ruleset import BaseState, LegalChoice, Ruleset
from .rulings import Ruling
from .skills import ALIVE, ALIVE_OTHER, ANY, DEAD, Skill
from .status import NEXT_NIGHT, PERMANENT, UNTIL_DAY, UNTIL_PHASE, Status, StatusBook
from .votes import Ballot, VoteBox

parts.install(forum.PART, reminders.PART, rulings.PART, judge.PART, social.PART, aiseats.PART)

__all__ = [
    "ABSTAIN", "ALIVE", "ALIVE_OTHER", "ANY", "Channel", "DEAD", "FORUM", "GROUP", "JUDGE", "NEXT_NIGHT", "PERMANENT", "QUICK",
    "UNTIL_DAY", "UNTIL_PHASE", "Action", "Audience", "Ballot", "BaseState", "Book", "CastRow", "Ctx", "Event", "Game", "Input",
    "LegalChoice", "OptionSpec", "Outcome", "PhaseSpec", "Player", "Refusal", "Rng", "Role", "Ruleset", "Ruling", "Skill", "Status",
    "StatusBook", "Step", "StepView", "VoteBox", "all_rulesets", "apply", "get", "load_all", "register", "to_seat", "to_team", "to_user",
]
