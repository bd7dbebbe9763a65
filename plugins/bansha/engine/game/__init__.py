"""A game is a log: `apply` folds one input into the game and returns the events.

Everything here is pure. The service supplies `at` (wall time) inside each
input; a refused input raises Refusal before anything is changed, so a
refusal never needs to be logged.

The game runs its ruleset and the engine's parts (engine/parts/__init__.py: forum play, rulings, the judge's
commands) and names none of them: each part keeps its state in `Game.parts`, handles its own input kinds
and is told when a phase begins or closes. A ruleset sees only its `Ctx` (engine/game/ctx.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..core import GROUP, Audience, Event, Input, Outcome, Player, Refusal, cache, channels, clean_text
from ..core.phases import FORUM, QUICK, PhaseSpec, deadline_text, local_time, phase_deadline
from ..core.rng import Rng
from ..core.seats import resolve_seat
from ..core.skills import Skill, parse_action
from . import part as parts
from . import pictures, record, registry
from .ctx import Ctx
from .lifecycle import ENDED, RUNNING, SIGNUP  # (the names every layer imports from here)
from .reminding import remind as _remind
from .reminding import set_reminder as _set_reminder
from .ruleset import Ruleset

_NONE = object()
MAX_NAME = 16
_EARLY_CLOSE_LIMIT = 20  # guards against a ruleset that never waits


@dataclass
class Game:
    gid: int
    ruleset: str
    group: int
    owner: int
    seed: int
    options: dict[str, Any]
    status: str = SIGNUP
    players: list[Player] = field(default_factory=list)  # seat i+1 = players[i]
    judges: list[int] = field(default_factory=list)  # added with 添加法官
    rng: Rng = field(default_factory=Rng)
    phase_no: int = 0  # bumps on every phase change; stale deadlines are ignored
    deadline: float | None = None
    paused_left: float | None = None  # seconds left when paused
    last_close: float | None = None  # when the last day-type phase closed (论坛 offsets)
    state: Any = None
    timeline: list[str] = field(default_factory=list)  # the judge's record (engine/game/record.py)
    private: dict[int, list[str]] = field(default_factory=dict)  # seat -> private texts, for 替补
    keep_record: bool = True  # False: the host keeps timeline/private (the state service: in the log)
    subs: dict[int, int] = field(default_factory=dict)  # seat -> times substituted
    outcome: Outcome | None = None
    seq: int = 0  # inputs applied
    remind_at: float | None = None  # when pending seats get a reminder
    parts: dict[str, Any] = field(default_factory=dict)  # each engine part's own state, by its key
    # False (the simulator and the bench, nobody reads the text): the judge's record is not kept and the engine's
    # own lines skip their clock formatting; events still carry their data. A class default, so a game restored
    # from an older snapshot has it too.
    texts = True
    # QQs that held a seat and were replaced (替补): they knew a seat's secrets, so they get no judge's view
    # of the game (演员表, 导演台) until it ends. A class default too (older snapshots have none).
    former: tuple[int, ...] = ()

    @classmethod
    def new(cls, gid: int, ruleset: Ruleset, group: int, owner: int, seed: int, options: dict[str, Any]) -> Game:
        opts = dict(options)
        opts.setdefault("节奏", ruleset.default_tempo)
        game = cls(gid=gid, ruleset=ruleset.key, group=group, owner=owner, seed=seed, options=opts,
                   rng=Rng.seeded(seed), parts={p.key: p.new_state() for p in parts.installed()})
        for part in parts.installed():
            part.on_new(game)
        return game

    def __getattr__(self, name: str) -> Any:
        """A part's state by its key: `game.forum` (cards, 加速…), `game.rulings`."""
        state = self.__dict__.get("parts")
        if state is not None and name in state:
            return state[name]
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    # --- lookups ----------------------------------------------------------
    @property
    def rules(self) -> Ruleset:
        r = self.__dict__.get("_rules")  # (asked many times an input: kept, never pickled)
        if r is None or r.key != self.ruleset:
            if (r := registry.get(self.ruleset)) is None:
                raise RuntimeError(f"unknown ruleset {self.ruleset}")
            r.prepare(self.options)  # (a game rebuilt from a snapshot reaches its rules here first)
            self.__dict__["_rules"] = r
        return r

    @property
    def paused(self) -> bool:
        return self.paused_left is not None

    def seat_of(self, qq: int) -> int | None:
        for i, p in enumerate(self.players):
            if p.qq == qq:
                return i + 1
        return None

    def qq_of(self, seat: int) -> int:
        return self.players[seat - 1].qq

    def seat_name(self, seat: int) -> str:
        if 1 <= seat <= len(self.players):
            return f"{seat}号 {self.players[seat - 1].name}"
        return f"{seat}号"

    def is_judge(self, qq: int) -> bool:
        return qq == self.owner or qq in self.judges

    def held_seat(self, qq: int) -> bool:
        """Has this QQ had a seat here (now, or before a 替补)? Such a judge sees no secret until the end."""
        return self.seat_of(qq) is not None or qq in self.former

    # --- what the engine asks the rules: kept while the game stands still (engine/core/cache.py) -------------
    def pending(self) -> set[int]:
        touch = self.__dict__.pop("_touch", None)  # (seq, seat, answer before): the last input touched one seat
        if touch is not None and touch[0] == self.seq and self._held("pending") is None and not self.__dict__.get(
                "_busy"):
            self._keep("pending", cache.owing_again(self.rules, self.state, touch[2], touch[1]))
        return self._ask("pending", copy=set)  # (a caller may change the set it gets)

    def verdict(self) -> Outcome | None:
        """The ruleset's `outcome` now: who has won, if anyone (the `outcome` field keeps the final one)."""
        return self._ask("outcome")

    def skills_of(self, seat: int) -> list[Skill]:
        return self._ask("skills_of", seat, copy=list)

    def legal(self, seat: int) -> list:
        return self._ask("legal", seat, copy=list)

    def _ask(self, name: str, *args: Any, copy: Any = None) -> Any:
        d = self.__dict__
        if (busy := d.get("_busy", False)) and name not in (rules := self.rules).reuse:
            return getattr(rules, name)(self.state, *args)  # (folding an input, nothing declared: asked afresh)
        answers = d.get("_answers")
        if answers is None:
            answers = d["_answers"] = cache.Answers()
        elif answers.seq == self.seq and not busy and not cache.VERIFY:
            held = answers.now.get((name, args), _NONE)  # (the common case, without a call into the cache)
            if held is not _NONE:
                return copy(held) if copy else held
        return cache.ask(answers, self.seq, busy, self.rules, self.state, name, *args, copy=copy)

    def skills_found(self, seat: int) -> list[Skill]:
        """`skills_of` as the input being folded found it: asked by a handler before it changes anything, when
        the answer kept for the state the input found still holds (`_act` looks up the skill it was sent with)."""
        busy = self.__dict__.get("_busy", False)
        self.__dict__["_busy"] = False
        try:
            return self.skills_of(seat)
        finally:
            self.__dict__["_busy"] = busy

    def _held(self, name: str, *args: Any) -> Any:
        """The answer kept for the game as it stands, or None (not asked yet, or an input is being folded)."""
        answers = self.__dict__.get("_answers")
        if answers is None or answers.seq != self.seq or self.__dict__.get("_busy"):
            return None
        return answers.now.get((name, args))

    def _keep(self, name: str, value: Any, *args: Any) -> None:  # (of the state as an input settled)
        answers = self.__dict__.get("_answers")
        if answers is None:
            answers = self.__dict__["_answers"] = cache.Answers()
        cache.keep(answers, self.seq, name, args, set(value) if isinstance(value, set) else value)

    def __getstate__(self) -> dict[str, Any]:
        """The game itself: the kept answers are the engine's, rebuilt as asked (never pickled or copied)."""
        return {k: v for k, v in self.__dict__.items() if k not in ("_answers", "_busy", "_touch", "_rules")}

    def resolve(self, token: str) -> int | None:
        """A target token → seat (engine/core/seats.py: 3, 3号, 三号, @QQ, a name…), or None."""
        return resolve_seat(self.players, token)


