"""Never silent: what the bot answers to a command it does not know, and to a stray private message.

- `/查险 5` by PM, or any unknown `/命令` by PM: the closest commands and skills of the sender (difflib);
- an unknown `/命令` in a group: answered only when it is close to one of ours (a group may have other
  bots with commands of their own); when what it is close to is the sender's own skill, the answer
  goes by PM (it would tell the group the sender's role);
- any other private message: a player in a game hears how to use their skills, anyone else how to
  ask for help.
"""

from __future__ import annotations

import difflib

from ..engine.game import RUNNING, Game
from ..engine.ruleset import how_to_type
from ..engine.skills import Skill
from . import table
from .call import Call, current

CUTOFF = 0.5  # difflib ratio for "did you mean"


async def _my_skills(call: Call) -> list[tuple[Game, Skill]]:
    out = []
    for game in await call.games() if current() is not None else []:
        seat = game.seat_of(call.user)
        if game.status == RUNNING and seat:
            out.extend((game, s) for s in game.rules.skills_of(game.state, seat) if not s.mandatory)
    return out


def _close(word: str, names: list[str]) -> list[str]:
    return difflib.get_close_matches(word, names, n=2, cutoff=CUTOFF)


def command_names() -> list[str]:
    return [n for c in table.COMMANDS for n in c.names]


async def unknown_command(call: Call, word: str) -> None:
    """`/<word> …` that is no command of ours: the closest commands, and the closest of the sender's skills
    (a secret one only by PM)."""
    hints = [table.get(n).form() for n in _close(word, command_names())]  # type: ignore[union-attr]
    secret, public = [], []
    for game, skill in await _closest_skills(call, word):
        (public if skill.public else secret).append((game, skill))
    hints += [how_to_type(s) for _, s in public]
    head = f"没有「/{word[:10]}」这个命令。"
    if call.in_group and secret:  # about one's own night skills: never in the group
        call.whisper(secret[0][0], head + "技能请私聊发送：" + "、".join(how_to_type(s) for _, s in secret) + "。")
        secret = []
    if call.in_group and not hints:
        return  # perhaps another bot's command: not ours to answer
    said = head + (("是不是想发：" + "；".join(hints) + "？") if hints else "")
    if secret:
        said += "技能请直接私聊发送：" + "、".join(how_to_type(s) for _, s in secret) + "。"
    if not hints and not secret:
        said += "发送 /帮助 查看全部命令。"
    await call.reply(said)


async def _closest_skills(call: Call, word: str) -> list[tuple[Game, Skill]]:
    """The sender's skills closest to `word` (each once; the day vote is a command of its own)."""
    names: dict[str, tuple[Game, Skill]] = {}
    for game, skill in await _my_skills(call):
        if skill.name != "投票":
            names.update(dict.fromkeys((skill.name, *skill.aliases), (game, skill)))
    out: list[tuple[Game, Skill]] = []
    for n in _close(word, list(names)):
        if all(names[n][1] is not s for _, s in out):
            out.append(names[n])
    return out


async def stray_pm(call: Call) -> None:
    """A private message that is no command: say how to reach what the sender may want."""
    mine = await _my_skills(call)
    if not mine:
        await call.reply("我是版杀法官机器人，只认指令。发送 /帮助 查看命令；在群里发送 /开局 <游戏> 可以开一局。")
        return
    first = call.text.split()[0] if call.text.split() else ""
    close = [s for _, s in await _closest_skills(call, first)] if first else []
    if close:
        guess = "；".join(f"「{s.name}」，发送 {how_to_type(s)}" for s in close)
        await call.reply(f"「{first[:10]}」不是你的技能。是不是想用{guess}？发送 /身份 查看你的全部技能。")
        return
    await call.reply("这条私聊没有被当作指令。使用技能直接发技能名和目标（如「查验 5」，/身份 查看你的技能）；"
                     "发到队伍频道用 /狼聊 <内容>；/帮助 查看全部命令。")
