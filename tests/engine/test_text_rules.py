"""Issue 13, item 2: a rule the game's own text states is the ruleset's default in every tempo.

快速 tempo changes time only (phase lengths, the cut-offs on the forum clock, the 潜水 counts of a forum
day); 纳塔's hidden counts, its single 改票, its 红牌 after the vote and its two-reds loss, and 鹿鼎记's
reasoned votes and single 改票, hold in 快速 play too. The judge can still override any of them, and the
/开局 reply lists every option that departs from the text.
"""

from __future__ import annotations

import copy

import pytest
from nata_table import DUSK, NOON, Table

from plugins.bansha.engine import Game, Input, Refusal, apply
from plugins.bansha.engine.parts import forum
from plugins.luding.rules import RULESET as LUDING
from plugins.nata.rules import RULESET as NATA


def group_count(events) -> int:
    return sum(1 for e in events if e.audience.kind == "group")


def test_nata_quick_tempo_hides_the_counts_and_allows_one_change():
    t = Table()  # 节奏=快速
    t.to(NOON, 2)
    living = t.state.living()
    a, b, c = living[:3]
    t.vote(a, b)
    t.act(a, "改票", c, via="group", reason="改主意")
    msg = t.refused_act(a, "改票", b, via="group", reason="再改")
    assert "改" in msg
    for s in living[1:]:
        t.vote(s, c)
    if t.state.phase == NOON:
        t.deadline()
    close = t.last
    text = t.group_text(close)
    assert f"最高票：{c}号" in text
    assert "计票：" not in text and "票；" not in text


def test_nata_quick_tempo_red_card_waits_for_the_vote_and_two_reds_lose_the_faction():
    t = Table()
    t.to(NOON, 2)
    wolves = [s for s in t.state.living() if t.state.faction(s) == "狼人阵营"]
    events = t.judge("红牌", target=str(wolves[0]), reason="恶意")
    assert t.alive(wolves[0]), "004: 白天红牌罚下导致的出局结算在投票结算之后执行"
    assert "投票结算后红牌罚下" in t.group_text(events)
    assert group_count(events) == 2  # the card, and when it takes effect
    t.deadline()
    assert t.state.phase == DUSK and not t.alive(wolves[0])
    t.judge("红牌", target=str(wolves[1]), reason="恶意")
    assert "狼人阵营" in t.state.lost  # 同一阵营的角色累计获得两张或以上红牌时，阵营判负


def test_judge_may_still_override_a_text_rule_in_either_tempo():
    t = Table(票数公开=True)
    t.to(NOON, 2)
    living = t.state.living()
    for s in living:
        t.vote(s, living[0])
    if t.state.phase == NOON:
        t.deadline()
    assert "计票：" in t.all_group()


def _luding(**options) -> Game:
    game = Game.new(1, LUDING, group=1, owner=1, seed=7, options={"节奏": "快速", **options})
    for i in range(14):
        apply(game, Input.make("join", 100 + i, 1_700_000_000 + i, name=f"P{i + 1}"))
    apply(game, Input.make("start", 1, 1_700_000_100))
    return game


def _refused(game: Game, inp: Input) -> str:
    before = copy.deepcopy(game)
    with pytest.raises(Refusal) as e:
        apply(game, inp)
    assert game == before
    return e.value.message


def test_luding_quick_tempo_wants_a_reason_and_allows_one_change():
    game = _luding()
    at = 1_700_000_200
    assert "投票理由" in _refused(game, Input.make("act", 100, at, skill="投票", words=("2",), via="group"))
    apply(game, Input.make("act", 100, at, skill="投票", words=("2",), reason="发言矛盾", via="group"))
    # 003: 投票后，只有一次改票机会 — a second 投票 is not a change, and a second 改票 is refused
    assert "改票" in _refused(game, Input.make("act", 100, at + 1, skill="投票", words=("3",), reason="x", via="group"))
    apply(game, Input.make("act", 100, at + 2, skill="改票", words=("3",), reason="再想想", via="group"))
    assert _refused(game, Input.make("act", 100, at + 3, skill="改票", words=("4",), reason="x", via="group"))


