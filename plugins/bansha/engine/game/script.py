"""剧本: a game written as data (TOML) by a 导演, read and checked here, compiled by the coded game it names.

A 剧本 names the coded game whose procedures it is played with (`rules = "狼人杀"`): its night order, its day,
its 警长. The ruleset's `script_family()` turns the 剧本 into that game's own declarations — a board and
options — so a 剧本 game is judged by exactly the code that judges the coded boards, and its log replays like
theirs. docs/script.md is the format for a 导演; docs/script.schema.json is its JSON Schema.

Everything a 导演 can get wrong is a `Problem` with the line and the field it is about, in Chinese; a broken or
hostile 剧本 (not TOML, unknown keys, huge numbers, a night order that names nothing) is refused, never raised
past `read`. Pure: no files, no clock — the QQ layer and the CLI find the text (plugins/bansha/scripts/).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from typing import Any, Protocol

from .script_lines import _line, locate, syntax

MAX_TEXT = 64_000  # characters of a 剧本 file
MAX_PLAYERS = 30
MAX_COUNT = 30  # copies of one role
MAX_ROLES = 40
MAX_STR = 300  # characters of one text field
MAX_POOL = 12  # cards in a 卡池 (its deals are counted out at /开局: 12 choose 6 is 924)
MAX_STRENGTH = 10

# The win conditions a faction may name (docs/script.md: 胜利). A family accepts those its procedures implement.
WINS: dict[str, str] = {
    "屠边": "消灭对方全部神职或全部平民",
    "屠城": "消灭对方全部成员",
    "全灭": "本阵营以外的成员全部出局",
    "人数": "存活人数不少于其他阵营之和（parity）",
    "独活": "最后只剩自己",
    "存活天数": "活过若干天",
    "全部迷惑": "所有存活玩家都被迷惑",
    "法官宣布": "由法官裁定胜负",
}

# TOML 1.0 keys are ASCII unless quoted: the keys are short English words (docs/script.md gives each its
# Chinese meaning), the values are the 导演's Chinese.
TOP_KEYS = {"name", "summary", "rules", "players", "faction", "role", "night", "day", "deal"}
ROLE_KEYS = {"name", "faction", "count", "skills", "channel", "intro", "kind", "skill", "strength"}
DEAL_KEYS = {"pick", "strength"}
SKILL_KEYS = {"name", "effect", "phase", "targets", "uses", "public", "help", "value"}
# The effects a skill table may name (docs/script.md). 裁定: the bot collects the use on time and the 导演 rules on
# it (the 导演台's 待裁定 queue, or /法官 裁定): he writes the result the seat receives, and the bot records it.
EFFECTS: dict[str, str] = {
    "裁定": "交给导演裁定：机器人按时收下行动，导演写出结果，机器人送达并记录",
    "查验阵营": "查验一名玩家，立刻私聊得知他是好人还是狼人（和预言家的查验一样）",
    "查验身份": "查验一名玩家，立刻私聊得知他的身份",
    "保护": "夜里保护一名玩家，天亮结算时他不被杀害（按夜晚顺序，要排在击杀之前）",
    "击杀": "夜里击杀一名玩家，天亮结算时他死亡（按夜晚顺序；被保护则无效）",
    "毒杀": "夜里毒杀一名玩家，天亮结算时他死亡（保护挡不住，和女巫的毒一样：不能开枪）",
    "禁言": "夜里选一名玩家，第二天白天他不能投票（天亮后在群里公布）",
    "票权": "不用发动：放逐投票时这个角色的一票算 value 票（value 不写就是 2）",
    "公布身份": "在群里公布自己的身份（之后人人都知道）",
}
NIGHT_EFFECTS = ("保护", "击杀", "毒杀", "禁言")  # settled at dawn in the night order: written into night.order
ONE_TARGET = ("查验阵营", "查验身份", "保护", "击杀", "毒杀", "禁言")
NO_TARGET = ("票权", "公布身份")
PHASES = {"夜晚": "night", "白天": "day"}
KINDS = {"神": "神职", "民": "平民", "狼": "狼人"}
FACTION_KEYS = {"name", "win"}


@dataclass(frozen=True)
class Problem:
    line: int | None  # 1-based; None when the whole file is meant
    field: str  # the key path as the 导演 wrote it: 角色[2].技能
    text: str

    def __str__(self) -> str:
        where = f"第 {self.line} 行" if self.line else "文件"
        return f"{where}（{self.field}）：{self.text}" if self.field else f"{where}：{self.text}"


class ScriptError(ValueError):
    """The 剧本 cannot be played; `problems` says every reason found, each with its line and field."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))


