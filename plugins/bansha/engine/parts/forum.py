"""Forum play (论坛 conventions of 003 and 004), as parts any ruleset switches on.

An engine part (engine/parts/__init__.py): its state is `game.forum`, it handles group posts ("speak") and
加速/延时 ("speed"), and rulesets reach it only through Ctx (`ctx.vote`, `ctx.tally`, `ctx.rule`).
Every rule is an option (engine/parts/forum_options.py). A game's own text fixes its defaults
(`Ruleset.text_rules`), which hold in every tempo; the tempo only changes times (see CLOCK_BOUND).
003's and 004's differences are settings:

- votes: format (理由 required), exactly one change, no change in the last
  hour, 代投 cut-off, counts public or hidden;
- 加速/延时 requests with their threshold and cut-off, automatic 加速;
- 潜水 counting and its yellow cards; 诈尸 warnings;
- cards (蓝/黄/红 with 3→1 merging), 红牌罚下 now or after the vote,
  two reds in one faction lose;
- 替补 (substitutes) and reminders before a deadline.

Pure like the rest of the engine: time comes from the input's `at`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any
from zoneinfo import ZoneInfo

from ..core import ABSTAIN, Action, Audience, Event, Input, Refusal
from ..core.phases import FORUM, clock_text, deadline_text, format_duration
from ..core.votes import Ballot, VoteBox
from ..game import RUNNING, Game, decided, need_seat, pictures
from ..game.part import Part
from . import cards, speaking
from .cards import CARD_NAMES, Card
from .forum_options import CLOCK_BOUND, CLOCK_KEYS, FORUM_OPTIONS, departures, resolve

if TYPE_CHECKING:
    from ..game.ctx import Ctx

__all__ = ["CARD_NAMES", "CLOCK_BOUND", "CLOCK_KEYS", "FORUM_OPTIONS", "departures", "resolve"]  # from here too


def opt(game: Game, key: str) -> Any:
    """A forum rule's value in this game (the judge's option, else the game's text, else the tempo's)."""
    return resolve(game.rules, game.options, key)


@dataclass
class ForumState:
    day_phase: int = 0  # phase_no of the current discussion day (0 = none yet)
    posts: dict[int, int] = field(default_factory=dict)  # seat -> posts this discussion day
    low_streak: dict[int, int] = field(default_factory=dict)  # seat -> non-accelerated days in a row under the bar
    voted: set[int] = field(default_factory=set)
    requests: dict[str, set[int]] = field(default_factory=dict)  # 加速/延时 -> seats today
    accelerated: bool = False
    delayed: bool = False  # today's 延时 succeeded
    original_close: float | None = None
    opens_at: float | None = None  # 论坛: votes before 开门 are refused
    died_today: set[int] = field(default_factory=set)  # died during the discussion day (004's late change)
    cards: dict[int, list[int]] = field(default_factory=dict)  # seat -> [蓝, 黄, 红] after merging (engine/parts/cards.py)
    given: dict[int, list[Card]] = field(default_factory=dict)  # seat -> every card given and not taken back
    reds_by_faction: dict[str, int] = field(default_factory=dict)
    forfeited: list[str] = field(default_factory=list)
    deferred_reds: list[int] = field(default_factory=list)
    warned_dead: set[int] = field(default_factory=set)
    day_open: float | None = None  # when today's discussion opened (or opens): 潜水 quotas count from it
    joined: dict[int, float] = field(default_factory=dict)  # seat -> when a 替补 took it during today's discussion
    ballots: dict[int, int] = field(default_factory=dict)  # this phase's votes so far, voter -> target (/票型)
    ballot_label: str = ""  # what they are: 投票, 警长投票, PK投票…
    open_post: float | None = None  # 论坛: the 开门 moment still to be announced in the group


# --- votes ----------------------------------------------------------------------


def in_discussion(game: Game) -> bool:
    spec = game.rules.phases.get(game.state.phase) if game.state is not None else None
    return bool(spec and spec.discussion)


def cast_vote(game: Game, ctx: Ctx, box: VoteBox, voter: int, action: Action, *, label: str = "投票") -> Ballot:
    """A day vote under the forum rules; announces it in the group and logs it.

    `action.words` may contain "改票" (the /改票 form). Refuses malformed
    votes (missing 理由 where required), a second change, a change in the
    locked hour or while 加速 is in force, and 代投 after its cut-off.
    """
    fs = game.forum
    target = action.targets[0] if action.targets else ABSTAIN
    if fs.opens_at is not None and ctx.at < fs.opens_at:
        raise Refusal(f"今天还没开门（{clock_text(fs.opens_at, game.options)} 开门），开门后才能投票。")
    if opt(game, "投票理由") == "必填" and not action.reason.strip():
        raise Refusal("投票格式有误，这票不计：请写明投票对象和投票理由，例如「/投票 3 发言矛盾」或两行的「投票对象：3」「投票理由：…」。")
    is_change = voter in box.votes
    wants_change = "改票" in action.words
    if wants_change and not is_change:
        raise Refusal("你还没有投票，不能改票：请先投票。")
    left = (game.deadline - ctx.at) if game.deadline is not None else None
    late_ok = voter in fs.died_today and box.changes.get(voter, 0) == 0
    if is_change and not late_ok:
        lock = opt(game, "改票截止")
        if fs.accelerated:
            raise Refusal("今天已执行加速，所有人不可改票。")
        if lock and left is not None and left < lock:
            raise Refusal(f"关门前 {format_duration(lock)} 内不允许改票。")
    if action.proxy:
        cut = opt(game, "代投截止")
        if cut and left is not None and left < cut:
            raise Refusal(f"关门前 {format_duration(cut)} 内不接受代投。")
        if fs.accelerated and is_change:
            raise Refusal("今天已执行加速，不能通过代投改票。")
    changes = opt(game, "改票次数")
    max_changes = None if changes is None or changes < 0 else changes
    if late_ok:
        max_changes = max(1, max_changes or 0)
    # Forum rules: a second 投票 is not a change (改票 must say so); quick play lets a new vote replace the old.
    change = (wants_change or (is_change and late_ok)) if max_changes is not None else None
    ballot = box.cast(voter, target, reason=action.reason, change=change, proxy=action.proxy, at=ctx.at,
                      max_changes=max_changes)
    fs.voted.add(voter)
    fs.ballots[voter] = target
    fs.ballot_label = label
    what = "弃权" if target == ABSTAIN else ctx.name(target)
    kind = "改票" if ballot.change else label
    head = "【代投】" if action.proxy else ""
    reason = f"，理由：{action.reason}" if action.reason else ""
    # A vote typed in the group is its own post: the QQ layer acknowledges it without repeating it
    # (a reaction, else now and then the progress below). A 代投 has no post of its own: it is published.
    own_post = action.via == "group" and not action.proxy
    ctx.group(f"{head}{ctx.name(voter)} {kind}：{what}{reason}", "vote",
              {"voter": voter, "target": target, "ballot": label, "own_post": own_post,
               "progress": vote_progress(box, label),
               "reason": action.reason, "change": ballot.change, "proxy": action.proxy})  # the 导演台's vote record
    by = f"（法官 {action.by_judge} 代投）" if action.by_judge else ("（代投）" if action.proxy else "")
    ctx.judge(f"{ctx.name(voter)} {kind} {what}{by}{reason}")
    if action.via == "pm":
        ctx.reply(f"已记录你的{kind}：{what}。")
    return ballot


def vote_progress(box: VoteBox, label: str = "投票") -> str:
    """Who has voted for whom so far, in one line (the fallback acknowledgement of votes)."""
    by_target: dict[int, list[int]] = {}
    for voter, target in box.votes.items():
        by_target.setdefault(target, []).append(voter)
    parts = [f"{_target(t)}←{'、'.join(f'{v}号' for v in sorted(vs))}" for t, vs in
             sorted(by_target.items(), key=lambda kv: (kv[0] == ABSTAIN, kv[0]))]
    return f"{label}进度（{len(box.votes)} 人已投）：" + "；".join(parts)


def _target(t: int) -> str:
    return "弃权" if t == ABSTAIN else f"{t}号"


def announce_tally(game: Game, ctx: Ctx, counts: dict[int, float], leaders: list[int],
                   ballots: dict[int, int] | None = None) -> None:
    """Public counts, or only who is highest where counts are hidden (004). With the counted
    `ballots` (voter -> target) the post carries the 票型 too, as text and as a picture; the votes
    themselves were public posts, so even where counts are hidden (004: 「投票内容公开，但投票计数
    隐藏」) the board shows who voted whom, without numbers."""
    public = opt(game, "票数公开")
    if public:
        shown = [f"{'弃权' if t == ABSTAIN else ctx.name(t)}：{_num(c)}票" for t, c in
                 sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))]
        text = "计票：" + ("；".join(shown) if shown else "无人投票")
    elif leaders:
        text = "最高票：" + "、".join(ctx.name(s) for s in leaders)
    else:
        text = "今天没有最高票。"
    data: tuple = ()
    if ballots is not None:
        board = pictures.votes(game, "票型", ballots, counts if public else None, leaders)
        text += "\n" + pictures.votes_text(board)
        data = pictures.attach(board) if board["rows"] else ()  # no picture of nobody's votes
    ctx.events.append(Event(Audience("group"), text, "tally", data))
    # the record reads like the post (no 「计票：2=3」 machine rows), under the vote's name: every day's vote
    # history is in the 完整记录 (each ballot as cast, then this)
    ctx.judge(f"{game.rules.phase_label(game.state)} {text.replace(chr(10), '；')}")


def _num(x: float) -> str:
    return str(int(x)) if x == int(x) else f"{x:g}"


# --- phase hooks, called by the game ------------------------------------------------


def on_enter(game: Game, ctx: Ctx) -> None:
    """A phase began (its deadline is set): reset the day's counters, 开门, auto-加速, reminders."""
    fs = game.forum
    fs.ballots, fs.ballot_label = {}, ""  # /票型 shows the vote of the phase under way
    if not in_discussion(game):
        return
    fs.day_phase = game.phase_no
    fs.posts, fs.voted, fs.requests, fs.died_today, fs.joined = {}, set(), {}, set(), {}
    fs.accelerated = fs.delayed = False
    fs.original_close = game.deadline
    fs.opens_at = _opens_at(game, ctx.at) if game.options.get("节奏") == FORUM else None
    fs.day_open = fs.opens_at if fs.opens_at is not None else ctx.at
    fs.open_post = fs.opens_at  # the day was entered before 开门: the group hears when it opens
    auto = opt(game, "自动加速")
    if auto and len(game.state.living()) <= auto:
        _accelerate(game, ctx, "存活人数较少，自动执行加速。")