def test_text_rules_are_the_defaults_in_both_tempos_and_times_follow_the_tempo():
    for tempo in ("快速", "论坛"):
        g = Game.new(1, NATA, group=1, owner=1, seed=1, options={"节奏": tempo})
        assert forum.opt(g, "票数公开") is False and forum.opt(g, "改票次数") == 1
        assert forum.opt(g, "红牌结算") == "投票后" and forum.opt(g, "红牌判负") is True
        lu = Game.new(1, LUDING, group=1, owner=1, seed=1, options={"节奏": tempo})
        assert forum.opt(lu, "投票理由") == "必填" and forum.opt(lu, "改票次数") == 1
    quick = Game.new(1, NATA, group=1, owner=1, seed=1, options={"节奏": "快速"})
    assert forum.opt(quick, "改票截止") == 0 and forum.opt(quick, "潜水") is False  # the forum clock's rules
    slow = Game.new(1, NATA, group=1, owner=1, seed=1, options={"节奏": "论坛"})
    assert forum.opt(slow, "改票截止") == 3600 and forum.opt(slow, "潜水") is True


def test_opening_lists_every_option_that_departs_from_the_text():
    from plugins.bansha.engine.core.phases import parse_options

    opts = parse_options(["节奏=快速", "票数公开=开", "改票次数=2"], NATA.all_options())
    lines = forum.departures(NATA, opts)
    text = "\n".join(lines)
    assert "票数公开=开" in text and "改票次数=2" in text
    assert "潜水" in text  # a 快速 day is no forum day: no 潜水 cards
    plain = forum.departures(NATA, parse_options(["节奏=论坛"], NATA.all_options()))
    assert plain == []


def test_a_ruleset_sets_its_own_guanmen_nata_closes_at_21():
    """004: 「讨论日结束三个小时前（一般为最后一个自然日的18:00）」 — the day closes at 21:00."""
    from datetime import datetime
    from zoneinfo import ZoneInfo

    from plugins.bansha.engine.core.phases import parse_options
    from plugins.bansha.engine.game import registry

    sh = ZoneInfo("Asia/Shanghai")
    assert parse_options(["节奏=论坛"], NATA.all_options())["关门"] == "21:00"
    assert parse_options(["节奏=论坛", "关门=22:30"], NATA.all_options())["关门"] == "22:30"
    assert parse_options(["节奏=论坛"], registry.get("狼人杀").all_options())["关门"] == "22:00"
    morning = datetime(2027, 3, 1, 8, tzinfo=sh).timestamp()
    game = Game.new(1, NATA, group=1, owner=1, seed=3, options={"节奏": "论坛"})
    for i in range(14):
        apply(game, Input.make("join", 100 + i, morning, name=f"P{i}"))
    apply(game, Input.make("start", 1, morning))
    apply(game, Input.make("deadline", 0, game.deadline, phase_no=game.phase_no))  # 开局 → 竞选日
    assert datetime.fromtimestamp(game.deadline, sh).strftime("%H:%M") == "21:00"


@pytest.mark.parametrize("rules", [NATA, LUDING], ids=["纳塔", "鹿鼎记"])
def test_a_judged_loss_is_not_announced_where_the_text_says_so(rules):
    """003/004: 「阵营被判负后，不予公示」 — /法官 判负 is recorded and told to the judge alone."""
    game = Game.new(1, rules, group=1, owner=1, seed=7, options={"节奏": "快速"})
    for i in range(14):
        apply(game, Input.make("join", 100 + i, 1_700_000_000 + i, name=f"P{i + 1}"))
    apply(game, Input.make("start", 1, 1_700_000_100))
    faction = "狼人阵营"
    events = apply(game, Input.make("judge", 1, 1_700_000_200, sub="判负", faction=faction))
    # 鹿鼎记 has three factions: any judged loss ends the game, and only the end is published
    assert [e.text for e in events if e.audience.kind == "group" and e.tag != "end"] == []
    assert (game.status == "ended") == (rules is LUDING)
    told = [e for e in events if e.audience.kind == "user" and e.audience.seat == 1]
    assert told and faction in told[0].text
    assert faction in game.forum.forfeited and any(faction in line for line in game.timeline)
