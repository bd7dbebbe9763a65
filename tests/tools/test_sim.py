"""`bansha simulate` and the heuristic agent: reproducible tables, honest statistics, cautious play."""

from __future__ import annotations

import json

import pytest

from plugins.bansha.engine import ABSTAIN
from plugins.bansha.engine.agents.heuristic import _game_heuristic, generic_action, heuristic_action
from plugins.bansha.engine.agents.play import play_game
from plugins.bansha.engine.core.rng import Rng
from plugins.bansha.engine.game import registry
from plugins.bansha.tools import cli, sim

WEREWOLF_BOARD = "12人预女猎白"


def run_cli(capsys, *args: str) -> tuple[int, str, str]:
    code = cli.main(["simulate", *args, "--no-progress"])
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.slow  # two full simulator tables (~20 s): make test-long
def test_same_seed_same_table_and_another_seed_another_table(capsys):
    args = ("--game", "狼人杀", "--board", WEREWOLF_BOARD, "--games", "40", "--seed", "7")
    code1, first, _ = run_cli(capsys, *args)
    code2, again, _ = run_cli(capsys, *args)
    assert code1 == code2 == 0
    assert first == again
    assert "阵营胜率" in first and "95% 置信区间" in first and "死因" in first and "角色胜率" in first
    assert "随机" in first and "谨慎" in first and "推理" in first  # the three agents side by side
    _, other, _ = run_cli(capsys, "--game", "狼人杀", "--board", WEREWOLF_BOARD, "--games", "40", "--seed", "8")
    assert other != first


def test_worker_processes_do_not_change_the_figures():
    specs = sim.specs_for("toy", players=6, agent="heuristic") + sim.specs_for("狼人杀", WEREWOLF_BOARD, agent="random")
    one = sim.simulate(specs, 24, 100, jobs=1)
    two = sim.simulate(specs, 24, 100, jobs=2)
    assert one == two


def test_json_report_adds_up(capsys):
    code, out, _ = run_cli(capsys, "--game", "狼人杀", "--board", WEREWOLF_BOARD, "--games", "30", "--seed", "3", "--json",
                           "--agent", "cautious")
    assert code == 0
    rep = json.loads(out)
    assert rep["board"] == WEREWOLF_BOARD and rep["players"] == 12 and rep["games"] == rep["completed"] == 30
    assert sum(f["wins"] for f in rep["factions"]) == 30
    assert {f["faction"] for f in rep["factions"]} >= {"好人阵营", "狼人阵营"}
    seats = rep["survivors"]["seats"]
    assert seats == 12 * 30
    assert sum(d["count"] for d in rep["deaths"]) + rep["survivors"]["count"] == seats
    assert sum(r["seats"] for r in rep["roles"]) == seats
    assert rep["length"]["min_days"] >= 1 and rep["length"]["min_days"] <= rep["length"]["mean_days"] <= rep["length"]["max_days"]
    for row in rep["factions"] + rep["roles"]:
        lo, hi = row["ci95"]
        assert lo <= row["rate"] <= hi
    assert all("第" not in d["cause"] for d in rep["deaths"])  # day/night numbers stripped


def test_wilson_interval_matches_known_values():
    lo, hi = sim.wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    lo, hi = sim.wilson(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=1e-4)
    lo, hi = sim.wilson(10, 10)
    assert hi == 1.0 and lo == pytest.approx(0.7225, abs=1e-4)


@pytest.mark.parametrize(
    ("fate", "cause"),
    [
        ("第2夜被狼人杀害", "被狼人杀害"),
        ("第1天被投票放逐", "被投票放逐"),
        ("第3回合出局", "出局"),
        ("第1夜被狼人杀害、被女巫毒死（同守同救）", "被狼人杀害、被女巫毒死（同守同救）"),
        ("第4天殉情；恋人（与14号）", "殉情"),
        ("存活（已翻牌）", "存活"),
        ("存活", "存活"),
    ],
)
def test_deaths_by_cause_strip_the_day_number(fate, cause):
    assert sim.cause_of(fate) == cause


def test_every_board_and_bad_requests(capsys):
    specs = sim.specs_for("狼人杀", "all", agent="cautious")
    assert [s.board for s in specs] == list(registry.get("werewolf").boards)
    code, _, err = run_cli(capsys, "--game", "不存在的游戏")
    assert code == 2 and "没有名为" in err
    code, _, err = run_cli(capsys, "--game", "狼人杀", "--board", "不存在的板子")
    assert code == 2 and "板子" in err


