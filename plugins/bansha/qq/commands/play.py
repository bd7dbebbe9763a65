"""Skills and one's own seat: /技能 (and a bare 「查验 5」 by PM), /放弃, /身份, /上警 · /退水."""

from __future__ import annotations

from ... import parse as parse
from ...engine.core import Refusal
from ...engine.game import RUNNING, Game
from .. import table
from ..call import QQ_FAILED, Call


async def act(call: Call, game: Game, skill: str, words: list[str], reason: str = "", **extra) -> None:
    via = "group" if call.in_group else "pm"
    seat = game.seat_of(call.user)
    if seat and game.state is not None:  # 「/技能 查验3」: the skill run together with its first target
        name, words = parse.skill_words(game.skills_of(seat), skill, words)
        if name != skill and "text" in extra:
            extra["text"] = f"{words[0]} {extra['text']}".strip()
        skill = name
    await call.submit(game, call.input("act", skill=skill, words=tuple(words), via=via, reason=reason, **extra))


async def public_act(call: Call, game: Game, skill: str, words: list[str], **extra) -> None:
    """A skill typed in the group. Its refusal can give the sender's role away (「你的技能：查验、投票」,
    「现在不能使用「查验」」), so a seated player gets the reason by private message and the group
    only learns that the command did not take effect."""
    try:
        await act(call, game, skill, words, **extra)
    except Refusal as r:
        if not call.in_group or game.seat_of(call.user) is None:
            raise
        try:
            await call.tell(game, r.message)
        except QQ_FAILED:
            raise Refusal("这条技能指令没有生效；机器人无法私聊你说明原因，请私聊机器人发送 /身份 查看你的技能。") from None
        raise Refusal("这条技能指令没有生效，原因已私聊告诉你。") from None


@table.command("技能", usage="<技能名> [目标…]", who="玩家",
               summary="使用技能：夜间技能私聊发送（也可直接发「查验 3」），公开技能在群里发送")
async def skill(call: Call) -> None:
    words = call.words
    if not words:
        raise Refusal("用法：/技能 <技能名> [目标…]。发送 /身份 查看你的技能。")
    game = await call.pm_game()
    # the raw rest keeps a free text whole (审讯's question, commas and all); a group post's id lets a
    # QQ reply to it answer it (a 宣言)
    rest = call.text.split(None, 1)
    extra = {"text": rest[1] if len(rest) > 1 else ""}
    if call.in_group:
        extra["msg"] = call.event.message_id
    await public_act(call, game, words[0], words[1:], **extra)


async def bare_skill(call: Call) -> None:
    """「查验 5」 by PM: the dispatcher only routes it here when the first word is one of my skills."""
    words = parse.split_words(call.text)
    game = await call.pm_game()
    await act(call, game, words[0], words[1:])


@table.command("放弃", where="pm", usage="[技能名]", who="玩家", summary="放弃本阶段的行动（或其中一个技能）",
               wrong_place="放弃行动请私聊机器人发送 /放弃，别在群里暴露自己！")
async def give_up(call: Call) -> None:
    # in the group it would tell everyone whether one has an action to pass
    game = await call.pm_game()
    words = call.words
    await call.submit(game, call.input("pass", skill=words[0] if words else ""))


@table.command("身份", where="pm", who="玩家", summary="我的身份、技能、剩余次数和现在能做什么",
               wrong_place="身份是秘密：请私聊机器人发送 /身份。")
async def role(call: Call) -> str:
    game = await call.pm_game()
    seat = game.seat_of(call.user)
    if seat is None:
        raise Refusal("你是这局的法官，不是玩家；/法官 演员表 可以查看全部身份。")
    if game.status != RUNNING:
        raise Refusal("游戏还没有开始，身份尚未发出。")
    return f"第 {game.gid} 局 · {game.seat_name(seat)}\n" + game.rules.help_text(game.state, seat)


@table.command("上警", "退水", where="group", who="玩家", summary="竞选警长，或退出竞选（有警长的板子）",
               wrong_place="上警和退水请在群里公开发送。")
async def elect(call: Call) -> None:
    """/上警 and /退水 are the public skills of that name (sheriff election boards)."""
    game = await call.group_game()
    word = "上警" if call.name == "上警" else "退水"
    if game.status == RUNNING and not any(s.matches(word) for seat in range(1, game.state.n + 1)
                                          for s in game.skills_of(seat)):
        # nobody holds it: the board has no election, which is public; say so plainly, in the group
        raise Refusal(f"这一局没有警长竞选，用不上 /{word}。")
    await public_act(call, game, word, [])