def _opens_at(game: Game, at: float) -> float | None:
    tz = ZoneInfo(game.options.get("时区", "Asia/Shanghai"))
    now = datetime.fromtimestamp(at, tz)
    oh, om = (int(x) for x in game.options.get("开门", "09:00").split(":"))
    ch, cm = (int(x) for x in game.options.get("关门", "22:00").split(":"))
    open_today = now.replace(hour=oh, minute=om, second=0, microsecond=0)
    close_today = now.replace(hour=ch, minute=cm, second=0, microsecond=0)
    if open_today <= now < close_today:
        return None
    nxt = open_today if now < open_today else open_today + timedelta(days=1)
    return nxt.timestamp()


def announce_open(game: Game, ctx: Ctx) -> None:
    """论坛 开门 (the day was entered the night before): one post — the day is open, when it closes, who is alive."""
    label = game.rules.phase_label(game.state)
    board = pictures.ring(game, label)
    close = deadline_text(game.deadline, ctx.at, game.options) if game.deadline is not None else "（计时暂停中）"
    ctx.group(f"【{label}】开门了：现在可以发言和投票，关门 {close}。\n{pictures.ring_text(board)}", "open",
              {"image": board})
    ctx.judge(f"{label} 开门")


def may_vote(game: Game, seat: int) -> bool:
    """A seat the rules bar from voting (翻牌白痴, 004's 愚者) is not carded for not voting."""
    for skill in game.skills_of(seat):
        if skill.name == "投票":
            return game.rules.available(game.state, seat, skill) is None
    return False