@dataclass(frozen=True)
class SkillDecl:
    """A skill the 剧本 writes out (a role the coded game does not have): its effect from `EFFECTS`."""

    name: str
    effect: str
    phase: str  # a key of PHASES (夜晚/白天)
    targets: int = 1
    uses: int | None = None  # per game; None: once per phase it is used in
    public: bool = False  # used in the group (its use is announced) instead of by PM
    help: str = ""
    index: int = 0
    value: float = 2.0  # 票权's votes


@dataclass(frozen=True)
class RoleDecl:
    name: str
    faction: str
    count: int
    skills: tuple[str, ...]
    channel: str = ""  # a team channel (狼群) its holders talk in
    intro: str = ""  # what /身份 shows, when the 剧本 writes its own
    index: int = 0  # its place among 角色 (for problems)
    kind: str = ""  # a key of KINDS (神/民/狼), for a role the coded game does not have
    written: tuple[SkillDecl, ...] = ()  # its [[role.skill]] tables
    strength: int | None = None  # written: the role is in the 卡池 (its `count` copies), with this strength


@dataclass(frozen=True)
class Script:
    name: str
    family: str  # the coded game it is played with (a title or alias /开局 knows)
    players: tuple[int, int]
    factions: dict[str, str]  # faction -> win condition (WINS)
    roles: tuple[RoleDecl, ...]
    night: tuple[str, ...]  # the night order as written (role names), may be empty
    day: tuple[str, ...]  # the day's options as /开局 takes them (键=值)
    summary: str = ""
    pick: int = 0  # [deal] pick: how many of the 卡池's cards each game deals (0: no 卡池)
    band: tuple[int, int] | None = None  # [deal] strength: the total strength the picked cards must fall in
    source: str = field(default="", repr=False)  # the text itself: a game stores it (replays never reread the file)
    lines: dict[tuple, int] = field(default_factory=dict, repr=False, compare=False)

    def line(self, *path: Any) -> int | None:
        """The line a key path was written on (its nearest written parent's, for inline values)."""
        while path:
            if path in self.lines:
                return self.lines[path]
            path = path[:-1]
        return None

    def problem(self, text: str, *path: Any) -> Problem:
        return Problem(self.line(*path), _field(path), text)

    def deck(self) -> list[str]:
        """The cards every game deals (the 卡池's are `pool()`)."""
        return [r.name for r in self.roles if r.strength is None for _ in range(r.count)]

    def pool(self) -> list[tuple[str, int]]:
        """The 卡池: each card with its strength, a role's copies one by one."""
        return [(r.name, r.strength) for r in self.roles if r.strength is not None for _ in range(r.count)]


class Family(Protocol):
    """What a coded game offers 剧本: `compile` a checked 剧本 to that game's own options (its board and day
    options), or raise ScriptError naming each line it cannot play."""

    def compile(self, script: Script) -> dict[str, Any]: ...


def read(source: str) -> Script:
    """Parse and check the form of a 剧本 (what every family shares). Raises ScriptError, nothing else."""
    if not isinstance(source, str):
        raise ScriptError([Problem(None, "", "剧本必须是文本。")])
    if len(source) > MAX_TEXT:
        raise ScriptError([Problem(None, "", f"剧本太长（{len(source)} 字符，最多 {MAX_TEXT}）。")])
    try:
        data = tomllib.loads(source)
    except tomllib.TOMLDecodeError as e:
        line, said = syntax(e)
        raise ScriptError([Problem(line, "", said)]) from None
    except RecursionError:
        raise ScriptError([Problem(None, "", "剧本嵌套太深。")]) from None
    lines = locate(source)
    problems: list[Problem] = []

    def bad(text: str, *path: Any) -> None:
        problems.append(Problem(_line(lines, path), _field(path), text))

    for key in data:
        if key not in TOP_KEYS:
            bad(f"未知的键「{_short(key)}」。可用的键：{'、'.join(sorted(TOP_KEYS))}。", key)
    name = _text(data, "name", bad, required=True)
    family = _text(data, "rules", bad, required=True)
    summary = _text(data, "summary", bad)
    players = _players(data.get("players"), bad)
    factions = _factions(data.get("faction"), bad)
    roles = _roles(data.get("role"), factions, bad)
    night = _night(data.get("night"), roles, bad)
    day = _day(data.get("day"), bad)
    pick, band = _deal(data.get("deal"), roles, bad)
    # (how the cards add up to the head count is the game's: 狼人杀's 盗贼 lays two aside)
    if problems:
        raise ScriptError(problems)
    assert players is not None
    return Script(name=name, family=family, players=players, factions=factions, roles=tuple(roles),
                  night=night, day=day, summary=summary, pick=pick, band=band, source=source, lines=lines)


