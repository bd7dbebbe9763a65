"""Phases, deadlines and game options as data.

A ruleset declares its phases; a tempo turns a phase into a deadline. Time only
arrives as the `at` of an input, so everything here stays pure.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from . import Refusal

QUICK = "快速"
FORUM = "论坛"


@dataclass(frozen=True)
class PhaseSpec:
    key: str
    label: str  # shown to players: 白天, 夜晚, 投票, 遗言…
    night: bool = False
    seconds: int = 60  # length in 快速 tempo
    option: str = ""  # option key that overrides the length (白天=90s)
    early: bool = True  # in 快速 tempo, close as soon as nobody owes an action
    # 论坛 tempo: "close" ends at the day's 关门; "+N" ends N minutes after the
    # last 关门; "=N" lasts N minutes from its start (a short phase such as 遗言
    # that may begin at any hour; the `option` key overrides it); "" uses the
    # quick length.
    forum: str = ""
    discussion: bool = False  # a discussion day: posts and votes count for 潜水, 加速/延时 apply


@dataclass(frozen=True)
class OptionSpec:
    key: str  # the Chinese key typed by the judge
    kind: str  # "choice" | "int" | "duration" | "durations" | "clock" | "timezone" | "text" | "bool"
    default: Any = None
    choices: tuple[str, ...] = ()
    help: str = ""
    zero: bool = False  # a duration that "0" (or 关) switches off, as its help says


COMMON_OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("节奏", "choice", None, (QUICK, FORUM), "快速：按分钟计时；论坛：按墙钟的开门/关门"),
    OptionSpec("种子", "int", None, (), "随机种子，相同种子可复现发牌"),
    OptionSpec("开门", "clock", "09:00", (), "论坛节奏：每天开门时间"),
    OptionSpec("关门", "clock", "22:00", (), "论坛节奏：每天关门时间"),
    OptionSpec("时区", "timezone", "Asia/Shanghai", (), "论坛节奏使用的时区，如 Asia/Shanghai"),
    OptionSpec("图片", "bool", None, (), "电梯楼、票型、演员表等是否附带图片（默认 开；文字总会发出）"),
)

_DURATION = re.compile(r"^(\d+(?:\.\d+)?)\s*(s|秒|m|分|分钟|min|h|小时)?$", re.I)
_CLOCK = re.compile(r"^(\d{1,2})[:：](\d{2})$")
_BOOL = {"开": True, "是": True, "on": True, "true": True, "1": True, "关": False, "否": False, "off": False, "false": False, "0": False}


MAX_DURATION = 366 * 86400  # a phase, an extension or a cut-off longer than a year is a typo (and overflows dates)
MAX_INT_OPTION = 10**18  # fits the database's BIGINT (the seed)


def parse_duration(text: str) -> int | None:
    """「90s」, 「5m」, 「1.5h」 → seconds; None when it is no duration; a Refusal when it is far too long."""
    m = _DURATION.match(text.strip())
    if not m:
        return None
    unit = (m.group(2) or "s").lower()
    mult = 60 if unit in ("m", "分", "分钟", "min") else 3600 if unit in ("h", "小时") else 1
    whole = m.group(1).partition(".")[0]
    if len(whole) > 12 or float(m.group(1)) * mult > MAX_DURATION:
        shown = text.strip() if len(text.strip()) <= 24 else text.strip()[:20] + "…"
        raise Refusal(f"时长「{shown}」太长了：最长 {MAX_DURATION // 86400} 天。")
    seconds = int(float(m.group(1)) * mult)
    return seconds if seconds > 0 else None


def format_duration(seconds: float) -> str:
    seconds = max(0, int(seconds))
    if seconds >= 3600:
        minutes = (seconds % 3600) // 60
        return f"{seconds // 3600}小时" + (f"{minutes}分" if minutes else "")
    if seconds >= 60:
        return f"{seconds // 60}分" + (f"{seconds % 60}秒" if seconds % 60 else "钟")
    return f"{seconds}秒"


def parse_options(pairs: list[str], specs: list[OptionSpec]) -> dict[str, Any]:
    """Parse `键=值` words against the specs; unknown keys or bad values are refused."""
    by_key = {s.key: s for s in specs}
    out: dict[str, Any] = {}
    for pair in pairs:
        if "=" not in pair:
            raise Refusal(f"无法理解「{pair[:20]}」：选项请写成 键=值。可用的键：{'、'.join(by_key)}")
        key, _, raw = pair.partition("=")
        key, raw = key.strip(), raw.strip()
        spec = by_key.get(key)
        if spec is None:
            raise Refusal(f"未知选项「{key[:20]}」。可用的键：{'、'.join(by_key)}")
        out[key] = _parse_value(spec, raw)
    for spec in specs:
        if spec.key not in out and spec.default is not None:
            out[spec.key] = spec.default
    return out


def _parse_value(spec: OptionSpec, raw: str) -> Any:
    if spec.kind == "choice":
        if raw not in spec.choices:
            raise Refusal(f"选项「{spec.key}」的值只能是：{'、'.join(spec.choices)}")
        return raw
    if spec.kind == "int":
        if not re.fullmatch(r"[+-]?\d+", raw):
            raise Refusal(f"选项「{spec.key}」需要一个整数。")
        if len(raw) > 19 or abs(int(raw)) >= MAX_INT_OPTION:  # int() of 4,301 digits would raise
            raise Refusal(f"选项「{spec.key}」的数太大了：绝对值要小于 10 的 18 次方。")
        return int(raw)
    if spec.kind == "duration":
        if spec.zero and raw in ("0", "关"):
            return 0
        seconds = parse_duration(raw)
        if seconds is None:
            raise Refusal(f"选项「{spec.key}」需要一个时长，如 90s、5m、1h。")
        return seconds
    if spec.kind == "durations":  # 「2h,30m」; 0 or 关 for none
        if raw in ("0", "关"):
            return ()
        parts = [parse_duration(x) for x in re.split(r"[,，、]", raw) if x.strip()]
        if not parts or None in parts:
            raise Refusal(f"选项「{spec.key}」需要一个或几个时长，用逗号隔开，如 2h,30m；0 表示不提醒。")
        return tuple(sorted(set(parts), reverse=True))
    if spec.kind == "clock":
        m = _CLOCK.match(raw)
        if not m or int(m.group(1)) > 23 or int(m.group(2)) > 59:
            raise Refusal(f"选项「{spec.key}」需要一个时刻，如 09:00。")
        return f"{int(m.group(1)):02d}:{m.group(2)}"
    if spec.kind == "timezone":
        if not raw or len(raw) > 200:
            raise Refusal(f"选项「{spec.key}」的值不能为空，也不能超过200字。")
        try:
            ZoneInfo(raw)
        except (ValueError, KeyError, OSError):  # OSError: a directory such as 「Asia」
            raise Refusal(f"未知的时区「{raw[:40]}」：请写成 Asia/Shanghai 这样的 IANA 时区名。") from None
        return raw
    if spec.kind == "bool":
        if raw.lower() not in _BOOL:
            raise Refusal(f"选项「{spec.key}」只能是 开 或 关。")
        return _BOOL[raw.lower()]
    if not raw or len(raw) > 200:
        raise Refusal(f"选项「{spec.key}」的值不能为空，也不能超过200字。")
    return raw


def phase_deadline(spec: PhaseSpec, options: dict[str, Any], at: float, last_close: float | None) -> float | None:
    """When the phase entered at `at` closes, in epoch seconds."""
    if options.get("节奏") == FORUM and spec.forum:
        tz = ZoneInfo(options.get("时区", "Asia/Shanghai"))
        if spec.forum == "close":
            return _next_clock(at, options.get("关门", "22:00"), tz)
        if spec.forum.startswith("="):
            seconds = options.get(spec.option) if spec.option else None
            return at + (seconds or int(spec.forum[1:]) * 60)
        minutes = int(spec.forum)
        base = last_close if last_close is not None else at
        return max(at, base + minutes * 60)
    seconds = options.get(spec.option, spec.seconds) if spec.option else spec.seconds
    return at + seconds


def _next_clock(at: float, clock: str, tz: ZoneInfo) -> float:
    hh, mm = (int(x) for x in clock.split(":"))
    now = datetime.fromtimestamp(at, tz)
    target = now.replace(hour=hh, minute=mm, second=0, microsecond=0)
    if target <= now:
        target += timedelta(days=1)
    return target.timestamp()


def local_time(at: float, options: dict[str, Any]) -> str:
    """A timestamp for the judge's record (its zone is named once, in the record's heading)."""
    tz = ZoneInfo(options.get("时区", "Asia/Shanghai"))
    return datetime.fromtimestamp(at, tz).strftime("%m-%d %H:%M:%S")


# What players call the zones a forum game is likely to run in; any other IANA name is shown as is.
ZONE_NAMES = {
    "Asia/Shanghai": "北京时间", "Asia/Chongqing": "北京时间", "Asia/Harbin": "北京时间", "PRC": "北京时间",
    "Asia/Hong_Kong": "香港时间", "Asia/Macau": "澳门时间", "Asia/Taipei": "台北时间", "Asia/Tokyo": "东京时间",
    "Asia/Singapore": "新加坡时间", "UTC": "UTC", "Etc/UTC": "UTC",
}


def zone_name(options: dict[str, Any]) -> str:
    tz = options.get("时区", "Asia/Shanghai")
    return ZONE_NAMES.get(tz, f"{tz} 时间")


def clock_text(at: float, options: dict[str, Any]) -> str:
    """A time shown to players, always with its zone: 「北京时间 03-02 22:00」 (seconds only when not :00)."""
    tz = ZoneInfo(options.get("时区", "Asia/Shanghai"))
    t = datetime.fromtimestamp(at, tz)
    return f"{zone_name(options)} {t.strftime('%m-%d %H:%M:%S' if t.second else '%m-%d %H:%M')}"


def deadline_text(deadline: float, now: float, options: dict[str, Any]) -> str:
    """「北京时间 03-02 22:00（还有 2小时）」: a countdown of ten minutes or more is rounded to the minute."""
    left = deadline - now
    left = round(left / 60) * 60 if left >= 600 else round(left)
    return f"{clock_text(deadline, options)}（还有 {format_duration(left)}）"