def clean_name(name: str) -> str:
    name = "".join(ch for ch in name if ch >= " " and ch not in "\n\r").strip()
    return name[:MAX_NAME] or "无名"


def apply(game: Game, inp: Input) -> list[Event]:
    """Fold one input. Raises Refusal (game unchanged) or returns the events."""
    handler = _HANDLERS.get(inp.kind) or parts.handler(inp.kind)
    if handler is None:
        raise Refusal("无法识别的操作。")
    if game.status == ENDED and inp.kind not in ("deadline",):
        raise Refusal("这局游戏已经结束了。")
    rules = game.rules
    ctx = Ctx(game, rules, inp.at, inp.actor)
    before = (game.phase_no, game.deadline)
    # who owed an action in the state this input found, if asked (for a ruleset that declares `touches_own`)
    found = game._held("pending") if rules.per_seat else None
    game.__dict__["_busy"] = True  # this input may change anything: no answer is kept for it (engine/core/cache.py)
    try:
        handler(game, ctx, inp)
        owing = _after(game, ctx, rules, found)
    finally:
        game.__dict__["_busy"] = False
    if game.phase_no != before[0] or game.deadline != before[1] or game.status == SIGNUP:
        _set_reminder(game, inp.at)  # (in sign-up every join or leave may move the roster's moment)
    game.seq += 1
    if owing is not None:  # asked of the state as the input left it: the first answer of the next input's wait
        game._keep("pending", owing)
    elif ctx.touched is not None and found is not None and game.phase_no == before[0] and game.status == RUNNING:
        game.__dict__["_touch"] = (game.seq, ctx.touched, found)  # (Ruleset.touches_own: asked when needed)
    events = ctx.events
    for part in parts.writing("after_input"):  # what a part adds once the input is folded (the spectators' feed)
        more = part.after_input(game, inp, events)
        if more:
            events.extend(more)
    if game.keep_record:
        record.keep(game, record.notes(game, inp.at, ctx.events))
    return events


