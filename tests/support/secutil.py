"""Shared pieces of the reliability and security suites (issue 10, parts 4-7).

Everything here drives the real bot process (`bot.py`) through the fake OneBot
client and looks at two things only: what the fake QQ received, and the bot's
SQLite file (read from the test process; WAL lets us read while the bot writes).

A `Table` is one QQ group with one 狼人杀 game in it, dealt with a fixed seed;
its players learn their roles from the bot's private messages like real players.
"""

from __future__ import annotations

import asyncio
import re
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from fakeqq import BotProcess, FakeQQ, Sent

ROOT = Path(__file__).resolve().parents[2]
SUPERUSER = 99999
BOT = 10000
WAIT = 10.0  # seconds to wait for one reply


async def start_bot(**kw) -> tuple[BotProcess, FakeQQ]:
    proc = BotProcess(ROOT, superusers=(SUPERUSER,), **kw)
    proc.start()
    await proc.wait_ready(60)
    qq = FakeQQ.for_process(proc)
    await qq.connect()
    return proc, qq


async def stop_bot(proc: BotProcess, qq: FakeQQ) -> None:
    close_readers()
    await qq.close()
    proc.cleanup()


# --- the database, read from outside ---------------------------------------------------


_readers: dict[Path, sqlite3.Connection] = {}


def db_query(proc: BotProcess, sql: str, *args) -> list[tuple]:
    """A read on the bot's database (one autocommit connection per file: each statement sees the
    latest commit)."""
    con = _readers.get(proc.db_path)
    if con is None:
        con = _readers[proc.db_path] = sqlite3.connect(proc.db_path, timeout=30, isolation_level=None)
    return con.execute(sql, args).fetchall()


def close_readers() -> None:
    while _readers:
        _readers.popitem()[1].close()


@dataclass(frozen=True)
class DbState:
    """What a refused command must not change: the game row, its input log and the outbox."""

    status: str
    phase_no: int
    seq: int
    inputs: int
    outbox: int

    @classmethod
    def of(cls, proc: BotProcess, gid: int) -> DbState:
        row = db_query(
            proc,
            # seq: the last logged input (the game row's own seq is only written when its phase changes)
            "SELECT status, phase_no, (SELECT coalesce(max(seq), 0) FROM bansha_input WHERE game_id=?1),"
            " (SELECT count(*) FROM bansha_input WHERE game_id=?1),"
            " (SELECT count(*) FROM bansha_outbox WHERE game_id=?1) FROM bansha_game WHERE id=?1",
            gid,
        )[0]
        return cls(*row)


async def drained(proc: BotProcess, timeout: float = WAIT) -> None:
    """Wait until every committed outgoing message has been sent (so later sends are new)."""
    end = time.monotonic() + timeout
    while db_query(proc, "SELECT count(*) FROM bansha_outbox WHERE sent=0 AND held=0")[0][0]:
        if time.monotonic() > end:
            stuck = db_query(proc, "SELECT id, game_id, kind, target, attempts, error, text FROM bansha_outbox"
                                   " WHERE sent=0 AND held=0 LIMIT 5")
            raise TimeoutError(f"outbox not drained: {stuck}\n" + proc.log_tail())
        await asyncio.sleep(0.01)


def games_total(proc: BotProcess) -> int:
    return db_query(proc, "SELECT count(*) FROM bansha_game")[0][0]


def input_rows(proc: BotProcess, gid: int) -> list[tuple]:
    return db_query(proc, "SELECT seq, kind, actor, args, source FROM bansha_input WHERE game_id=? ORDER BY seq", gid)


# --- what the fake QQ received ------------------------------------------------------------

SAFE_SEGMENTS = {"text", "at"}  # an @ only in the countdown (unsafe_sends checks which posts)


def segment_types(s: Sent) -> set[str]:
    """Every segment type in a send, forward nodes included."""
    types = {str(seg.get("type")) for seg in s.segments}
    if s.is_forward:
        types.discard("node")
        for node in s.segments:
            content = (node.get("data") or {}).get("content") or []
            if isinstance(content, str):
                types.add("raw-string")
            else:
                types |= {str(c.get("type")) for c in content}
    return types


