"""The judge's commands (/法官 …): how each becomes an input, and what each does.

Input builders (`push`, `card`, …) are the one way to make a judge input: the QQ
sub-commands and the web console both call them, so both reach the rules through
the same inputs. Handlers are one small function per sub-command in `HANDLERS`.
An engine part (engine/parts/__init__.py) that owns the "judge" input.
Pure, like the rest of the engine: time arrives as `at`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..core import Input, Player, Refusal
from ..core.phases import deadline_text, format_duration
from ..game import RUNNING, Game, _close, _finish, clean_name, clean_text
from ..game.part import Part
from . import forum, lurk, rulings, social
from .signup import seat_refusal

if TYPE_CHECKING:
    from ..game.ctx import Ctx

# --- inputs -------------------------------------------------------------------------------


def judge_input(sub: str, judge: int, at: float, **args) -> Input:
    return Input.make("judge", judge, at, sub=sub, **args)


def push(judge: int, at: float) -> Input:
    return judge_input("推进", judge, at)


def pause(judge: int, at: float) -> Input:
    return judge_input("暂停", judge, at)


def resume(judge: int, at: float) -> Input:
    return judge_input("继续", judge, at)


def extend(judge: int, at: float, seconds: int) -> Input:
    return judge_input("延长", judge, at, seconds=seconds)


def end_game(judge: int, at: float, reason: str = "") -> Input:
    return judge_input("终止", judge, at, reason=reason)


def add_judge(judge: int, at: float, qq: int) -> Input:
    return judge_input("添加法官", judge, at, qq=qq)


def remove_judge(judge: int, at: float, qq: int) -> Input:
    return judge_input("移除法官", judge, at, qq=qq)


def card(judge: int, at: float, colour: str, target: str, reason: str = "") -> Input:
    """colour: 蓝牌, 黄牌 or 红牌; target: a seat token (3, 3号, @QQ, name)."""
    return judge_input(colour, judge, at, target=target, reason=reason)


def take_back(judge: int, at: float, target: str, colour: str, reason: str = "") -> Input:
    """/法官 撤牌 <目标> <蓝牌|黄牌|红牌> [理由]: one card back (engine/parts/cards.py)."""
    return judge_input("撤牌", judge, at, target=target, colour=colour, reason=reason)


def substitute(judge: int, at: float, target: str, qq: int, name: str) -> Input:
    return judge_input("替补", judge, at, target=target, qq=qq, name=name)


def forfeit(judge: int, at: float, faction: str) -> Input:
    return judge_input("判负", judge, at, faction=faction)


def adviser(judge: int, at: float, target: str, qq: int, played: int) -> Input:
    """played: how many other games the player has played (the QQ layer counts them)."""
    return judge_input("场外助理", judge, at, target=target, qq=qq, played=played)


def remind(judge: int, at: float, target: str = "") -> Input:
    """Remind privately who still owes an action (one seat, or all of them)."""
    return judge_input("提醒", judge, at, target=target)


rule = rulings.rule_input  # /法官 裁定 <编号> <结果> (engine/parts/rulings.py)


def all_seeing(judge: int, at: float, qq: int, name: str) -> Input:
    """/法官 观战 @x 全知: an all-seeing spectator (engine/parts/social.py)."""
    return judge_input("观战", judge, at, qq=qq, name=name)


def proxy_vote(game: Game, judge: int, at: float, target: str, vote: str, reason: str = "") -> Input:
    """A vote cast by the judge for a seat: the seat's own vote input, marked as a proxy."""
    seat = game.resolve(target)
    if seat is None or game.status != RUNNING:
        raise Refusal("找不到这名玩家：请用座位号、@或QQ号。")
    return Input.make("act", game.qq_of(seat), at, skill="投票", words=(vote,), via="pm", reason=reason,
                      proxy=True, judge=judge)


# --- handlers -------------------------------------------------------------------------------

Handler = Callable[[Game, "Ctx", Input], None]
HANDLERS: dict[str, Handler] = {}
BEFORE_START = {"添加法官", "移除法官", "终止", "观战"}  # the only ones allowed during sign-up
PHASE_CONTROL = {"推进", "暂停", "继续", "延长"}


def handles(*subs: str):
    def register(func: Handler) -> Handler:
        for sub in subs:
            HANDLERS[sub] = func
        return func

    return register


def apply_judge(game: Game, ctx: Ctx, inp: Input) -> None:
    sub = inp.arg("sub", "")
    handler = HANDLERS.get(sub)
    if handler is None:
        raise Refusal(f"未知的法官命令「{sub[:10]}」。")
    if sub not in BEFORE_START and game.status != RUNNING:
        raise Refusal("游戏还没有开始。")
    if sub in PHASE_CONTROL and game.seat_of(inp.actor) is not None and private_pending(game):
        # A judge who plays keeps only public powers: timing a phase in which others still owe a
        # private action could be played to one's own side (docs/forum.md, 「法官也是玩家」).
        raise Refusal("你在这局游戏里有座位：还有玩家的私下行动没有提交，现在不能推进、暂停、继续或延长阶段。"
                      "请没有座位的法官操作。")
    handler(game, ctx, inp)