# --- input handlers ----------------------------------------------------------


def need_seat(game: Game, qq: int, *, alive: bool = False) -> int:
    """The sender's seat in a running game, or the refusal a non-player gets."""
    seat = game.seat_of(qq)
    if seat is None:
        raise Refusal("你不是这局游戏的玩家。")
    if game.status != RUNNING:
        raise Refusal("游戏还没有开始。")
    if alive and not game.state.alive[seat]:
        raise Refusal("你已经出局了。")
    return seat


def fixed_seed(game: Game) -> bool:
    """The opener fixed the seed (种子=, for tests and replays): the deal can be worked out from it."""
    return game.options.get("种子") is not None


def _start(game: Game, ctx: Ctx, inp: Input) -> None:
    if game.status != SIGNUP:
        raise Refusal("游戏已经开始了。")
    why = game.rules.check_players(game.options, len(game.players))
    if why:
        raise Refusal(why)
    game.status = RUNNING
    seats = "\n".join(game.seat_name(i + 1) for i in range(len(game.players)))
    ctx.group(f"游戏开始！{game.rules.title}，{len(game.players)} 人，座位（电梯楼顺序）：\n{seats}\n身份已私聊发出，发送 /身份 可随时查看。")
    entropy = inp.arg("entropy")
    if entropy is not None and not fixed_seed(game):
        # The deal's randomness, drawn by the QQ layer from a cryptographic source at this moment: nobody
        # who saw the game during sign-up (its seed, its options) can work out the deal. It is in the log,
        # so a replay deals the same; the 导演台 shows it only once the game has ended.
        game.rng.reseed(game.seed ^ int(entropy))
        ctx.judge(f"法官 {inp.actor} 开始游戏")
    else:
        ctx.judge(f"法官 {inp.actor} 开始游戏，种子 {game.seed}")
    game.state = game.rules.setup(ctx, len(game.players))


