"""AI seats in memory (issue 27): the planner, the decisions, the texts, and whole games of every ruleset in both
tempos on a simulated clock (plugins/bansha/ai/drive.py plays the bot's AI without the bot)."""

from __future__ import annotations

import copy
import pickle

import pytest
from aiutil import KEYS, LONGEST, size
from hidden import HIDDEN, shuffled

from plugins.bansha.ai import drive, plan, speech, step
from plugins.bansha.ai.minds import MindTable
from plugins.bansha.ai.rebuild import Folder
from plugins.bansha.engine.core import Input, Refusal
from plugins.bansha.engine.core.phases import parse_options
from plugins.bansha.engine.core.rng import Rng
from plugins.bansha.engine.game import Game, apply, registry
from plugins.bansha.engine.parts.aiseats import MARK, ai_seats, is_ai, seat_input
from plugins.bansha.engine.views.audit import audit, private_skill_names
from plugins.bansha.engine.views.posts import compose


def options(key: str, tempo: str, seed: int, *more: str) -> dict:
    return parse_options([f"节奏={tempo}", f"种子={seed}", *more], registry.get(key).all_options())


# --- the planner ------------------------------------------------------------------------------------------


def _started(key: str = "werewolf", tempo: str = "快速") -> Game:
    rules = registry.get(key)
    game = Game.new(1, rules, 1, 1, 5, options(key, tempo, 5))
    apply(game, seat_input("add", 1, drive.START, count=size(key)))
    apply(game, Input.make("start", 1, drive.START, entropy=42))
    return game


def test_slots_fall_inside_the_window_never_at_once_nor_at_the_deadline_and_survive_a_restart():
    game = _started()
    start, end = plan.window(game, 1)
    for seat in ai_seats(game):
        times = plan.slot_times(game, seat)
        assert len(times) == plan.QUICK_SLOTS and times == sorted(times)
        assert all(start + plan.LOW * (end - start) <= t <= start + plan.HIGH * (end - start) for t in times)
    assert plan.slot_times(game, 1) != plan.slot_times(game, 2)  # each seat its own pace
    restarted = pickle.loads(pickle.dumps(game))  # a snapshot, as the service keeps it
    assert [plan.slot_times(restarted, s) for s in ai_seats(game)] == [plan.slot_times(game, s) for s in ai_seats(game)]
    assert plan.due(game, 1) == plan.due(restarted, 1)


def test_a_forum_day_places_the_slots_after_the_day_opens():
    game = _started("werewolf", "论坛")
    for _ in range(40):  # through the night, on its deadlines
        if game.forum.opens_at is not None or (game.deadline and game.rules.phases[game.state.phase].discussion):
            break
        apply(game, Input.make("deadline", 0, game.deadline, phase_no=game.phase_no))
    assert game.rules.phases[game.state.phase].discussion
    opens = game.forum.opens_at
    first = min(plan.slot_times(game, s)[0] for s in ai_seats(game))
    assert opens is None or first > opens
    assert len(plan.slot_times(game, 1)) == plan.FORUM_SLOTS + 5  # room for the 潜水 quota's five posts


# --- whole games ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("tempo", ["快速", "论坛"])
@pytest.mark.parametrize("key", KEYS)
def test_ai_seats_play_every_ruleset_to_a_winner_in_both_tempos_before_every_deadline(key, tempo):
    rules = registry.get(key)
    seed = 0 if key == "luding" else 1  # (鹿鼎记's deals whose last two seats tie for ever: test_ai_games.py)
    played = drive.play(rules, size(key), seed, options(key, tempo, seed))
    game = played.game
    assert game.outcome is not None and game.outcome.winner
    assert game.ai.missed == 0 and game.ai.acts > 0  # every action owed was taken before its deadline
    said = [dict(i.args).get("text") or dict(i.args).get("reason") for i in played.inputs if is_ai(i.actor)]
    said = [s for s in said if s]
    assert len(said) == len(set(said)), "an AI said the same thing twice in one game"
    carded = [t for t in played.texts if "获得黄牌：潜水" in t or "获得蓝牌：潜水" in t]
    assert carded == [], carded  # 论坛: the AI seats meet the 潜水 quota
    if tempo == "论坛" and any(p.discussion for p in rules.phases.values()):
        assert any(i.kind == "aisay" for i in played.inputs)


def test_the_decision_latency_is_far_below_fifty_milliseconds():
    played = drive.play(registry.get("werewolf"), 12, 3, options("werewolf", "快速", 3))
    ms = sorted(played.decide_ms)
    assert ms and ms[int(len(ms) * 0.99)] < 50


