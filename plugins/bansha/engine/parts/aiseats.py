"""AI seats, as far as the rules need to know them: who is an AI, how a seat becomes one, and what the
runtime's planner reads back from the game.

An AI seat is a player whose QQ is a reserved negative number (`is_ai`): no real account has one, the
QQ layer sends it nothing (service/routing.py), and its inputs come from the AI runtime (plugins/bansha/ai),
which decides outside the rules from the seat's own view and submits ordinary inputs — `act`, `pass`,
`chat`, `lastwords`, `speed`, and `aisay` (a post the bot makes in the group on the seat's behalf). So
the log, the legality checks and crash recovery cover an AI exactly as they cover a person.

An engine part (engine/parts/__init__.py): its state is `game.ai`; it owns the inputs `aiseat` (a judge adds or
removes AI seats at sign-up, or hands a seat to an AI mid-game) and `aisay`, the game option `AI`
(AI=关 refuses AI seats), and keeps, per phase, what the planner needs to place each AI decision at
the same moment after a restart (the phase counter and start, the decision slots each AI seat used).
Pure like the rest of the engine: time is the input's.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..core import Event, Input, Player, Refusal, clean_text, to_seat, to_user
from ..core.phases import OptionSpec
from ..game import RUNNING, SIGNUP, Game, fixed_seed, need_seat
from ..game.part import Part
from . import forum

if TYPE_CHECKING:
    from ..game.ctx import Ctx

MARK = "【AI】"  # the front of every AI seat's name: shown wherever the name is (/状态, 电梯楼, pictures, 导演台)
NAMES = ("小智", "阿尔法", "图灵", "深蓝", "启明", "北斗", "天工", "玄机", "墨子", "鲁班", "青鸟", "白泽",
         "知更", "星河", "算盘", "司南", "璇玑", "浑仪", "木牛", "流马")
MAX_ADD = 40  # one /法官 加入AI at most (the board's cap refuses more anyway)
OPTION = OptionSpec("AI", "bool", None, (), "是否允许 AI 座位（/法官 加入AI、/法官 替补 <座位> AI）；默认 开")
AT_AI = re.compile("\x01at:-\\d+\x01")  # engine/core/__init__.py's mention marker, for an AI seat's QQ
OWN_POSTS = ("vote", "speech", "chat")  # an AI seat's own posts in the group: its vote, its talk, its 遗言
ACTED = "ai"  # the tag of the notes an AI seat's own inputs leave in its private record (a 替补 reads them)


def is_ai(qq: int) -> bool:
    """An AI seat's QQ: negative, never a real account."""
    return qq < 0


def ai_seats(game: Game) -> list[int]:
    return [i + 1 for i, p in enumerate(game.players) if is_ai(p.qq)]


def allowed(game: Game) -> bool:
    return game.options.get("AI", True) is not False


@dataclass
class AiState:
    made: int = 0  # AI identities made in this game: their QQ numbers are -1, -2, …
    salt: int = 0  # the deal's entropy (/开始), mixed into the AI's seeds: nobody can work them out
    entered: int = 0  # phases entered so far: the planner's phase counter
    phase_at: float = 0.0  # when the current phase began
    since: dict[int, float] = field(default_factory=dict)  # seat -> when it became an AI seat in this phase
    slots: dict[int, int] = field(default_factory=dict)  # seat -> decision slots used in this phase
    last: dict[int, float] = field(default_factory=dict)  # seat -> when its last AI input came in this phase
    acts: int = 0  # AI inputs accepted in the game
    missed: int = 0  # an AI seat still owing an action when its phase's deadline closed it


def new_identity(game: Game) -> Player:
    st: AiState = game.ai
    st.made += 1
    return Player(-st.made, MARK + NAMES[(st.made - 1) % len(NAMES)] + ("" if st.made <= len(NAMES) else str(st.made)))


# --- inputs -------------------------------------------------------------------------------------------


def seat_input(op: str, judge: int, at: float, **args: Any) -> Input:
    """/法官 加入AI [数量] (op add), 移除AI <座位> (remove), 替补 <座位> AI (take)."""
    return Input.make("aiseat", judge, at, op=op, **args)


def say_input(qq: int, at: float, text: str, claim: dict[str, Any] | None = None, **args: Any) -> Input:
    """A post in the group on an AI seat's behalf; `claim`: what it states, as data the other minds read."""
    return Input.make("aisay", qq, at, text=text, claim=json.dumps(claim or {}, ensure_ascii=False), **args)