def private_pending(game: Game) -> bool:
    """Someone owes an action that is not a public one (a night action, 遗言…): any phase but a discussion day."""
    return bool(game.pending()) and not forum.in_discussion(game)


@handles("添加法官", "移除法官")
def _judges(game: Game, ctx: Ctx, inp: Input) -> None:
    qq = int(inp.arg("qq", 0))
    adding = inp.arg("sub") == "添加法官"
    if adding and (qq in game.judges or qq == game.owner):
        raise Refusal("对方已经是法官了。")
    if not adding and qq not in game.judges:
        raise Refusal("对方不是被添加的法官（开局者不能被移除）。")
    if adding:
        game.judges.append(qq)
    else:
        game.judges.remove(qq)
    verb = "添加" if adding else "移除"
    ctx.group(f"已{verb}法官 {qq}。")
    ctx.judge(f"法官 {inp.actor} {verb}法官 {qq}")


@handles("终止")
def _end(game: Game, ctx: Ctx, inp: Input) -> None:
    reason = _clean(inp.arg("reason", "") or "法官终止", 100)
    ctx.judge(f"法官 {inp.actor} 终止游戏：{reason}")
    _finish(game, ctx, None, f"游戏被法官终止：{reason}")


@handles(*forum.CARD_NAMES)
def _card(game: Game, ctx: Ctx, inp: Input) -> None:
    seat = _target(game, inp)
    reason = _clean(inp.arg("reason", "") or "法官判罚", 100)
    forum.give_card(game, ctx, seat, forum.CARD_NAMES.index(inp.arg("sub")), reason, by=inp.actor)


@handles("撤牌")
def _take_back(game: Game, ctx: Ctx, inp: Input) -> None:
    seat = _target(game, inp)
    colour = str(inp.arg("colour", ""))
    if colour not in forum.CARD_NAMES:
        raise Refusal(f"要撤回哪种牌？请写 蓝牌、黄牌 或 红牌：/法官 撤牌 {seat} 黄牌 [理由]。")
    reason = _clean(inp.arg("reason", "") or "", 100)
    forum.take_back_card(game, ctx, seat, forum.CARD_NAMES.index(colour), reason, by=inp.actor)


@handles("替补")
def _substitute(game: Game, ctx: Ctx, inp: Input) -> None:
    """替补: the seat passes to a new QQ with its role, statuses, pending actions and private history."""
    seat = _target(game, inp)
    qq = int(inp.arg("qq", 0))
    if not qq:
        raise Refusal("用法：/法官 替补 <目标> <@新玩家>")
    if game.seat_of(qq) is not None:
        raise Refusal("新玩家已经在这局游戏里了。")
    why = seat_refusal(game, qq)
    if why:
        raise Refusal(why.replace("你", "这位法官", 1))
    watcher = game.spectators.get(qq)
    if watcher is not None and watcher.all_seeing:
        raise Refusal("全知观战者不能替补这局游戏的座位。")
    limit = forum.opt(game, "替补次数")
    if game.subs.get(seat, 0) >= limit:
        raise Refusal(f"{game.seat_name(seat)} 已经更换过 {limit} 次替补，不能再换。")
    old = game.players[seat - 1]
    game.players[seat - 1] = Player(qq, clean_name(inp.arg("name", str(qq))))
    game.spectators.pop(qq, None)  # a spectator who takes a seat stops watching
    game.subs[seat] = game.subs.get(seat, 0) + 1
    game.former = (*game.former, old.qq)  # he knew the seat's secrets: never a judge's view of this game
    lurk.note_substitute(game, seat, inp.at)  # today's 潜水 quotas count from now (docs/forum.md, 替补)
    history = game.private.get(seat, [])
    ctx.group(f"{seat}号 由替补玩家 {game.players[seat - 1].name} 接替。", "sub")
    ctx.judge(f"法官 {inp.actor}：{seat}号 {old.name}（{old.qq}）由 {game.players[seat - 1].name}（{qq}）替补")
    ctx.seat(seat, f"你作为替补接替了 {seat}号。以下是这个座位此前收到的全部私聊（共 {len(history)} 条）：", "sub")
    for text in history:
        ctx.seat(seat, text, "history")
    ctx.seat(seat, game.rules.help_text(game.state, seat), "role")
    note = lurk.substitute_note(game, seat)
    if note:
        ctx.seat(seat, note, "sub")


@handles("场外助理")
def _adviser(game: Game, ctx: Ctx, inp: Input) -> None:
    seat = _target(game, inp)
    register_adviser(game, ctx, seat, int(inp.arg("qq", 0)), int(inp.arg("played", 0)), inp.actor)