# --- the fields --------------------------------------------------------------------------------------------


def _text(data: dict, key: str, bad: Any, required: bool = False) -> str:
    value = data.get(key)
    if value is None:
        if required:
            bad(f"缺少 {key}（{MEANING.get(key, key)}）。", key)
        return ""
    if not isinstance(value, str) or not value.strip():
        bad(f"{key}（{MEANING.get(key, key)}）要写成一段文字，如 {key} = \"…\"。", key)
        return ""
    if len(value) > MAX_STR:
        bad(f"{key} 太长（最多 {MAX_STR} 字）。", key)
        return ""
    return value.strip()


def _players(value: Any, bad: Any) -> tuple[int, int] | None:
    if value is None:
        bad("缺少 players（人数）：写 players = 9。", "players")
        return None
    if isinstance(value, int) and not isinstance(value, bool):
        lo = hi = value
    elif isinstance(value, list) and len(value) == 2 and all(isinstance(v, int) and not isinstance(v, bool)
                                                             for v in value):
        lo, hi = value
    else:
        bad("players（人数）要写成一个整数（players = 9）或一个范围（players = [9, 12]）。", "players")
        return None
    if not 2 <= lo <= hi <= MAX_PLAYERS:
        bad(f"人数要在 2 到 {MAX_PLAYERS} 之间，且前一个数不大于后一个。", "players")
        return None
    return lo, hi


def _factions(value: Any, bad: Any) -> dict[str, str]:
    if not isinstance(value, list) or not value:
        bad("缺少阵营：每个阵营写一段 [[faction]]，下面写 name = \"好人\" 和 win = \"屠边\"。", "faction")
        return {}
    out: dict[str, str] = {}
    for i, spec in enumerate(value[:MAX_ROLES]):
        if not isinstance(spec, dict):
            bad("每个阵营要写成一段 [[faction]]。", "faction", i)
            continue
        for key in spec:
            if key not in FACTION_KEYS:
                bad(f"未知的键「{_short(key)}」（阵营只有 name 和 win）。", "faction", i, key)
        name = _text(spec, "name", lambda t, *p, i=i: bad(t, "faction", i, *p), required=True)
        if name in out:
            bad(f"阵营「{name}」写了两次。", "faction", i, "name")
        win = spec.get("win")
        if win not in WINS:
            bad(f"win（胜利条件）要从这些里选：{'、'.join(WINS)}。", "faction", i, "win")
        if name:
            out[name] = win if win in WINS else ""  # (named: its roles are not refused for it as well)
    return out


def _roles(value: Any, factions: dict[str, str], bad: Any) -> list[RoleDecl]:
    if not isinstance(value, list) or not value:
        bad("缺少角色：每个角色写一段 [[role]]，下面写 name、faction、count、skills。", "role")
        return []
    if len(value) > MAX_ROLES:
        bad(f"角色太多（{len(value)} 种，最多 {MAX_ROLES}）。", "role")
        return []
    out: list[RoleDecl] = []
    seen: set[str] = set()
    for i, spec in enumerate(value):
        if not isinstance(spec, dict):
            bad("每个角色要写成一段 [[role]]。", "role", i)
            continue
        for key in spec:
            if key not in ROLE_KEYS:
                bad(f"未知的键「{_short(key)}」。角色可用的键：{'、'.join(sorted(ROLE_KEYS))}。", "role", i, key)
        name = _text(spec, "name", lambda t, *p, i=i: bad(t, "role", i, *p), required=True)
        if name and name in seen:
            bad(f"角色「{name}」写了两次：同一角色写一次，用 count = N。", "role", i, "name")
        seen.add(name)
        faction = spec.get("faction")
        if faction not in factions:
            if factions:
                bad(f"faction（阵营）要是 [[faction]] 里写过的一个：{'、'.join(factions)}。", "role", i, "faction")
            faction = ""
        count = spec.get("count", 1)
        if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= MAX_COUNT:
            bad(f"count（数量）要是 1 到 {MAX_COUNT} 的整数。", "role", i, "count")
            count = 1
        skills = spec.get("skills", [])
        if not isinstance(skills, list) or not all(isinstance(k, str) and 0 < len(k) <= 20 for k in skills):
            bad("skills（技能）要写成一个列表，如 skills = [\"查验\"]（没有技能写 []）。", "role", i, "skills")
            skills = []
        channel = spec.get("channel", "")
        if not isinstance(channel, str) or len(channel) > 20:
            bad("channel（队伍频道）要写成一个短名字，如 channel = \"狼群\"。", "role", i, "channel")
            channel = ""
        intro = _text(spec, "intro", lambda t, *p, i=i: bad(t, "role", i, *p))
        kind = spec.get("kind", "")
        if kind and kind not in KINDS:
            bad(f"kind（类别）要从这些里选：{'、'.join(KINDS)}（神职、平民、狼人）。", "role", i, "kind")
            kind = ""
        written = _skill_tables(spec.get("skill"), i, bad)
        strength = spec.get("strength")
        if strength is not None and not _int(strength, 1, MAX_STRENGTH):
            bad(f"strength（强度）要是 1 到 {MAX_STRENGTH} 的整数；写了它的角色进卡池。", "role", i, "strength")
            strength = None
        out.append(RoleDecl(name, str(faction), count, tuple(skills), channel, intro, i, kind, written, strength))
    return out