def _seat_op(game: Game, ctx: Ctx, inp: Input) -> None:
    if not allowed(game):
        raise Refusal("本局设置了 AI=关：不能使用 AI 座位。")
    op = inp.arg("op", "")
    if op == "add":
        _add(game, ctx, inp)
    elif op == "remove":
        _remove(game, ctx, inp)
    elif op == "take":
        _take(game, ctx, inp)
    else:
        raise Refusal("未知的 AI 座位操作。")


def _add(game: Game, ctx: Ctx, inp: Input) -> None:
    if game.status != SIGNUP:
        raise Refusal("加入AI 只能在报名阶段使用；游戏开始后请用 /法官 替补 <座位> AI。")
    try:
        count = int(inp.arg("count", 1))
    except (TypeError, ValueError):
        raise Refusal("用法：/法官 加入AI [数量]，数量是 1 到 40 的整数。") from None
    if not 1 <= count <= MAX_ADD:
        raise Refusal("用法：/法官 加入AI [数量]，数量是 1 到 40 的整数。")
    cap = game.rules.max_players(game.options)
    room = cap - len(game.players)
    if room <= 0:
        raise Refusal(f"报名已满（{cap} 人），不能再加入 AI。")
    if count > room:
        raise Refusal(f"报名只剩 {room} 个空位（上限 {cap} 人），不能加入 {count} 个 AI。")
    added = []
    for _ in range(count):
        player = new_identity(game)
        game.players.append(player)
        added.append(f"{len(game.players)}号 {player.name}")
    ctx.group(f"已加入 {count} 个 AI 座位：{'、'.join(added)}。当前 {len(game.players)} 人。"
              "AI 只凭自己座位看到的信息行动，由机器人代它在群里发言。")
    ctx.judge(f"法官 {inp.actor} 加入 AI：{'、'.join(added)}")


def _remove(game: Game, ctx: Ctx, inp: Input) -> None:
    if game.status != SIGNUP:
        raise Refusal("移除AI 只能在报名阶段使用；游戏开始后请用 /法官 替补 <座位> @新玩家 换成真人。")
    seat = game.resolve(str(inp.arg("target", "")))
    if seat is None:
        raise Refusal("找不到这个座位：用法 /法官 移除AI <座位号>。")
    player = game.players[seat - 1]
    if not is_ai(player.qq):
        raise Refusal(f"{game.seat_name(seat)} 不是 AI 座位；真人请自己 /退出报名。")
    game.players.pop(seat - 1)
    ctx.group(f"已移除 AI 座位 {seat}号 {player.name}，当前 {len(game.players)} 人。")
    ctx.judge(f"法官 {inp.actor} 移除 AI：{seat}号 {player.name}")


def _take(game: Game, ctx: Ctx, inp: Input) -> None:
    """替补 <座位> AI: the seat passes to an AI with its role, statuses and pending actions. Not counted
    against 替补次数: handing the seat on to a person later is the substitution the rule text limits."""
    if game.status != RUNNING:
        raise Refusal("游戏还没有开始：报名阶段请用 /法官 加入AI。")
    seat = game.resolve(str(inp.arg("target", "")))
    if seat is None:
        raise Refusal("找不到这名玩家：请用座位号、@或QQ号。")
    old = game.players[seat - 1]
    if is_ai(old.qq):
        raise Refusal(f"{game.seat_name(seat)} 已经是 AI 座位了。")
    player = new_identity(game)
    game.players[seat - 1] = player
    game.former = (*game.former, old.qq)  # he knew the seat's secrets: never a judge's view of this game
    st: AiState = game.ai
    st.since[seat] = inp.at
    st.slots.pop(seat, None)
    st.last.pop(seat, None)
    ctx.group(f"{seat}号 由 AI 接替：{player.name}。", "sub")
    ctx.judge(f"法官 {inp.actor}：{seat}号 {old.name}（{old.qq}）由 AI {player.name} 接替")
    ctx.events.append(Event(to_user(old.qq), f"第 {game.gid} 局：法官让 AI 接替了你的 {seat}号。", "sub"))


