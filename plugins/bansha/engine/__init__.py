"""The pure engine: no nonebot, tortoise, apscheduler, clock or global random."""

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
from .game import Game, apply
from .phases import FORUM, QUICK, OptionSpec, PhaseSpec
from .registry import all_rulesets, get, load_all, register
from .rng import Rng
from .ruleset import BaseState, Ctx, LegalChoice, Ruleset
from .skills import ALIVE, ALIVE_OTHER, ANY, DEAD, Skill
from .status import NEXT_NIGHT, PERMANENT, UNTIL_DAY, UNTIL_PHASE, Status, StatusBook
from .votes import Ballot, VoteBox

__all__ = [
    "ABSTAIN", "ALIVE", "ALIVE_OTHER", "ANY", "Channel", "DEAD", "FORUM", "GROUP", "JUDGE", "NEXT_NIGHT", "PERMANENT", "QUICK",
    "UNTIL_DAY", "UNTIL_PHASE", "Action", "Audience", "Ballot", "BaseState", "CastRow", "Ctx", "Event", "Game", "Input",
    "LegalChoice", "OptionSpec", "Outcome", "PhaseSpec", "Player", "Refusal", "Rng", "Ruleset", "Skill", "Status",
    "StatusBook", "VoteBox", "all_rulesets", "apply", "get", "load_all", "register", "to_seat", "to_team", "to_user",
]