def test_chart_and_markdown_region(tmp_path, capsys):
    png, md = tmp_path / "win.png", tmp_path / "balance.md"
    md.write_text("# 平衡性\n\n手写的说明。\n", encoding="utf-8")
    args = ("--game", "toy", "--games", "12", "--chart", str(png), "--markdown", str(md))
    assert run_cli(capsys, *args)[0] == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    first = md.read_text(encoding="utf-8")
    assert "手写的说明。" in first and "bansha simulate --game toy" in first and "| 板子 |" in first
    run_cli(capsys, *args)
    assert md.read_text(encoding="utf-8") == first  # regenerating replaces the region, not appends


# --- the heuristic agent ------------------------------------------------------------------------


def test_werewolf_heuristic_is_found_next_to_its_rules_and_the_toy_falls_back():
    from plugins.werewolf import heuristic as ww

    assert _game_heuristic(registry.get("werewolf")) is ww.heuristic
    assert _game_heuristic(registry.get("toy")) is None


def test_heuristic_games_play_only_legal_moves_and_the_seer_checks_new_seats():
    ruleset = registry.get("werewolf")
    for seed in range(30):
        result = play_game(ruleset, 12, seed, {"板子": WEREWOLF_BOARD}, heuristic_action)
        assert result.refusals == 0
        targets = [t for _, t, _ in result.game.state.checks]
        assert len(targets) == len(set(targets)), f"seed {seed}: the seer checked a seat twice: {targets}"


def _day_state(seed: int):
    """A 12-player game stopped at its first day vote (random agent)."""
    from plugins.bansha.tools.kit import script_game, voters_now

    ruleset = registry.get("werewolf")
    game, _ = script_game(ruleset, 12, seed, {"板子": WEREWOLF_BOARD}, qq0=100,
                          stop=lambda g: bool(voters_now(ruleset, g)))
    return ruleset, game.state


def test_generic_voters_never_pick_themselves_or_a_teammate_and_follow_the_plurality():
    ruleset, state = _day_state(4)
    wolves = set(state.wolves())
    rng = Rng.seeded(1)
    for seat in state.living():
        for _ in range(20):
            act = generic_action(ruleset, state, seat, rng)
            if act is None:
                continue
            target = act.targets[0]
            assert target != seat
            if seat in wolves:
                assert target not in wolves or target == ABSTAIN
            from plugins.bansha.engine.agents.heuristic import _memories

            _memories.clear()  # forget "already acted this phase" between draws
    # three earlier votes on one seat: a generic voter joins them most of the time
    good = [s for s in state.living() if s not in wolves]
    target, voters = good[0], good[1:4]
    for v in voters:
        state.box.votes[v] = target
    voter = good[4]
    picks = []
    for i in range(200):
        from plugins.bansha.engine.agents.heuristic import _memories

        _memories.clear()
        picks.append(generic_action(ruleset, state, voter, Rng.seeded(i)).targets[0])
    assert picks.count(target) / len(picks) > 0.6


def test_generic_team_skill_members_agree_on_one_target():
    ruleset = registry.get("werewolf")
    from plugins.bansha.engine import Game, Input, apply

    game = Game.new(1, ruleset, 1, 1, 11, {"板子": WEREWOLF_BOARD})
    for i in range(12):
        apply(game, Input.make("join", 100 + i, 0, name=f"P{i}"))
    apply(game, Input.make("start", 1, 0))
    state = game.state
    picks = {generic_action(ruleset, state, w, Rng.seeded(w)).targets[0] for w in state.wolves()}
    assert len(picks) == 1 and not picks & set(state.wolves())


def test_a_crashing_game_is_reported_with_its_seed_and_strict_fails(capsys, monkeypatch):
    real = sim.play_game

    def flaky(ruleset, n, seed, *a, **kw):
        if seed == 3:
            raise RuntimeError("game did not end within 5000 steps (seed 3)")
        return real(ruleset, n, seed, *a, **kw)

    monkeypatch.setattr(sim, "play_game", flaky)
    code, out, _ = run_cli(capsys, "--game", "toy", "--games", "5", "--seed", "1")
    assert code == 0 and "出错 1 局（已排除，种子：3）" in out
    code, out, _ = run_cli(capsys, "--game", "toy", "--games", "5", "--seed", "1", "--json", "--strict",
                           "--agent", "deduce")
    rep = json.loads(out)
    assert code == 1 and rep["completed"] == 4 and rep["errors"][0]["seed"] == 3


def test_role_names_lose_their_annotations():
    assert sim.base_role("熊（3级）·本能「幸运」") == "熊（3级）"
    assert sim.base_role("变脸者（底牌：朱雀、太阳、天命人）（异端）") == "变脸者（异端）"
    assert sim.base_role("御主（异端）") == "御主（异端）"
