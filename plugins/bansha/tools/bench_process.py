"""`bansha bench` on the real bot process: restart readiness, memory per game, snapshot size.

Restart (`restart`): a SQLite file with N active games, then `python bot.py` started on it exactly as
`make run` starts it, with a small fake NapCat (OneBot v11 reverse WebSocket) that connects as soon
as the port accepts. From the moment the process is spawned:

- WebSocket: the first successful WebSocket handshake;
- 首条命令: a `/状态` posted in the group of the game with the highest id (the last one a full restore
  reaches), right after the handshake, until the bot's answer arrives;
- 全部就绪: the bot's log line `bansha: restored N active games`: every game indexed (group → game,
  player → games) and its deadline armed, so any command is answered (a game not yet in memory is
  rebuilt when a command needs it: 首条命令 measures exactly that);
- 全部重建到内存: the log line `bansha: N games rebuilt in memory` (the background rebuild; a bot
  that rebuilds everything before it logs its restore has both at once);
- 内存: the process's VmRSS two seconds after every game is in memory, minus the same figure for an
  empty database in the same run, divided by N; and the slope between the smallest and the largest N
  (what one more game costs: memory the startup freed, which the first games reuse, and fixed costs
  cancel out).

The bot's game clock is set (BANSHA_CLOCK_ANCHOR_*, as the end-to-end tests do) so that no deadline
is overdue at the restart: the figures are the restore itself, not the firing of deadlines that
passed while the copies were made (a restart after a long outage does that work too, after the
restore).

The N games are copies of `--templates` real games (every ruleset, each played by the random agent
through the state service to a random point and stored exactly as the service stores them), with
their own group, game id and players' QQ numbers: filling 10,000 games through the service would
take half an hour, and restoring a copy costs the bot exactly what restoring the original does.

Snapshot (`snapshot`): one 论坛-tempo game played through the state service to 5,000 inputs (the
agent's moves with group posts and team chat in between, as a long forum game has), then the size
of its latest stored snapshot and the memory its restored Game takes.
"""

from __future__ import annotations

import json
import os
import pickle
import re
import shutil
import signal
import sqlite3
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

from ..engine.core import Input, Refusal
from ..engine.core.rng import Rng
from ..engine.game import ENDED, RUNNING
from . import sim

ROOT = Path(__file__).resolve().parents[3]
READY_GOALS = {1000: 2.0, 10000: 10.0}  # seconds from process start until every game is restored
WS_GOAL = 1.0  # seconds from process start until the WebSocket is accepted, whatever the number of games
RSS_GOAL = 100 * 1024  # bytes of RSS per active game
SNAPSHOT_GOAL = 200 * 1024  # bytes: a 5,000-input forum game's snapshot
TOKEN = "bench-token"
RESTORED = re.compile(r"bansha: restored (\d+) active games")
REBUILT = re.compile(r"bansha: (\d+) games rebuilt in memory")


# --- the database: templates through the service, then copies ----------------------------------------


def copy_games(src: Path, dst: Path, total: int) -> dict[str, Any]:
    """`dst` = `src` (K template games from bench.build_db) plus copies up to `total` games. Every table
    is copied column by column, so the copies follow whatever schema the checked-out code has."""
    shutil.copy(src, dst)
    con = sqlite3.connect(dst)
    con.row_factory = sqlite3.Row
    con.execute("PRAGMA synchronous=OFF")
    games = [dict(r) for r in con.execute("SELECT * FROM bansha_game ORDER BY id")]
    k = len(games)
    if k == 0 or total <= k:
        con.close()
        return {"templates": k, "copies": 0}
    by_game: dict[str, dict[int, list[dict]]] = {}
    for table in ("bansha_input", "bansha_seat", "bansha_snapshot"):
        rows: dict[int, list[dict]] = {}
        for r in con.execute(f"SELECT * FROM {table} ORDER BY id"):  # noqa: S608  (fixed table names)
            d = dict(r)
            d.pop("id")
            rows.setdefault(d["game_id"], []).append(d)
        by_game[table] = rows
    from .kit import QQ0, QQ_STRIDE

    next_id = max(g["id"] for g in games) + 1
    copies = 0
    for r in range(k, total):
        t = games[r % k]
        tindex = r % k
        shift = (r - tindex) * QQ_STRIDE
        low, high = QQ0 + tindex * QQ_STRIDE, QQ0 + (tindex + 1) * QQ_STRIDE

        def moved(qq: int, low: int = low, high: int = high, shift: int = shift) -> int:
            return qq + shift if low <= qq < high else qq

        gid, group = next_id, 800_000 + r
        next_id += 1
        row = dict(t, id=gid, group_id=group)
        if row.get("active_group") is not None:
            row["active_group"] = group
        _insert(con, "bansha_game", [row])
        _insert(con, "bansha_input", [dict(i, game_id=gid, actor=moved(i["actor"])) for i in by_game["bansha_input"].get(t["id"], [])])
        _insert(con, "bansha_seat", [dict(s, game_id=gid, qq=moved(s["qq"])) for s in by_game["bansha_seat"].get(t["id"], [])])
        snaps = []
        for s in by_game["bansha_snapshot"].get(t["id"], []):
            game = pickle.loads(s["data"])
            game.gid, game.group = gid, group
            for p in game.players:
                p.qq = moved(p.qq)
            snaps.append(dict(s, game_id=gid, data=pickle.dumps(game)))
        _insert(con, "bansha_snapshot", snaps)
        copies += 1
    con.commit()
    con.close()
    return {"templates": k, "copies": copies}