def bot_pictures_only(s: Sent) -> bool:
    """The only non-text segments the bot sends are its own pictures: PNGs it drew, as base64
    (a player's text can never become one: it always goes out as a text segment)."""
    pictures = [seg for seg in s.segments if seg.get("type") == "image"]
    return len(s.images) == len(pictures) and all(data.startswith(b"\x89PNG") for data in s.images)


def plain(s: Sent) -> bool:
    """Plain text, plus the bot's own pictures."""
    return segment_types(s) <= SAFE_SEGMENTS | {"image"} and bot_pictures_only(s)


def unsafe_sends(qq: FakeQQ, after: int = 0) -> list[str]:
    """Sends carrying anything but plain text and the bot's own pictures (an @, a player's image,
    a CQ string, a nested forward)."""
    bad = []
    for s in qq.sent[after:]:
        types = segment_types(s)
        if not plain(s):
            bad.append(f"{sorted(types)}: {s.describe()}")
        # the countdown names who still owes a vote; a speaking turn, whose turn it is
        if s.ats and not s.text.startswith("【提醒】") and not (len(s.ats) == 1 and "轮到你发言" in s.text):
            bad.append(f"mentions {s.ats}: {s.describe()}")
    return bad


def has_cjk(text: str) -> bool:
    return re.search(r"[\u4e00-\u9fff]", text) is not None


async def sign_up(qq: FakeQQ, who: int, group: int, timeout: float = WAIT) -> int:
    """/报名 in the group, waiting for the bot's reaction on it (its acknowledgement); the message id."""
    mid = await qq.group_msg(who, group, "/报名")
    await qq.wait_reaction(mid, timeout)
    return mid


# --- one group, one game -------------------------------------------------------------------

ROLE_RE = re.compile(r"你是 (\d+)号，你的身份是【(.+?)】")


