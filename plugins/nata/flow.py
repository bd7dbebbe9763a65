"""The day of 纳塔 and its phases:

    开局 ─▶ 竞选日 ─▶ 黄昏 ─▶ 早夜 ─▶ 午夜 ─▶ 深夜 ─▶ 凌晨 ─▶ 晨曦 ─▶ 正午 (×2 after 日不落) ─▶ 黄昏 ─▶ …

Entering a phase runs its 即时插入结算 steps of order.ORDER; closing it runs the others (`run_steps`). The
vote, the 警长 election and the death lists are the game's own; everything a role does is its skills'.
"""

from __future__ import annotations

from collections.abc import Callable

from ..bansha.engine import ABSTAIN, VoteBox
from ..bansha.engine.mechanics.death import VOTE as VOTE_OUT
from ..bansha.engine.mechanics.death import Hit
from .catalog import SKILLS, moment
from .order import steps
from .terms import DAWN, DUSK, EARLY, ELECTION, LATE, NEXT, NIGHT_PHASES, NOON, START, seats_text
from .world import World


def enter(w: World, phase: str) -> None:
    """Begin a phase: statuses and disguises that end here end, then its 即时插入结算 steps."""
    state = w.state
    w.ctx.enter(state, phase)
    state.acted = []
    for seat, ds in state.disguises.items():
        state.disguises[seat] = [d for d in ds if d.until != phase]
    run_steps(w, phase, at_start=True)


def run_steps(w: World, phase: str, at_start: bool) -> None:
    for step in steps(phase, at_start):
        procedure = PROCEDURES.get(step.key)
        if procedure is not None:
            procedure(w)
        else:
            w.night.step(step)


def deadline(w: World) -> None:
    """What a 强制 choice nobody made becomes (docs/nata.md: 强制的选择); a missed after-death window closes."""
    state = w.state
    moment("deadline", w)
    if state.phase in (DUSK, DAWN):
        for seat in state.seats():
            if state.windows.get(seat) == (state.day, state.phase):
                state.windows.pop(seat, None)


# --- 竞选日 ---------------------------------------------------------------------------------------------
def start_election(w: World) -> None:
    state, ctx = w.state, w.ctx
    state.election.open = False
    enter(w, ELECTION)
    cands = state.election.candidates
    if cands:
        ctx.group(f"第1天 竞选日：上警的角色：{seats_text(cands)}。未上警的角色请投警长票：/投票 <上警者> <理由>；"
                  "上警者可以 /退水。获得票数最多者当选警长，平票则没有警长。")
    else:
        ctx.group("第1天 竞选日：没有角色上警，本局没有警长。")


def close_election(w: World) -> None:
    state, ctx = w.state, w.ctx
    state.election.candidates = [c for c in state.election.candidates if state.alive[c]]
    weights = {v: state.weight(v) for v in state.election.box.votes}
    winner, counts, leaders = state.election.result(weights)
    if state.election.candidates:
        ballots = {v: t for v, t in state.election.box.votes.items() if t == ABSTAIN or t in state.election.candidates}
        ctx.tally(counts, leaders, ballots)
    if winner:
        state.badge.elect(winner)
        ctx.group(f"{ctx.name(winner)} 当选警长（票权+0.5）。")
        ctx.seat(winner, "你当选了警长：票权+0.5；出局时须在该阶段内移交警长或撕掉警徽（殉职）。")
        ctx.judge(f"{ctx.name(winner)} 当选警长")
    elif state.election.candidates:
        ctx.group("警长竞选" + ("平票" if len(leaders) > 1 else "无人得票") + "，本局没有警长。")
    enter(w, DUSK)


# --- 正午 ----------------------------------------------------------------------------------------------
def start_noon(w: World, first: bool = True) -> None:
    state, ctx = w.state, w.ctx
    enter(w, NOON)
    state.box.clear()
    state.blockade = False
    if first:
        state.noon_round = 1
        state.round_leaders = []
        state.hammer, state.questions, state.relays, state.relayed = [], [], {}, []  # what lasts one day
        lines = []
        dead = w.deaths.by_ring(w.deaths.unannounced())
        if not dead:
            lines.append("昨夜无人出局。")
        for seat in state.returned:
            lines.append(f"{ctx.name(seat)} 重新回到了游戏。")
        back, state.returned = tuple(state.returned), []
        ctx.group(f"第{state.day}天 正午（开门）。" + "".join(lines), data={"back": back} if back else None)
        for note in state.notices:
            ctx.group(note, "reveal")
        state.notices = []
        w.deaths.publish(dead, "昨夜至今出局（电梯楼顺序）")
    else:
        state.noon_round += 1
        ctx.group(f"日不落：第{state.day}天 额外一轮正午开始（第{state.noon_round}轮）。上一轮的最高票角色尚未出局，"
                  "仍可正常发言投票。")
    quiet = [s for s in state.living() if state.has(s, "寡言")]
    if quiet:
        ctx.group(f"[寡言]持有者：{seats_text(quiet)}（只能用动物叫加标点发言）。", data={"quiet": tuple(quiet)})
    hidden = "" if ctx.rule("票数公开") else "票数不公开，只公布最高票。"
    ctx.group(f"请讨论并投票：/投票 <目标|弃权> <理由>（/改票 可改一次）。{hidden}")