def after_close(game: Game, ctx: Ctx) -> None:
    """Red cards held back until after the vote (004) leave now."""
    fs = game.forum
    while fs.deferred_reds and not decided(game):
        seat = fs.deferred_reds.pop(0)
        _send_off(game, ctx, seat)


def note_death(game: Game, seat: int) -> None:
    if in_discussion(game):
        game.forum.died_today.add(seat)


# --- inputs ----------------------------------------------------------------------------


def handle_speak(game: Game, ctx: Ctx, seat: int, text: str) -> None:
    """A group message by a seat: 潜水 count, 诈尸, and the ruleset's speech rule (寡言)."""
    fs = game.forum
    state = game.state
    # a seat that left but still owes a step (the dead 警长 handing the badge on, a 遗言, a last shot) is on
    # stage: talking about it in the group is no 诈尸
    if not game.rules.may_speak(state, seat) and seat not in game.pending():
        action = opt(game, "诈尸处罚")
        ctx.group(f"{ctx.name(seat)} 已出局，请勿在群内发言（诈尸）。", "warn")
        ctx.judge(f"{ctx.name(seat)} 诈尸：{text[:50]}")
        mute = opt(game, "诈尸禁言")
        if mute:
            ctx.mute(seat, mute)
        if action != "警告" and seat in fs.warned_dead:
            give_card(game, ctx, seat, 0 if action == "蓝牌" else 1, "诈尸", by=0)
        fs.warned_dead.add(seat)
        return
    if in_discussion(game) and (fs.opens_at is None or ctx.at >= fs.opens_at):
        fs.posts[seat] = fs.posts.get(seat, 0) + 1
    breach = game.rules.speech_refusal(state, seat, text)
    if breach:
        ctx.group(f"{ctx.name(seat)} 违反了发言限制：{breach}", "warn")
        ctx.judge(f"{ctx.name(seat)} 违反发言限制（{breach}）：{text[:50]}")
        game.rules.on_speech_breach(ctx, state, seat)