def _skill_tables(value: Any, i: int, bad: Any) -> tuple[SkillDecl, ...]:
    """A role's [[role.skill]] tables: the skills a new role has, each with an effect from EFFECTS."""
    if value is None:
        return ()
    if not isinstance(value, list) or len(value) > 10:
        bad("技能表要写成 [[role.skill]] 段（每个角色最多 10 个）。", "role", i, "skill")
        return ()
    out = []
    for j, spec in enumerate(value):
        where = ("role", i, "skill", j)
        if not isinstance(spec, dict):
            bad("每个技能要写成一段 [[role.skill]]。", *where)
            continue
        for key in spec:
            if key not in SKILL_KEYS:
                bad(f"未知的键「{_short(key)}」。技能可用的键：{'、'.join(sorted(SKILL_KEYS))}。", *where, key)
        name = _text(spec, "name", lambda t, *p, where=where: bad(t, *where, *p), required=True)
        if name and len(name) > 10:
            bad("技能名最多 10 个字。", *where, "name")
        effect = spec.get("effect")
        if effect not in EFFECTS:
            bad(f"effect（效果）要从这些里选：{'、'.join(EFFECTS)}。其余效果还没有做，写不了。", *where, "effect")
        elif effect in ONE_TARGET and spec.get("targets", 1) != 1:
            bad(f"「{effect}」的目标数是 1。", *where, "targets")
        elif effect in NO_TARGET and spec.get("targets", 0) != 0:
            bad(f"「{effect}」没有目标：targets 不写或写 0。", *where, "targets")
        elif effect in NIGHT_EFFECTS and spec.get("phase") != "夜晚":
            bad(f"「{effect}」在夜里用（天亮结算）：phase 写「夜晚」。", *where, "phase")
        phase = spec.get("phase")
        if phase not in PHASES and effect != "票权":
            bad(f"phase（时间）要从这些里选：{'、'.join(PHASES)}。", *where, "phase")
        targets = spec.get("targets", 1)
        if not isinstance(targets, int) or isinstance(targets, bool) or not 0 <= targets <= 3:
            bad("targets（目标数）要是 0 到 3 的整数。", *where, "targets")
            targets = 1
        uses = spec.get("uses")
        if uses is not None and (not isinstance(uses, int) or isinstance(uses, bool) or not 1 <= uses <= 99):
            bad("uses（一局能用几次）要是 1 到 99 的整数；不写就是每个阶段一次。", *where, "uses")
            uses = None
        public = spec.get("public", False)
        if not isinstance(public, bool):
            bad("public（在群里公开使用）要写 true 或 false。", *where, "public")
            public = False
        text = _text(spec, "help", lambda t, *p, where=where: bad(t, *where, *p))
        value = spec.get("value", 2)
        if not isinstance(value, int | float) or isinstance(value, bool) or not 0 <= value <= 10:
            bad("value（票权的票数）要是 0 到 10 之间的数。", *where, "value")
            value = 2
        if effect in NO_TARGET:
            targets = 0
        out.append(SkillDecl(name, str(effect), str(phase), targets, uses, public, text, j, float(value)))
    return tuple(out)


