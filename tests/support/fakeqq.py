"""A fake OneBot v11 implementation (what NapCat would be) for end-to-end tests.

`BotProcess` runs the real bot (`python bot.py`) as a subprocess; `FakeQQ`
connects to it over OneBot v11 reverse WebSocket, posts events shaped exactly
like NapCat's, answers the bot's API calls from a small in-memory world model
(friends, groups, members, a store of every message) and records everything
the bot sends.

Typical use::

    proc = BotProcess(REPO_ROOT)
    proc.start()
    await proc.wait_ready()
    qq = FakeQQ.for_process(proc)
    qq.add_group(20000, {10001: "甲", 10002: "乙"})
    qq.friends |= {10001, 10002}
    await qq.connect()
    mark = qq.mark()
    await qq.group_msg(10001, 20000, "/帮助")
    reply = await qq.wait_for(in_group(20000), after=mark)
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Literal, Self

from websockets.asyncio.client import ClientConnection
from websockets.asyncio.client import connect as ws_connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

REPO_ROOT = Path(__file__).resolve().parents[2]

SEND_ACTIONS = frozenset({"send_msg", "send_group_msg", "send_private_msg"})
FORWARD_ACTIONS = frozenset({"send_group_forward_msg", "send_private_forward_msg", "send_forward_msg"})

Segment = dict[str, Any]
Role = Literal["owner", "admin", "member"]


# --------------------------------------------------------------------------
# Helpers: ports, segments, CQ codes
# --------------------------------------------------------------------------


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port that was free a moment ago (good enough for tests)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((host, 0))
        return int(s.getsockname()[1])


def text(s: str) -> Segment:
    return {"type": "text", "data": {"text": s}}


def at(qq: int | str) -> Segment:
    return {"type": "at", "data": {"qq": str(qq)}}


def reply(message_id: int) -> Segment:
    return {"type": "reply", "data": {"id": str(message_id)}}


def image(file: str) -> Segment:
    return {"type": "image", "data": {"file": file, "url": file}}


def _escape(s: str, *, comma: bool) -> str:
    s = s.replace("&", "&amp;").replace("[", "&#91;").replace("]", "&#93;")
    return s.replace(",", "&#44;") if comma else s


def _unescape(s: str) -> str:
    return s.replace("&#44;", ",").replace("&#91;", "[").replace("&#93;", "]").replace("&amp;", "&")


def to_cq(segments: Iterable[Segment]) -> str:
    """Render segments as a CQ-code string (what `raw_message` carries)."""
    out: list[str] = []
    for seg in segments:
        data = seg.get("data") or {}
        if seg.get("type") == "text":
            out.append(_escape(str(data.get("text", "")), comma=False))
        else:
            params = "".join(f",{k}={_escape(str(v), comma=True)}" for k, v in data.items() if v is not None)
            out.append(f"[CQ:{seg.get('type')}{params}]")
    return "".join(out)


_CQ_RE = re.compile(r"\[CQ:([\w.-]+)((?:,[^,\]]*)*)\]")


def parse_cq(s: str) -> list[Segment]:
    """Parse a CQ-code string (the bot may send plain strings to the API)."""
    segs: list[Segment] = []
    pos = 0
    for m in _CQ_RE.finditer(s):
        if m.start() > pos:
            segs.append(text(_unescape(s[pos : m.start()])))
        data: dict[str, str] = {}
        for item in filter(None, m.group(2).split(",")):
            k, _, v = item.partition("=")
            data[k] = _unescape(v)
        segs.append({"type": m.group(1), "data": data})
        pos = m.end()
    if pos < len(s):
        segs.append(text(_unescape(s[pos:])))
    return segs


def normalize_message(message: Any, auto_escape: bool = False) -> list[Segment]:
    """Turn whatever the bot put in a `message` param into a segment list."""
    if message is None:
        return []
    if isinstance(message, str):
        return [text(message)] if auto_escape else parse_cq(message)
    if isinstance(message, dict):
        return [message]
    segs: list[Segment] = []
    for item in message:
        if isinstance(item, str):
            segs.append(text(item))
        elif isinstance(item, dict):
            segs.append({"type": item.get("type"), "data": dict(item.get("data") or {})})
    return segs


def plain_text(segments: Iterable[Segment]) -> str:
    return "".join(str((s.get("data") or {}).get("text", "")) for s in segments if s.get("type") == "text")


# --------------------------------------------------------------------------
# Data model
# --------------------------------------------------------------------------


@dataclass
class Sent:
    """One message the bot sent (a plain message or a merged-forward)."""

    action: str
    kind: str  # "group" | "private"
    target: int  # group id for group sends, user id for private sends
    group_id: int | None  # the group of a group send, or of a temp-session private
    segments: list[Segment]
    text: str
    message_id: int
    node_texts: list[str] = field(default_factory=list)  # forward only
    params: dict[str, Any] = field(default_factory=dict)  # raw API params
    time: float = field(default_factory=time.time)
    via: str = ""  # the WebSocket (bot process) that sent it

    @property
    def is_forward(self) -> bool:
        return self.action in FORWARD_ACTIONS

    @property
    def ats(self) -> list[int]:
        """QQ numbers @-mentioned by this message (`all` is skipped)."""
        return [
            int(s["data"]["qq"])
            for s in self.segments
            if s.get("type") == "at" and str(s["data"].get("qq", "")).isdigit()
        ]

    @property
    def images(self) -> list[bytes]:
        """The pictures in this message (image segments sent as base64://), decoded."""
        out = []
        for s in self.segments:
            f = str((s.get("data") or {}).get("file", "")) if s.get("type") == "image" else ""
            if f.startswith("base64://"):
                out.append(base64.b64decode(f[len("base64://"):]))
        return out

    @property
    def reply_to(self) -> int | None:
        for s in self.segments:
            if s.get("type") == "reply":
                return int(s["data"]["id"])
        return None

    def describe(self) -> str:
        """`[群 20000] #12 text` / `[私聊 → 10003] #13 text` (multi-line indented)."""
        if self.kind == "group":
            head = f"[群 {self.target}]"
        elif self.group_id is not None:
            head = f"[私聊 → {self.target} (临时会话 群{self.group_id})]"
        else:
            head = f"[私聊 → {self.target}]"
        extra = []
        if self.is_forward:
            extra.append("(合并转发)")
        if self.reply_to is not None:
            extra.append(f"(回复 #{self.reply_to})")
        if self.ats:
            extra.append("(@" + " @".join(map(str, self.ats)) + ")")
        body = self.text
        others = sorted(
            {str(s.get("type")) for s in self.segments if s.get("type") not in ("text", "at", "reply", "node")}
        )
        if others:
            body += "".join(f" [{t}]" for t in others)
        prefix = " ".join([head, f"#{self.message_id}", *extra])
        lines = body.split("\n")
        return prefix + " " + "\n    ".join(lines)


@dataclass
class Member:
    nickname: str
    role: Role = "member"
    card: str = ""
    join_time: int = field(default_factory=lambda: int(time.time()))


@dataclass
class Group:
    group_id: int
    name: str
    members: dict[int, Member]


class ApiFailure(Exception):
    """Raise from a custom API handler to answer `failed` with this retcode."""

    def __init__(self, message: str, retcode: int = 100) -> None:
        super().__init__(message)
        self.retcode = retcode


def in_group(group_id: int, contains: str | None = None) -> Callable[[Sent], bool]:
    """Predicate: a send to `group_id` (whose text contains `contains`)."""
    return lambda s: s.kind == "group" and s.target == group_id and (contains is None or contains in s.text)


def to_user(user_id: int, contains: str | None = None) -> Callable[[Sent], bool]:
    """Predicate: a private send to `user_id` (whose text contains `contains`)."""
    return lambda s: s.kind == "private" and s.target == user_id and (contains is None or contains in s.text)


# --------------------------------------------------------------------------
# The real bot as a subprocess
# --------------------------------------------------------------------------


class BotProcess:
    """Start/stop `python bot.py`; the same port and DB survive restarts."""

    def __init__(
        self,
        workdir: str | Path,
        port: int | None = None,
        db_path: str | Path | None = None,
        token: str = "testtoken",
        superusers: Iterable[int] = (99999,),
        env: dict[str, str] | None = None,
        python: str = sys.executable,
        host: str = "127.0.0.1",
        flood_control: bool = False,
    ) -> None:
        self.workdir = Path(workdir)
        # Tests that play whole games type far faster than people: they run without the send and
        # command budgets unless they are about flood control (then the product defaults apply).
        self.flood_control = flood_control
        self.host = host
        self.port = port or free_port(host)
        self.tmpdir = Path(tempfile.mkdtemp(prefix="bansha-e2e-"))
        self.db_path = Path(db_path) if db_path else self.tmpdir / "bansha.sqlite3"
        self._token = token
        self.superusers = tuple(int(q) for q in superusers)
        self.extra_env = dict(env or {})
        self.python = python
        self.log_path = self.tmpdir / "bot.log"
        self.proc: subprocess.Popen[bytes] | None = None
        self._log: IO[bytes] | None = None
        self.starts = 0

    @property
    def url(self) -> str:
        return f"ws://{self.host}:{self.port}/onebot/v11/ws"

    @property
    def token(self) -> str:
        return self._token

    @property
    def db_url(self) -> str:
        return f"sqlite://{self.db_path}"

    @property
    def running(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def build_env(self) -> dict[str, str]:
        env = dict(os.environ)
        env.update(
            {
                "HOST": self.host,
                "PORT": str(self.port),
                "ONEBOT_ACCESS_TOKEN": self._token,
                "SUPERUSERS": json.dumps([str(q) for q in self.superusers]),
                "BANSHA_DB_URL": self.db_url,
                "DRIVER": "~fastapi",
                # the log file should be current when a test fails
                "PYTHONUNBUFFERED": "1",
            }
        )
        if not self.flood_control:
            for kind in ("GROUP", "USER", "PM", "JUDGE"):
                env[f"BANSHA_{kind}_BURST"] = "1000000"
                env[f"BANSHA_{kind}_INTERVAL"] = "0"
        env.update(self.extra_env)
        return env

    def start(self) -> None:
        if self.running:
            raise RuntimeError("bot process already running")
        self._close_log()
        self.starts += 1
        self._log = open(self.log_path, "ab")  # closed in kill()/stop(): it lives as long as the process
        self._log.write(f"\n===== fakeqq: start #{self.starts} =====\n".encode())
        self._log.flush()
        self.proc = subprocess.Popen(
            [self.python, "bot.py"],
            cwd=self.workdir,
            env=self.build_env(),
            stdin=subprocess.DEVNULL,
            stdout=self._log,
            stderr=subprocess.STDOUT,
            # own process group: Ctrl-C in a REPL must not reach the bot, and
            # kill() takes down anything bot.py spawned
            start_new_session=True,
        )

    async def wait_ready(self, timeout: float = 30) -> None:
        """Wait until the port accepts TCP (uvicorn binds after startup hooks)."""
        deadline = time.monotonic() + timeout
        while True:
            self._check_alive()
            try:
                _, writer = await asyncio.open_connection(self.host, self.port)
            except OSError:
                pass
            else:
                writer.close()
                with contextlib.suppress(Exception):
                    await writer.wait_closed()
                return
            if time.monotonic() > deadline:
                raise TimeoutError(f"bot not listening on {self.host}:{self.port} after {timeout}s\n" + self.log_tail())
            await asyncio.sleep(0.1)

    def wait_ready_blocking(self, timeout: float = 30) -> None:
        """Synchronous `wait_ready`, for sync fixtures."""
        deadline = time.monotonic() + timeout
        while True:
            self._check_alive()
            try:
                with socket.create_connection((self.host, self.port), timeout=1):
                    return
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise TimeoutError(f"bot not listening on {self.host}:{self.port} after {timeout}s\n" + self.log_tail())
            time.sleep(0.1)

    def _check_alive(self) -> None:
        if self.proc is None:
            raise RuntimeError("bot process not started")
        if self.proc.poll() is not None:
            raise RuntimeError(f"bot process exited with code {self.proc.returncode}\n" + self.log_tail())

    def kill(self) -> None:
        """Hard crash: SIGKILL the whole process group and reap it."""
        if self.proc is not None and self.proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()
        self._close_log()

    def stop(self, grace: float = 5.0) -> None:
        """Graceful stop: SIGTERM, then SIGKILL after `grace` seconds."""
        if self.proc is not None and self.proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(grace)
            except subprocess.TimeoutExpired:
                self.kill()
        self._close_log()

    def cleanup(self) -> None:
        """Stop and delete the temp dir (DB and log)."""
        self.stop()
        shutil.rmtree(self.tmpdir, ignore_errors=True)

    def _close_log(self) -> None:
        if self._log is not None:
            self._log.close()
            self._log = None

    def log_text(self) -> str:
        try:
            return self.log_path.read_text(encoding="utf-8", errors="replace")
        except FileNotFoundError:
            return ""

    def log_tail(self, chars: int = 4000) -> str:
        t = self.log_text()
        return f"--- bot log tail ({self.log_path}) ---\n" + t[-chars:]

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


# --------------------------------------------------------------------------
# The fake QQ client
# --------------------------------------------------------------------------


class FakeQQ:
    """A OneBot v11 implementation driven by tests. See the module docstring."""

    def __init__(
        self,
        url: str,
        token: str,
        self_id: int = 10000,
        *,
        heartbeat_interval: float | None = None,
    ) -> None:
        self.url = url
        self.token = token
        self.self_id = self_id
        self.heartbeat_interval = heartbeat_interval

        # world model
        self.friends: set[int] = set()
        self.nicknames: dict[int, str] = {self_id: "Bansha"}
        self.groups: dict[int, Group] = {}

        # observations
        self.sent: list[Sent] = []
        self.api_calls: list[tuple[str, dict[str, Any]]] = []
        self.bans: list[tuple[int, int, int]] = []  # (group, user, duration)
        self.reactions: list[tuple[int, str]] = []  # (message_id, emoji_id): NapCat's set_msg_emoji_like
        self.reaction_times: dict[int, float] = {}  # message_id -> when its first reaction arrived
        self.deleted: list[int] = []
        self.errors: list[str] = []  # exceptions inside the fake itself

        # knobs
        self.fail_apis: set[str] = set()
        # QQ on a bad day: chat -> (retcode, message) refusing every send to it; chat -> seconds its acks take
        # (the send takes effect at once, only the answer is late). A chat is ("group", id) or ("private", qq).
        self.refusals: dict[tuple[str, int], tuple[int, str]] = {}
        self.ack_delays: dict[tuple[str, int], float] = {}
        self.refused: list[tuple[str, int, str]] = []  # (kind, target, message) of every refused send
        self.api_delays: dict[str, float] = {}  # action -> seconds before answering
        self.custom_apis: dict[str, Callable[[dict[str, Any]], Any]] = {}
        self.sent_listeners: list[Callable[[Sent], None]] = []
        # (action, params, response) for every call, e.g. to print failures
        self.api_listeners: list[Callable[[str, dict[str, Any], dict[str, Any]], None]] = []
        self.log_source: Callable[[], str] | None = None  # e.g. BotProcess.log_text

        self.messages: dict[int, dict[str, Any]] = {}  # get_msg store
        self._next_id = 1
        self._ws: ClientConnection | None = None
        self._reader: asyncio.Task[None] | None = None
        self._heartbeat: asyncio.Task[None] | None = None
        self._pending: set[asyncio.Task[None]] = set()
        self._new_sent: asyncio.Event | None = None
        self._also: dict[str, tuple[ClientConnection, asyncio.Task[None]]] = {}  # url -> (ws, reader)
        self._via = ""
        self.connections = 0

    @classmethod
    def for_process(cls, proc: BotProcess, self_id: int = 10000) -> FakeQQ:
        qq = cls(proc.url, proc.token, self_id)
        qq.log_source = proc.log_text
        return qq

    # ---------------------------------------------------------------- world

    def add_group(
        self,
        group_id: int,
        members: dict[int, str],
        owner: int | None = None,
        admins: Iterable[int] = (),
        bot_is_admin: bool = False,
        name: str | None = None,
    ) -> Group:
        admin_set = set(admins)
        ms: dict[int, Member] = {}
        for qq, nick in members.items():
            role: Role = "owner" if qq == owner else "admin" if qq in admin_set else "member"
            ms[qq] = Member(nick, role)
            self.nicknames.setdefault(qq, nick)
        if owner is not None and owner not in ms:
            ms[owner] = Member(self.nicknames.get(owner, str(owner)), "owner")
        bot_role: Role = "owner" if owner == self.self_id else "admin" if bot_is_admin else "member"
        ms[self.self_id] = Member(self.nicknames[self.self_id], bot_role)
        g = Group(group_id, name or f"测试群{group_id}", ms)
        self.groups[group_id] = g
        return g

    def add_member(
        self,
        group_id: int,
        user_id: int,
        nickname: str,
        role: Role = "member",
        card: str = "",
    ) -> None:
        self.groups[group_id].members[user_id] = Member(nickname, role, card)
        self.nicknames.setdefault(user_id, nickname)

    def remove_member(self, group_id: int, user_id: int) -> None:
        self.groups[group_id].members.pop(user_id, None)

    def _member(self, group_id: int, user_id: int) -> Member:
        g = self.groups.get(group_id)
        if g is None:
            raise ValueError(f"unknown group {group_id}; call add_group() first")
        m = g.members.get(user_id)
        if m is None:
            raise ValueError(f"{user_id} is not a member of group {group_id}")
        return m

    def _can_reach(self, user_id: int, group_id: int | None) -> bool:
        if user_id in self.friends:
            return True
        if group_id is None:
            return False
        g = self.groups.get(group_id)
        return g is not None and user_id in g.members

    # ----------------------------------------------------------- connection

    @property
    def connected(self) -> bool:
        return self._ws is not None and self._reader is not None and not self._reader.done()

    async def connect(self, timeout: float = 30) -> None:
        """(Re)connect, retrying until the bot accepts; then post lifecycle."""
        await self.close()
        if self._new_sent is None:
            self._new_sent = asyncio.Event()
        ws = await self._open(self.url, timeout)
        self._ws = ws
        self.connections += 1
        self._reader = asyncio.create_task(self._read_loop(ws, self.url), name="fakeqq-reader")
        await self._lifecycle(ws)
        if self.heartbeat_interval:
            self._heartbeat = asyncio.create_task(self._heartbeat_loop(ws))

    async def connect_also(self, url: str, timeout: float = 30) -> None:
        """(Re)connect one more reverse WebSocket (NapCat can serve several: a standby bot process).
        Every event then goes to every connection; any of them may call the API (`Sent.via` says which)."""
        await self.close_also(url)
        if self._new_sent is None:
            self._new_sent = asyncio.Event()
        ws = await self._open(url, timeout)
        self._also[url] = (ws, asyncio.create_task(self._read_loop(ws, url), name=f"fakeqq-reader {url}"))
        await self._lifecycle(ws)

    async def close_also(self, url: str) -> None:
        ws, reader = self._also.pop(url, (None, None))
        if reader is not None and not reader.done():
            reader.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await reader
        if ws is not None:
            with contextlib.suppress(Exception):
                await ws.close()

    async def _lifecycle(self, ws: ClientConnection) -> None:
        event = {"post_type": "meta_event", "meta_event_type": "lifecycle", "sub_type": "connect",
                 "self_id": self.self_id, "time": int(time.time())}
        await ws.send(json.dumps(event, ensure_ascii=False))

    async def _open(self, url: str, timeout: float) -> ClientConnection:
        headers = {
            "X-Self-ID": str(self.self_id),
            "X-Client-Role": "Universal",
            "Authorization": f"Bearer {self.token}",
            "User-Agent": "fakeqq/1.0 (NapCat-like OneBot v11)",
        }
        deadline = time.monotonic() + timeout
        while True:
            try:
                return await ws_connect(
                    url,
                    additional_headers=headers,
                    proxy=None,  # never route localhost through an env proxy
                    open_timeout=5,
                    close_timeout=2,
                    ping_interval=None,
                    max_size=None,
                )
            except (OSError, InvalidHandshake, TimeoutError) as e:
                # refused while starting; 403 "Duplicate X-Self-ID" while the
                # bot has not yet noticed our previous connection dropped
                if time.monotonic() > deadline:
                    raise ConnectionError(
                        f"could not connect to {url} within {timeout}s: {e!r}" + self._log_tail()
                    ) from e
                await asyncio.sleep(0.2)

    async def flush(self) -> None:
        """Wait until every answer delayed by `api_delays` has been sent."""
        while self._pending:
            await asyncio.gather(*list(self._pending), return_exceptions=True)

    async def close(self) -> None:
        """Close the main connection (`close_also` closes the others)."""
        ws, self._ws = self._ws, None
        for task in (self._heartbeat, self._reader, *self._pending):
            if task is not None and not task.done():
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
        self._heartbeat = self._reader = None
        if ws is not None:
            with contextlib.suppress(Exception):
                await ws.close()

    async def __aenter__(self) -> Self:
        await self.connect()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def _heartbeat_loop(self, ws: ClientConnection) -> None:
        assert self.heartbeat_interval
        while True:
            await asyncio.sleep(self.heartbeat_interval)
            with contextlib.suppress(ConnectionClosed):
                await ws.send(
                    json.dumps(
                        {
                            "post_type": "meta_event",
                            "meta_event_type": "heartbeat",
                            "self_id": self.self_id,
                            "time": int(time.time()),
                            "status": {"online": True, "good": True},
                            "interval": int(self.heartbeat_interval * 1000),
                        }
                    )
                )

    async def _read_loop(self, ws: ClientConnection, via: str = "") -> None:
        try:
            async for raw in ws:
                try:
                    frame = json.loads(raw)
                except ValueError:
                    self.errors.append(f"non-JSON frame: {raw!r:.200}")
                    continue
                if not isinstance(frame, dict) or "action" not in frame:
                    continue
                resp = self._handle_api(frame, via)
                delay = self.api_delays.get(str(frame["action"])) or self._ack_delay(frame)
                if delay:
                    # the action already took effect; only the answer is late
                    # (longer than the bot's api_timeout = a lost ack)
                    task = asyncio.create_task(self._answer_later(ws, resp, delay))
                    self._pending.add(task)
                    task.add_done_callback(self._pending.discard)
                    continue
                try:
                    await ws.send(json.dumps(resp, ensure_ascii=False))
                except ConnectionClosed:
                    break
        except ConnectionClosed:
            pass  # bot went away (e.g. SIGKILL); connect() again after restart

    async def _answer_later(self, ws: ClientConnection, resp: dict[str, Any], delay: float) -> None:
        await asyncio.sleep(delay)
        with contextlib.suppress(ConnectionClosed):
            await ws.send(json.dumps(resp, ensure_ascii=False))

    async def _post(self, event: dict[str, Any]) -> None:
        """To every open connection, as NapCat posts each event to each of its WebSocket clients."""
        links = [ws for ws, reader in self._also.values() if not reader.done()]
        if self.connected and self._ws is not None:
            links.insert(0, self._ws)
        if not links:
            raise RuntimeError("FakeQQ is not connected; call connect() first")
        frame = json.dumps(event, ensure_ascii=False)
        for ws in links:
            with contextlib.suppress(ConnectionClosed):
                await ws.send(frame)

    async def send_raw_event(self, event: dict[str, Any]) -> None:
        """Post any event as-is (duplicate message ids, notices, ...)."""
        if event.get("post_type") == "message" and "message_id" in event:
            self.messages.setdefault(int(event["message_id"]), json.loads(json.dumps(event)))
        await self._post(event)

    async def redeliver(self, message_id: int) -> None:
        """Post a user message again with the same message_id (NapCat can
        deliver an event twice, e.g. around a reconnect)."""
        await self._post(self.messages[message_id])

    async def member_leave(self, group_id: int, user_id: int, kicked_by: int | None = None) -> None:
        """Remove a member and post the group_decrease notice."""
        self.remove_member(group_id, user_id)
        await self._post(
            {
                "post_type": "notice",
                "notice_type": "group_decrease",
                "sub_type": "leave" if kicked_by is None else "kick",
                "group_id": group_id,
                "user_id": user_id,
                "operator_id": user_id if kicked_by is None else kicked_by,
                "self_id": self.self_id,
                "time": int(time.time()),
            }
        )

    # --------------------------------------------------------------- events

    def _new_id(self) -> int:
        mid = self._next_id
        self._next_id += 1
        return mid

    def _build_segments(self, message: str | list[Segment], reply_to: int | None, at_bot: bool) -> list[Segment]:
        segs: list[Segment] = []
        if reply_to is not None:
            segs.append(reply(reply_to))
        if at_bot:
            segs.append(at(self.self_id))
            if isinstance(message, str) and message and not message.startswith(" "):
                message = " " + message  # what a QQ client puts after an @
        if isinstance(message, str):
            if message:
                segs.append(text(message))
        else:
            segs.extend(json.loads(json.dumps(message)))  # deep copy
        return segs

    async def group_msg(
        self,
        user_id: int,
        group_id: int,
        message: str | list[Segment],
        reply_to: int | None = None,
        at_bot: bool = False,
    ) -> int:
        """Post a group message from `user_id`; returns its message_id."""
        member = self._member(group_id, user_id)
        segs = self._build_segments(message, reply_to, at_bot)
        mid = self._new_id()
        now = int(time.time())
        sender = {
            "user_id": user_id,
            "nickname": member.nickname,
            "card": member.card,
            "role": member.role,
            "sex": "unknown",
            "age": 0,
            "area": "",
            "level": "",
            "title": "",
        }
        event = {
            "self_id": self.self_id,
            "user_id": user_id,
            "time": now,
            "message_id": mid,
            "message_seq": mid,
            "real_id": mid,
            "message_type": "group",
            "sender": sender,
            "raw_message": to_cq(segs),
            "font": 0,
            "sub_type": "normal",
            "message": segs,
            "message_format": "array",
            "post_type": "message",
            "group_id": group_id,
            "anonymous": None,
        }
        self._store(event)
        await self._post(event)
        return mid

    async def private_msg(
        self,
        user_id: int,
        message: str | list[Segment],
        temp_group: int | None = None,
        reply_to: int | None = None,
    ) -> int:
        """Post a private message (a temp session via `temp_group` if given)."""
        if temp_group is not None:
            nickname = self._member(temp_group, user_id).nickname
        elif user_id in self.friends:
            nickname = self.nicknames.get(user_id, str(user_id))
        else:
            raise ValueError(f"{user_id} is not a friend of the bot; add to .friends or pass temp_group")
        segs = self._build_segments(message, reply_to, False)
        mid = self._new_id()
        event: dict[str, Any] = {
            "self_id": self.self_id,
            "user_id": user_id,
            "time": int(time.time()),
            "message_id": mid,
            "message_seq": mid,
            "real_id": mid,
            "message_type": "private",
            "sender": {
                "user_id": user_id,
                "nickname": nickname,
                "sex": "unknown",
                "age": 0,
            },
            "raw_message": to_cq(segs),
            "font": 0,
            "sub_type": "friend" if temp_group is None else "group",
            "message": segs,
            "message_format": "array",
            "post_type": "message",
            "target_id": self.self_id,
        }
        if temp_group is not None:
            # NapCat puts the source group in both fields for temp sessions
            event["group_id"] = temp_group
            event["temp_source"] = temp_group
            event["sender"]["group_id"] = temp_group
        self._store(event)
        await self._post(event)
        return mid

    def _store(self, event: dict[str, Any]) -> None:
        # get_msg answers with the event body itself (NapCat does the same)
        self.messages[event["message_id"]] = json.loads(json.dumps(event))

    # ------------------------------------------------------- observations

    def mark(self) -> int:
        """Index to pass as `after=` so only later sends are considered."""
        return len(self.sent)

    async def wait_for(self, pred: Callable[[Sent], bool], timeout: float = 10, after: int = 0) -> Sent:
        """First send at index >= `after` matching `pred`."""
        if self._new_sent is None:
            self._new_sent = asyncio.Event()
        deadline = time.monotonic() + timeout
        idx = after
        while True:
            self._new_sent.clear()
            while idx < len(self.sent):
                s = self.sent[idx]
                idx += 1
                if pred(s):
                    return s
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError(
                    f"no matching message within {timeout}s (after index {after})\n"
                    + self.dump(after=max(0, after - 5))
                    + self._log_tail()
                )
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._new_sent.wait(), remaining)

    async def wait_reaction(self, message_id: int, timeout: float = 10) -> str:
        """The emoji the bot put on a message (NapCat's set_msg_emoji_like), waiting for it."""
        deadline = time.monotonic() + timeout
        while True:
            for mid, emoji in self.reactions:
                if mid == message_id:
                    return emoji
            if time.monotonic() > deadline:
                raise TimeoutError(f"no reaction on message {message_id} within {timeout}s\n"
                                   + self.dump(after=max(0, len(self.sent) - 10)) + self._log_tail())
            await asyncio.sleep(0.02)

    async def wait_group(
        self,
        group_id: int,
        contains: str | None = None,
        timeout: float = 10,
        after: int = 0,
    ) -> Sent:
        return await self.wait_for(in_group(group_id, contains), timeout, after)

    async def wait_private(
        self,
        user_id: int,
        contains: str | None = None,
        timeout: float = 10,
        after: int = 0,
    ) -> Sent:
        return await self.wait_for(to_user(user_id, contains), timeout, after)

    async def expect_silence(
        self,
        pred: Callable[[Sent], bool] | None = None,
        within: float = 1.0,
        after: int | None = None,
    ) -> None:
        """Assert nothing (matching `pred`) is sent within `within` seconds."""
        start = self.mark() if after is None else after
        try:
            s = await self.wait_for(pred or (lambda _s: True), within, start)
        except TimeoutError:
            return
        raise AssertionError(f"unexpected message: {s.describe()}")

    def group_texts(self, group_id: int) -> list[str]:
        return [s.text for s in self.sent if s.kind == "group" and s.target == group_id]

    def private_texts(self, user_id: int) -> list[str]:
        return [s.text for s in self.sent if s.kind == "private" and s.target == user_id]

    def calls(self, action: str) -> list[dict[str, Any]]:
        """Params of every received call of `action`."""
        return [p for a, p in self.api_calls if a == action]

    def dump(self, after: int = 0, limit: int = 30) -> str:
        items = list(enumerate(self.sent))[after:][-limit:]
        if not items:
            return "(the bot has sent nothing" + (f" since index {after})" if after else ")")
        return "\n".join(f"{i:4d} {s.describe()}" for i, s in items)

    def _log_tail(self) -> str:
        if self.log_source is None:
            return ""
        return "\n--- bot log tail ---\n" + self.log_source()[-3000:]

    # ------------------------------------------------------------ API calls

    def _handle_api(self, frame: dict[str, Any], via: str = "") -> dict[str, Any]:
        self._via = via  # read by _record: which connection (bot process) made the call
        action = str(frame.get("action", ""))
        params = frame.get("params") or {}
        echo = frame.get("echo")
        self.api_calls.append((action, params))
        try:
            if action in self.fail_apis:
                raise ApiFailure(f"{action} failed (fail_apis)", 100)
            self._check_refusal(action, params)
            if action in self.custom_apis:
                data = self.custom_apis[action](params)
            else:
                handler = getattr(self, f"_api_{action}", None)
                if handler is None:
                    raise ApiFailure(f"unknown action {action}", 1404)
                data = handler(params)
            resp: dict[str, Any] = {
                "status": "ok",
                "retcode": 0,
                "data": data,
                "message": "",
                "wording": "",
            }
        except ApiFailure as e:
            resp = {
                "status": "failed",
                "retcode": e.retcode,
                "data": None,
                "message": str(e),
                "wording": str(e),
            }
        except Exception as e:  # a fake bug must not hang the bot
            self.errors.append(f"{action}: {traceback.format_exc()}")
            resp = {
                "status": "failed",
                "retcode": 1400,
                "data": None,
                "message": repr(e),
                "wording": repr(e),
            }
        if echo is not None:
            resp["echo"] = echo
        for cb in list(self.api_listeners):
            with contextlib.suppress(Exception):
                cb(action, params, resp)
        return resp

    # ------------------------------------------------------------ a bad day

    # What NapCat answers (retcode 1200, the words from NTQQ's errMsg) in the cases the bot must tell apart.
    NO_TEMP_SESSION = "发送失败,请添加对方为好友"  # no friend, and no temp session opens: permanent
    RISK_CONTROL = "EventChecker Failed: NTEvent serviceAndMethod:NodeIKernelMsgService/sendMsg EventRet: {result: 299, errMsg: 消息发送失败，请稍后再试}"  # noqa: E501  (风控: transient)
    MUTED = "EventChecker Failed: NTEvent serviceAndMethod:NodeIKernelMsgService/sendMsg EventRet: {result: 120, errMsg: 发送失败，目前处于禁言状态}"  # noqa: E501
    KICKED = "EventChecker Failed: NTEvent serviceAndMethod:NodeIKernelMsgService/sendMsg EventRet: {result: 110, errMsg: 发送失败，你已被移出该群，请重新加群。}"  # noqa: E501

    def refuse_private(self, user_id: int, message: str = NO_TEMP_SESSION, retcode: int = 1200) -> None:
        """Every private send to this person fails (until `allow`)."""
        self.refusals[("private", user_id)] = (retcode, message)

    def refuse_group(self, group_id: int, message: str = RISK_CONTROL, retcode: int = 1200) -> None:
        """Every send to this group fails (until `allow`): 风控 by default; MUTED, KICKED…"""
        self.refusals[("group", group_id)] = (retcode, message)

    def mute_bot(self, group_id: int) -> None:
        self.refuse_group(group_id, self.MUTED)

    def allow(self, kind: str, target: int) -> None:
        self.refusals.pop((kind, target), None)

    async def unmute_bot(self, group_id: int, operator: int = 0) -> None:
        """The bot may speak again: NapCat posts the group_ban notice (sub_type lift_ban) for it."""
        self.allow("group", group_id)
        await self._post({"post_type": "notice", "notice_type": "group_ban", "sub_type": "lift_ban",
                          "group_id": group_id, "user_id": self.self_id, "operator_id": operator, "duration": 0,
                          "self_id": self.self_id, "time": int(time.time())})

    def _chat_of(self, action: str, params: dict[str, Any]) -> tuple[str, int] | None:
        if action in SEND_ACTIONS or action in FORWARD_ACTIONS:
            kind = ("group" if action.startswith("send_group") else "private" if action.startswith("send_private")
                    else params.get("message_type") or ("group" if params.get("group_id") is not None
                                                        and params.get("user_id") is None else "private"))
            target = params.get("group_id") if kind == "group" else params.get("user_id")
            return (kind, int(target)) if target is not None else None
        return None

    def _check_refusal(self, action: str, params: dict[str, Any]) -> None:
        chat = self._chat_of(action, params)
        refusal = self.refusals.get(chat) if chat else None
        if refusal is not None and chat is not None:
            self.refused.append((chat[0], chat[1], plain_text(normalize_message(params.get("message")))
                                 if action in SEND_ACTIONS else "(forward)"))
            raise ApiFailure(refusal[1], refusal[0])

    def _ack_delay(self, frame: dict[str, Any]) -> float | None:
        chat = self._chat_of(str(frame.get("action", "")), frame.get("params") or {})
        return self.ack_delays.get(chat) if chat else None

    def _record(self, sent: Sent, stored_segments: list[Segment]) -> dict[str, Any]:
        now = int(time.time())
        stored: dict[str, Any] = {
            "self_id": self.self_id,
            "user_id": self.self_id,
            "time": now,
            "message_id": sent.message_id,
            "message_seq": sent.message_id,
            "real_id": sent.message_id,
            "message_type": sent.kind,
            "sender": {
                "user_id": self.self_id,
                "nickname": self.nicknames.get(self.self_id, "Bansha"),
                "card": "",
                "role": self._bot_role(sent.group_id) if sent.kind == "group" else None,
            },
            "raw_message": to_cq(stored_segments),
            "font": 14,
            "sub_type": "normal" if sent.kind == "group" else "friend",
            "message": stored_segments,
            "message_format": "array",
            "post_type": "message_sent",
        }
        if sent.group_id is not None:
            stored["group_id"] = sent.group_id
        if sent.kind == "private":
            stored["target_id"] = sent.target
        self.messages[sent.message_id] = stored
        sent.via = self._via
        self.sent.append(sent)
        if self._new_sent is not None:
            self._new_sent.set()
        for cb in list(self.sent_listeners):
            try:
                cb(sent)
            except Exception:  # a listener must not break the reader
                self.errors.append(f"sent listener: {traceback.format_exc()}")
        return {"message_id": sent.message_id}

    def _bot_role(self, group_id: int | None) -> Role | None:
        g = self.groups.get(group_id) if group_id is not None else None
        m = g.members.get(self.self_id) if g else None
        return m.role if m else None

    def _resolve_target(self, action: str, params: dict[str, Any]) -> tuple[str, int, int | None]:
        """(kind, target, group_id) of a send, validating reachability."""
        if action in ("send_group_msg", "send_group_forward_msg"):
            kind = "group"
        elif action in ("send_private_msg", "send_private_forward_msg"):
            kind = "private"
        else:
            kind = params.get("message_type") or ("group" if params.get("group_id") is not None else "private")
        group_id = int(params["group_id"]) if params.get("group_id") is not None else None
        if kind == "group":
            if group_id is None:
                raise ApiFailure("group_id required")
            if group_id not in self.groups:
                raise ApiFailure(f"bot is not in group {group_id}")
            return "group", group_id, group_id
        if params.get("user_id") is None:
            raise ApiFailure("user_id required")
        user_id = int(params["user_id"])
        if not self._can_reach(user_id, group_id):
            raise ApiFailure(f"cannot send private message to {user_id}: not a friend")
        # a temp session only when the group matters (the user is not a friend)
        temp = group_id if user_id not in self.friends else None
        return "private", user_id, temp

    def _send(self, action: str, params: dict[str, Any]) -> dict[str, Any]:
        kind, target, group_id = self._resolve_target(action, params)
        segs = normalize_message(params.get("message"), bool(params.get("auto_escape")))
        if not segs:
            raise ApiFailure("empty message")
        sent = Sent(
            action=action,
            kind=kind,
            target=target,
            group_id=group_id,
            segments=segs,
            text=plain_text(segs),
            message_id=self._new_id(),
            params=params,
        )
        return self._record(sent, segs)

    def _node_text(self, node: Segment, depth: int = 0) -> str:
        data = node.get("data") or {}
        content = data.get("content", data.get("message"))
        if content is None and data.get("id") is not None:
            stored = self.messages.get(int(data["id"]))
            content = stored["message"] if stored else []
        segs = normalize_message(content)
        if any(s.get("type") == "node" for s in segs) and depth < 5:
            return "\n".join(self._node_text(s, depth + 1) for s in segs if s.get("type") == "node")
        return plain_text(segs)

    def _send_forward(self, action: str, params: dict[str, Any]) -> dict[str, Any]:
        kind, target, group_id = self._resolve_target(action, params)
        nodes = normalize_message(params.get("messages", params.get("message")))
        if not nodes:
            raise ApiFailure("empty forward message")
        node_texts = [self._node_text(n) for n in nodes if n.get("type") == "node"]
        mid = self._new_id()
        sent = Sent(
            action=action,
            kind=kind,
            target=target,
            group_id=group_id,
            segments=nodes,
            text="\n".join(node_texts),
            message_id=mid,
            node_texts=node_texts,
            params=params,
        )
        res = self._record(sent, [{"type": "forward", "data": {"id": f"fwd{mid}"}}])
        res["res_id"] = res["forward_id"] = f"fwd{mid}"
        return res

    # API handlers: _handle_api dispatches "<action>" to _api_<action>.
    def _api_send_msg(self, p: dict[str, Any]) -> Any:
        return self._send("send_msg", p)

    def _api_send_group_msg(self, p: dict[str, Any]) -> Any:
        return self._send("send_group_msg", p)

    def _api_send_private_msg(self, p: dict[str, Any]) -> Any:
        return self._send("send_private_msg", p)

    def _api_send_group_forward_msg(self, p: dict[str, Any]) -> Any:
        return self._send_forward("send_group_forward_msg", p)

    def _api_send_private_forward_msg(self, p: dict[str, Any]) -> Any:
        return self._send_forward("send_private_forward_msg", p)

    def _api_send_forward_msg(self, p: dict[str, Any]) -> Any:
        return self._send_forward("send_forward_msg", p)

    def _api_get_msg(self, p: dict[str, Any]) -> Any:
        mid = int(p["message_id"])
        if mid not in self.messages or mid in self.deleted:
            raise ApiFailure(f"message {mid} not found")
        return json.loads(json.dumps(self.messages[mid]))

    def _api_delete_msg(self, p: dict[str, Any]) -> Any:
        mid = int(p["message_id"])
        if mid not in self.messages:
            raise ApiFailure(f"message {mid} not found")
        self.deleted.append(mid)
        return None

    def _api_get_login_info(self, p: dict[str, Any]) -> Any:
        return {
            "user_id": self.self_id,
            "nickname": self.nicknames.get(self.self_id, "Bansha"),
        }

    def _api_get_status(self, p: dict[str, Any]) -> Any:
        return {"online": True, "good": True, "stat": {}}

    def _api_get_version_info(self, p: dict[str, Any]) -> Any:
        return {"app_name": "fakeqq", "app_version": "1.0", "protocol_version": "v11"}

    def _api_get_friend_list(self, p: dict[str, Any]) -> Any:
        return [{"user_id": q, "nickname": self.nicknames.get(q, str(q)), "remark": ""} for q in sorted(self.friends)]

    def _api_get_stranger_info(self, p: dict[str, Any]) -> Any:
        q = int(p["user_id"])
        return {
            "user_id": q,
            "nickname": self.nicknames.get(q, str(q)),
            "sex": "unknown",
            "age": 0,
            "qid": "",
            "level": 1,
            "login_days": 0,
        }

    def _group_info(self, g: Group) -> dict[str, Any]:
        return {
            "group_id": g.group_id,
            "group_name": g.name,
            "group_memo": "",
            "group_create_time": 0,
            "member_count": len(g.members),
            "max_member_count": 500,
        }

    def _group(self, p: dict[str, Any]) -> Group:
        gid = int(p["group_id"])
        if gid not in self.groups:
            raise ApiFailure(f"group {gid} not found")
        return self.groups[gid]

    def _api_get_group_info(self, p: dict[str, Any]) -> Any:
        return self._group_info(self._group(p))

    def _api_get_group_list(self, p: dict[str, Any]) -> Any:
        return [self._group_info(g) for g in self.groups.values()]

    def _member_info(self, g: Group, q: int, m: Member) -> dict[str, Any]:
        return {
            "group_id": g.group_id,
            "user_id": q,
            "nickname": m.nickname,
            "card": m.card,
            "sex": "unknown",
            "age": 0,
            "area": "",
            "join_time": m.join_time,
            "last_sent_time": m.join_time,
            "level": "1",
            "role": m.role,
            "unfriendly": False,
            "title": "",
            "title_expire_time": 0,
            "card_changeable": True,
            "shut_up_timestamp": 0,
        }

    def _api_get_group_member_info(self, p: dict[str, Any]) -> Any:
        g = self._group(p)
        q = int(p["user_id"])
        if q not in g.members:
            raise ApiFailure(f"{q} is not a member of group {g.group_id}")
        return self._member_info(g, q, g.members[q])

    def _api_get_group_member_list(self, p: dict[str, Any]) -> Any:
        g = self._group(p)
        return [self._member_info(g, q, m) for q, m in g.members.items()]

    def _api_set_group_ban(self, p: dict[str, Any]) -> Any:
        g = self._group(p)
        q = int(p["user_id"])
        duration = int(p.get("duration", 30 * 60))
        bot = g.members[self.self_id].role
        target = g.members.get(q)
        if target is None:
            raise ApiFailure(f"{q} is not a member of group {g.group_id}")
        rank = {"member": 0, "admin": 1, "owner": 2}
        if rank[bot] == 0 or rank[target.role] >= rank[bot]:
            raise ApiFailure("permission denied")
        self.bans.append((g.group_id, q, duration))
        return None

    def _api_set_group_card(self, p: dict[str, Any]) -> Any:
        g = self._group(p)
        q = int(p["user_id"])
        if q not in g.members:
            raise ApiFailure(f"{q} is not a member of group {g.group_id}")
        g.members[q].card = str(p.get("card", ""))
        return None

    def _api_set_msg_emoji_like(self, p: dict[str, Any]) -> Any:
        """NapCat's reaction on a message (group messages only, as NapCat documents)."""
        mid = int(p["message_id"])
        stored = self.messages.get(mid)
        if stored is None or stored.get("message_type") != "group":
            raise ApiFailure(f"group message {mid} not found")
        self.reactions.append((mid, str(p.get("emoji_id", ""))))
        self.reaction_times.setdefault(mid, time.time())
        return None

    def _api_can_send_image(self, p: dict[str, Any]) -> Any:
        return {"yes": True}

    def _api_can_send_record(self, p: dict[str, Any]) -> Any:
        return {"yes": True}