def _act(game: Game, ctx: Ctx, inp: Input) -> None:
    seat = need_seat(game, inp.actor)
    rules = game.rules
    args = dict(inp.args)
    word = args.get("skill", "")
    skill = rules.find(game.state, seat, word, game.skills_found(seat))  # (nothing of this input has happened yet)
    via = args.get("via", "pm")
    if skill.public and via != "group":
        raise Refusal(f"「{skill.name}」需要在群里公开使用。")
    if via == "group" and _pm_only(skill, game.state.phase, rules.phases.get(game.state.phase)):
        # typed in the group it would give the role away: refused before anything is parsed or recorded
        raise Refusal(f"「{skill.name}」请私聊机器人使用，不要在群里暴露身份。")
    reason = clean_text(args.get("reason", "") or "", 200)
    words = list(args.get("words", ()))
    if word != skill.name and word in skill.words:
        words.append(word)  # the typed alias carries meaning (/改票 is a change)
    text = ""
    if skill.free_text:  # targets, then free text (审讯's question), from the raw words as typed
        raw = str(args.get("text", "") or " ".join(words)).strip()
        parts = raw.split(None, skill.targets)
        words, text = parts[:skill.targets], (parts[skill.targets] if len(parts) > skill.targets else "")
        text = clean_text(text, 200)
    proxy = {"proxy": True, "by_judge": args.get("judge", 0)} if args.get("proxy") else {}
    action = parse_action(skill, words, game.resolve, reason=reason, via=via, text=text,
                          msg=int(args.get("msg", 0) or 0), **proxy)
    rules.act(ctx, game.state, seat, action, skill)
    if rules.per_seat and rules.touches_own(game.state, seat, skill):
        ctx.touched = seat


def _pm_only(skill: Skill, phase: str, spec: PhaseSpec | None) -> bool:
    """The one guard for `Skill.pm_only`. It speaks when typing the skill now would tell the group who holds
    it: in a phase where the skill is used (outside them the ordinary "not now" answers). Unset, the skill
    is private at night."""
    if skill.public:
        return False
    if skill.pm_only is None:
        return spec is not None and spec.night and skill.name != "投票"
    return skill.pm_only and (not skill.phases or phase in skill.phases)


def _give_up(game: Game, ctx: Ctx, inp: Input) -> None:
    seat = need_seat(game, inp.actor)
    word = inp.arg("skill", "")
    skill: Skill | None = game.rules.find(game.state, seat, word) if word else None
    game.rules.give_up(ctx, game.state, seat, skill)
    ctx.judge(f"{game.seat_name(seat)} 放弃了{('「' + skill.name + '」') if skill else '本阶段行动'}")


def _chat(game: Game, ctx: Ctx, inp: Input) -> None:
    """/队聊 [频道] <内容> (and /狼聊): relayed to the channel's other members only."""
    seat = need_seat(game, inp.actor)
    rules = game.rules
    channel, raw = channels.pick(rules, game.state, seat, str(inp.arg("text", "")), str(inp.arg("alias", "")))
    text = clean_text(raw)
    if not text:
        raise Refusal("聊天内容不能为空。")
    members = [m for m in channel.members if m != seat]
    ctx.team(channel.key, members, f"【{channel.name}】{game.seat_name(seat)}：{text}", "chat")
    ctx.reply(f"已转发到{channel.name}（{len(members)} 人）。")
    ctx.judge(f"【{channel.name}】{game.seat_name(seat)}：{text}")
    rules.on_team_chat(ctx, game.state, seat, channel.key, text)


def _last_words(game: Game, ctx: Ctx, inp: Input) -> None:
    seat = need_seat(game, inp.actor)
    text = clean_text(inp.arg("text", ""))
    if not text:
        raise Refusal("遗言内容不能为空。")
    game.rules.last_words(ctx, game.state, seat, text)


