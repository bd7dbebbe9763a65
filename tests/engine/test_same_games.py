"""Issue 26: the same seeded games before and after a restructure — byte-identical inputs and events.

For every game package's ruleset, seeded random games (the game's own random agent, at each head count its
default options accept in turn) are played in memory; a SHA-256 over every accepted input and every event
(audience, text, tag, data) of each chunk of CHUNK games is compared with tests/data/same_games.json.
`make test` checks the first chunk of every ruleset, BANSHA_LONG=1 all GAMES games. After a change that is
MEANT to change games, regenerate: `.venv/bin/python tests/engine/test_same_games.py --write` (and say why).
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import pytest

if __name__ == "__main__":  # run as a script (--write): the repository and the harnesses on the path
    sys.path[:0] = [str(Path(__file__).resolve().parents[2]), str(Path(__file__).resolve().parents[1] / "support")]

from paths import ROOT  # noqa: E402

from plugins.bansha.engine.agents.play import play_game  # noqa: E402
from plugins.bansha.engine.game import registry  # noqa: E402

FIXTURE = ROOT / "tests" / "data" / "same_games.json"
GAMES = 500
CHUNK = 50


def rulesets():
    registry.load_all()
    return registry.all_rulesets()  # every game package's ruleset: no list of games here


def chunk_hash(ruleset, chunk: int) -> str:
    h = hashlib.sha256()
    sizes = ruleset.sizes({})
    for seed in range(chunk * CHUNK, (chunk + 1) * CHUNK):
        n = sizes[seed % len(sizes)]

        def observe(game, inp, events):
            h.update(json.dumps(inp.to_json(), ensure_ascii=False, sort_keys=True, default=repr).encode())
            for e in events:
                h.update(f"{e.audience}|{e.tag}|{e.text}|{e.data!r}".encode())

        play_game(ruleset, n, seed, observe=observe)
    return h.hexdigest()


def write() -> None:
    out = {r.key: [chunk_hash(r, c) for c in range(GAMES // CHUNK)] for r in rulesets()}
    FIXTURE.write_text(json.dumps(out, ensure_ascii=False, indent=1) + "\n")
    print(f"wrote {FIXTURE}: {', '.join(out)}")


if __name__ == "__main__":
    if sys.argv[1:] == ["--write"]:
        write()


def _fixture() -> dict[str, list[str]]:
    return json.loads(FIXTURE.read_text())


@pytest.mark.parametrize("ruleset", rulesets(), ids=lambda r: r.key)
def test_the_first_seeded_games_are_byte_identical(ruleset):
    want = _fixture().get(ruleset.key)
    assert want is not None, f"{ruleset.key} has no fixture: run tests/engine/test_same_games.py --write"
    assert chunk_hash(ruleset, 0) == want[0]


@pytest.mark.slow  # make test-long (BANSHA_LONG=1); make test checks the first 50
@pytest.mark.parametrize("ruleset", rulesets(), ids=lambda r: r.key)
def test_all_seeded_games_are_byte_identical(ruleset):
    want = _fixture()[ruleset.key]
    assert [chunk_hash(ruleset, c) for c in range(1, GAMES // CHUNK)] == want[1:]