def _say(game: Game, ctx: Ctx, inp: Input) -> None:
    """An AI seat's post: the bot says it in the group, marked by the seat's name; it counts like a post."""
    if not is_ai(inp.actor):
        raise Refusal("只有 AI 座位由机器人代为发言。")
    seat = need_seat(game, inp.actor, alive=False)
    if not game.rules.may_speak(game.state, seat):
        raise Refusal("这个座位现在不能在群里发言。")
    text = clean_text(str(inp.arg("text", "")), 200)
    if not text:
        raise Refusal("发言内容不能为空。")
    try:
        claim = json.loads(inp.arg("claim", "") or "{}")
    except ValueError:
        claim = {}
    facts = {k: _frozen(v) for k, v in claim.items() if isinstance(claim, dict)}
    ctx.group(f"{game.seat_name(seat)}：{text}", "speech", {**facts, "seat": seat, "last_words": False})
    forum.handle_speak(game, ctx, seat, text)


def _frozen(value: Any) -> Any:
    """JSON lists as tuples: an event's data stays hashable."""
    return tuple(_frozen(v) for v in value) if isinstance(value, list) else value


# --- what the planner reads back ------------------------------------------------------------------------


def _after_input(game: Game, inp: Input, events: list[Event]) -> list[Event]:
    st: AiState = game.ai
    if inp.kind == "start":
        # the deal's entropy, unless the judge fixed the seed (a reproducible game: the AI's too)
        st.salt = 0 if fixed_seed(game) else int(inp.arg("entropy", 0) or 0)
        return []
    if not is_ai(inp.actor) or game.state is None:
        return []
    seat = game.seat_of(inp.actor)
    if seat is None:
        return []
    st.acts += 1
    slot = inp.arg("ai_slot")
    if slot is not None and inp.arg("ai_phase") == st.entered:  # (a phase it entered resets the slots)
        st.slots[seat] = max(st.slots.get(seat, 0), int(slot) + 1)
        st.last[seat] = inp.at
    # What the seat was answered, and what it said to its team, stay in its private record: a person who
    # takes the seat back is handed them with the rest of the seat's history.
    notes = [ev.text for ev in events if ev.text and (
        ev.audience.kind == "reply" or (ev.audience.kind == "user" and ev.audience.seat == inp.actor)
        or (ev.audience.kind == "team" and inp.kind == "chat")
        or (ev.audience.kind == "group" and ev.tag in OWN_POSTS and game.seat_name(seat) in ev.text))]
    return [Event(to_seat(seat), f"（AI 代为操作）{text}", ACTED) for text in notes]


class AiSeats(Part):
    key = "ai"
    options = (OPTION,)
    inputs = {"aiseat": _seat_op, "aisay": _say}

    def new_state(self) -> AiState:
        return AiState()

    def on_join(self, game: Game, qq: int) -> None:
        """An AI signed up again by /重开 (its QQ kept): allowed as /法官 加入AI is, and never given to another."""
        if is_ai(qq):
            if not allowed(game):
                raise Refusal("本局设置了 AI=关：不能使用 AI 座位。")
            game.ai.made = max(game.ai.made, -qq)

    def on_enter(self, game: Game, ctx: Ctx) -> None:
        st: AiState = game.ai
        st.entered += 1
        st.phase_at = ctx.at
        st.since, st.slots, st.last = {}, {}, {}

    def before_close(self, game: Game, ctx: Ctx) -> None:
        if game.deadline is None or ctx.at < game.deadline or game.state is None:
            return  # closed early, or by the judge: nobody ran out of time
        late = [s for s in game.rules.pending(game.state) if is_ai(game.qq_of(s))]
        if late:
            game.ai.missed += len(late)
            ctx.judge(f"AI 座位 {'、'.join(f'{s}号' for s in sorted(late))} 截止时仍未行动")

    def after_input(self, game: Game, inp: Input, events: list[Event]) -> list[Event]:
        return _after_input(game, inp, events)


PART = AiSeats()


def humans_only(rows: list[tuple]) -> list[tuple]:
    """Routed sends (kind, target, group, text, data) without any to an AI seat: an AI reads its own view
    from the game, nothing is ever sent to it through QQ. A group post's @ of an AI seat reads as nothing."""
    out = []
    for kind, target, group_id, text, data in rows:
        if kind == "private" and is_ai(int(target)):
            continue
        if kind == "ban" and is_ai(int(str(text).partition(":")[0] or 0)):
            continue
        if kind in ("group", "forward") and "\x01at:-" in text:
            text = AT_AI.sub("", text)
        out.append((kind, target, group_id, text, data))
    return out
