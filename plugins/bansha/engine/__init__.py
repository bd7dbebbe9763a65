"""The pure engine: no nonebot, tortoise, apscheduler, clock or global random.

Sub-packages, each importing only those before it (tests/test_architecture.py checks the import graph, type-only
imports included): core (the vocabulary: events, skills and units of behaviour, phases, votes, statuses, the
order, the cache), mechanics (rule pieces several games share), game (the loop that folds inputs, the door a
ruleset works through — Ruleset, Ctx —, the registry and the parts' interface), parts (what a game runs besides
its ruleset: forum play, cards, rulings, the judge's commands, social play, sign-up, AI seats), views (what
reads a game for people: posts, the leak audit) and agents (what plays whole games).
This package puts the parts together: the game calls every installed part and names none.
"""

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
from .core.behaviour import NOW, PLAN, Behaviour, Moments, unit
from .core.channels import Channel
from .core.order import Step, StepView
from .core.phases import FORUM, QUICK, OptionSpec, PhaseSpec
from .core.rng import Rng
from .core.roles import Book, Role
from .core.ruling import Ruling
from .core.skills import ALIVE, ALIVE_OTHER, ANY, DEAD, Skill
from .core.status import NEXT_NIGHT, PERMANENT, UNTIL_DAY, UNTIL_PHASE, Status, StatusBook
from .core.votes import Ballot, VoteBox
from .game import Game, apply
from .game.ctx import Ctx
from .game.part import install as install_parts
from .game.registry import all_rulesets, get, load_all, register
from .game.ruleset import BaseState, LegalChoice, Ruleset
from .parts import aiseats, forum, lurk, moderator, reminders, rulings, signup, social, speaking

install_parts(forum.PART, lurk.PART, reminders.PART, rulings.PART, moderator.PART, social.PART, speaking.PART, signup.PART, aiseats.PART)

__all__ = [
    "ABSTAIN", "ALIVE", "ALIVE_OTHER", "ANY", "NOW", "PLAN", "Behaviour", "Moments", "unit", "Channel", "DEAD", "FORUM", "GROUP", "JUDGE", "NEXT_NIGHT", "PERMANENT", "QUICK",
    "UNTIL_DAY", "UNTIL_PHASE", "Action", "Audience", "Ballot", "BaseState", "Book", "CastRow", "Ctx", "Event", "Game", "Input",
    "LegalChoice", "OptionSpec", "Outcome", "PhaseSpec", "Player", "Refusal", "Rng", "Role", "Ruleset", "Ruling", "Skill", "Status",
    "StatusBook", "Step", "StepView", "VoteBox", "all_rulesets", "apply", "get", "load_all", "register", "to_seat", "to_team", "to_user",
]