def handle_speed(game: Game, ctx: Ctx, seat: int, kind: str) -> None:
    fs = game.forum
    if not in_discussion(game):
        raise Refusal("现在不是讨论日，不能申请加速或延时。")
    if not game.state.alive[seat]:
        raise Refusal("只有存活的玩家可以申请加速或延时。")
    cut = opt(game, "加速截止")
    if cut and game.deadline is not None and game.deadline - ctx.at < cut:
        raise Refusal(f"关门前 {format_duration(cut)} 内不再受理加速或延时申请。")
    if any(seat in s for s in fs.requests.values()):
        raise Refusal("你今天已经申请过加速或延时了（每人每天一次）。")
    if fs.delayed:  # 004: 加速之前延时成功，则当天不再加速
        raise Refusal("今天的延时已经成功：今天不再加速，也不需要再申请延时。")
    if kind == "加速" and fs.accelerated:
        raise Refusal("今天已经执行加速了，不需要再申请。")
    mine = fs.requests.setdefault(kind, set())
    mine.add(seat)
    living = len(game.state.living())
    need = living // 2 + 1 if opt(game, "加速门槛") == "过半" else (living + 1) // 2
    short = need - len(mine)
    ctx.reply(f"已收到你的{kind}申请：目前 {len(mine)} 人申请，"
              + (f"再有 {short} 人申请即{kind}成功。" if short > 0 else f"达到 {need} 人，{kind}成功。"))
    ctx.judge(f"{ctx.name(seat)} 申请{kind}（已有 {len(mine)} 人，需要 {need} 人）")
    if short > 0:
        return
    if kind == "加速" and not fs.accelerated:
        _accelerate(game, ctx, f"{len(mine)} 人申请加速，加速成功。")
    elif kind == "延时":
        fs.delayed = True
        if fs.accelerated:
            fs.accelerated = False
            if fs.original_close is not None and game.deadline is not None and fs.original_close > game.deadline:
                game.deadline = fs.original_close
                game.phase_no += 1
            ctx.group(f"{len(mine)} 人申请延时，延时成功：取消加速，关门时间恢复为 {deadline_text(game.deadline, ctx.at, game.options)}。")
        else:
            ctx.group(f"{len(mine)} 人申请延时，延时成功：今天不会执行加速。")
        fs.requests["加速"] = set()