def close_noon(w: World) -> None:
    state, ctx = w.state, w.ctx
    leaders: list[int] = []
    if state.blockade:
        ctx.group("今天封锁投票，没有放逐投票的最高票。")
    else:
        ballots = {v: t for v, t in state.box.votes.items()
                   if v not in state.fool_flipped and (t == ABSTAIN or state.alive[t])}
        box = VoteBox(votes=ballots)
        weights = {v: state.weight(v) for v in ballots}
        counts = box.tally(weights)
        leaders = box.leaders(weights)
        ctx.tally(counts, leaders, ballots)
    state.round_leaders.append(leaders)
    if state.extra_today > 0:
        state.extra_today -= 1
        start_noon(w, first=False)
        return
    for d in state.deaths:
        if d.words == "" and d.seat not in state.lastwords and d.words_until <= state.day:
            d.words = "none"  # the right lapses at the close of the first 正午 after the death
    enter(w, DUSK)


# --- 黄昏 ----------------------------------------------------------------------------------------------
def vote_out(w: World) -> None:
    """黄昏1: 统计最高票 — each round's single highest is voted out; a tie (平票) sends nobody out."""
    state, ctx = w.state, w.ctx
    if state.day < 2:
        return  # 竞选日 has no exile vote
    for leaders in state.round_leaders:
        if len(leaders) > 1:
            ctx.group(f"{seats_text(leaders)} 平票，没有角色被投票出局。")
        elif leaders and state.alive[leaders[0]]:
            seat = leaders[0]
            result = w.deaths.hit(Hit(seat, VOTE_OUT, 0, "投票出局"))
            if not state.alive[seat] and state.flip_vote_day == state.day:
                w.deaths.reveal(seat, quiet=True)  # 道士 3强神: "下一天被[投票出局]的角色[翻牌]"
            ctx.judge(f"第{state.day}天 {ctx.name(seat)} 最高票：{result}")
    state.round_leaders = []


def dusk_report(w: World) -> None:
    """黄昏2: "公告出局名单和警长情况" — the 投票出局 and 其他原因 lists of this 黄昏, in 电梯楼 order."""
    state, ctx = w.state, w.ctx
    today = w.deaths.by_ring([d for d in w.deaths.unannounced() if d.day == state.day and d.phase == DUSK])
    votes = [d for d in today if d.kind == VOTE_OUT]
    others = [d for d in today if d.kind != VOTE_OUT]
    if state.day >= 2:
        if votes:
            w.deaths.publish(votes, "投票出局")
        else:
            ctx.group("平安日：今天没有角色被投票出局。")
    w.deaths.publish(others, "其他原因出局")
    for note in state.notices:
        ctx.group(note, "reveal")
    state.notices = []
    if state.badge.holder:
        ctx.group(f"警长：{ctx.name(state.badge.holder)}。")
    elif state.badge.torn:
        ctx.group("警徽已被撕掉，现在没有警长。")


def close_dusk(w: World) -> None:
    run_steps(w, DUSK, at_start=False)
    start_night(w)


# --- 夜晚 ----------------------------------------------------------------------------------------------
def start_night(w: World) -> None:
    state = w.state
    state.plans, state.kill_choice, state.hits, state.swap = {}, {}, [], []
    state.used_names, state.wolf_hurt, state.arson, state.lure, state.lure_fed = [], [], [], {}, []
    state.mifa_list = {}
    w.ctx.group(f"第{state.day}夜开始：有夜间技能的角色请私聊机器人行动。")
    enter(w, EARLY)


def close_night(w: World) -> None:
    """A sub-phase's steps, then plans of skills usable in every phase (灵魂链接), by time."""
    state = w.state
    phase = state.phase
    run_steps(w, phase, at_start=False)
    keys = {s.key for s in steps(phase, at_start=False)}
    for plan in sorted((p for p in state.plans.values() if p.key not in keys), key=lambda p: p.stamp):
        if SKILLS[plan.key].anytime:
            w.night.run(plan)
    state.plans = {}
    state.counting = False
    w.settle()
    if state.winner:
        return
    if phase == LATE:
        start_dawn(w)
    else:
        enter(w, NEXT[phase])


# --- 晨曦 ----------------------------------------------------------------------------------------------
def start_dawn(w: World) -> None:
    state = w.state
    state.day += 1
    state.extra_today, state.extra_noons = state.extra_noons, 0
    state.blockade = False
    enter(w, DAWN)
    w.status.sync()
    w.ctx.group(f"第{state.day}天 晨曦：出局的角色已收到通知，开门时公布出局名单。")


def close(w: World) -> None:
    """The phase's deadline: 强制 choices nobody made, then what the phase's end brings."""
    phase = w.state.phase
    deadline(w)
    if phase == START:
        start_election(w)
    elif phase == ELECTION:
        close_election(w)
    elif phase == NOON:
        close_noon(w)
    elif phase == DUSK:
        close_dusk(w)
    elif phase in NIGHT_PHASES:
        close_night(w)
    elif phase == DAWN:
        start_noon(w)


# The game's own steps of order.ORDER (the rest are skills' moments, Step.moments).
PROCEDURES: dict[str, Callable[[World], None]] = {
    "vote_out": vote_out,
    "dusk_report": dusk_report,
    "count": lambda w: w.night.count(),
}
