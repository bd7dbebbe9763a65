"""What every seat may do, whatever its role: the exile vote (正午) and the 警长 (「其他」: 竞岗, 殉职) —
上警 before the 竞选日, 退水, the 警长 vote, and the hand-over when the 警长 leaves."""

from __future__ import annotations

from dataclasses import replace

from ...bansha.engine import ABSTAIN, Action, Refusal, unit
from ..declared import SKILLS
from ..skill import NataSkill
from ..state import NataState
from ..terms import DAWN, ELECTION, NIGHT_PHASES, NOON, START
from ..world import World


def reasoned(state: NataState, seat: int, action: Action) -> Action:
    """寡言: "若投票，不能写投票理由" (the forum rules otherwise want one)."""
    if state.has(seat, "寡言"):
        if action.reason.strip():
            raise Refusal("你处于[寡言]状态：投票不能写投票理由。")
        return replace(action, reason="（寡言，不写理由）")
    return action


@unit("vote", "投票", SKILLS, phases=(NOON, ELECTION), help="正午投票（竞选日为警长票）：/投票 <目标|弃权> <理由>；/改票 可改一次。",
       aliases=("改票",), words=("弃权", "改票"), when_dead=True, syntax="投票 <目标|弃权> <理由>", instant=True,
       general=True, pm_only=False, settles=False, noon_cut=False)
class VOTE(NataSkill):
    def offered(self, state: NataState, seat: int) -> bool:
        return True

    def blocked(self, state: NataState, seat: int) -> str | None:
        if state.phase == ELECTION:
            if not state.alive[seat]:
                return "你已经出局了。"
            if not state.election.candidates:
                return "没有人上警，本局没有警长竞选。"
            return "上警的角色不能投警长票。" if seat in state.election.candidates else None
        if state.blockade:
            return "本次正午已封锁投票，放逐投票无效。"
        if seat in state.fool_flipped:
            return "愚者大难不死后不能参与投票。"
        if not state.alive[seat]:
            late = seat in state.box.votes and state.box.changes.get(seat, 0) == 0
            return None if late else "你已经出局了。"
        return None

    def target(self, state: NataState, seat: int, target: int) -> str | None:
        if state.phase == ELECTION:
            return None if target in state.election.candidates else "警长票只能投给上警的角色（或弃权）。"
        return None if state.alive[target] else f"{target}号 已经出局。"

    def use(self, w: World, seat: int, action: Action) -> None:
        state, ctx = w.state, w.ctx
        target = action.targets[0] if action.targets else ABSTAIN
        if state.phase == ELECTION:
            why = state.election.vote_refusal(seat, target)
            if why:
                raise Refusal(why)
            ctx.vote(state.election.box, seat, reasoned(state, seat, action), label="警长投票")
            return
        ctx.vote(state.box, seat, reasoned(state, seat, action))


@unit("stand", "上警", SKILLS, phases=(START,), help="竞选日开始前报名竞选警长（在群里发送）。", targets=0, public=True, instant=True,
       general=True, settles=False)
class STAND(NataSkill):
    def offered(self, state: NataState, seat: int) -> bool:
        return state.phase == START

    def blocked(self, state: NataState, seat: int) -> str | None:
        if seat in state.election.candidates:
            return "你已经上警了。"
        return "你已经退水，不能再次上警。" if seat in state.election.withdrawn else None

    def use(self, w: World, seat: int, action: Action) -> None:
        w.state.election.stand(seat)
        w.state.acted.append(w.state.key(seat, "stand"))
        w.ctx.group(f"{w.ctx.name(seat)} 上警。")
        w.ctx.judge(f"{w.ctx.name(seat)} 上警")


@unit("withdraw", "退水", SKILLS, phases=(START, ELECTION), help="竞选日投票结束前退出警长竞选（在群里发送）。", targets=0, public=True,
       instant=True, general=True, settles=False, noon_cut=False)
class WITHDRAW(NataSkill):
    def offered(self, state: NataState, seat: int) -> bool:
        return seat in state.election.candidates

    def use(self, w: World, seat: int, action: Action) -> None:
        w.state.election.withdraw(seat)
        w.ctx.group(f"{w.ctx.name(seat)} 退水，退出警长竞选。")
        w.ctx.judge(f"{w.ctx.name(seat)} 退水")


