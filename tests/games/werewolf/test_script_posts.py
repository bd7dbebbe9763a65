"""What a 剧本 game posts in the group, counted as the service routes it (plugins/bansha/service/routing.py): the
shipped 12人骑士守墓人 phase by phase, and every shipped 剧本's whole games input by input. A 剧本's own skills add
posts of their own (「发动『决斗』…等待导演裁定」, the ruling): each is one message, and a secret skill none."""

from __future__ import annotations

from paths import ROOT
from shipped import book_kept, shipped
from werewolf_table import Table

from plugins.bansha import scripts
from plugins.bansha.engine.agents.play import play_game
from plugins.bansha.engine.core.phases import parse_options
from plugins.bansha.service.routing import route
from plugins.werewolf.terms import DAY, LAST_WORDS, NIGHT

FILE = ROOT / "plugins" / "bansha" / "scripts" / "12人骑士守墓人.toml"


def posts(game, events) -> list[str]:
    """The group messages (and the forwarded record) these events become."""
    return [row[0] + ":" + str(row[3]) for row in route(game, events, None) if row[0] in ("group", "forward")]


def test_a_script_night_and_day_post_one_message_per_moment():
    _, rules, options = scripts.load(FILE.read_text(encoding="utf-8"))
    with book_kept():
        t = Table(12, 3, **{**parse_options([], rules.all_options()), **options, "警长": False})
        knight, keeper, wolf = t.one("骑士"), t.one("守墓人"), t.one("狼人")
        assert len(posts(t.game, t.started)) == 1  # 游戏开始 with the seats and the night's line

        # the night: a secret 裁定 skill and its ruling say nothing in the group; dawn is one post
        assert posts(t.game, t.act(keeper, "守墓")) == []
        assert posts(t.game, t.judge("裁定", no=1, verdict="昨天没有人被放逐。")) == []
        mark = len(t.events)
        t.night(kill=next(s for s in t.good() if s not in (knight, keeper)))
        (dawn,) = posts(t.game, t.events[mark:])
        assert t.phase == LAST_WORDS and "天亮了。昨晚死亡的是：" in dawn and "守墓" not in dawn

        mark = len(t.events)
        t.skip_words()
        (day,) = posts(t.game, t.events[mark:])
        assert t.phase == DAY and day.startswith("group:第1天：请发言并投票")

        # the day: the 骑士's 决斗 in the group is one post, the judge's 「出局」 one more
        assert posts(t.game, t.public(knight, "决斗", wolf)) == [
            f"group:{knight}号 P{knight} 发动「决斗」，目标 {wolf}号 P{wolf}，等待导演裁定。"]
        (ruled,) = posts(t.game, t.judge("裁定", no=2, verdict=f"出局 {wolf}"))
        assert f"导演裁定 {knight}号 P{knight} 的「决斗」：出局 {wolf}" in ruled
        assert t.phase in (DAY, NIGHT, LAST_WORDS)


def test_every_input_of_a_shipped_script_posts_at_most_one_group_message():
    """Whole seeded games of every shipped 剧本: no input floods the thread, and the record is forwarded once, with
    the last post."""
    for script in shipped():
        with book_kept():
            for seed in range(3):
                counts: list[int] = []
                forwards: list[int] = []

                def observe(game, inp, events, counts=counts, forwards=forwards) -> None:
                    rows = posts(game, events)
                    counts.append(sum(r.startswith("group:") for r in rows))
                    forwards.append(sum(r.startswith("forward:") for r in rows))

                result = play_game(script.rules, script.players[0], seed, script.options, observe=observe)
                where = f"{script.name} 种子 {seed}"
                assert result.game.outcome is not None, where
                assert max(counts) == 1 and sum(counts) >= 3, where  # the start, a phase at least, the end
                assert sum(forwards) == 1 and forwards[-1] == 1 and counts[-1] == 1, where
