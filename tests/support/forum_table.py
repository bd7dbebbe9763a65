"""A game of the test ruleset ("toy") in 论坛 tempo, driven input by input: the clock in Shanghai time, votes
as the group types them, and a refusal that must leave the game unchanged."""

from __future__ import annotations

import copy
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from plugins.bansha.engine import Input, Refusal, apply
from plugins.bansha.engine.game import Game, registry

SH = ZoneInfo("Asia/Shanghai")


def at(hh: int, mm: int = 0, day: int = 1) -> float:
    return datetime(2027, 3, day, hh, mm, tzinfo=SH).timestamp()


def new_game(n=6, start=None, **options):
    opts = {"节奏": "论坛", "开门": "09:00", "关门": "22:00"}
    opts.update(options)
    game = Game.new(1, registry.get("toy"), 500, 900, 3, opts)
    t = start if start is not None else at(10)
    for i in range(n):
        apply(game, Input.make("join", 1000 + i, t, name=f"P{i + 1}"))
    apply(game, Input.make("start", 900, t))
    return game


def qq(seat: int) -> int:
    return 999 + seat


def vote(game, seat, target, when, reason="理由", change=False, proxy=False, via="group"):
    return apply(game, Input.make("act", qq(seat), when, skill="改票" if change else "投票", words=(str(target),),
                                  reason=reason, via=via, proxy=proxy))


def refused(game, inp) -> str:
    before = copy.deepcopy(game)
    with pytest.raises(Refusal) as e:
        apply(game, inp)
    assert game == before, "a refused input changed the game"
    return e.value.message


def group_texts(events):
    return [e.text for e in events if e.audience.kind == "group"]
