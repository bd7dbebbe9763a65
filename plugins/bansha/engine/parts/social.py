"""The social table around a game: spectators and the dead chat.

Both are inputs of the game's log (`watch`, `unwatch`, `deadchat`, and the judge's 观战 grant),
so replay rebuilds who watched and who said what. Their messages have their own audiences, which
the QQ layer maps to private messages:

- `spectator` (members: QQ numbers; team 全知 for the all-seeing): a spectator's feed. An ordinary
  spectator gets a copy of each input's public posts and nothing else; an all-seeing one (granted
  by a judge) also gets the judge's record as it is written (roles, night actions, team chats).
  The all-seeing may never play a seat in this game, nor enter the dead chat.
- `dead` (members: seats): the dead chat. Only seats that can no longer change the game hear it
  (`Ruleset.dead_chat_refusal`), together with the ordinary spectators; a seat brought back into
  the game is no longer a member, and since these messages are not the seat's own private
  messages they are not in its record (a 替补 is not handed them, /身份 never shows them).

An engine part (engine/parts/__init__.py): its state is `game.spectators` (QQ -> Spectator), it owns the three
inputs, feeds the spectators after every input and names the all-seeing on the 演员表 card.
Pure like the rest of the engine.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..core import Audience, Event, Input, Refusal, clean_text, own_post
from ..game import RUNNING, Game, cast_lines, clean_name
from ..game.part import Part
from ..game.pictures import images_of

if TYPE_CHECKING:
    from ..game.ctx import Ctx

ALL_SEEING = "全知"
FEED_HEAD = "【观战 第{gid}局】"
DEAD_HEAD = "【亡者】"
SEEING_HEAD = "【全知】"


@dataclass
class Spectator:
    qq: int
    name: str
    all_seeing: bool = False


def spectators(game: Game, *, all_seeing: bool) -> tuple[int, ...]:
    return tuple(sorted(q for q, s in game.spectators.items() if s.all_seeing == all_seeing))


def to_spectators(members: tuple[int, ...], all_seeing: bool = False) -> Audience:
    return Audience("spectator", team=ALL_SEEING if all_seeing else "", members=members)


# --- inputs ---------------------------------------------------------------------------------------


def watch(game: Game, ctx: Ctx, inp: Input) -> None:
    qq = inp.actor
    if game.seat_of(qq) is not None:
        raise Refusal("你是这局游戏的玩家，不能观战。")
    if qq in game.spectators:
        raise Refusal("你已经在观战了：公开帖会私聊转给你。发送 /退出观战 可以停止。")
    game.spectators[qq] = Spectator(qq, clean_name(inp.arg("name", str(qq))))
    ctx.reply(f"已开始观战第 {game.gid} 局：群里的公开帖会私聊转给你；出局玩家的亡者聊天也会转给你，"
              "你也可以私聊 /亡者 <内容> 参与。发送 /退出观战 停止。")
    ctx.judge(f"{game.spectators[qq].name}（{qq}）开始观战")


def unwatch(game: Game, ctx: Ctx, inp: Input) -> None:
    spec = game.spectators.pop(inp.actor, None)
    if spec is None:
        raise Refusal("你没有在观战这局游戏。")
    ctx.reply(f"已退出观战第 {game.gid} 局。")
    ctx.judge(f"{spec.name}（{spec.qq}）退出观战" + ("（全知）" if spec.all_seeing else ""))


def grant(game: Game, ctx: Ctx, inp: Input) -> None:
    """/法官 观战 @x 全知: an all-seeing spectator, who may never play in this game."""
    qq = int(inp.arg("qq", 0))
    if not qq:
        raise Refusal("用法：/法官 观战 @某人 全知")
    if game.held_seat(qq):
        raise Refusal("对方是（或曾是）这局游戏的玩家，不能全知观战。")
    old = game.spectators.get(qq)
    if old is not None and old.all_seeing:
        raise Refusal("对方已经是全知观战者了。")
    spec = Spectator(qq, clean_name(inp.arg("name", str(qq))), all_seeing=True)
    game.spectators[qq] = spec
    ctx.reply(f"已授予 {spec.name} 全知观战：身份与夜间行动都会私聊发给他；他不能再参加这局游戏，也不能进入亡者聊天。")
    ctx.judge(f"法官 {inp.actor} 授予 {spec.name}（{qq}）全知观战")
    head = f"{FEED_HEAD.format(gid=game.gid)}{SEEING_HEAD}"
    text = f"{head}法官让你全知观战第 {game.gid} 局：你会看到全部身份和行动。请勿向玩家透露任何信息。"
    if game.status == RUNNING:
        text += "\n" + cast_text(game)
    ctx.events.append(Event(to_spectators((qq,), True), text, "feed"))


def dead_chat(game: Game, ctx: Ctx, inp: Input) -> None:
    if game.status != RUNNING:
        raise Refusal("游戏还没有开始，没有亡者聊天。")
    qq = inp.actor
    seat = game.seat_of(qq)
    spec = game.spectators.get(qq)
    if seat is not None:
        why = game.rules.dead_chat_refusal(game.state, seat)
        if why:
            raise Refusal(why)
        who = game.seat_name(seat)
    elif spec is not None and not spec.all_seeing:
        who = f"观战 {spec.name}"
    elif spec is not None:
        raise Refusal("全知观战者不能进入亡者聊天。")
    else:
        raise Refusal("你不是这局游戏的玩家或观战者。")
    text = clean_text(inp.arg("text", ""))
    if not text:
        raise Refusal("亡者聊天的内容不能为空。")
    line = f"{DEAD_HEAD}{who}：{text}"
    seats = tuple(s for s in dead_seats(game) if s != seat)
    watchers = tuple(q for q in spectators(game, all_seeing=False) if q != qq)
    if seats:
        ctx.events.append(Event(Audience("dead", members=seats), line, "chat"))
    if watchers:
        ctx.events.append(Event(to_spectators(watchers), line, "chat"))
    ctx.reply(f"已发到亡者聊天（{len(seats)} 名出局玩家，{len(watchers)} 名观战者）。")
    ctx.judge(line)


def dead_seats(game: Game) -> list[int]:
    """The seats in the dead chat now."""
    rules, state = game.rules, game.state
    return [s for s in range(1, state.n + 1) if rules.dead_chat_refusal(state, s) is None]




# --- the feed -------------------------------------------------------------------------------------


def cast_text(game: Game) -> str:
    """The cast for an all-seeing spectator: the one 演员表 formatter (game.cast_lines)."""
    return "身份：\n" + "\n".join(cast_lines(game))


def feed(game: Game, inp: Input, events: list[Event]) -> list[Event]:
    """Each spectator's copy of one input: at most one private message each."""
    if not game.parts.get("spectators"):  # (most games: nobody watches; the part's state, without __getattr__)
        return []
    public: list[tuple[str, str]] = []
    images: list[dict] = []
    for ev in events:
        if ev.audience.kind != "group" or ev.tag == "mute" or not ev.text:
            continue
        if own_post(ev):
            continue  # a vote or /报名 typed in the group is the player's own post, which the bot does not repeat
        if dict(ev.data).get("forward"):
            public.append((ev.tag, "（完整记录已在群里以合并转发公布）"))
            continue
        public.append((ev.tag, ev.text))
        images += images_of(ev.data)
    secret = [("judge", ev.text) for ev in events if ev.audience.kind == "judge"]
    if inp.kind == "start" and game.state is not None:
        secret.insert(0, ("judge", cast_text(game)))
    head = FEED_HEAD.format(gid=game.gid)
    out = []
    plain = spectators(game, all_seeing=False)
    if plain and public:
        out.append(_feed_event(to_spectators(plain), head, public, images))
    seeing = spectators(game, all_seeing=True)
    if seeing and (public or secret):
        parts = public + [(tag, SEEING_HEAD + text) for tag, text in secret]
        out.append(_feed_event(to_spectators(seeing, True), head, parts, images))
    return out


def _feed_event(audience: Audience, head: str, parts: list[tuple[str, str]], images: list[dict]) -> Event:
    text = head + "\n" + "\n".join(t for _, t in parts)
    data: tuple = (("parts", tuple(parts)),)
    if images:
        data += (("images", tuple(images)),)
    return Event(audience, text, "feed", data)


class Social(Part):
    key = "spectators"
    inputs = {"watch": watch, "unwatch": unwatch, "deadchat": dead_chat}

    def new_state(self) -> dict[int, Spectator]:
        return {}

    def on_join(self, game: Game, qq: int) -> None:
        watcher = game.spectators.get(qq)
        if watcher is not None and watcher.all_seeing:
            raise Refusal("你是这局的全知观战者，不能参加这局游戏。")
        game.spectators.pop(qq, None)  # a player no longer watches

    def after_input(self, game: Game, inp: Input, events: list[Event]) -> list[Event]:
        return feed(game, inp, events)

    def credits(self, game: Game) -> list[tuple[str, int]]:
        return [(s.name, s.qq) for s in game.spectators.values() if s.all_seeing]


PART = Social()
