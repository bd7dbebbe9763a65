"""The command table: one declaration per command drives dispatch, `/帮助` and the README list.

    @command("投票", "改票", where="group", usage="<目标或弃权> [理由]", summary="公开投票", who="投票者")
    async def vote(call: Call) -> str | None: ...

`where` is where it may be typed ("group", "pm" or "any"); typed elsewhere it is refused with
`wrong_place` before anything else is looked at. The handler returns the reply to the sender (or
None when the game's own messages answer), and raises `Refusal` for a refusal.

`/法官` sub-commands have their own table (`judge_command`), listed by `/帮助` to judges only.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..engine.core.skills import target_like

if TYPE_CHECKING:
    from .call import Call, JudgeCall

WHERE = ("group", "pm", "any")
DEFAULT_WRONG_PLACE = {
    "group": "这个命令请在游戏所在的群里使用。",
    "pm": "这个命令请私聊机器人使用，别在群里暴露自己！",
}


@dataclass(frozen=True)
class Command:
    names: tuple[str, ...]  # the first is the name shown; the rest are aliases
    run: Callable[[Call], Awaitable[str | None]]
    where: str
    usage: str  # the arguments, e.g. "<目标或弃权> [理由]"
    summary: str
    who: str  # who may use it, in words (「法官」 for judge-only commands)
    wrong_place: str

    @property
    def name(self) -> str:
        return self.names[0]

    def form(self) -> str:
        return f"/{self.name}" + (f" {self.usage}" if self.usage else "")


@dataclass(frozen=True)
class JudgeCommand:
    names: tuple[str, ...]
    run: Callable[[JudgeCall, list[str]], Awaitable[Any]]
    usage: str
    summary: str

    def form(self, name: str | None = None) -> str:
        return f"/法官 {name or self.names[0]}" + (f" {self.usage}" if self.usage else "")


# Short forms people type on a phone (版杀's own shorthand), each standing for one command name. They are found
# only when what follows is a target on its own (or nothing), so 「/改名」 or 「/票房」 stay another bot's business.
SHORT_FORMS = {"投": "投票", "票": "投票", "改": "改票"}

COMMANDS: list[Command] = []
JUDGE_COMMANDS: list[JudgeCommand] = []
_by_name: dict[str, Command] = {}
_judge_by_name: dict[str, JudgeCommand] = {}
_longest_first: list[str] = []


def command(*names: str, where: str = "any", usage: str = "", summary: str = "", who: str = "任何人",
            wrong_place: str = ""):
    """Declare a command (see the module docstring)."""
    if where not in WHERE:
        raise ValueError(f"where must be one of {WHERE}")

    def register(func):
        cmd = Command(names, func, where, usage, summary, who, wrong_place or DEFAULT_WRONG_PLACE.get(where, ""))
        for name in names:
            if name in _by_name:
                raise ValueError(f"command /{name} declared twice")
            _by_name[name] = cmd
        COMMANDS.append(cmd)
        _longest_first[:] = sorted({*_by_name, *SHORT_FORMS}, key=len, reverse=True)  # 退出报名 before 报名
        return func

    return register


def judge_command(*names: str, usage: str = "", summary: str = ""):
    """Declare a `/法官` sub-command; its handler returns the engine Input to submit (or None)."""

    def register(func):
        sub = JudgeCommand(names, func, usage, summary)
        for name in names:
            if name in _judge_by_name:
                raise ValueError(f"judge command {name} declared twice")
            _judge_by_name[name] = sub
        JUDGE_COMMANDS.append(sub)
        return func

    return register


def find(body: str) -> tuple[Command, str, str] | None:
    """`投票 3 理由` → (the command, the name as typed, the rest), longest name first. A short form gives the
    name it stands for (「/改 3」 is 改票)."""
    for name in _longest_first:
        if not body.startswith(name):
            continue
        rest = body[len(name):]
        full = SHORT_FORMS.get(name)
        if full is None:
            return _by_name[name], name, rest
        if full in _by_name and _short_fits(rest):
            return _by_name[full], full, rest
    return None


def _short_fits(rest: str) -> bool:
    words = rest.split()
    return not words or rest[0].isspace() or target_like(words[0])


def get(name: str) -> Command | None:
    name = name.lstrip("/")
    return _by_name.get(SHORT_FORMS.get(name, name))


def shorts(cmd: Command) -> list[str]:
    """The short forms standing for one of the command's names."""
    return [short for short, full in SHORT_FORMS.items() if full in cmd.names]


def judge_sub(name: str) -> JudgeCommand | None:
    return _judge_by_name.get(name)


def judge_names() -> list[str]:
    return [n for sub in JUDGE_COMMANDS for n in sub.names]


PLACES = {"group": "群内", "pm": "私聊", "any": "群内或私聊"}


def markdown() -> str:
    """The README's command list, generated from the table (`bansha commands --markdown README.md`)."""
    rows = ["| 命令 | 在哪里 | 谁 | 做什么 |", "|---|---|---|---|"]
    for c in COMMANDS:
        aliases = "".join(f" `/{n}`" for n in (*c.names[1:], *shorts(c)))
        also = f"（也可 {aliases.strip()}）" if aliases else ""
        rows.append(f"| `{c.form()}`{also} | {PLACES[c.where]} | {c.who} | {c.summary} |")
    rows += ["", "| 法官子命令 | 做什么 |", "|---|---|"]
    for sub in JUDGE_COMMANDS:
        forms = "、".join(f"`{sub.form(n)}`" for n in sub.names)
        rows.append(f"| {forms} | {sub.summary} |")
    return "\n".join(rows)
