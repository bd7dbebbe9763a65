"""Installed into someone else's bot: the wheel, a fresh virtual environment, a bare NoneBot bot.py with a
plugin of its own that also uses tortoise (tests/data/guestbot), and the fake OneBot client.

The wheel is built from a copy of the sources, installed with pip into a new venv (its dependencies
from a wheel cache in .venv/wheelhouse, filled from PyPI the first time), and the bot runs from a
directory that has its own `plugins` package: nothing of the checkout is importable there.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import httpx
import pytest
from fakeqq import BotProcess, FakeQQ, in_group, to_user

from plugins.bansha.engine.game import registry

pytestmark = [pytest.mark.e2e, pytest.mark.slow]  # slow: builds a wheel into fresh virtual environments (~30 s): make test-long; test_packaging.py keeps the one-package checks in make test

ROOT = Path(__file__).resolve().parents[1]
GUESTBOT = Path(__file__).resolve().parent / "data" / "guestbot"
WHEELHOUSE = Path(sys.prefix) / "wheelhouse"  # the test venv's own cache: `make clean` drops it
GROUP = 30000
OWNER, ALICE, BOB = 31001, 31002, 31003
TOP = "nonebot_plugin_bansha"
GAMES = [r.title for r in registry.offered()]  # what /帮助 must offer, by the checkout's registry
KEYS = [p.rsplit(".", 1)[1] for p in registry.game_packages(examples=False)]


def _pip(*args: str, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pip", "--disable-pip-version-check", *args],
                          capture_output=True, text=True, timeout=timeout)


def _build_wheel(out: Path, work: Path) -> Path:
    """`pip wheel` on a copy of the sources: an in-tree build/ could carry files deleted since."""
    src = work / "src"
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    shutil.copytree(ROOT / "plugins", src / "plugins", ignore=ignore)
    for name in ("setup.py", "pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, src / name)
    args = ["wheel", "--no-deps", "-w", str(out), str(src)]
    done = _pip(*args, "--no-index", "--find-links", str(WHEELHOUSE))  # setuptools from the cache
    if done.returncode != 0:
        WHEELHOUSE.mkdir(exist_ok=True)
        fetched = _pip("download", "-d", str(WHEELHOUSE), "setuptools>=69")
        assert fetched.returncode == 0, fetched.stderr[-3000:]
        done = _pip(*args, "--no-index", "--find-links", str(WHEELHOUSE))
    assert done.returncode == 0, done.stderr[-3000:]
    (wheel,) = out.glob("nonebot_plugin_bansha-*.whl")
    return wheel


def _install(wheel: Path, venv: Path) -> Path:
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    python = venv / "bin" / "python"
    args = ["--python", str(python), "install", "--no-index", "--find-links", str(WHEELHOUSE), str(wheel)]
    done = _pip(*args)
    if done.returncode != 0:  # first run, or the dependencies changed: fill the cache from PyPI
        WHEELHOUSE.mkdir(exist_ok=True)
        fetched = _pip("download", "-d", str(WHEELHOUSE), str(wheel))
        assert fetched.returncode == 0, fetched.stderr[-3000:]
        for own in WHEELHOUSE.glob("nonebot_plugin_bansha-*"):
            own.unlink()  # only the dependencies are cached; the wheel under test is always the new one
        done = _pip(*args)
    assert done.returncode == 0, done.stderr[-3000:]
    return python


@pytest.fixture(scope="module")
def guest(tmp_path_factory: pytest.TempPathFactory):
    work = tmp_path_factory.mktemp("install")
    wheel = _build_wheel(work / "dist", work)
    python = _install(wheel, work / "venv")
    bot = work / "bot"
    shutil.copytree(GUESTBOT, bot, ignore=shutil.ignore_patterns("__pycache__"))
    return python, bot, wheel


def test_the_wheel_holds_one_package_and_every_data_file(guest):
    import zipfile

    _, _, wheel = guest
    names = zipfile.ZipFile(wheel).namelist()
    assert {n.split("/")[0] for n in names} == {TOP, f"{TOP}-0.1.0.dist-info"}  # never a top-level `plugins`
    # -z: file names as they are (git quotes a Chinese name such as a 剧本's otherwise)
    listed = subprocess.run(["git", "ls-files", "-z", "plugins"], cwd=ROOT, capture_output=True, text=True).stdout
    tracked = [n for n in listed.split("\0") if n]
    if not tracked:
        pytest.skip("not a git checkout: cannot list the tracked files")
    missing = {TOP + n.removeprefix("plugins") for n in tracked} - set(names)
    assert missing == set()  # code and data (tavern/classes.toml) alike


def test_the_bot_alone_installs_without_the_simulator_libraries(guest):
    python, _, _ = guest
    probe = "import importlib.util as u; print([m for m in ('numpy', 'matplotlib', 'tqdm') if u.find_spec(m)])"
    out = subprocess.run([str(python), "-c", probe], capture_output=True, text=True, timeout=60)
    assert out.stdout.strip() == "[]", out.stderr


def _start(guest, order: str, tmp: Path) -> BotProcess:
    python, bot, _ = guest
    proc = BotProcess(bot, python=str(python), superusers=(OWNER,), env={
        "BANSHA_DB_URL": "",  # the default: localstore's data directory
        "LOCALSTORE_DATA_DIR": str(tmp / "store"),
        "NOTES_DB": str(tmp / "notes.sqlite3"),
        "GUEST_ORDER": order,
        "GUEST_REPORT": str(tmp / "plugins.json"),
        "ENVIRONMENT": "prod",
    })
    proc.start()
    return proc


@pytest.mark.parametrize("order", ["own,bansha", "bansha,own"])
async def test_help_and_signup_beside_another_tortoise_plugin(guest, order, tmp_path):
    proc = _start(guest, order, tmp_path)
    try:
        await proc.wait_ready(60)
        qq = FakeQQ.for_process(proc)
        qq.add_group(GROUP, {OWNER: "群主", ALICE: "爱丽丝", BOB: "鲍勃"}, owner=OWNER)
        qq.friends |= {OWNER, ALICE, BOB}
        await qq.connect()

        mark = qq.mark()
        await qq.group_msg(ALICE, GROUP, "/记 第一条")  # the host's own plugin works ...
        assert (await qq.wait_for(in_group(GROUP), after=mark)).text == "记下了，共 1 条"

        mark = qq.mark()
        await qq.group_msg(ALICE, GROUP, "/帮助")
        helped = await qq.wait_for(in_group(GROUP), after=mark)
        assert helped.text.startswith("版杀法官 · 命令") and all(g in helped.text for g in GAMES)

        mark = qq.mark()
        await qq.group_msg(OWNER, GROUP, "/开局 狼人杀")
        opened = await qq.wait_for(in_group(GROUP), after=mark)
        assert opened.text.startswith("狼人杀 开局（第 1 局），报名开始！")
        await qq.wait_reaction(await qq.group_msg(BOB, GROUP, "/报名"))  # a sign-up: a reaction on the post
        mark = qq.mark()
        await qq.group_msg(ALICE, GROUP, "/笔记")  # ... and still works after Bansha wrote to its own DB
        assert (await qq.wait_for(in_group(GROUP), after=mark)).text == "第一条"
        assert len(qq.group_texts(GROUP)) == 4  # 记, 帮助, 开局, 笔记: one post each (报名: a reaction)
        assert qq.private_texts(BOB) == []  # a friend: no temp-session probe

        # the 导演台 on the host's web app reads Bansha's database from its own request tasks
        mark = qq.mark()
        await qq.private_msg(OWNER, "/法官 控制台")
        link = re.search(r"http://\S+", (await qq.wait_for(to_user(OWNER, "导演台登录链接"), after=mark)).text)
        async with httpx.AsyncClient(timeout=10) as web:
            page = await web.get(link.group(0))  # type: ignore[union-attr]
            assert page.status_code == 200 and "进入导演台" in page.text, page.text[-2000:]
        assert len(qq.group_texts(GROUP)) == 4

        # each plugin kept its own database: Bansha's in localstore's directory, the notes in theirs
        store = tmp_path / "store" / TOP / "bansha" / "bansha.sqlite3"
        assert store.exists() and (tmp_path / "notes.sqlite3").exists()
        proc.stop()
        assert {"bansha_game", "bansha_seat", "bansha_input"} <= _tables(store) and "note" not in _tables(store)
        assert not any(t.startswith("bansha_") for t in _tables(tmp_path / "notes.sqlite3"))
        assert "Error" not in proc.log_text() and "Traceback" not in proc.log_text(), proc.log_tail()
    finally:
        proc.cleanup()


def _tables(path: Path) -> set[str]:
    import sqlite3

    with sqlite3.connect(path) as con:
        return {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}


async def test_every_plugin_carries_its_metadata(guest, tmp_path):
    proc = _start(guest, "own,bansha", tmp_path)
    try:
        await proc.wait_ready(60)
    finally:
        proc.cleanup()
    plugins = json.loads((tmp_path / "plugins.json").read_text(encoding="utf-8"))
    ours = {pid: p for pid, p in plugins.items() if p["module"].split(".")[0] == TOP}
    assert set(ours) == {TOP, f"{TOP}:bansha"} | {f"{TOP}:{g}" for g in KEYS}
    for pid, p in ours.items():
        meta = p["metadata"]
        assert meta is not None, pid
        assert meta["type"] == "application" and meta["supported_adapters"] == ["~onebot.v11"], pid
        assert meta["homepage"] is None and meta["name"].startswith("版杀法官") and meta["usage"], pid
        assert p["parent"] == (None if pid == TOP else TOP), pid
    assert ours[TOP]["metadata"]["config"] == ours[f"{TOP}:bansha"]["metadata"]["config"] == "Config"
    assert plugins["notes"]["module"] == "plugins.notes"  # the host's own `plugins` package is untouched
