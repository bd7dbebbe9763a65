"""The wolves' pack (狼人 and 白狼王): 杀人 together at night, and, with 偷看风险=指认, 指认 the 小女孩.

002: "狼人每晚一起选择杀害一名好人". Each living wolf's latest choice is its vote; most votes wins; a tie goes
to the most recently chosen of the tied; no choice at all is a 平安夜 (our choices: docs/werewolf.md).
"""

from __future__ import annotations

from ...bansha.engine import ALIVE, ALIVE_OTHER, Action, Ctx, Refusal, Skill
from ..book import BOOK, Dawn, WerewolfRole, WerewolfUnit
from ..state import WerewolfState
from ..terms import NIGHT, WOLF, WOLF_TEAM, seats_text
from ..world import World


def can_accuse(state: WerewolfState) -> bool:
    return state.girl_mode == "指认" and state.has_card("小女孩")


def peek_relay(ctx: Ctx, state: WerewolfState, text: str) -> None:
    """The pack is overheard: the peeking 小女孩 (girl.py) sees what it does, without seeing who does it."""
    girl = state.peeking
    if girl and state.alive[girl] and state.phase == NIGHT:
        ctx.seat(girl, f"【偷看】{text}", "peek")


class WolfRole(WerewolfRole):
    """A wolf of the pack: it knows its mates and shares the pack's 杀人 (and 指认)."""

    def skills_now(self, state: WerewolfState, seat: int) -> tuple[Skill, ...]:
        return (*self.skills, ACCUSE) if can_accuse(state) else self.skills

    def prompt_line(self, state: WerewolfState, seat: int) -> str:
        if state.phase != NIGHT:
            return ""
        mates = [w for w in state.wolves() if w != seat]
        return f"狼人请杀人：/狼聊 <内容> 与队友（{seats_text(mates)}）商量；全体 /放弃 则今晚不杀人。"

    def intro_lines(self, state: WerewolfState, seat: int) -> list[str]:
        mates = [s for s in state.wolves(living=False) if s != seat]
        return [f"你的狼队友：{seats_text(mates)}。私聊 /狼聊 <内容> 与队友交流。"]

    def tells(self, state: WerewolfState, seat: int) -> list[str]:
        mates = [f"{w}号（{'存活' if state.alive[w] else '出局'}）" for w in state.wolves(living=False) if w != seat]
        lines = [f"狼队友：{'、'.join(mates) or '无'}。/狼聊 <内容> 与存活的队友交流。"]
        if state.phase == NIGHT and state.wolf_choice:
            picks = "；".join(f"{w}号→{t}号" for w, (t, _) in sorted(state.wolf_choice.items()) if t)
            lines.append(f"今晚狼队的选择：{picks or '无'}。")
        return lines


def wolf_target(state: WerewolfState) -> int:
    """Each living wolf's latest choice is its vote; most votes wins; a tie goes to the most recently
    chosen of the tied; no choice at all is a 平安夜."""
    votes: dict[int, int] = {}
    latest: dict[int, int] = {}
    for wolf, (target, stamp) in state.wolf_choice.items():
        if state.alive[wolf] and target and state.alive[target]:
            votes[target] = votes.get(target, 0) + 1
            latest[target] = max(latest.get(target, 0), stamp)
    if not votes:
        return 0
    best = max(votes.values())
    return max((t for t, v in votes.items() if v == best), key=lambda t: latest[t])


def wolf_plan(ctx: Ctx, state: WerewolfState) -> str:
    votes: dict[int, int] = {}
    for wolf, (target, _) in state.wolf_choice.items():
        if state.alive[wolf] and target and state.alive[target]:
            votes[target] = votes.get(target, 0) + 1
    target = wolf_target(state)
    if not target:
        return "目前没有人选择目标（平安夜）。"
    tally = "，".join(f"{t}号 {v}票" for t, v in sorted(votes.items(), key=lambda kv: (-kv[1], kv[0])))
    return f"目前：{tally}，将杀害 {ctx.name(target)}。"


def _tell_pack(ctx: Ctx, state: WerewolfState, seat: int, text: str, data: dict | None = None) -> None:
    mates = [w for w in state.wolves() if w != seat]
    ctx.team(WOLF_TEAM, mates, f"【{WOLF_TEAM}】{text}", "team", data)


