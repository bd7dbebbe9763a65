"""Pictures (plugins/bansha/images): every board the rules attach, for every game, draws into a
valid PNG of sane size; it draws exactly the board's strings, each in the text sent with it, and
the font has a glyph for every character (no tofu)."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from plugins.bansha import images
from plugins.bansha.engine.agents.play import play_game
from plugins.bansha.engine.game import registry
from plugins.bansha.engine.game.pictures import images_of, strings, table

KINDS = {"beastchess": {"table", "cast"}, "tavern": {"ring", "table", "cast"}}  # the others: a ring, votes, the cast
COMMON = {"ring", "votes", "cast"}


def _boards(key: str, seeds: range) -> list[tuple[str, dict]]:
    rules = registry.get(key)
    sizes = rules.sizes({"节奏": rules.default_tempo})
    out: list[tuple[str, dict]] = []

    def observe(game, inp, events):
        for ev in events:
            if ev.audience.kind == "group":
                out.extend((ev.text, b) for b in images_of(ev.data))

    # 鹿鼎记 quick: its forum days open at 09:00, after this clock's votes (an empty vote board is not drawn)
    options = {"节奏": "快速"} if key == "luding" else None
    for seed in seeds:
        play_game(rules, sizes[seed % len(sizes)], seed, options, observe=observe)
    return out


def check_picture(board: dict, text: str) -> Image.Image:
    canvas = images.draw(board)
    data = canvas.png()
    img = Image.open(io.BytesIO(data))
    assert img.format == "PNG"
    img.load()
    w, h = img.size
    assert 300 <= w <= images.MAX_SIDE and 200 <= h <= images.MAX_SIDE, (board["kind"], img.size)
    assert len(data) < 1_000_000
    assert sorted(canvas.drawn) == sorted(strings(board)), board["kind"]
    have = images.glyphs()
    tofu = {ch for s in canvas.drawn for ch in s if ord(ch) not in have and ch != " "}
    assert not tofu, f"no glyph for {tofu}"
    missing = [s for s in strings(board) if s not in text]
    assert not missing, f"the picture shows {missing} the text does not"
    return img


@pytest.mark.parametrize("key", sorted(r.key for r in registry.offered()))
def test_every_board_of_every_game_draws(key):
    boards = _boards(key, range(3))
    assert {b["kind"] for _, b in boards} >= KINDS.get(key, COMMON)
    seen: set[str] = set()
    for text, board in boards:
        if board["kind"] in seen and board["kind"] != "votes":
            continue  # one of each kind (every vote board: they vary most)
        seen.add(board["kind"])
        check_picture(board, text)


def test_a_name_the_font_cannot_draw_becomes_a_question_mark():
    board = table("血量", ["", "血量"], [["1号 小🐺", "3"], ["2号 𪚥", "4"]])
    canvas = images.draw(board)
    assert "1号 小?" in canvas.drawn
    assert all(ord(ch) in images.glyphs() or ch in "? " for s in canvas.drawn for ch in s)


def test_the_font_is_noto_sans_cjk_from_the_installed_package():
    path, index = images.font_file()
    assert "noto_cjk_sans_otc" in path
    assert images.font(20).getname()[0] == "Noto Sans CJK SC"
    for ch in "萬寧斗獸棋酒馆圣杯鹿鼎记纳塔电梯楼票型演员表警长寡言翻牌出局胜者弃权①":
        assert ord(ch) in images.glyphs(), ch


def test_the_same_board_renders_the_same_png_once():
    board = table("最终得分", ["", "得分"], [["守序阵营", "3"]])
    images._render_cached.cache_clear()
    first = images.render(board)
    assert images.render(dict(board)) is first
