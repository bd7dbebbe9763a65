"""The pure engine: RNG, options, votes, statuses, skill parsing, and the log-fold property."""

from __future__ import annotations

import copy

import pytest

from plugins.bansha.engine import ABSTAIN, Input, Refusal, Rng, Skill, Status, StatusBook, VoteBox, apply
from plugins.bansha.engine.agents.play import play_game
from plugins.bansha.engine.core.phases import COMMON_OPTIONS, PhaseSpec, parse_options, phase_deadline
from plugins.bansha.engine.core.skills import parse_action
from plugins.bansha.engine.core.status import NEXT_NIGHT, UNTIL_DAY, UNTIL_PHASE
from plugins.bansha.engine.game import Game, registry


def test_rng_is_reproducible_and_unbiased_enough():
    a, b = Rng.seeded(42), Rng.seeded(42)
    assert [a.below(10) for _ in range(50)] == [b.below(10) for _ in range(50)]
    counts = [0] * 6
    r = Rng.seeded(1)
    for _ in range(6000):
        counts[r.randint(1, 6) - 1] += 1
    assert all(800 < c < 1200 for c in counts)
    items = list(range(10))
    Rng.seeded(3).shuffle(items)
    assert sorted(items) == list(range(10)) and items != list(range(10))


def test_options_accept_known_keys_and_refuse_the_rest_with_the_valid_list():
    specs = list(COMMON_OPTIONS)
    opts = parse_options(["节奏=论坛", "开门=9:30", "种子=12"], specs)
    assert opts["节奏"] == "论坛" and opts["开门"] == "09:30" and opts["种子"] == 12
    with pytest.raises(Refusal) as e:
        parse_options(["颜色=红"], specs)
    assert "可用的键" in e.value.message and "节奏" in e.value.message
    with pytest.raises(Refusal):
        parse_options(["节奏=很快"], specs)
    with pytest.raises(Refusal):
        parse_options(["关门=25:00"], specs)
    for zone in ("Mars/Olympus", "Asia", "../../etc/passwd"):
        with pytest.raises(Refusal):
            parse_options([f"时区={zone}"], specs)
    assert parse_options(["时区=Europe/Berlin"], specs)["时区"] == "Europe/Berlin"


def test_quick_and_forum_deadlines():
    day = PhaseSpec("day", "白天", seconds=90, option="白天", forum="close")
    night = PhaseSpec("night", "夜晚", night=True, seconds=60, forum="+30")
    at = 1_800_000_000.0  # 2027-01-15 08:00 UTC = 16:00 in Shanghai
    assert phase_deadline(day, {"节奏": "快速"}, at, None) == at + 90
    assert phase_deadline(day, {"节奏": "快速", "白天": 30}, at, None) == at + 30
    close = phase_deadline(day, {"节奏": "论坛", "关门": "22:00"}, at, None)
    assert close - at == 6 * 3600
    assert phase_deadline(night, {"节奏": "论坛"}, close, close) == close + 1800


def test_votebox_one_change_rule_and_weights():
    box = VoteBox()
    box.cast(1, 3, max_changes=1)
    box.cast(2, 3, max_changes=1)
    box.cast(4, ABSTAIN, max_changes=1)
    with pytest.raises(Refusal):
        box.cast(1, 4, change=False, max_changes=1)  # a second /投票 is not a change
    box.cast(1, 4, change=True, max_changes=1)
    with pytest.raises(Refusal):
        box.cast(1, 2, change=True, max_changes=1)  # exactly one change
    with pytest.raises(Refusal):
        box.cast(5, 2, change=True)  # nothing to change yet
    assert box.leaders() == [3, 4] or box.leaders() == [3]
    assert box.tally({1: 2.0}) == {4: 2.0, 3: 1.0, ABSTAIN: 1.0}
    assert box.leaders({2: 0}) == [4]  # weight 0 (迷魂) does not count


def test_status_durations():
    book = StatusBook()
    book.add(Status("沉默", 1, until=NEXT_NIGHT))
    book.add(Status("守护", 2, until=UNTIL_PHASE, phase="dawn"))
    book.add(Status("魅惑", 3, until=UNTIL_DAY, day=3))
    book.add(Status("警长", 4))
    book.on_enter("day", is_night=False, day=2)
    assert {s.name for s in book.items} == {"沉默", "守护", "魅惑", "警长"}
    book.on_enter("night", is_night=True, day=2)
    assert not book.has(1, "沉默")
    book.on_enter("dawn", is_night=False, day=3)
    assert {s.name for s in book.items} == {"警长"}