@dataclass
class Table:
    """One group with one 狼人杀 game. QQ numbers derive from the group number."""

    qq: FakeQQ
    proc: BotProcess
    group: int
    n: int = 7
    seed: int | None = 1
    options: str = ""
    gid: int = 0
    roles: dict[int, str] = field(default_factory=dict)  # seat -> role
    extra_members: dict[int, str] = field(default_factory=dict)

    # who is who
    @property
    def opener(self) -> int:
        return self.group * 100 + 90

    @property
    def admin(self) -> int:
        return self.group * 100 + 91

    @property
    def owner(self) -> int:
        return self.group * 100 + 92

    @property
    def added(self) -> int:
        return self.group * 100 + 93

    @property
    def outsider(self) -> int:
        return self.group * 100 + 94

    @property
    def players(self) -> list[int]:
        return [self.group * 100 + i for i in range(1, self.n + 1)]

    def player(self, seat: int) -> int:
        return self.players[seat - 1]

    def seats_of(self, role: str) -> list[int]:
        return sorted(s for s, r in self.roles.items() if r == role)

    def nick(self, qq: int) -> str:
        return self.qq.groups[self.group].members[qq].nickname

    def seat_name(self, seat: int) -> str:
        return f"{seat}号 {self.nick(self.player(seat))}"

    def setup_group(self) -> None:
        members = {
            self.opener: f"开局人{self.group}",
            self.admin: f"管理员{self.group}",
            self.added: f"副法官{self.group}",
            self.outsider: f"路人{self.group}",
            SUPERUSER: "超管",
        }
        members |= {p: f"玩家{p % 100}" for p in self.players}
        members |= self.extra_members
        # the opener is an admin: by default only the owner and admins may /开局 (BANSHA_OPEN_BY)
        self.qq.add_group(self.group, members, owner=self.owner, admins=[self.admin, self.opener])
        self.qq.groups[self.group].members[self.owner].nickname = f"群主{self.group}"
        self.qq.friends.update(members)
        self.qq.friends.add(self.owner)

    # talking
    async def say(self, who: int, text, *, pm: bool = False, reply_to: int | None = None) -> int:
        if pm:
            return await self.qq.private_msg(who, text)
        return await self.qq.group_msg(who, self.group, text, reply_to=reply_to)

    async def vote(self, who: int, text: str, *, reply_to: int | None = None) -> int:
        """A vote typed in the group: the bot acknowledges it with a reaction, not a message of its own."""
        mid = await self.say(who, text, reply_to=reply_to)
        await self.qq.wait_reaction(mid, WAIT)
        return mid

    async def expect(self, pred: Callable[[Sent], bool], mark: int, timeout: float = WAIT) -> Sent:
        return await self.qq.wait_for(pred, timeout, mark)

    async def group_says(self, contains: str, mark: int, timeout: float = WAIT) -> Sent:
        return await self.qq.wait_for(
            lambda s: s.kind == "group" and s.target == self.group and contains in s.text, timeout, mark
        )

    async def pm_says(self, who: int, contains: str, mark: int, timeout: float = WAIT) -> Sent:
        return await self.qq.wait_for(lambda s: s.kind == "private" and s.target == who and contains in s.text,
                                      timeout, mark)

    async def command(self, who: int, text, contains: str, *, pm: bool = False, to: int | None = None) -> Sent:
        """Send and wait for a message containing `contains` (in the group, or by PM to `to`/the sender)."""
        mark = self.qq.mark()
        await self.say(who, text, pm=pm)
        if pm or to is not None:
            return await self.pm_says(to or who, contains, mark)
        return await self.group_says(contains, mark)

    async def status(self, who: int | None = None) -> str:
        s = await self.command(who or self.opener, "/状态", f"第 {self.gid} 局")
        return s.text

    def db(self) -> DbState:
        return DbState.of(self.proc, self.gid)

    async def settle(self, quiet: float = 0.3, limit: float = 10.0) -> None:
        """Wait until the bot has been silent for `quiet` seconds (its outbox drained)."""
        end = time.monotonic() + limit
        last = len(self.qq.sent)
        while time.monotonic() < end:
            await asyncio.sleep(quiet)
            if len(self.qq.sent) == last:
                return
            last = len(self.qq.sent)

    # the game's life
    async def open(self) -> None:
        if self.group not in self.qq.groups:
            self.setup_group()
        # no roster post after the sign-ups unless a test asks for it: it would land among the answers checked
        roster = "" if "报名名单" in self.options else " 报名名单=0"
        opts = f" {self.options}{roster}" if self.options else roster
        # seed=None: the deal drawn at /开始, as in production (the opener may then play too)
        seed = f" 种子={self.seed}" if self.seed is not None else ""
        s = await self.command(self.opener, f"/开局 狼人杀{seed}{opts}", "开局（第")
        self.gid = int(re.search(r"第 (\d+) 局", s.text).group(1))  # type: ignore[union-attr]

    async def join_all(self) -> None:
        for p in self.players:
            await self.join(p)

    async def join(self, who: int) -> int:
        """/报名: acknowledged by a reaction on the post (engine/parts/signup.py), not by a message."""
        return await sign_up(self.qq, who, self.group)

    async def start(self) -> None:
        """Deal, then pause: every phase change below is the judge's 推进, never the clock."""
        mark = self.qq.mark()
        await self.command(self.opener, "/开始", "游戏开始")
        for seat, p in enumerate(self.players, 1):
            s = await self.pm_says(p, "你的身份是【", mark)
            m = ROLE_RE.search(s.text)
            assert m and int(m.group(1)) == seat, s.text
            self.roles[seat] = m.group(2)
        await self.command(self.opener, "/法官 暂停", "游戏已暂停")
        await self.settle()

    async def advance(self, expect: str) -> None:
        await self.command(self.opener, "/法官 推进", expect)
        await self.settle()

    async def ready(self) -> Table:
        await self.open()
        await self.join_all()
        await self.start()
        return self