def test_people_and_ai_seats_at_one_table_and_the_leak_audit_over_their_games():
    """Every group post of games with AI seats (all AI, or a third of the table) passes the leak audit, AI
    posts included; so does each AI text by itself (step.prepare checks it before it is queued)."""
    leaks: list[str] = []
    for key in KEYS:
        rules = registry.get(key)
        n = size(key)
        names: dict[int, set[str]] = {}

        def observe(game, inp, events, rules=rules, names=names, key=key):
            if game.state is None:
                return
            skill_names = names.setdefault(id(game), private_skill_names(rules, game.state))
            for leak in audit(rules, game.state, events + compose(game, events), skill_names):
                leaks.append(f"{key}: {leak}")

        for seed, ai in ((2, None), (3, n // 3)):
            drive.play(rules, n, seed, options(key, "快速", seed), ai=ai, observe=observe)
    assert leaks == [], "\n".join(leaks[:10])


def test_ai_decisions_do_not_change_when_what_the_seat_cannot_know_is_shuffled():
    """The AI's decision reads its seat's mind and its own legal choices, nothing hidden: shuffling the other
    seats' roles changes no decision (tests/engine/test_deduce.py's proof, through the runtime's own `prepare`)."""
    checked = mismatches = 0
    rng = Rng.seeded(11)
    real = step.prepare

    def moved(m, t):
        return (m.kind, m.args, t) if m is not None else None

    for key in [k for k in KEYS if k not in LONGEST]:
        rules = registry.get(key)

        def probe(game, table, seat, now, names, key=key, rules=rules):
            nonlocal checked, mismatches
            twin = copy.copy(game)
            twin.state = shuffled(game.state, seat, table.minds[seat].mates, HIDDEN[key], rng)
            twin.parts = copy.deepcopy(game.parts)
            try:
                same = rules.legal(twin.state, seat) == rules.legal(game.state, seat)
            except Exception:
                same = False
            other = real(twin, copy.deepcopy(table), seat, now, names) if same else None
            move, text = real(game, table, seat, now, names)
            if same:
                checked += 1
                mismatches += moved(*other) != moved(move, text)
            return move, text

        step.prepare = probe
        try:
            drive.play(rules, size(key), 4, options(key, "快速", 4))
        finally:
            step.prepare = real
    assert checked > 200 and mismatches == 0, (checked, mismatches)


def test_minds_rebuilt_from_the_log_decide_exactly_as_before():
    """A restart rebuilds the minds by folding the log (rebuild.py): swapped in halfway through, the rebuilt
    table makes the game go on with the very same inputs."""
    rules = registry.get("werewolf")
    opts = options("werewolf", "快速", 6)
    whole = drive.play(rules, 12, 6, opts)
    half = len(whole.inputs) // 2
    real_start = MindTable.start
    swapped = {}

    def start(game, seats=None):  # the driver's table, replaced by a rebuilt one when the log reaches `half`
        table = real_start(game, seats)
        swapped["table"] = table
        return table

    MindTable.start = staticmethod(start)
    try:
        again = drive.play(rules, 12, 6, opts, observe=lambda g, i, e: _swap(g, swapped, whole.inputs, half))
    finally:
        MindTable.start = staticmethod(real_start)
    assert swapped.get("done") and [i.to_json() for i in again.inputs] == [i.to_json() for i in whole.inputs]


def _swap(game: Game, swapped: dict, log: list[Input], half: int) -> None:
    if game.seq != half or swapped.get("done"):
        return
    fresh = Game.new(1, game.rules, 1, 1, game.seed, dict(game.options))
    table = Folder(fresh, set(ai_seats(game))).fold(log[:half])
    live = swapped["table"]
    live.__dict__.update(copy.deepcopy(table).__dict__)  # the driver holds this object: its contents change
    swapped["done"] = True


# --- seats and texts -----------------------------------------------------------------------------------------


def test_ai_seats_join_leave_and_take_over_through_inputs_and_ai_off_refuses_them():
    rules = registry.get("werewolf")
    game = Game.new(1, rules, 1, 1, 1, {"节奏": "快速"})
    apply(game, Input.make("join", 501, 0, name="甲"))
    apply(game, seat_input("add", 1, 0, count=3))
    assert [p.name.startswith(MARK) for p in game.players] == [False, True, True, True]
    with pytest.raises(Refusal, match="不是 AI 座位"):
        apply(game, seat_input("remove", 1, 0, target="1"))
    apply(game, seat_input("remove", 1, 0, target="3"))
    assert len(game.players) == 3 and game.players[2].qq == -3  # identities are never reused
    off = Game.new(2, rules, 2, 1, 1, {"节奏": "快速", "AI": False})
    with pytest.raises(Refusal, match="AI=关"):
        apply(off, seat_input("add", 1, 0, count=1))
    with pytest.raises(Refusal, match="只有 AI 座位"):
        apply(game, Input.make("aisay", 501, 0, text="冒充"))


def test_templates_name_no_role_camp_or_private_skill_and_do_not_repeat():
    words = set()
    for rules in registry.all_rulesets():
        if rules.key in KEYS:
            game = _started(rules.key)
            words |= {r.role for r in rules.cast(game.state)} | set(rules.factions)
            words |= private_skill_names(rules, game.state)
    facts = [speech.Speech("claim", {"checks": ((5, True), (3, False))}), speech.Speech("vote", {"why": "claimed", "t": 5,
             "by": 2}), speech.Speech("elect", {"t": 4}), speech.Speech("chatter", {"s": 5, "g": 6}),
             speech.Speech("words", {"s": 5, "g": 6}), speech.Speech("team", {"t": 7, "how": "agree"})]
    facts += [speech.Speech("vote", {"why": why, "t": 5}) for why in speech.VOTE if why != "claimed"]
    used: set[str] = set()
    for sp in facts:
        for i in range(12):
            text = speech.render(sp, Rng.seeded(i), used)
            assert text not in used
            used.add(text)
            assert not [w for w in words if len(w) >= 2 and w in text], text


# --- measuring -----------------------------------------------------------------------------------------------


def test_simulate_ai_reports_deduce_seats_against_random_and_cautious_seats_per_faction():
    from plugins.bansha.ai.simulate import render, run
    from plugins.bansha.tools import sim

    specs = sim.specs_for("狼人杀", agent="deduce")[:1]
    reports = run(specs, 30, 1)
    assert [r.opponent for r in reports] == ["random", "cautious"]
    for rep in reports:
        assert rep.games + rep.errors == 30
        seats = sum(t.games for t in rep.ai.values()) + sum(t.games for t in rep.others.values())
        assert seats == rep.games * rep.players and sum(t.games for t in rep.ai.values()) == rep.games * (rep.players // 2)
    text = render(reports)
    assert "推理座位（AI）对随机代理" in text and "推理座位（AI）对谨慎代理" in text and "[" in text


async def test_the_record_keeps_ai_seats_apart_from_people(tmp_path):
    """/排行 and /战绩 count people only; the stored record shows the AI seats' win rate beside the people's."""
    from tortoise import Tortoise

    from plugins.bansha import records
    from plugins.bansha.ai.simulate import stored_record
    from plugins.bansha.models import GameRow, ResultRow
    from plugins.bansha.service import Service

    await Service.init_db(f"sqlite://{tmp_path / 'rec.sqlite3'}")
    try:
        games = [await GameRow.create(group_id=9, self_id=1, ruleset="werewolf", status="ended", seed=1, owner=1,
                                      options={}) for _ in range(3)]
        rows = [(1, 501, "狼人阵营", True), (1, -1, "好人阵营", False), (2, 501, "好人阵营", True), (2, -1, "狼人阵营", False),
                (3, -2, "好人阵营", True), (3, 502, "狼人阵营", False)]
        await ResultRow.bulk_create([ResultRow(game_id=games[g - 1].id, group_id=9, ruleset="werewolf", board="", qq=qq,
                                               name=("【AI】小智" if qq < 0 else f"玩家{qq}"), seat=1, role="平民", faction=f,
                                               won=w, ended_at=float(g)) for g, qq, f, w in rows])
        ranks = await records.leaderboard(9)
        assert {r.qq for r in ranks} == {501, 502}
        assert await records.player_summary(-1) is None
        got = await stored_record("werewolf")
        assert (got["werewolf"]["好人阵营"]["ai"].games, got["werewolf"]["好人阵营"]["ai"].wins) == (2, 1)
        assert (got["werewolf"]["狼人阵营"]["people"].games, got["werewolf"]["狼人阵营"]["people"].wins) == (2, 1)
    finally:
        await Tortoise.close_connections()


# --- the LLM client ------------------------------------------------------------------------------------------


async def test_the_llm_client_uses_an_answer_and_falls_back_on_timeout_garbage_errors_and_its_budget(monkeypatch):
    import asyncio
    import builtins

    import httpx

    from plugins.bansha.ai.llm import Llm
    from plugins.bansha.ai.settings import AiSettings

    answers = iter(["「我觉得3号有点急了」", "slow", "As an AI model I cannot.", "error", "好" * 300, "再想想2号"])

    async def handler(request: httpx.Request) -> httpx.Response:
        content = next(answers)
        if content == "slow":
            await asyncio.sleep(2)
        if content == "error":
            return httpx.Response(500, json={"error": {"message": "down"}})
        return httpx.Response(200, json={"id": "x", "object": "chat.completion", "created": 0, "model": "m",
                                         "choices": [{"index": 0, "finish_reason": "stop",
                                                      "message": {"role": "assistant", "content": content}}]})

    settings = AiSettings(llm_url="http://llm.test/v1", llm_model="m", llm_timeout=0.5, llm_per_minute=5)
    llm = Llm(settings, http_client=httpx.AsyncClient(transport=httpx.MockTransport(handler)))
    got = [await llm.reword("狼人杀", 1, "第1天", "投票给 3号", "3号发言太少了", budget=5) for _ in range(6)]
    assert got == ["我觉得3号有点急了", None, None, None, None, None]
    assert llm.stats["timeout"] == 1 and llm.stats["garbage"] == 2 and llm.stats["error"] == 1 and llm.stats["rate"] == 1
    assert await llm.reword("狼人杀", 1, "", "", "草稿", budget=0.1) is None  # no time before the deadline
    await llm.close()
    real_import = builtins.__import__

    def no_openai(name, *a, **kw):
        if name == "openai":
            raise ImportError("no openai")
        return real_import(name, *a, **kw)

    monkeypatch.setattr(builtins, "__import__", no_openai)
    assert not Llm(settings).on  # the bot runs without the package: every text is a template
