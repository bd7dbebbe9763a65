"""Never silent: what the bot answers to a command it does not know, and to a stray private message.

- `/查险 5`, or any unknown `/命令`, by PM: one of the sender's skills typed as a command (`/刀 3`, `/查验3`) is
  used (loose.py); otherwise the closest commands and skills of the sender (difflib);
- an unknown `/命令` in a group: answered only when it is close to one of ours (a group may have other
  bots with commands of their own); what is close to one of the sender's own skills goes by PM only (in the
  group it would tell who holds what, a public skill as much as a secret one);
- any other private message: a skill run together with its target (`查验3`) is used; otherwise a player in
  a game hears how to use their skills, anyone else how to ask for help.
"""

from __future__ import annotations

import difflib

from .. import parse as parse
from ..engine.core.skills import Skill
from ..engine.game import Game
from ..engine.game.ruleset import how_to_type
from . import loose, table
from .call import Call, current

CUTOFF = 0.5  # difflib ratio for "did you mean"


async def _my_skills(call: Call) -> list[tuple[Game, Skill]]:
    return loose.my_skills(await call.games() if current() is not None else [], call.user)


def _close(word: str, names: list[str]) -> list[str]:
    return difflib.get_close_matches(word, names, n=2, cutoff=CUTOFF)


def command_names() -> list[str]:
    return [n for c in table.COMMANDS for n in c.names]


async def unknown_command(call: Call, word: str) -> None:
    """`/<word> …` that is no command of ours: by PM one of the sender's skills is used; otherwise the closest
    commands, and the closest of the sender's skills (in the group told by PM only)."""
    held = await _my_skills(call)
    if not call.in_group and await loose.typed_skill(call, held, word, loose.after_word(call, word)):
        return
    hints = [table.get(n).form() for n in _close(word, command_names())]  # type: ignore[union-attr]
    mine = _closest_skills(held, word)
    if not mine:
        split = parse.skill_words([s for _, s in held], word, [])[0]  # 「/刀3」 in the group
        mine = _closest_skills(held, split) if split != word else []
    head = f"没有「/{word[:10]}」这个命令。"
    if call.in_group and mine:  # about one's own skills: never in the group, whoever holds them
        public = [s for _, s in mine if s.public]
        how = "、".join(how_to_type(s) for _, s in mine)
        # by PM through the outbox (unreachable: the group still hears nothing)
        call.whisper(mine[0][0], head + ("技能的用法：" if public else "技能请私聊发送：") + how + "。")
        mine = []
    if call.in_group and not hints:
        return  # perhaps another bot's command: not ours to answer
    said = head + (("是不是想发：" + "；".join(hints) + "？") if hints else "")
    if mine:
        said += "技能请直接私聊发送：" + "、".join(how_to_type(s) for _, s in mine) + "。"
    if not hints and not mine:
        said += "发送 /帮助 查看全部命令。"
    await call.reply(said)


def _closest_skills(held: list[tuple[Game, Skill]], word: str) -> list[tuple[Game, Skill]]:
    """The sender's skills closest to `word` (each once; the day vote is a command of its own)."""
    names: dict[str, tuple[Game, Skill]] = {}
    for game, skill in held:
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
    first = call.text.split()[0] if call.text.split() else ""
    if first and await loose.typed_skill(call, mine, first, loose.after_word(call, first)):
        return  # 「查验3」: a skill run together with its target
    if parse.parse_short_vote(call.text) is not None:
        await call.reply("投票请在群里公开发送（如「/投票 3」，不要求理由时也可以直接发「投3」）；需要代投请私聊 /代投 <目标>。")
        return
    if not mine:
        await call.reply("我是版杀法官机器人，只认指令。发送 /帮助 查看命令；在群里发送 /开局 <游戏> 可以开一局。")
        return
    close = [s for _, s in _closest_skills(mine, first)] if first else []
    if close:
        guess = "；".join(f"「{s.name}」，发送 {how_to_type(s)}" for s in close)
        await call.reply(f"「{first[:10]}」不是你的技能。是不是想用{guess}？发送 /身份 查看你的全部技能。")
        return
    await call.reply("这条私聊没有被当作指令。使用技能直接发技能名和目标（如「查验 5」，/身份 查看你的技能）；"
                     "发到队伍频道用 /狼聊 <内容>；/帮助 查看全部命令。")