def _insert(con: sqlite3.Connection, table: str, rows: list[dict]) -> None:
    if not rows:
        return
    cols = list(rows[0])
    sql = f"INSERT INTO {table} ({', '.join(cols)}) VALUES ({', '.join('?' for _ in cols)})"  # noqa: S608
    con.executemany(sql, [tuple(r[c] for c in cols) for r in rows])


# --- the real bot process and a fake NapCat ----------------------------------------------------------


class FakeNapCat:
    """Just enough OneBot v11 over a reverse WebSocket: answers every API call at once and notes
    when a group message goes out."""

    def __init__(self, url: str, self_id: int):
        self.url, self.self_id = url, self_id
        self.group_sends: list[tuple[float, int]] = []
        self.ws: Any = None
        self._ids = 0
        self._lock = threading.Lock()

    def try_connect(self) -> bool:
        """One handshake attempt; on success a thread serves the connection until it closes."""
        done, ok = threading.Event(), threading.Event()
        threading.Thread(target=self._run, args=(done, ok), daemon=True).start()
        done.wait()
        return ok.is_set()

    def _run(self, done: threading.Event, ok: threading.Event) -> None:
        from websockets.sync.client import connect

        headers = {"X-Self-ID": str(self.self_id), "X-Client-Role": "Universal", "Authorization": f"Bearer {TOKEN}"}
        try:
            with connect(self.url, additional_headers=headers, open_timeout=2, max_size=None, proxy=None) as ws:
                self.ws = ws
                self.post({"post_type": "meta_event", "meta_event_type": "lifecycle", "sub_type": "connect"})
                ok.set()
                done.set()
                self._serve()
        except Exception:  # refused while the bot starts, or the bot went away: the run is over
            pass
        finally:
            done.set()

    def post(self, event: dict[str, Any]) -> None:
        event = dict(event, self_id=self.self_id, time=int(time.time()))
        with self._lock:
            self.ws.send(json.dumps(event, ensure_ascii=False))

    def group_msg(self, user_id: int, group_id: int, text: str) -> None:
        self._ids += 1
        seg = [{"type": "text", "data": {"text": text}}]
        self.post({"post_type": "message", "message_type": "group", "sub_type": "normal", "message_id": self._ids,
                   "user_id": user_id, "group_id": group_id, "message": seg, "raw_message": text, "font": 0,
                   "sender": {"user_id": user_id, "nickname": "法官", "card": "", "role": "member"}})

    def _serve(self) -> None:
        try:
            while True:
                frame = json.loads(self.ws.recv())
                action, params = frame.get("action"), frame.get("params") or {}
                if action is None:
                    continue
                data: Any = {"message_id": 1}
                group_send = action in ("send_group_msg", "send_group_forward_msg") or (
                    action == "send_msg" and params.get("message_type") == "group")  # a matcher's reply
                if group_send:
                    self.group_sends.append((time.perf_counter(), int(params.get("group_id", 0))))
                elif action == "get_friend_list":
                    data = []
                elif action == "get_login_info":
                    data = {"user_id": self.self_id, "nickname": "Bansha"}
                with self._lock:
                    self.ws.send(json.dumps({"status": "ok", "retcode": 0, "data": data, "echo": frame.get("echo")}))
        except Exception:  # the bot went away: the run is over
            return

    def close(self) -> None:
        if self.ws is not None:
            try:
                self.ws.close()
            except Exception:
                pass


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _rss(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


def game_clock(db: Path) -> float | None:
    """A game time at which no running game's deadline is due yet (the copies' deadlines are minutes after
    their templates were played): the restart then measures restoring, not firing overdue deadlines."""
    con = sqlite3.connect(db)
    (first,) = con.execute("SELECT MIN(deadline) FROM bansha_game WHERE status = 'running'").fetchone()
    con.close()
    return first - 60 if first else None


def run_bot(db: Path, games: int, probe_group: int | None, owner: int, clock: float | None = None,
            timeout: float = 600) -> dict[str, Any]:
    """Start bot.py on `db`; the figures of one start (seconds from spawn; bytes). `clock`: the game time
    at the start (BANSHA_CLOCK_ANCHOR_*, the test clock), or the wall clock."""
    from .kit import BOT_ID

    port = _free_port()
    env = dict(os.environ, HOST="127.0.0.1", PORT=str(port), ONEBOT_ACCESS_TOKEN=TOKEN, DRIVER="~fastapi",
               BANSHA_DB_URL=f"sqlite://{db}", SUPERUSERS="[]", LOG_LEVEL="INFO", PYTHONUNBUFFERED="1",
               PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    if clock is not None:
        env.update(BANSHA_CLOCK_ANCHOR_REAL=str(time.time()), BANSHA_CLOCK_ANCHOR_GAME=str(clock))
    log_lines: list[str] = []
    ready, rebuilt = threading.Event(), threading.Event()
    got: dict[str, Any] = {}
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "bot.py"], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, errors="replace")

    def read() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            log_lines.append(line)
            m = RESTORED.search(line)
            if m and not ready.is_set():
                got["ready"] = time.perf_counter() - start
                got["restored"] = int(m.group(1))
                if "background" not in line:  # a bot that rebuilds every game before it says so
                    got["rebuilt"] = got["ready"]
                    rebuilt.set()
                ready.set()
            m = REBUILT.search(line)
            if m and not rebuilt.is_set():
                got["rebuilt"] = time.perf_counter() - start
                rebuilt.set()

    threading.Thread(target=read, daemon=True).start()
    fake = FakeNapCat(f"ws://127.0.0.1:{port}/onebot/v11/ws", BOT_ID)
    try:
        deadline = start + timeout
        while not fake.try_connect():
            if proc.poll() is not None or time.perf_counter() > deadline:
                raise RuntimeError("bot did not accept the WebSocket:\n" + "".join(log_lines[-40:]))
            time.sleep(0.01)
        got["ws"] = time.perf_counter() - start
        if probe_group is not None:
            asked = time.perf_counter()
            fake.group_msg(owner, probe_group, "/状态")
            while not any(g == probe_group for _, g in fake.group_sends):
                if proc.poll() is not None or time.perf_counter() > deadline:
                    raise RuntimeError("no answer to /状态:\n" + "".join(log_lines[-40:]))
                time.sleep(0.005)
            got["answer"] = next(t for t, g in fake.group_sends if g == probe_group) - start
            got["answer_after_ws"] = got["answer"] - (asked - start)
        if not ready.wait(max(0.0, deadline - time.perf_counter())):
            raise RuntimeError("bot never logged its restore:\n" + "".join(log_lines[-40:]))
        if not rebuilt.wait(max(0.0, deadline - time.perf_counter())):
            raise RuntimeError("bot never logged its games rebuilt:\n" + "".join(log_lines[-40:]))
        time.sleep(2.0)  # settle: the sender's first round, the scheduler's first wake-up
        got["rss"] = _rss(proc.pid)
    finally:
        fake.close()
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    if got.get("restored") != games:
        raise RuntimeError(f"bot restored {got.get('restored')} games, expected {games}")
    return got