def _relay(game: Game, ctx: Ctx, inp: Input) -> None:
    seat = need_seat(game, inp.actor)
    target = game.resolve(str(inp.arg("target", "")))
    if target is None:
        raise Refusal("找不到私聊对象：请用座位号、@、QQ号或游戏内昵称。")
    text = clean_text(inp.arg("text", ""))
    if not text:
        raise Refusal("私聊内容不能为空。")
    game.rules.relay(ctx, game.state, seat, target, text)


def _deadline(game: Game, ctx: Ctx, inp: Input) -> None:
    if game.status != RUNNING or game.paused:
        raise Refusal("游戏不在计时中。")
    if inp.arg("phase_no") != game.phase_no:
        raise Refusal("这个截止时间已经过期了。")
    for part in parts.writing("on_deadline"):
        if part.on_deadline(game, ctx):
            return  # a part's own time ran out within the phase (a speaking turn)
    _close(game, ctx)


def _close(game: Game, ctx: Ctx) -> None:
    spec = game.rules.phases.get(game.state.phase)
    if spec is not None and not spec.night:
        # 关门 is the deadline itself (「关门后60分钟」 counts from 22:00), not the moment the deadline input was
        # handled a little later; a close before the deadline (推进, 加速) closes when it happens
        game.last_close = min(ctx.at, game.deadline) if game.deadline is not None else ctx.at
    for part in parts.installed():
        part.before_close(game, ctx)
    if decided(game):
        return  # the cards at 关门 decided the game: the day is not counted any more
    game.rules.close_phase(ctx, game.state)
    for part in parts.installed():
        part.after_close(game, ctx)


def _answer(game: Game, ctx: Ctx, inp: Input) -> None:
    """/回复 <编号> <答案> (or a QQ reply to a 宣言): the ruleset finds the declaration and checks the answer."""
    seat = need_seat(game, inp.actor)
    try:
        no = int(inp.arg("no", 0) or 0)
    except (TypeError, ValueError):
        raise Refusal("宣言编号要写数字：/回复 <编号> <是|否|无法回答>。") from None
    word = clean_text(str(inp.arg("text", "")), 20)
    game.rules.answer(ctx, game.state, seat, no, word, str(inp.arg("via", "pm")))


_HANDLERS = {  # sign-up ("join", "leave") is engine/parts/signup.py's
    "start": _start,
    "act": _act,
    "pass": _give_up,
    "chat": _chat,
    "lastwords": _last_words,
    "deadline": _deadline,
    "remind": _remind,
    "relay": _relay,
    "answer": _answer,
}


# --- after every accepted input ---------------------------------------------------


def _after(game: Game, ctx: Ctx, rules: Ruleset, found: set[int] | None = None) -> set[int] | None:
    """Settle the game after an input: outcome, phase entries, early closes. Returns who owes an action in the
    settled state when the last early-close check asked it (None when it did not). `found`: who owed one before
    the input (with `ctx.touched`, the other seats' answers stand while the phase has not moved)."""
    for _ in range(_EARLY_CLOSE_LIMIT):
        if game.status != RUNNING:
            return None
        state = game.state
        result = game.verdict()
        if result is not None:
            _finish(game, ctx, result, result.text)
            return None
        if ctx.entered:
            found = None  # (a new phase: everyone's answer is new)
            ctx.entered.clear()
            spec = rules.phases[state.phase]
            game.phase_no += 1
            if game.paused:
                game.paused_left = float(phase_deadline(spec, game.options, ctx.at, game.last_close) - ctx.at)
            else:
                game.deadline = phase_deadline(spec, game.options, ctx.at, game.last_close)
            _announce_phase(game, ctx, spec)
            for part in parts.installed():
                part.on_enter(game, ctx)
        else:
            owing = _owing_if_early(game, rules, state, found if ctx.touched is not None else None, ctx.touched)
            if owing or owing is None or rules.keep_open(state) or any(
                    part.holds_open(game) for part in parts.writing("holds_open")):  # (speaking turns)
                return owing  # settled: nothing after this changes the state
            found = None
            _close(game, ctx)
    raise RuntimeError("phase loop did not settle")  # a ruleset bug, not a player's


