"""`bansha stats` (win rates from the stored games, with a chart) and `bansha pictures` (docs/images),
each in a process of its own (they open and close the database / load every game)."""

from __future__ import annotations

import subprocess
import sys

from paths import ROOT
from PIL import Image

FILL = """
import asyncio, random, sys
from plugins.bansha import db
from plugins.bansha.service import Service
from plugins.bansha.tools.bench_records import _fill
async def main(url):
    await Service.init_db(url)
    await _fill(db.connection(), 0, 60, random.Random(1))
    await db.close()
asyncio.run(main(sys.argv[1]))
"""


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, *args], cwd=ROOT, capture_output=True, text=True, timeout=300)


def test_stats_reads_the_stored_games_and_draws_the_chart(tmp_path):
    url = f"sqlite://{tmp_path / 'stats.sqlite3'}"
    assert _run("-c", FILL, url).returncode == 0
    chart = tmp_path / "chart.png"
    done = _run("-m", "plugins.bansha.tools.cli", "stats", "--db", url, "--game", "狼人杀", "--chart", str(chart))
    assert done.returncode == 0, done.stderr
    assert "经典狼人杀" in done.stdout or "狼人杀" in done.stdout
    assert "12 局（已存对局）" in done.stdout  # 60 games over five rulesets
    assert "好人：胜" in done.stdout and "身份：" in done.stdout
    img = Image.open(chart)
    assert img.format == "PNG" and img.size[0] > 500
    assert "没有找到中文字体" not in done.stderr  # the pictures' font serves the chart too
    bad = _run("-m", "plugins.bansha.tools.cli", "stats", "--db", url, "--game", "不存在")
    assert bad.returncode == 2 and "没有名为" in bad.stderr


def test_pictures_writes_one_of_each_kind(tmp_path):
    done = _run("-m", "plugins.bansha.tools.cli", "pictures", "--out", str(tmp_path))
    assert done.returncode == 0, done.stderr
    for name in ("ring", "votes", "cast", "hp", "score"):
        img = Image.open(tmp_path / f"{name}.png")
        assert img.format == "PNG" and 300 <= img.size[0] <= 2400