def restart(counts: list[int], seed: int, repeat: int, templates: int, workdir: Path) -> list:
    """Restart readiness and RSS per game for each N in `counts`, against an empty database."""
    from .kit import OWNER, Figure, child

    empty, base = workdir / "restart-empty.sqlite3", workdir / "restart-templates.sqlite3"
    child(["_build", "--db", str(empty), "--games", "0", "--seed", str(seed)])
    t = time.perf_counter()
    built, _ = child(["_build", "--db", str(base), "--games", str(min(templates, max(counts))), "--seed", str(seed)],
                      timeout=3600)
    build_s = time.perf_counter() - t
    empty_runs = [run_bot(empty, 0, None, OWNER) for _ in range(max(1, repeat))]
    rss0 = statistics.median(r["rss"] for r in empty_runs)
    ws0 = statistics.median(r["ws"] for r in empty_runs)
    figures = []
    rss_at: dict[int, float] = {}
    for n in counts:
        db = workdir / f"restart-{n}.sqlite3"
        # in a child, like the build: the snapshots are unpickled and pickled again under the module names
        # the bot loads (`plugins.…` in a clone), whatever name this process imported Bansha by
        copied, _ = child(["_copy", "--src", str(base), "--db", str(db), "--games", str(n)], timeout=3600)
        last_group = 800_000 + n - 1
        clock = game_clock(db)
        runs = [run_bot(db, n, last_group, OWNER, clock) for _ in range(max(1, repeat))]
        med = {k: statistics.median(r[k] for r in runs)
               for k in ("ws", "answer", "answer_after_ws", "ready", "rebuilt", "rss")}
        per_game = (med["rss"] - rss0) / n
        rss_at[n] = med["rss"]
        goal = READY_GOALS.get(n)
        detail = {"games": n, "runs": len(runs), "inputs_in_templates": built["inputs"], **copied,
                  "ready_runs": [round(r["ready"], 3) for r in runs], "ws_runs": [round(r["ws"], 3) for r in runs],
                  "answer_after_ws_s": round(med["answer_after_ws"], 3), "rss_mb": round(med["rss"] / 2**20, 1),
                  "empty_rss_mb": round(rss0 / 2**20, 1), "build_seconds": round(build_s, 1)}
        figures += [
            Figure(f"ws:{n}", f"重启后接受 WebSocket（{n} 局）", med["ws"], "s", baseline=ws0, baseline_label="空库",
                   ratio=med["ws"] / ws0 if ws0 else None, goal=f"≤ {WS_GOAL:g} s", met=med["ws"] <= WS_GOAL),
            Figure(f"answer:{n}", f"重启后第一条命令得到回答（{n} 局，最后一局的 /状态）", med["answer"], "s",
                   baseline=ws0, baseline_label="空库接受 WebSocket", ratio=med["answer"] / ws0 if ws0 else None),
            Figure(f"ready:{n}", f"重启至全部就绪（{n} 局：已索引、截止时间已设定）", med["ready"], "s", baseline=ws0,
                   baseline_label="空库接受 WebSocket", ratio=med["ready"] / ws0 if ws0 else None,
                   goal=f"≤ {goal:g} s" if goal else "", met=(med["ready"] <= goal) if goal else None, detail=detail),
            Figure(f"rebuilt:{n}", f"重启至全部重建到内存（{n} 局）", med["rebuilt"], "s", baseline=ws0,
                   baseline_label="空库接受 WebSocket", ratio=med["rebuilt"] / ws0 if ws0 else None),
            Figure(f"rss:{n}", f"内存 RSS（每局活跃游戏，{n} 局）", per_game, "B", baseline=rss0,
                   baseline_label="空库进程 RSS", ratio=per_game / RSS_GOAL, goal=f"≤ {RSS_GOAL // 1024} KB",
                   met=per_game <= RSS_GOAL),
        ]
    if len(rss_at) >= 2:
        # What one more game costs: the startup's freed memory (reused by the first games) and the fixed
        # costs cancel out, which they do not in (RSS - empty RSS) / N at the smaller N.
        lo, hi = min(rss_at), max(rss_at)
        slope = (rss_at[hi] - rss_at[lo]) / (hi - lo)
        figures.append(Figure(f"rss_slope:{lo}-{hi}", f"内存 RSS 每多一局（{lo} → {hi} 局的斜率）", slope, "B",
                              ratio=slope / RSS_GOAL, detail={"rss_mb": {n: round(v / 2**20, 1) for n, v in rss_at.items()}}))
    return figures