def _owing_if_early(game: Game, rules: Ruleset, state: Any, found: set[int] | None = None,
                    touched: int | None = None) -> set[int] | None:
    """Who owes an action, when this phase may close as soon as nobody does (None when it may not). With `found`
    and the one `touched` seat (Ruleset.touches_own), only that seat is asked again."""
    spec = rules.phases.get(state.phase)
    if spec is None or not spec.early or game.options.get("节奏", QUICK) == FORUM or game.paused:
        return None
    if found is None or touched is None:
        return game.pending()
    return cache.owing_again(rules, state, found, touched)


def _announce_phase(game: Game, ctx: Ctx, spec) -> None:
    """The phase banner; a day that opens for discussion shows the 电梯楼 (text and picture)."""
    banner = phase_line(game, ctx.at)
    facts = {"phase": game.state.phase, "day": game.state.day, "at": ctx.at}
    if not spec.discussion:
        ctx.group(banner, "phase", facts)
        return
    board = pictures.ring(game, game.rules.phase_label(game.state))
    ctx.group(banner + "\n" + pictures.ring_text(board), "phase", facts | {"image": board})


def phase_line(game: Game, at: float) -> str:
    """What is next and until when (the last line of a phase change's post)."""
    label = game.rules.phase_label(game.state)
    if game.deadline is None or not game.texts:  # (no clock formatting where nobody reads the text)
        return f"【{label}】" + ("（已暂停，法官 /法官 继续 后开始计时）" if game.paused else "")
    when = "".join(p.phase_note(game, at) for p in parts.installed())
    return f"【{label}】{when}截止 {deadline_text(game.deadline, at, game.options)}"


def decided(game: Game) -> bool:
    """The game has an outcome already (after it, no card, no check, no send-off)."""
    return game.state is not None and game.verdict() is not None


def cast_lines(game: Game, *, qq: bool = True) -> list[str]:
    """The 演员表: with each player's QQ for the judges (/法官 演员表, `bansha replay`); seat and nickname only in
    what the group reads at the end (`qq=False`)."""
    players = game.players
    return [f"{r.seat}号 {players[r.seat - 1].name}" + (f"（{players[r.seat - 1].qq}）" if qq else "")
            + f"：{r.role}，{r.faction}，{r.fate}" for r in game.rules.cast(game.state)]


def _end_card(game: Game, ctx: Ctx, result: Outcome | None) -> None:
    """The 演员表 (text and picture): roles, camps, fates, the winner and the all-seeing spectators."""
    winner = result.winner if result is not None else "无（法官终止）"
    seeing = [who for part in parts.installed() for who in part.credits(game)]
    tail = [f"{pictures.WATCHERS}：" + "、".join(name for name, _ in seeing)] if seeing else []
    board = pictures.cast(game, winner, game.rules.cast(game.state), [name for name, _ in seeing])
    card = "\n".join([f"{pictures.CAST_HEAD}：", *cast_lines(game, qq=False), board["winner"], *tail])
    ctx.events.append(Event(GROUP, card, "end", pictures.attach(board)))


def _finish(game: Game, ctx: Ctx, result: Outcome | None, text: str) -> None:
    game.status = ENDED
    game.outcome = result
    game.deadline = None
    board = game.rules.end_board(game.state) if result is not None and game.state is not None else None
    ctx.events.append(Event(GROUP, text, "end", pictures.attach(board)))
    if game.state is not None:
        _end_card(game, ctx, result)
    ctx.judge(text if text.startswith("游戏结束") else f"游戏结束：{text}")
    lines = list(game.timeline) + [f"[{local_time(ctx.at, game.options)}] {e.text}" for e in ctx.events if e.audience.kind == "judge"]
    ctx.events.append(Event(Audience("group"), record.record_text(lines), "end", (("forward", True), ("record", True))))