def tear(w: World, why: str) -> None:
    """The badge is torn: no 警长 from now on."""
    state = w.state
    state.badge.tear()
    state.badge_must = 0
    if state.phase in NIGHT_PHASES:
        state.notices.append("警徽被撕掉了，本局没有警长。")
    else:
        w.ctx.group(f"警徽被撕掉了（{why}），现在没有警长。")
    w.ctx.judge(f"警徽被撕掉：{why}")


@unit("badge", "殉职", SKILLS, phases=(), help="警长出局时，在该阶段内移交警长给一名未出局的角色，或不带目标撕掉警徽。",
       aliases=("移交警徽", "撕警徽", "传警徽"), min_targets=0, when_dead=True, syntax="殉职 [移交对象]（不写=撕掉警徽）",
       forced=True, instant=True, general=True, noon_cut=False)
class BADGE(NataSkill):
    """殉职[强制]: "警长出局时，在出局的那个阶段内，须选择一名未出局的角色移交警长或选择撕掉警徽"."""

    def offered(self, state: NataState, seat: int) -> bool:
        return state.badge.pending and state.badge.chooser == seat

    def blocked(self, state: NataState, seat: int) -> str | None:
        return None if state.badge.pending and state.badge.chooser == seat else "你现在不能处理警徽。"

    def target(self, state: NataState, seat: int, target: int) -> str | None:
        if target in (state.badge.leaving,) or not state.alive[target]:
            return "警长只能移交给一名未出局的其他角色。"
        return "愚者不能成为警长殉职的目标。" if target in state.fool_flipped else None

    def use(self, w: World, seat: int, action: Action) -> None:
        state, ctx = w.state, w.ctx
        if not action.targets:
            if state.badge_must:
                raise Refusal("愚者须选择一名其他角色移交警长，不能撕掉警徽。")
            tear(w, f"{ctx.name(state.badge.leaving)} 选择撕掉警徽")
            return
        heir = action.targets[0]
        state.badge.hand_to(heir)
        state.badge_must = 0
        ctx.seat(heir, "你成为了警长：票权+0.5。")
        ctx.judge(f"警长移交给 {ctx.name(heir)}")
        if state.is_night():
            state.notices.append(f"警长移交给了 {ctx.name(heir)}。")
        else:
            ctx.group(f"警长移交给了 {ctx.name(heir)}。")

    def after_out(self, w: World, seat: int, own: list[str], hit) -> None:
        """The decision is due "在出局的那个阶段内" (a night death is decided in the next 晨曦)."""
        state = w.state
        if state.badge.holder != seat:
            return
        heir_by = hit.get("heir_by", 0) if hit else 0
        can = seat not in state.removed and not state.has(seat, "遗忘")  # 殉职 is a 强制 skill
        chooser = heir_by or (seat if can else 0)
        phase, day = (DAWN, state.day + 1) if state.phase in NIGHT_PHASES else (state.phase, state.day)
        state.badge.vacate(phase, day, chooser)
        if not chooser:
            tear(w, "警长无法行使殉职")
            return
        w.ctx.seat(chooser, "警长出局：请在" + ("下一个晨曦" if phase != state.phase else "本阶段") +
                   "内 /技能 殉职 <目标> 移交警长，或 /技能 殉职（不带目标）撕掉警徽；逾时视为撕掉。")

    def owes(self, state: NataState, seat: int) -> bool:
        return bool(state.badge.leaving) and state.badge.chooser == seat and state.badge.phase == state.phase

    def deadline(self, w: World) -> None:
        state, ctx = w.state, w.ctx
        if not (state.badge.pending and state.badge.phase == state.phase):
            return
        if state.badge_must:  # 愚者: "须选择一名其他角色移交警长"
            heir = w.random_living((state.badge_must,))
            if heir:
                state.badge.hand_to(heir)
                state.badge_must = 0
                ctx.seat(heir, "你成为了警长：票权+0.5。")
                ctx.group(f"警长移交给了 {ctx.name(heir)}。")
            else:
                tear(w, "无人可以移交")
        else:
            tear(w, "警长没有在时限内移交")

    def give_up(self, w: World, seat: int) -> None:
        state = w.state
        if state.badge.pending and state.badge.chooser == seat and not state.badge_must:
            tear(w, "警长放弃移交")