def wolf_pass(ctx: Ctx, state: WerewolfState, seat: int) -> None:
    """/放弃 by a wolf at night: its vote is withdrawn (all of them: a 平安夜)."""
    if seat in state.done and seat not in state.wolf_choice:
        raise Refusal("你已经放弃了今晚的杀人选择。")
    state.wolf_choice.pop(seat, None)
    state.done.add(seat)
    plan = wolf_plan(ctx, state)
    _tell_pack(ctx, state, seat, f"{ctx.name(seat)} 放弃杀人。{plan}", {"seat": seat, "target": 0})
    ctx.seat(seat, f"你放弃了今晚的杀人选择。{plan}")
    peek_relay(ctx, state, f"某只狼放弃了杀人。{plan}")


@BOOK.unit(
    "kill", "杀人",
    pm_only=True,  # night skills: typed in the group they would give the role away
    aliases=("刀",), phases=(NIGHT,), target_rule=ALIVE, team=WOLF_TEAM, harmful=True,
    help="狼人每晚一起选择杀害一名好人；每只狼以自己最后一次选择为准，得票最多的人被杀，"
    "平票时取其中最近被选的人；全体 /放弃 为平安夜。",
)
class KILL(WerewolfUnit):
    def target(self, state: WerewolfState, seat: int, target: int) -> str | None:
        return "狼人每晚杀死的是好人，不能选择狼队友。" if state.kind(target) == WOLF else None

    def resolve(self, ctx: Ctx, state: WerewolfState, seat: int, action: Action) -> None:
        target = action.targets[0]
        state.stamp += 1
        state.wolf_choice[seat] = (target, state.stamp)
        state.done.add(seat)
        plan = wolf_plan(ctx, state)
        _tell_pack(ctx, state, seat, f"{ctx.name(seat)} 选择杀 {ctx.name(target)}。{plan}",
                   {"seat": seat, "target": target})
        ctx.seat(seat, f"你选择杀 {ctx.name(target)}。{plan}（夜晚结束前可以改选或 /放弃）")
        ctx.judge(f"第{state.day}夜 {ctx.name(seat)}（{state.role(seat)}）选择杀 {ctx.name(target)}")
        peek_relay(ctx, state, f"某只狼选择杀 {ctx.name(target)}。{plan}")

    # --- the pack's step of the night (order.NIGHT_ORDER) ----------------------------------------------------
    def close(self, w: World) -> None:
        """The pack's decision, fixed as the sub-phase closes."""
        ctx, state = w.ctx, w.state
        state.kill = wolf_target(state)
        wolves = state.wolves()
        if state.kill:
            ctx.team(WOLF_TEAM, wolves, f"【{WOLF_TEAM}】今晚的决定：杀害 {ctx.name(state.kill)}。", "team")
            ctx.judge(f"第{state.day}夜 狼人决定杀害 {ctx.name(state.kill)}")
            peek_relay(ctx, state, f"狼队最后决定杀害 {ctx.name(state.kill)}。")
        else:
            ctx.team(WOLF_TEAM, wolves, f"【{WOLF_TEAM}】今晚没有选择目标，不杀人。", "team")
            ctx.judge(f"第{state.day}夜 狼人没有杀人")
            peek_relay(ctx, state, "狼队最后决定今晚不杀人。")

    def dawn(self, w: World, dawn: Dawn) -> None:
        state = w.state
        if state.kill and state.kill not in dawn.protected:
            dawn.deaths.setdefault(state.kill, []).append("狼人杀害")


@BOOK.unit(
    "accuse", "指认", pm_only=True, aliases=("抓", "抓小女孩"), phases=(NIGHT,), target_rule=ALIVE_OTHER,
    team=WOLF_TEAM, harmful=True,
    help="（偷看风险=指认 时）指认你们认为正在偷看的小女孩；狼队以最后一次指认为准。"
    "指认对了且她今晚偷看了，她代替原目标被杀。",
)
class ACCUSE(WerewolfUnit):
    def target(self, state: WerewolfState, seat: int, target: int) -> str | None:
        return "小女孩不会是你的狼队友。" if state.kind(target) == WOLF else None

    def resolve(self, ctx: Ctx, state: WerewolfState, seat: int, action: Action) -> None:
        target = action.targets[0]
        state.accused = target
        _tell_pack(ctx, state, seat, f"{ctx.name(seat)} 指认 {ctx.name(target)} 是偷看的小女孩。")
        ctx.seat(seat, f"你指认 {ctx.name(target)} 是偷看的小女孩（狼队以最后一次指认为准）。")
        ctx.judge(f"第{state.day}夜 {ctx.name(seat)}（{state.role(seat)}）指认 {ctx.name(target)} 是小女孩")
        peek_relay(ctx, state, f"某只狼怀疑 {ctx.name(target)} 是偷看的小女孩。")
