"""What each 纳塔 seat may do now: the skills it is offered, which targets it may not choose, the 强制 choices it
owes and who still owes an action. Read-only; what the engine asks of them over an unchanged state it keeps
itself (engine/core/cache.py)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from ..bansha.engine import Skill
from .catalog import PHASE_KEYS, SKILLS, answering
from .roles.everyone import VOTE
from .skill import NataSkill
from .state import NataState
from .terms import ELECTION, NOON, PHASES, START

# The 强制 choices that can be owed in each phase: a skill's own phases (殉职, which has none: any phase).
OWED = {p: tuple(s for s in answering("owes") if not s.phases or p in s.phases) for p in PHASES}
# The skills a seat may still owe a use of in each phase: typed ones of that phase (not 投票-like, not anytime).
ACTING = {p: frozenset(k for k, s in SKILLS.items() if p in s.phases and not (s.general or s.anytime or s.mandatory))
          for p in PHASES}


def skills_of(state: NataState, seat: int) -> list[Skill]:
    """The skills no role holds that this seat is given now (order.MOMENTS["offered"]), then its own."""
    out: list[Skill] = [s.offer(state, seat) for s in answering("offered") if s.offered(state, seat)]
    spirit = not state.alive[seat] and seat in state.spirits
    for key in state.held(seat):
        if not SKILLS[key].mandatory:  # pure triggers are listed by role_text; nobody types them
            out.append(_seen(state, seat, key, spirit))
    return out


def _seen(state: NataState, seat: int, key: str, spirit: bool) -> NataSkill:
    """A held skill as this seat sees it now."""
    skill = SKILLS[key]
    skill = skill.offer(state, seat)
    if spirit and not skill.when_dead:
        skill = replace(skill, when_dead=True)  # 英灵: "可以使用技能"
    return skill


def target_refusal(state: NataState, seat: int, skill: NataSkill, target: int) -> str | None:
    """"已经公示的出局角色不允许被选为技能或投票的目标" (unless the skill picks among the dead), "每名角色只能被
    选择一次" (`once_each`), then the skill's own `target`."""
    if not skill.picks_dead and target in state.public_out:
        return f"{target}号 已经公示出局，不能作为目标。"
    if skill.once_each and target in state.marks.get(state.key(seat, skill.key), ()):
        return f"{target}号 已经被你的「{skill.name}」选择过（每名角色只能被选择一次）。"
    return skill.target(state, seat, target)


def target_check(state: NataState, seat: int, skill: NataSkill) -> Callable[[int], str | None] | None:
    """`target_refusal` as a function of the target (the engine's `legal` asks it once per skill)."""
    public = () if skill.picks_dead else state.public_out
    marks = state.marks.get(state.key(seat, skill.key), ()) if skill.once_each else ()
    if type(skill).target is NataSkill.target:  # the skill refuses no target of its own (most do not)
        if not public and not marks:
            return None  # (the engine then lets every candidate the declaration allows)
        return lambda target: (target_refusal(state, seat, skill, target)
                               if target in public or target in marks else None)
    refuse = skill.target

    def check(target: int) -> str | None:
        if target in public or target in marks:
            return target_refusal(state, seat, skill, target)  # the refusal's words are written there
        return refuse(state, seat, target)

    return check



def owes(state: NataState, seat: int) -> bool:
    """A 强制 choice this seat must still make in this phase (only a skill of this phase can be owed)."""
    return any(s.owes(state, seat) for s in OWED.get(state.phase, ()))


def pending(rules: Any, state: NataState) -> set[int]:
    """Who still owes an action in this phase (a quick tempo closes the phase early when nobody does)."""
    asks = _asker(rules, state)
    return {s for s in state.seats() if asks(s)}


def owes_action(rules: Any, state: NataState, seat: int) -> bool:
    """This seat is one of `pending`'s (asked alone: /放弃 without a skill)."""
    return _asker(rules, state)(seat)


def _asker(rules: Any, state: NataState) -> Callable[[int], bool]:
    """The question "does this seat still owe an action in this phase", with what every seat shares looked up once."""
    phase = state.phase
    if state.winner or not phase:
        return lambda seat: False
    done, removed, owed, alive = state.done, state.removed, OWED.get(phase, ()), state.alive
    own: Callable[[int], bool]
    if phase == START:
        def own(seat: int) -> bool:  # 上警: "导演会在竞选日开始前询问所有角色上警意见"
            return alive[seat] and state.key(seat, "stand") not in state.acted
    elif phase in (NOON, ELECTION):
        box = state.election.box if phase == ELECTION else state.box

        def own(seat: int) -> bool:
            if alive[seat] and seat not in box.votes and rules.blocked(state, seat, VOTE) is None:
                return True
            # a 宣言 waits for this seat's reply (public: it was posted in the group)
            return alive[seat] and any(q.target == seat and not q.answer for q in state.questions)
    else:
        # the skills that can be owed here are held ones (every offered skill is general, or 审讯 of the 正午)
        eligible = ACTING.get(phase, frozenset())
        may = state.table().may_hold(eligible)
        quick = PHASE_KEYS.get(phase, frozenset())

        def own(seat: int) -> bool:
            if seat not in may and not state.face.get(seat) and not state.grants.get(seat):
                return False
            keys = state.held(seat)
            if not any(k in quick for k in keys):
                return False
            spirit = not alive[seat] and seat in state.spirits
            for key in keys:
                if key not in eligible or state.key(seat, key) in state.acted:
                    continue
                sk = _seen(state, seat, key, spirit)
                if rules.available(state, seat, sk) is not None:
                    continue
                if sk.least_targets:
                    check = target_check(state, seat, sk)
                    if check is not None and not any(check(t) is None for t in state.seats()):
                        continue
                return True
            return False

    def asks(seat: int) -> bool:
        if seat in done or seat in removed:
            return False
        for s in owed:
            if s.owes(state, seat):
                return True
        return own(seat)

    return asks