# --- a long forum game's snapshot ----------------------------------------------------------------------

_POSTS = ("我觉得{}号昨天的发言有问题，投票理由站不住脚，今天先听听后置位怎么说。",
          "{}号你昨天为什么改票？解释一下，不然我今天就出你。", "同意楼上，{}号的逻辑前后矛盾，建议大家关注。",
          "我是好人，昨晚没有信息。{}号的视角有点奇怪，像是知道些什么。", "先水一楼。{}号别潜水了，出来说两句。")


async def snapshot_child(db: str, inputs: int, seed: int, game_name: str) -> dict[str, Any]:
    """One 论坛 game through the service until it has `inputs` inputs; its latest snapshot's size."""
    import gc
    import tracemalloc

    from .. import db as bansha_db
    from ..models import SnapshotRow
    from ..service import Service
    from ..service.routing import Origin
    from .kit import BOT_ID, OWNER, db_url, durable, script_game, shifted, typical_size

    sim.load_rulesets()
    await Service.init_db(db_url(db))
    await durable(False)

    async def send(_out: Any) -> None:
        return None

    svc = Service(send, lambda *a: None, lambda *a: None)
    ruleset = sim.find_ruleset(game_name)
    options = sim.build_options(ruleset, "", ["节奏=论坛"], sim_defaults=("潜水=关", "未投票黄牌=关", "投票理由=可选"))
    n = typical_size(ruleset, options)
    full, script = script_game(ruleset, n, seed, options, qq0=3_000_000)
    days = (int((time.time() - script[0].at) // 86400) + 1) * 86400  # whole days: 论坛 clock times keep their meaning
    moves = shifted(script[:-1], days)  # the last input ends the game: leave it out, the game goes on
    group = 900_000
    game = await svc.open_game(group_id=group, self_id=BOT_ID, owner=OWNER, ruleset=ruleset.key, options=options,
                               seed=seed, origin=Origin("group", OWNER, group))
    rng = Rng.seeded(seed)
    kinds: dict[str, int] = {}
    refused: dict[str, int] = {}

    async def feed(inp: Input) -> None:
        try:
            await svc.submit(game.gid, inp, Origin("group", inp.actor or OWNER, group))
        except Refusal as r:
            refused[r.message[:20]] = refused.get(r.message[:20], 0) + 1
            return
        kinds[inp.kind] = kinds.get(inp.kind, 0) + 1

    for i, move in enumerate(moves):
        await feed(move)
        live = svc.games.get(game.gid)
        if live is None or live.status == ENDED:
            break
        if live.status != RUNNING:
            continue
        seats = list(live.state.living())
        goal = inputs * (i + 1) // len(moves)  # spread the talk evenly over the game
        for k in range(3 * max(0, goal - live.seq)):  # a chat refused (no team channel now) is not counted
            if live.seq >= goal:
                break
            seat, other = rng.choice(seats), rng.choice(seats)
            # a forum post is a paragraph: 3-5 sentences, 80-200 characters
            text = "".join(rng.choice(_POSTS).format(rng.choice(seats)) for _ in range(rng.randint(3, 5)))[:200]
            qq = live.qq_of(seat)
            if k % 4 == 2:  # a vote (or a changed one) with its reason: refused outside the day's vote
                await feed(Input.make("act", qq, move.at, skill="投票", words=(str(other),), via="group", reason=text))
            else:
                await feed(Input.make("chat" if k % 4 == 3 else "speak", qq, move.at, text=text))
    live = svc.games.get(game.gid)
    snap = await SnapshotRow.filter(game_id=game.gid).order_by("-seq").first()
    if live is None or live.status != RUNNING or snap is None:
        raise RuntimeError(f"the forum game ended (or has no snapshot) at input {game.seq}: {kinds}")
    gc.collect()
    tracemalloc.start()
    restored = pickle.loads(snap.data)
    mem = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    del restored
    out = {"game": ruleset.key, "players": n, "inputs": live.seq, "snapshot_seq": snap.seq,
           "snapshot_bytes": len(snap.data), "game_memory_bytes": mem, "kinds": kinds, "refused": refused}
    await bansha_db.close()
    return out


def snapshot(inputs: int, seed: int, games: list[str], workdir: Path) -> list:
    from .kit import Figure, child

    figures = []
    for name in games:
        got, _ = child(["_snapshot", "--db", str(workdir / f"forum-{name}.sqlite3"), "--games", str(inputs),
                         "--seed", str(seed), "--game", name], timeout=3600)
        size = got["snapshot_bytes"]
        figures.append(Figure(
            f"snapshot:{got['game']}", f"快照大小（{got['inputs']} 条输入的论坛局，{name}）", size, "B",
            ratio=size / SNAPSHOT_GOAL, goal=f"≤ {SNAPSHOT_GOAL // 1024} KB", met=size <= SNAPSHOT_GOAL,
            detail={k: got[k] for k in ("game", "players", "inputs", "snapshot_seq", "game_memory_bytes", "kinds")},
        ))
    return figures
