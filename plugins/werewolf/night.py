"""The night (world.Night): its sub-phases and the dawn, all driven by the one list order.NIGHT_ORDER.

Each step runs the moments it lists (`NightStep.moments`, order.py) on its unit (book.WerewolfUnit, in its
role's module): `wake` when its sub-phase opens (its role's own prompt; every other seat gets the engine's
prompt from its skills), `close` when it closes (the pack's decision, a choice nobody made), `dawn` at the
dawn's count (folded in the list's order), and `morning` after the dawn's deaths are announced.
"""

from __future__ import annotations

from . import judged, order
from .book import BOOK, Dawn, Departure
from .order import NightStep
from .state import WerewolfState
from .terms import DAY, POISON, WOLF_KILL
from .world import World


# --- which steps play tonight (pure: the ruleset asks these without a turn) ---------------------------
def on(state: WerewolfState, step: NightStep) -> bool:
    return step.role in state.cards and (not step.first_night or state.day == 1)


def tonight(state: WerewolfState, phase: str | None = None) -> tuple[NightStep, ...]:
    """The steps of order.NIGHT_ORDER on this board (`state.board_steps`, fixed at the deal: `board_steps`) that
    play tonight (in `phase`)."""
    first = state.day == 1
    return tuple(step for step in state.board_steps
                 if (first or not step.first_night) and (phase is None or step.phase == phase))


def board_steps(cards: frozenset[str]) -> tuple[NightStep, ...]:
    """The steps of order.NIGHT_ORDER whose role has a card on the board (dealt or a spare), with a 剧本 role's
    step (judged.STEPS: a 保护 or 击杀 settled at dawn) where the 剧本's night order put it."""
    steps = [step for step in order.NIGHT_ORDER if step.role in cards]
    waiting = [placed for placed in judged.STEPS.values() if placed[0] in cards]  # (in the order registered)
    while waiting:  # (one 剧本 role may follow another: each goes in once the step it follows is in)
        here = {step.role for step in steps}
        ready = [p for p in waiting if not p[1] or p[1] in here] or waiting[:1]
        for placed in ready:
            waiting.remove(placed)
            _, after, step = placed
            at = next((i + 1 for i in range(len(steps) - 1, -1, -1) if steps[i].role in (after, step.role)), 0)
            steps.insert(at, step)
    return tuple(steps)


def wakes(step: NightStep) -> bool:
    """Its role is woken in its sub-phase: it declares a skill of that sub-phase (the 长老's step is a passive,
    counted at dawn; "狼人" stands for the pack and holds its 杀人)."""
    return any(step.phase in skill.phases for skill in BOOK.roles[step.role].skills)


def keep_open(state: WerewolfState) -> bool:
    """A night sub-phase runs to its deadline when a role that acts in it has no living holder with powers
    (dead, its card among the thief's spares, or powerless): ending early would tell the table so. It also
    keeps the dawn out of the input that closed the wolves' sub-phase, so their team messages never reach a
    wolf who dies in that same input."""
    for step in tonight(state, state.phase):
        if step.role != "狼人" and wakes(step):
            holder = BOOK.units[step.key].holder(state) if "holder" in step.moments else None
            holder = state.holder(step.role) if holder is None else holder
            if not holder or state.powerless(holder):
                return True
    return False


def owes(state: WerewolfState) -> set[int] | None:
    """Who owes an action in this sub-phase, where its steps say (`owes`; None: the skills say). Asked for
    nearly every input of the night: one pass over the board's steps."""
    phase, first = state.phase, state.day == 1
    owed = None
    for step in state.board_steps:
        if step.phase == phase and "owes" in step.moments and (first or not step.first_night):
            owed = BOOK.units[step.key].owes(state) | (owed or set())
    return owed


class Night:
    def __init__(self, w: World):
        self.w = w

    def start(self, first: bool = False) -> None:
        ctx, state = self.w.ctx, self.w.state
        state.day = 1 if first else state.day + 1
        state.wolf_choice = {}
        state.kill = state.accused = state.peeking = state.caught = 0
        state.guarded = state.saved = state.poisoned = 0
        state.charming = []
        state.witch_told = False
        state.tonight = {}
        state.box.clear()
        state.candidates = []
        state.tie_declined = False
        ctx.group(f"天黑请闭眼。第{state.day}夜：有夜间技能的玩家请私聊机器人行动。")
        self.next_phase(after=None)

    def next_phase(self, after: str | None) -> None:
        """Enter the first night sub-phase after `after` in which some role on the board acts, else dawn."""
        ctx, state = self.w.ctx, self.w.state
        start = 0 if after is None else order.NIGHT_PHASES.index(after) + 1
        for phase in order.NIGHT_PHASES[start:]:
            steps = [step for step in tonight(state, phase) if wakes(step)]
            if steps:
                ctx.enter(state, phase)
                woken = [step for step in steps if "wake" in step.moments]
                for step in woken:
                    BOOK.units[step.key].wake(self.w)
                # every other night role: its skills, targets and how to type them (the engine's prompt)
                own = {step.role for step in woken}
                self.w.prompt([s for s in state.living() if state.role(s) not in own] if own else None)
                return
        self.dawn()

    def close(self) -> None:
        closing = self.w.state.phase
        for step in tonight(self.w.state, closing):
            if "close" in step.moments:
                BOOK.units[step.key].close(self.w)
        self.next_phase(after=closing)

    # --- dawn --------------------------------------------------------------------------------
    def dawn(self) -> None:
        ctx, state = self.w.ctx, self.w.state
        tally = Dawn()
        steps = tonight(state)
        for step in steps:
            if "dawn" in step.moments:
                BOOK.units[step.key].dawn(self.w, tally)
        d = state.day
        first = []
        for s in sorted(tally.deaths):
            causes = tally.deaths[s]
            fate = "、".join(f"被{c}" for c in causes) + ("（同守同救）" if s in tally.both else "")
            first.append(Departure(s, POISON if any(c.endswith("毒死") for c in causes) else WOLF_KILL, fate))
        deps = self.w.deaths.leave_all(first, night=True)
        dead = sorted(dep.seat for dep in deps)
        ctx.judge(
            f"第{d}夜结算："
            + ("；".join([*(f"{ctx.name(s)} {state.fates[s]}" for s in dead), *tally.notes]) or "平安夜")
        )
        if dead:
            ctx.group(f"天亮了。昨晚死亡的是：{'、'.join(ctx.name(s) for s in dead)}。", data={"out": tuple(dead), "dawn": True})
        else:
            ctx.group("天亮了。昨晚是平安夜，没有人死亡。")
        for step in steps:
            if "morning" in step.moments:
                BOOK.units[step.key].morning(self.w, tally)
        self.w.deaths.settle(deps, night=True)
        state.resume = DAY
        self.w.deaths.advance()
