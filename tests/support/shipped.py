"""The shipped 剧本 (plugins/bansha/scripts/*.toml) for the suites that run over every game: the leak audit, the
fuzzer, the chaos driver (issue 28 item 5). Each is found through `scripts.found(None)`, never named, so a 剧本
shipped tomorrow is audited, fuzzed and crashed like the rest; each is opened as /开局 剧本 opens it
(plugins/bansha/qq/commands/signup.py `_script`): the ruleset's defaults, the 剧本's compiled options on top.

A 剧本 with roles of its own registers them in 狼人杀's global book whenever a game with its options is set up
(plugins/werewolf/judged.py): `book_kept()` puts the book back as it was, so later tests in the same process see
only 002's roles (and a test may open a 剧本 whose role shares a name with another's).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from plugins.bansha import scripts
from plugins.bansha.engine.agents.play import play_game
from plugins.bansha.engine.core.phases import parse_options
from plugins.bansha.engine.game.ruleset import Ruleset
from plugins.bansha.engine.game.script import ScriptError


@dataclass(frozen=True)
class Shipped:
    name: str
    source: str = field(repr=False)
    rules: Ruleset
    options: dict[str, Any] = field(repr=False)  # as /开局 剧本 <名字> builds them (no 导演's words)
    players: tuple[int, ...]  # the table sizes the 剧本 allows
    effects: frozenset[str]  # the effects of the skills its own roles write out (`[[role.skill]]`): 裁定…

    @property
    def id(self) -> str:
        return f"剧本:{self.name}"

    def opened(self, words: list[str] | tuple[str, ...] = ()) -> dict[str, Any]:
        """The options of `/开局 剧本 <名字> <words…>`: the 导演's 键=值 on top of the 剧本's (as `_script` merges)."""
        mine = parse_options(list(words), self.rules.all_options())
        said = {w.partition("=")[0].strip() for w in words}
        return {**mine, **self.options, **{k: v for k, v in mine.items() if k in said}}


def shipped() -> list[Shipped]:
    """Every shipped 剧本 that opens (a broken one is tests/games/*/test_script*.py's business)."""
    return [of(found.source) for found in scripts.found(None) if found.ok]


def of(source: str) -> Shipped:
    """A 剧本's text as /开局 剧本 would open it (a 导演's file in a test's folder as well as a shipped one)."""
    script, rules, compiled = scripts.load(source)
    low, high = script.players
    return Shipped(
        name=script.name, source=source, rules=rules, options={**parse_options([], rules.all_options()), **compiled},
        players=tuple(range(low, high + 1)), effects=frozenset(s.effect for r in script.roles for s in r.written),
    )


TARGET = re.compile(r"目标 (\d+)号")


async def rule_open(m: Any, judge: int) -> None:
    """The judge rules, by PM, every ruling a 剧本's `裁定` skill is waiting for (a Mirror's `on_step`, so the real
    bot and the fold in memory see the same inputs): by day 「出局 <its target>」, which takes the seat out, else
    words the seat receives."""
    for ruling in [r for r in m.game.rulings if r.open]:
        target = TARGET.search(ruling.text)
        day = not m.rules.phases[m.game.state.phase].night
        verdict = f"出局 {target.group(1)}" if day and target else "无事发生"
        await m.command(judge, f"/法官 裁定 {ruling.no} {verdict}", "pm", "judge", sub="裁定", no=ruling.no,
                        verdict=verdict)


@contextmanager
def book_kept() -> Iterator[None]:
    """狼人杀's book (and the night steps a 剧本's dawn roles add) as they were before, whatever roles a 剧本 game
    registered meanwhile."""
    from plugins.werewolf import judged
    from plugins.werewolf.book import BOOK

    saved = (dict(BOOK.roles), dict(BOOK.skills), dict(BOOK.units))
    steps = dict(judged.STEPS)
    try:
        yield
    finally:
        BOOK.roles, BOOK.skills, BOOK.units = saved
        judged.STEPS.clear()
        judged.STEPS.update(steps)


def event_stream(rules: Ruleset, n: int, options: dict[str, Any], seed: int) -> list[str]:
    """Every accepted input and every event (audience, tag, text, data) of one seeded random-agent game: what the
    differential tests compare between a 剧本 and the board it describes."""
    out: list[str] = []

    def observe(game: Any, inp: Any, events: list) -> None:
        out.append(json.dumps(inp.to_json(), ensure_ascii=False, sort_keys=True, default=repr))
        out.extend(f"{e.audience}|{e.tag}|{e.text}|{e.data!r}" for e in events)

    play_game(rules, n, seed, dict(options), observe=observe)
    return out


def problems(text: str) -> list[str]:
    """What loading this 剧本 text says is wrong with it (it must be refused)."""
    try:
        scripts.load(text)
    except ScriptError as e:
        return [str(p) for p in e.problems]
    raise AssertionError("the 剧本 was accepted")


def line_of(source: str, needle: str, below: int = 0) -> int:
    """The line (1-based) of the first line holding `needle`, plus `below`."""
    return below + next(i for i, line in enumerate(source.splitlines(), 1) if needle in line)