@handles("观战")
def _all_seeing(game: Game, ctx: Ctx, inp: Input) -> None:
    social.grant(game, ctx, inp)


@handles("判负")
def _forfeit(game: Game, ctx: Ctx, inp: Input) -> None:
    forum.forfeit(game, ctx, str(inp.arg("faction", "")), inp.actor)


@handles("提醒")
def _remind(game: Game, ctx: Ctx, inp: Input) -> None:
    remind_pending(game, ctx, _target(game, inp) if inp.arg("target") else 0, inp.actor)


@handles("裁定")
def _rule(game: Game, ctx: Ctx, inp: Input) -> None:
    rulings.apply_ruling(game, ctx, inp)


@handles("推进")
def _push(game: Game, ctx: Ctx, inp: Input) -> None:
    """Allowed while paused: the next phase starts paused too."""
    label = game.rules.phase_label(game.state)
    ctx.group(f"法官推进：{label} 结束。")
    ctx.judge(f"法官 {inp.actor} 推进阶段（{label}）")
    _close(game, ctx)


@handles("暂停")
def _pause(game: Game, ctx: Ctx, inp: Input) -> None:
    if game.paused:
        raise Refusal("游戏已经暂停了。")
    game.paused_left = max(0.0, (game.deadline or inp.at) - inp.at)
    game.deadline = None
    ctx.group("游戏已暂停，计时冻结。")
    ctx.judge(f"法官 {inp.actor} 暂停游戏")


@handles("继续")
def _resume(game: Game, ctx: Ctx, inp: Input) -> None:
    if not game.paused:
        raise Refusal("游戏没有暂停。")
    game.deadline = inp.at + (game.paused_left or 0)
    game.paused_left = None
    game.phase_no += 1  # re-arm under a fresh number
    ctx.group(f"游戏继续，本阶段截止 {deadline_text(game.deadline, inp.at, game.options)}。")
    ctx.judge(f"法官 {inp.actor} 继续游戏")


@handles("延长")
def _extend(game: Game, ctx: Ctx, inp: Input) -> None:
    seconds = int(inp.arg("seconds", 0))
    if seconds <= 0:
        raise Refusal("延长需要一个正的时长，如 /法官 延长 10m。")
    if game.paused:
        game.paused_left = (game.paused_left or 0) + seconds
    else:
        game.deadline = (game.deadline or inp.at) + seconds
        game.phase_no += 1
    until = "" if game.paused else f"，截止 {deadline_text(game.deadline, inp.at, game.options)}"
    ctx.group(f"法官将本阶段延长了 {format_duration(seconds)}{until}。")
    ctx.judge(f"法官 {inp.actor} 延长本阶段 {format_duration(seconds)}")


def register_adviser(game: Game, ctx: Ctx, seat: int, adviser: int, played: int, by: int) -> None:
    """场外助理 (004): recorded only; allowed to players with few games behind them."""
    limit = forum.opt(game, "场外助理上限")
    if limit < 0:
        raise Refusal("本局不允许场外助理。")
    if limit and played > limit:
        raise Refusal(f"{ctx.name(seat)} 已参加过 {played} 场版杀，只有参加过不超过 {limit} 场的玩家才能申请场外助理。")
    if game.seat_of(adviser) is not None:
        raise Refusal("场外助理不能是本局的玩家。")
    ctx.reply(f"已登记：{adviser} 担任 {ctx.name(seat)} 的场外助理。")
    ctx.judge(f"法官 {by} 登记 {adviser} 为 {ctx.name(seat)} 的场外助理（该玩家此前参加 {played} 场）")


def remind_pending(game: Game, ctx: Ctx, seat: int, by: int) -> None:
    """The judge reminds, privately, the seats that still owe an action (all, or one seat).
    The reply names nobody: who owes a night action would give roles away in the group."""
    pending = sorted(game.pending())
    if seat:
        if seat not in pending:
            raise Refusal(f"{game.seat_name(seat)} 本阶段没有未提交的行动。")
        pending = [seat]
    if not pending:
        raise Refusal("本阶段没有还欠行动的玩家。")
    for s in pending:
        ctx.seat(s, forum.pending_text(game, s), "remind")
    ctx.reply("已私聊提醒还没行动的玩家。")
    ctx.judge(f"法官 {by} 提醒 {'、'.join(f'{s}号' for s in pending)} 行动")


def _target(game: Game, inp: Input) -> int:
    seat = game.resolve(str(inp.arg("target", "")))
    if seat is None:
        raise Refusal("找不到这名玩家：请用座位号、@或QQ号。")
    return seat


def _clean(text: str, limit: int) -> str:
    return clean_text(text, limit)


class Judge(Part):
    key = "judge"
    inputs = {"judge": apply_judge}


PART = Judge()