def _night(value: Any, roles: list[RoleDecl], bad: Any) -> tuple[str, ...]:
    if value is None:
        return ()
    if not isinstance(value, dict) or set(value) - {"order"}:
        bad("[night] 只有一个键：order = [\"狼人\", \"预言家\", …]（夜晚顺序）。", "night")
        return ()
    order = value.get("order", [])
    if not isinstance(order, list) or not all(isinstance(k, str) for k in order) or len(order) > MAX_ROLES:
        bad("order（夜晚顺序）要写成角色名的列表，如 order = [\"狼人\", \"预言家\", \"女巫\"]。", "night", "order")
        return ()
    names = {r.name for r in roles}
    for who in order:
        if who not in names:
            bad(f"夜晚顺序里的「{_short(who)}」不是这个剧本的角色。", "night", "order")
    if len(set(order)) != len(order):
        bad("夜晚顺序里有角色写了两次。", "night", "order")
    return tuple(order)


def _day(value: Any, bad: Any) -> tuple[str, ...]:
    """The day's options, written as /开局 takes them: options = ["警长=开", "PK=关"]."""
    if value is None:
        return ()
    if not isinstance(value, dict) or set(value) - {"options"}:
        bad("[day] 只有一个键：options = [\"警长=开\", …]（和 /开局 的 键=值 一样）。", "day")
        return ()
    words = value.get("options", [])
    if (not isinstance(words, list) or len(words) > 60
            or not all(isinstance(w, str) and "=" in w and len(w) <= MAX_STR for w in words)):
        bad("options 要写成 键=值 的列表，如 options = [\"警长=开\", \"警长票权=2\"]。", "day", "options")
        return ()
    return tuple(w.strip() for w in words)


def _deal(value: Any, roles: list[RoleDecl], bad: Any) -> tuple[int, tuple[int, int] | None]:
    """[deal]: how many of the 卡池 (the roles with a strength) each game deals, and the total strength allowed."""
    pool = sum(r.count for r in roles if r.strength is not None)
    if value is None:
        if pool:
            bad("写了 strength 的角色在卡池里：请写 [deal]，用 pick = N 说每局从卡池抽几张。", "deal")
        return 0, None
    if not isinstance(value, dict) or set(value) - DEAL_KEYS:
        bad("[deal] 只有两个键：pick（抽几张）和 strength（强度合计的范围，如 [4, 6]）。", "deal")
        return 0, None
    if not pool:
        bad("[deal] 从卡池抽牌，但没有角色写 strength（强度）：进卡池的角色要写 strength。", "deal")
        return 0, None
    if pool > MAX_POOL:
        bad(f"卡池最多 {MAX_POOL} 张牌（现在 {pool} 张）。", "deal")
        return 0, None
    pick = value.get("pick")
    if not _int(pick, 1, pool - 1):
        bad(f"pick（抽几张）要是 1 到 {pool - 1} 的整数（卡池有 {pool} 张，抽得比它少才有变化）。", "deal", "pick")
        return 0, None
    band = value.get("strength")
    if band is None:
        return pick, None
    if not (isinstance(band, list) and len(band) == 2 and all(_int(v, 1, MAX_STRENGTH * pool) for v in band)
            and band[0] <= band[1]):
        bad("strength（强度合计的范围）要写成两个整数，前一个不大于后一个，如 strength = [4, 6]。", "deal", "strength")
        return pick, None
    return pick, (band[0], band[1])


def _int(value: Any, lo: int, hi: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and lo <= value <= hi


MEANING = {"name": "名字", "summary": "说明", "rules": "规则：用哪个游戏的流程来判", "players": "人数",
           "faction": "阵营", "role": "角色", "night": "夜晚", "day": "白天", "win": "胜利条件", "count": "数量",
           "skills": "技能", "channel": "队伍频道", "intro": "身份说明", "kind": "类别", "skill": "技能表",
           "effect": "效果", "phase": "时间", "targets": "目标数", "uses": "次数", "public": "公开", "help": "说明",
           "value": "票数", "deal": "发牌", "pick": "抽几张", "strength": "强度"}


def _field(path: tuple) -> str:
    out = ""
    for p in path:
        out += f"[{p + 1}]" if isinstance(p, int) else (("." if out else "") + str(p))
    return out


def _short(text: Any) -> str:
    text = str(text)
    return text if len(text) <= 20 else text[:20] + "…"
