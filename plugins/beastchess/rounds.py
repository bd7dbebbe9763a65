"""A round from its opening PM to the HP announcement (2: 每回合按照發動能力及本能，玩家行動，主持人公布血量的流程進行).

`open_round` tells every living seat, by one PM, last round's result and what it may do now; `close_round` fills in
what silence means, runs the resolution (resolve.Resolver) and announces: the public HP board in the group, each
seat's own result by PM, the end when a 获胜效果 succeeded, and the next round otherwise.
"""

from __future__ import annotations

from collections.abc import Callable

from ..bansha.engine import Ctx
from ..bansha.engine.game import pictures
from .book import LEVEL_POWERS, REGISTRY
from .data import FACTION, ROUND, seats_text
from .order import MOMENTS
from .power import answers
from .resolve import Resolver
from .state import BeastState

Available = Callable[[BeastState, int], list[str]]  # the names of the skills a seat may use now


def open_round(ctx: Ctx, st: BeastState, available: Available, carry: dict[int, list[str]] | None = None,
               facts: dict[int, list[tuple]] | None = None) -> None:
    """Open the next round; each living seat gets one PM: last round's result (carried) and what it may do."""
    carry = dict(carry or {})
    facts = dict(facts or {})
    st.day += 1
    st.plans = {}
    st.luck = {}
    r = st.day
    ctx.enter(st, ROUND)
    for s in st.living():
        lines = carry.pop(s, [])
        lines.append(f"第{r}回合开始：你的血量 {st.hp[s]}/{st.max_hp}，护盾 {st.shields[s]}。")
        held = st.instinct(s)
        for p in ([held] if held is not None else []) + list(LEVEL_POWERS[st.level(s)]):
            if answers(p, "opening"):
                lines += p.opening(ctx, st, s)
        lines += [line for line in MOMENTS.run("table_opening", REGISTRY, st, s) if line]
        lines.append("现在可用：" + ("、".join(available(st, s)) or "无") + "。先提交本能和能力，最后提交攻击/感应。")
        mine = facts.pop(s, None)
        ctx.seat(s, "\n".join(lines), data={"results": tuple(mine)} if mine else None)
    for s, _died in sorted(st.died_round.items()):
        held = st.instinct(s)
        note = held.dead_note(st, s) if held is not None and answers(held, "dead_note") else ""
        if note:
            carry.setdefault(s, []).append(note)
    send(ctx, carry, facts)


def send(ctx: Ctx, lines: dict[int, list[str]], facts: dict[int, list[tuple]] | None = None) -> None:
    for s in sorted(lines):
        if lines[s]:
            mine = (facts or {}).get(s)
            ctx.seat(s, "\n".join(lines[s]), data={"results": tuple(mine)} if mine else None)


def close_round(ctx: Ctx, st: BeastState, available: Available, over: Callable[[BeastState], bool]) -> None:
    """Resolve the round and announce it; then the next round, whose opening PM carries each seat's result,
    unless the game is `over` (or a 获胜效果 ended it: the results are sent at once)."""
    r = st.day
    for s in st.living():  # what a holder who sent nothing submitted (趋吉避凶: 吉)
        held = st.instinct(s)
        silent = held is not None and answers(held, "owes") and held.owes(st, s, st.plans.get(s))
        if silent and answers(held, "by_default"):
            held.by_default(st, s, st.plan(s))
    rep = Resolver(st).run()
    ctx.judge(f"第{r}回合结算：" + ("；".join(rep.log) or "无事发生"))
    title = f"第{r}回合 血量公布"
    lines, rows = [f"【{title}】"], []
    for s in range(1, st.n + 1):
        hp = "0（死亡）" if s in rep.deaths else (str(st.shown[s]) if st.alive[s] else "已出局")
        lines.append(f"{ctx.name(s)}：{hp}")
        rows.append([ctx.name(s), hp])
    if rep.deaths:
        lines.append(f"本回合死亡：{'、'.join(ctx.name(s) for s in rep.deaths)}。")
    shown = tuple(0 if s in rep.deaths or not st.alive[s] else st.shown[s] for s in range(1, st.n + 1))
    # the public HP board, as a picture too (the shown HP: 獨立宣言 may show a false one)
    board = pictures.table(title, ["", "血量"], rows)
    ctx.group("\n".join(lines), data={"round": r, "hp": shown, "out": tuple(rep.deaths), "image": board})
    results: dict[int, list[str]] = {}
    for s in sorted(set(rep.notes) | set(st.plans) | set(rep.deaths) | set(st.living())):
        if s in st.removed:
            continue
        mine = [f"第{r}回合结算："]
        mine += rep.notes.get(s, [])
        if s in rep.stale and st.alive[s]:
            mine.append(f"独立宣言：公布的血量为 {st.shown[s]}，你的真实血量为 {st.hp[s]}。")
        if s in rep.deaths:
            mine.append("你的血量降到0及以下，你已死亡。")
        elif st.alive[s]:
            mine.append(f"你的血量 {st.hp[s]}/{st.max_hp}，护盾 {st.shields[s]}{hp_extra(st, s)}。")
        if len(mine) > 1:
            results[s] = mine
    if rep.winner:
        st.winner = rep.winner
        st.win_text = (f"{ctx.name(rep.winner_seat)} 的{rep.winner_how}成功，触发获胜效果：{FACTION[rep.winner]}获胜！"
                       f"获胜玩家：{seats_text(st.seats_of(rep.winner))}。")
        send(ctx, results, rep.facts)
        return
    if r == 1 and not st.comm_open:
        st.comm_open = True
        ctx.group("第一回合血量已公布：现在任意两名玩家可以自由交流（私聊机器人 /私聊 <目标> <内容>，由机器人转发）。"
                  "交流中不允许用判断句进行欺骗。")
    if over(st):
        send(ctx, results, rep.facts)
    else:
        open_round(ctx, st, available, results, rep.facts)


def hp_extra(st: BeastState, seat: int) -> str:
    held = st.instinct(seat)
    return held.hp_extra(st, seat) if held is not None else ""
