"""Sign-up (/报名, /退出报名) and its thread: a reaction on each player's post, one roster per burst.

A /报名 typed in the group is its own post, like a vote: the QQ layer acknowledges it with a reaction on
it (engine/views/posts.py `own_post`), not with a message of its own. When sign-ups pause for `报名名单`
(default 30 s) the group gets ONE roster post — who is in, and whether the head count lets the judge
start — so a burst of twenty sign-ups makes one post, not twenty. The pause is a moment of the engine's
clock (`moments`: a "remind" input at the last sign-up's time plus the pause), so it is logged, replayed
and tested like any deadline. `/开始` lists the seats anyway: a roster still due then is dropped.

An engine part (engine/parts/__init__.py). Pure: time is the input's `at`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..core import Input, Player, Refusal
from ..core.phases import OptionSpec
from ..game import SIGNUP, clean_name, fixed_seed
from ..game import part as parts
from ..game.part import Part

if TYPE_CHECKING:
    from ..game import Game
    from ..game.ctx import Ctx

PAUSE = 30  # seconds of quiet after a sign-up before the roster is posted


@dataclass
class SignupState:
    roster_at: float | None = None  # when the roster is due (the last join or leave + the pause)


def _pause(game: Game) -> int:
    return int(game.options.get("报名名单", PAUSE) or 0)


def _changed(game: Game, ctx: Ctx) -> None:
    pause = _pause(game)
    game.signup.roster_at = ctx.at + pause if pause else None


def seat_refusal(game: Game, qq: int) -> str | None:
    """Why this QQ may not hold a seat: the judge who fixed the seed can work out the deal."""
    if qq == game.owner and fixed_seed(game):
        return "你开局时指定了种子，能预先算出发牌，所以不能在这一局里有座位。"
    return None


def _join(game: Game, ctx: Ctx, inp: Input) -> None:
    if game.status != SIGNUP:
        raise Refusal("报名已经截止：游戏已经开始了。")
    why = seat_refusal(game, inp.actor)
    if why:
        raise Refusal(why)
    if game.seat_of(inp.actor) is not None:
        raise Refusal("你已经报过名了。")
    cap = game.rules.max_players(game.options)
    if len(game.players) >= cap:
        raise Refusal(f"报名已满（{cap} 人）。")
    for part in parts.installed():  # a part may refuse this account a seat, or stop treating it otherwise
        part.on_join(game, inp.actor)
    name = clean_name(inp.arg("name", str(inp.actor)))
    game.players.append(Player(inp.actor, name))
    ctx.group(f"{name} 报名成功，当前 {len(game.players)} 人。", "join", {"own_post": True})
    ctx.judge(f"{name}（{inp.actor}）报名")
    _changed(game, ctx)


def _leave(game: Game, ctx: Ctx, inp: Input) -> None:
    if game.status != SIGNUP:
        raise Refusal("游戏已经开始，不能退出报名。")
    seat = game.seat_of(inp.actor)
    if seat is None:
        raise Refusal("你还没有报名。")
    p = game.players.pop(seat - 1)
    ctx.group(f"{p.name} 退出了报名，当前 {len(game.players)} 人。", "join", {"own_post": True})
    ctx.judge(f"{p.name}（{p.qq}）退出报名")
    _changed(game, ctx)


def roster_text(game: Game) -> str:
    n = len(game.players)
    names = "、".join(p.name for p in game.players) or "（还没有人）"
    why = game.rules.check_players(game.options, n) if n else "还没有人报名。"
    tail = "人数已够：法官发送 /开始 发牌。" if why is None else f"还不能开始：{why}"
    return f"【报名】当前 {n} 人：{names}\n{tail}"


class Signup(Part):
    key = "signup"
    inputs = {"join": _join, "leave": _leave}
    options = (OptionSpec("报名名单", "duration", PAUSE, (),
                          "报名停顿多久后在群里公布一次报名名单（每个报名只贴表情回应）；0 表示不公布", zero=True),)

    def new_state(self) -> SignupState:
        return SignupState()

    def moments(self, game: Game) -> set[float]:
        due = game.signup.roster_at
        return {due} if due is not None and game.status == SIGNUP else set()

    def on_remind(self, game: Game, ctx: Ctx, lead: float) -> None:
        due = game.signup.roster_at
        if game.status == SIGNUP and due is not None and game.remind_at is not None and abs(game.remind_at - due) < 1:
            game.signup.roster_at = None
            ctx.group(roster_text(game), "roster")


PART = Signup()
