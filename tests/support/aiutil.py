"""Shared pieces of the AI seats' end-to-end tests (issue 27): a bot on a fast clock, games opened with short
phases, and what the bot's database says about a game's AI inputs."""

from __future__ import annotations

import json
import re
from pathlib import Path

from fakeqq import BotProcess, FakeQQ, Sent
from secutil import db_query

from plugins.bansha.engine.game import registry

ROOT = Path(__file__).resolve().parents[2]
JUDGE = 99999
KEYS = sorted(r.key for r in registry.offered())  # every game a group is offered: the registry says which
LONGEST = ("luding", "nata")  # the longest whole games (a minute through the bot): sampled out where time is short


def short_phases(key: str, seconds: int = 60) -> str:
    """Every phase of the game at most `seconds` long (quick tempo), as /开局 options."""
    rules = registry.get(key)
    opts = sorted({f"{p.option}={min(p.seconds, seconds)}s" for p in rules.phases.values() if p.option})
    return " ".join(opts)


def size(key: str) -> int:
    sizes = registry.get(key).sizes({"节奏": "快速"})
    return 9 if 9 in sizes else sizes[0]


async def start_bot(scale: float, **env: str) -> tuple[BotProcess, FakeQQ]:
    proc = BotProcess(ROOT, superusers=(JUDGE,), env={"BANSHA_CLOCK_SCALE": str(scale), **env})
    proc.start()
    await proc.wait_ready(60)
    qq = FakeQQ.for_process(proc)
    await qq.connect()
    return proc, qq


async def open_game(qq: FakeQQ, group: int, key: str, options: str, members: dict[int, str] | None = None) -> int:
    qq.add_group(group, {JUDGE: "法官"} | (members or {}), owner=JUDGE)
    qq.friends.update(members or {})
    mark = qq.mark()
    await qq.group_msg(JUDGE, group, f"/开局 {registry.get(key).title} 节奏=快速 图片=关 {options}".strip())
    s = await qq.wait_for(lambda s: s.target == group and "开局（第" in s.text, 20, mark)
    return int(re.search(r"第 (\d+) 局", s.text).group(1))  # type: ignore[union-attr]


async def say(qq: FakeQQ, group: int, who: int, text: str, expect: str, timeout: float = 20) -> Sent:
    mark = qq.mark()
    await qq.group_msg(who, group, text)
    return await qq.wait_for(lambda s: s.target == group and expect in s.text, timeout, mark)


def ai_inputs(proc: BotProcess, gid: int) -> list[tuple[int, str, int, dict]]:
    """(seq, kind, actor, args) of every input an AI seat made."""
    rows = db_query(proc, "SELECT seq, kind, actor, args FROM bansha_input WHERE game_id=? AND actor < 0 ORDER BY seq",
                    gid)
    return [(seq, kind, actor, json.loads(args) if isinstance(args, str) else args) for seq, kind, actor, args in rows]


def duplicate_slots(proc: BotProcess, gid: int) -> list[tuple]:
    """AI decision slots logged more than once (an action taken twice)."""
    seen: dict[tuple, int] = {}
    for _seq, _kind, actor, args in ai_inputs(proc, gid):
        if "ai_slot" in args:
            key = (actor, args.get("ai_phase"), args["ai_slot"])
            seen[key] = seen.get(key, 0) + 1
    return [k for k, n in seen.items() if n > 1]


def sent_to_ai(qq: FakeQQ) -> list[Sent]:
    """Anything the bot tried to send to an AI seat's (negative) QQ: it never should."""
    return [s for s in qq.sent if s.kind == "private" and s.target < 0] + [
        s for s in qq.sent if any(seg.get("type") == "at" and str(seg["data"].get("qq", "")).startswith("-")
                                  for seg in s.segments)]


def game_status(proc: BotProcess, gid: int) -> str:
    return db_query(proc, "SELECT status FROM bansha_game WHERE id=?", gid)[0][0]