def _accelerate(game: Game, ctx: Ctx, why: str) -> None:
    fs = game.forum
    fs.accelerated = True
    new = ctx.at + opt(game, "加速时长")
    if speaking.running(game):  # the table wants to move on: the speaking turns end, the vote closes soon
        speaking.stop(game)
        why += "轮流发言到此结束。"
        game.deadline = None
    if game.deadline is None or new < game.deadline:
        game.deadline = new
        game.phase_no += 1
    ctx.group(f"{why}今天关门时间：{deadline_text(game.deadline, ctx.at, game.options)}；执行加速后不可改票，也不判罚潜水。")
    ctx.judge(f"执行加速：{why}")


def give_card(game: Game, ctx: Ctx, seat: int, color: int, reason: str, by: int) -> None:
    """Record a card (engine/parts/cards.py merges 3 blue → 1 yellow, 3 yellow → 1 red); a red sends the seat off."""
    fs = game.forum
    if not cards.give(game, ctx, seat, color, reason, by):
        return
    faction = game.rules.faction_of(game.state, seat)
    fs.reds_by_faction[faction] = fs.reds_by_faction.get(faction, 0) + 1
    if game.state.alive[seat] and opt(game, "红牌结算") == "投票后" and in_discussion(game):
        fs.deferred_reds.append(seat)
        ctx.group(f"{ctx.name(seat)} 将在投票结算后红牌罚下。", "card")  # after its card, in the 判罚公示
    else:
        _send_off(game, ctx, seat)
    if opt(game, "红牌判负") and fs.reds_by_faction[faction] >= 2 and faction not in fs.forfeited:
        fs.forfeited.append(faction)
        ctx.judge(f"{faction}累计两张红牌，判负。")
        game.rules.on_forfeit(ctx, game.state, faction)


def take_back_card(game: Game, ctx: Ctx, seat: int, color: int, reason: str, by: int) -> None:
    """/法官 撤牌 <目标> <颜色> [理由]: one card back, announced in one post (engine/parts/cards.py)."""
    fs = game.forum
    if not cards.take_back(game, ctx, seat, color, reason, by):
        return
    faction = game.rules.faction_of(game.state, seat)
    fs.reds_by_faction[faction] = max(0, fs.reds_by_faction.get(faction, 0) - 1)
    if faction in fs.forfeited and fs.reds_by_faction[faction] < 2:
        # a forfeit already took effect in the rules (the game may have moved on): the judge decides it anew
        ctx.whisper(f"注意：{faction}曾因两张红牌判负，撤牌不会撤销判负。")
        ctx.judge(f"{faction}的红牌减为 {fs.reds_by_faction[faction]} 张；判负不撤销")


def _send_off(game: Game, ctx: Ctx, seat: int) -> None:
    """Living seats leave; a seat already out still goes to the ruleset, which cancels what it was
    owed (a pending shot, 遗言)."""
    game.rules.remove(ctx, game.state, seat, "被红牌罚下")
    ctx.judge(f"{ctx.name(seat)} 红牌罚下")


def forfeit(game: Game, ctx: Ctx, faction: str, by: int) -> None:
    """The judge rules a faction lost (003: 判罚红牌时，导演视情况决定是否判负该玩家所在阵营)."""
    if faction in game.forum.forfeited:
        raise Refusal(f"{faction}已经被判负了。")
    factions = {game.rules.faction_of(game.state, s) for s in range(1, game.state.n + 1)}
    if faction not in factions:
        raise Refusal(f"没有「{faction[:20]}」这个阵营。本局的阵营：{'、'.join(sorted(f for f in factions if f))}")
    game.forum.forfeited.append(faction)
    if game.rules.forfeit_public:
        ctx.group(f"法官判定：{faction}判负。", "card")
    else:  # 003/004: "阵营被判负后，不予公示" — the judge alone hears it, the record keeps it
        ctx.whisper(f"已记录：{faction}判负（原文「阵营被判负后，不予公示」，群里不公布）。")
    ctx.judge(f"法官 {by} 判定{faction}判负")
    game.rules.on_forfeit(ctx, game.state, faction)


