"""`bansha bench --only engine` and the 剧本 (issue 28 item 4): every shipped 剧本 has its games/s beside the same
board coded, measured in the same run, with their ratio against the goal; and a 剧本 loads in under 100 ms."""

from __future__ import annotations

import pytest

from plugins.bansha import scripts
from plugins.bansha.tools import bench, bench_script, sim


@pytest.fixture(scope="module")
def shipped() -> list[scripts.Found]:
    sim.load_rulesets()
    every = [f for f in scripts.found(None) if f.shipped and f.ok]
    assert every, "no shipped 剧本 loads"
    return every


@pytest.fixture(scope="module")
def figures(shipped) -> dict[str, bench.Figure]:
    out = bench.engine_speed(seconds=0.02, min_games=3, only=[bench_script.SCRIPT_ENGINE], with_scripts=True)
    return {f.key: f for f in out}


def test_every_shipped_script_has_its_row_then_the_same_board_coded(shipped, figures):
    keys = list(figures)
    assert not any(k.startswith(("engine:werewolf", "replay:")) for k in keys)  # 剧本 alone selects no game's rows
    for found in shipped:
        script, ruleset, _ = scripts.load(found.source)
        mine, coded = figures[f"engine:script:{found.name}"], figures[f"engine:script:{found.name}:coded"]
        assert keys.index(coded.key) == keys.index(mine.key) + 1  # right after it
        assert f"{script.players[0]} 人" in mine.label and found.name in mine.label
        assert ruleset.title in coded.label and found.name in coded.label and "代码" in coded.label
        for fig in (mine, coded):
            assert fig.unit == "/s" and fig.value > 0 and fig.detail["games"] >= 3
            assert fig.detail["clock"] == "process CPU time" and fig.detail["interleaved"]
        # interleaved on the same seeds: as many games each, and the same games (the 剧本 is the coded board)
        assert mine.detail["games"] == coded.detail["games"]
        assert mine.detail["same_games_as_coded"] and mine.detail["inputs_per_game"] == coded.detail["inputs_per_game"]


def test_the_ratio_is_the_script_rate_over_the_coded_rate_against_half(shipped, figures):
    for found in shipped:
        mine, coded = figures[f"engine:script:{found.name}"], figures[f"engine:script:{found.name}:coded"]
        assert mine.baseline == coded.value and mine.ratio == mine.value / coded.value
        assert bench_script.SCRIPT_RATIO_GOAL == 0.5 and "0.5" in mine.goal
        assert mine.met == (mine.ratio >= 0.5) and coded.met is None and coded.ratio is None


def test_a_script_loads_and_validates_in_under_100_ms(shipped, figures):
    for found in shipped:
        load = figures[f"script-load:{found.name}"]
        assert load.label.startswith("剧本加载与检查") and load.unit == "ms"
        d = load.detail
        assert d["repetitions"] == 50 and 0 < d["min_ms"] <= d["median_ms"] <= d["max_ms"]
        assert load.value == pytest.approx(d["max_ms"], abs=1e-3)
        assert load.ratio == load.value / 1000 / bench_script.SCRIPT_LOAD_GOAL and bench_script.SCRIPT_LOAD_GOAL == 0.1
        assert load.met and load.value < 100 and "100 ms" in load.goal


def test_engine_game_selects_the_scripts_by_their_game_and_not_otherwise():
    sim.load_rulesets()
    assert bench_script.script_boards(["toy"]) == []
    every = [(found.name, ruleset.key) for found, _script, ruleset, _options in bench_script.script_boards()]
    assert [name for name, _ in every] == [f.name for f in scripts.found(None) if f.ok]
    assert [name for name, _ in every] == [f.name for f, *_ in bench_script.script_boards([bench_script.SCRIPT_ENGINE])]
    werewolf = [name for name, key in every if key == "werewolf"]
    assert "9人预女猎白" in werewolf
    assert [f.name for f, *_ in bench_script.script_boards(["狼人杀"])] == werewolf
    assert [f.name for f, *_ in bench_script.script_boards(["werewolf"])] == werewolf
    # without with_scripts (the old callers), engine_speed is the per-ruleset rows alone
    assert [f.key for f in bench.engine_speed(seconds=0.01, min_games=2, only=["toy"])] == ["engine:toy", "replay:toy"]


def test_the_options_are_the_scripts_over_the_defaults_with_the_simulators_words_said(shipped):
    """As `/开局 剧本 <名字> 节奏=快速 潜水=关 …`: the 剧本's options over the defaults, the words said over both."""
    boards = {found.name: (ruleset, options) for found, _script, ruleset, options in bench_script.script_boards()}
    for found in shipped:
        _, ruleset, compiled = scripts.load(found.source)
        rules, options = boards[found.name]
        base = sim.build_options(ruleset)
        said = {w.partition("=")[0] for w in sim.SIM_DEFAULTS} & set(base)
        assert rules is ruleset and options["剧本"] == found.name
        assert all(options[k] == v for k, v in compiled.items() if k not in said)
        assert all(options[k] == base[k] for k in said) and options.get("节奏", "快速") == "快速"
        assert all(options[k] == base[k] for k in base if k not in compiled)
    werewolf = boards["9人预女猎白"][1]
    assert werewolf["板子"] == "自定义" and werewolf["角色"].startswith("狼人*3")


def test_the_cli_prints_the_script_rows(capsys):
    from plugins.bansha.tools import cli

    assert cli.main(["bench", "--only", "engine", "--engine-game", "剧本", "--seconds", "0.02"]) == 0
    out = capsys.readouterr().out
    assert "引擎速度 剧本「" in out and "同一板子写在代码里" in out and "目标 比值 ≥ 0.5" in out
    assert "剧本加载与检查「" in out and "目标 < 100 ms" in out