def test_skill_parsing_resolves_every_target_form():
    game = Game.new(1, registry.get("toy"), 1, 1, 1, {})
    for i, name in enumerate(["甲", "乙", "丙"]):
        apply(game, Input.make("join", 100 + i, 0, name=name))
    skill = Skill("x", "查验", words=("弃权",))
    for token, seat in (("2", 2), ("2号", 2), ("@101", 2), ("101", 2), ("乙", 2)):
        assert parse_action(skill, [token], game.resolve).targets == (seat,)
    assert parse_action(skill, ["弃权"], game.resolve).targets == (ABSTAIN,)
    with pytest.raises(Refusal):
        parse_action(skill, ["丁"], game.resolve)
    with pytest.raises(Refusal):
        parse_action(skill, ["1", "2"], game.resolve)
    with pytest.raises(Refusal):
        parse_action(skill, [], game.resolve)


def _seats_for(ruleset):
    return [n for n in range(3, 21) if ruleset.check_players({"节奏": ruleset.default_tempo}, n) is None]


@pytest.mark.parametrize("key", [r.key for r in registry.all_rulesets()])
def test_replaying_the_log_rebuilds_the_live_state(key):
    """For many seeds, the fold of the recorded inputs equals the game played live."""
    ruleset = registry.get(key)
    sizes = _seats_for(ruleset)
    assert sizes, f"{key} accepts no head count"
    for seed in range(25):
        n = sizes[seed % len(sizes)]
        played = play_game(ruleset, n, seed, record=True)
        live = played.game
        assert live.outcome is not None, f"{key} seed {seed}: no winner"
        replay = Game.new(live.gid, ruleset, live.group, live.owner, live.seed, dict(live.options))
        for inp in played.inputs:
            apply(replay, Input.from_json(copy.deepcopy(inp.to_json())))
        assert replay == live, f"{key} seed {seed}: replay differs"


@pytest.mark.parametrize("key", [r.key for r in registry.all_rulesets()])
def test_a_refused_input_leaves_the_game_unchanged(key):
    ruleset = registry.get(key)
    n = _seats_for(ruleset)[0]
    game = Game.new(1, ruleset, 1, 1, 5, {})
    for i in range(n):
        apply(game, Input.make("join", 100 + i, 0, name=f"P{i}"))
    apply(game, Input.make("start", 1, 0))
    before = copy.deepcopy(game)
    for inp in (
        Input.make("act", 100, 1, skill="不存在的技能", words=()),
        Input.make("act", 9999, 1, skill="投票", words=("1",)),
        Input.make("join", 100, 1, name="x"),
        Input.make("start", 1, 1),
        Input.make("deadline", 0, 1, phase_no=game.phase_no + 7),
        Input.make("chat", 9999, 1, text="hi"),
    ):
        with pytest.raises(Refusal) as e:
            apply(game, inp)
        assert e.value.message and any("\u4e00" <= ch <= "\u9fff" for ch in e.value.message)
        assert game == before


def test_legal_asks_the_same_target_rule_as_a_typed_action():
    """`legal` lists a seat as a target exactly when a typed action naming it passes the declaration's
    own rule (skills.rule_targets against check_target_rule), for every rule, actor and who is alive."""
    import itertools

    from plugins.bansha.engine.core.skills import ALIVE, ALIVE_OTHER, ANY, DEAD, check_target_rule, rule_targets

    n = 5
    for rule, actor, pattern in itertools.product((ALIVE, ALIVE_OTHER, DEAD, ANY), range(1, n + 1),
                                                  itertools.product((True, False), repeat=n)):
        skill = Skill("k", "技能", target_rule=rule)
        alive = [False, *pattern]
        typed = [t for t in range(1, n + 1) if check_target_rule(skill, actor, t, alive.__getitem__, n) is None]
        assert rule_targets(skill, actor, alive, n) == typed, (rule, actor, pattern)


def test_status_lookups_follow_every_change_to_the_book():
    """The index by holder answers like a scan of `items` after adds, removals, expiry, a game filtering
    `items` itself, a copy and a pickle (which does not carry the index)."""
    import pickle

    book = StatusBook()
    book.add(Status("沉默", 3, until=NEXT_NIGHT))
    book.add(Status("守护", 3))
    book.add(Status("沉默", 5, until=UNTIL_DAY, day=2))
    assert book.has(3, "沉默") and book.has(5, "沉默") and not book.has(4, "沉默")
    assert [s.name for s in book.of(3)] == ["沉默", "守护"]
    book.items = [s for s in book.items if s.name != "守护"]  # a game filtering the list itself
    assert not book.has(3, "守护") and book.of(3, "沉默")
    book.items.remove(book.of(5)[0])  # or removing from it in place
    assert not book.has(5, "沉默")
    book.on_enter("night", True, 1)
    assert not book.has(3, "沉默")
    book.add(Status("迷魂", 1))
    restored = pickle.loads(pickle.dumps(book))
    assert "_index" not in restored.__dict__ and restored == book and restored.has(1, "迷魂")
    copied = copy.deepcopy(book)
    assert copied.has(1, "迷魂") and copied.remove(1, "迷魂") and not copied.has(1, "迷魂") and book.has(1, "迷魂")