def card_ledger(game: Game) -> str:
    rows = []
    for seat in sorted(game.forum.cards):
        b, y, r = game.forum.cards[seat]
        if b or y or r:
            rows.append(f"{game.seat_name(seat)}：蓝{b} 黄{y} 红{r}")
    return "判罚：" + "；".join(rows) if rows else ""


def pending_text(game: Game, seat: int) -> str:
    # what the seat owes: not a choice it may make at any time (自爆), which nobody is reminded of
    names = "、".join(dict.fromkeys(c.skill.name for c in game.legal(seat)
                                   if not c.skill.optional)) or "行动"
    when = f"截止 {clock_text(game.deadline, game.options)}" if game.deadline is not None else "计时暂停中"
    return f"提醒：本阶段你还有未提交的{names}，{when}。可以用 /放弃 跳过。"


# --- the part ------------------------------------------------------------------------------


def _speak(game: Game, ctx: Ctx, inp: Input) -> None:
    seat = game.seat_of(inp.actor)
    if seat is None or game.status != RUNNING:
        raise Refusal("不是本局玩家的发言，不计数。")
    handle_speak(game, ctx, seat, str(inp.arg("text", ""))[:200])


def _speed(game: Game, ctx: Ctx, inp: Input) -> None:
    seat = need_seat(game, inp.actor)
    kind = inp.arg("which", "加速")
    if kind not in ("加速", "延时"):
        raise Refusal("只能申请 加速 或 延时。")
    handle_speed(game, ctx, seat, kind)


class Forum(Part):
    key = "forum"
    options = FORUM_OPTIONS
    inputs = {"speak": _speak, "speed": _speed}

    def new_state(self) -> ForumState:
        return ForumState()

    def on_new(self, game: Game) -> None:
        for key in CLOCK_KEYS:  # the game's own 开门/关门 (纳塔: 21:00), unless the judge set one
            if key in game.rules.text_rules:
                game.options.setdefault(key, game.rules.text_rules[key])

    def on_enter(self, game: Game, ctx: Ctx) -> None:
        on_enter(game, ctx)

    def after_close(self, game: Game, ctx: Ctx) -> None:
        after_close(game, ctx)

    def on_death(self, game: Game, seat: int) -> None:
        note_death(game, seat)

    def moments(self, game: Game) -> set[float]:
        fs = game.forum
        return {fs.open_post} if fs.open_post is not None and in_discussion(game) else set()

    def on_remind(self, game: Game, ctx: Ctx, lead: float) -> None:
        fs = game.forum
        if fs.open_post is not None and game.remind_at is not None and abs(game.remind_at - fs.open_post) < 1:
            fs.open_post = None
            announce_open(game, ctx)

    def phase_note(self, game: Game, at: float) -> str:
        opens = game.forum.opens_at if in_discussion(game) else None
        return f"{clock_text(opens, game.options)} 开门，" if opens is not None and opens > at else ""

    # --- what Ctx offers rulesets --------------------------------------------------------------
    def vote(self, game: Game, ctx: Ctx, box: VoteBox, voter: int, action: Action, label: str) -> Ballot:
        return cast_vote(game, ctx, box, voter, action, label=label)

    def tally(self, game: Game, ctx: Ctx, counts: dict[int, float], leaders: list[int],
              ballots: dict[int, int] | None) -> None:
        announce_tally(game, ctx, counts, leaders, ballots)

    def rule(self, game: Game, key: str) -> Any:
        return opt(game, key)

    def opens_at(self, game: Game) -> float | None:
        return game.forum.opens_at


PART = Forum()
