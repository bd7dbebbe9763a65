"""The [M45]『鹿鼎记』 ruleset (rule text 003): wolves win by 感染 (converting camps), not by killing.

Flow (docs/luding.md has every rule as played and the source of each choice):

    day 1 (vote) ──▶ night (submit) ──▶ settle (resolve I–VII) ──▶ day 2 (vote) ──▶ night ──▶ …

- The first day opens with a vote; there is no night before it.
- At night every role submits by private message; nothing resolves until the night closes. The settle phase
  then runs `order.NIGHT_ORDER` step by step; a hunter who leaves in it decides his 最后一枪 at once (the
  resolution waits for him), then it carries on. The settle phase exists every night, so its presence says
  nothing about the hunter.
- A hunter voted out shoots during the following night phase (论坛: within 30 minutes of 关门); the shot and
  its victim are published at once.
- Win and loss (胜负判定) are judged after every single change (an exit, a camp change, a forfeit): losses
  first, then wins; a decided winner stops all resolution at once.

The parts: terms.py (the text's words, phases, options), roles/ (one module per role: its units — their
checks, effects and moments — and the role), order.py (the night, one list, and the moment table),
deaths.py, night.py and day.py (the procedures, behind world.World), views.py (what each one sees). This
class is the engine's hooks, each handing the input to those parts.

Pure: no nonebot, no clock, no global random; randomness only from ctx.rng.
"""

from __future__ import annotations

from typing import Any

from ..bansha.engine import PLAN, Action, CastRow, Ctx, Outcome, Refusal, Ruleset, Skill, register
from ..bansha.engine.core.behaviour import problems
from ..bansha.engine.core.order import StepView
from . import roles, views
from .book import BOOK, LudingSkill
from .order import MOMENTS, NIGHT_ORDER
from .script import LudingFamily
from .state import LudingState
from .terms import ALL, CAMPS, DAY, DECK, NIGHT, OPTIONS, PHASES, PLAYERS, SETTLE, WOLF
from .turn import Turn

# The one check (engine/core/behaviour.py): every moment a unit writes is in the table (order.MOMENTS, the
# night's steps), every unit the table lists writes it. The night's steps are the game's own procedures.
_PROBLEMS = problems(BOOK.units, MOMENTS, NIGHT_ORDER, base=LudingSkill, procedures=[s.key for s in NIGHT_ORDER])
if _PROBLEMS:
    raise ValueError("鹿鼎记的声明有误：" + "；".join(_PROBLEMS))


class LudingRuleset(Ruleset):
    key = "luding"
    title = "鹿鼎记"
    aliases = ("M45", "[M45]鹿鼎记", "『鹿鼎记』")
    options = OPTIONS
    phases = PHASES
    default_tempo = "论坛"
    factions = CAMPS
    forfeit_public = False  # "阵营被判负后，不予公示，且属于该阵营的角色并不会出局"
    # 003's forum rules, in every tempo (the times and 潜水 only in 论坛 tempo; docs/luding.md, docs/forum.md)
    text_rules: dict[str, Any] = {
        "改票次数": 1,  # "投票后，只有一次改票机会"
        "改票截止": 3600,  # "白天结束前一个小时不得改票"
        "代投截止": 1800,  # "法官代投时限为关门前半小时"
        "投票理由": "必填",  # "明确说明投票对象和投票理由"
        "票数公开": True,  # "统计投票结果并公布"
        "加速门槛": "过半",  # "若过半数的玩家通过QQ私聊法官申请加速"
        "潜水": True, "未投票黄牌": True,  # 违规判定 5 潜水
        "红牌结算": "立即",  # "白天红牌罚下在被投票出局之前"
        "红牌判负": False,  # "判罚红牌时，导演视情况决定是否判负该玩家所在阵营"
    }
    book = BOOK
    players = PLAYERS
    players_refusal = "鹿鼎记是 {need} 人局（1父狼、1幼狼、1预言家、1女巫、1守卫、1猎人、1长老、6村民、1妖狐），现在报名了 {n} 人。"

    def script_family(self) -> LudingFamily:
        return LudingFamily(self)  # a 剧本 of 003's board (script.py)

    # --- sign-up and deal ------------------------------------------------------------
    def setup(self, ctx: Ctx, n: int) -> LudingState:
        deck = list(DECK)
        ctx.rng.shuffle(deck)
        state = LudingState(
            n=n, alive=[False] + [True] * n, day=1, roles=[""] + deck,
            camps=[""] + [BOOK.roles[r].faction for r in deck],
        )
        ctx.group(
            "身份配置：1父狼、1幼狼、1预言家、1女巫、1守卫、1猎人、1长老、6村民、1妖狐；三个阵营：狼人、村民、妖狐。"
            "狼人阵营靠感染（转变阵营）而不是杀人取胜。出局的角色不公示身份。",
            data={"wolves": sum(1 for r in deck if BOOK.roles[r].faction == WOLF)},
        )
        for seat in range(1, n + 1):
            ctx.seat(seat, views.intro(state, seat), "role", views.intro_facts(state, seat))
        ctx.judge("发牌：" + "；".join(f"{ctx.name(s)}：{state.role(s)}" for s in range(1, n + 1)))
        Turn(ctx, state).day.start()
        return state

    # --- declarations ---------------------------------------------------------------
    def skills_of(self, state: LudingState, seat: int) -> list[Skill]:
        return [*views.role_of(state, seat).skills_now(state, seat), roles.everyone.VOTE]

    def phase_label(self, state: LudingState) -> str:
        if state.phase == DAY:
            return f"第{state.day}天"
        if state.phase == NIGHT:
            return f"第{state.day}夜"
        return f"第{state.day}夜 {self.phases[state.phase].label}"

    def blocked(self, state: LudingState, seat: int, skill: Skill) -> str | None:
        """What holds for every night submission (lost, given up, already in), then the skill's own check."""
        if not state.has(seat, skill.key):
            return f"你已经失去了技能「{skill.name}」。"
        if isinstance(skill, LudingSkill) and skill.submit == PLAN:  # a night submission (book.LudingSkill)
            if state.passed_on(seat, skill.key):
                return "你已经放弃了今晚的这个行动。"
            if not skill.again and state.tonight.get(skill.key):
                return f"今晚的「{skill.name}」已经提交了。"
        return super().blocked(state, seat, skill)

    def perform(self, ctx: Ctx, state: LudingState, seat: int, skill: Skill, action: Action) -> None:
        """A night submission (PLAN) is kept in state.tonight until its step of the night (book.LudingSkill.plan);
        the rest (the vote, 最后一枪) resolves now, as the engine does it (`resolve`)."""
        if isinstance(skill, LudingSkill) and skill.submit == PLAN:
            skill.plan(ctx, state, seat, action)
        else:
            super().perform(ctx, state, seat, skill, action)

    def prompt_note(self, state: LudingState, seat: int) -> str:
        return views.role_of(state, seat).prompt_line(state, seat)

    def pending(self, state: LudingState) -> set[int]:
        if state.result is not None:
            return set()
        if state.phase == DAY:
            return {s for s in state.living() if s not in state.box.votes and s not in state.done}
        if state.phase == SETTLE:
            return {state.shooter} if state.shooter else set()
        out = set()
        for s in state.living():
            for sk in self.skills_of(state, s):
                if NIGHT in sk.phases and not sk.mandatory and self.available(state, s, sk) is None:
                    out.add(s)
                    break
        shooter = state.vote_shooter
        if shooter and self.available(state, shooter, roles.hunter.SHOT_AFTER_VOTE) is None:
            out.add(shooter)
        for s in state.words_owed:
            if s not in state.words and not state.passed_on(s, "words"):
                out.add(s)
        return out

    def keep_open(self, state: LudingState) -> bool:
        return state.phase != DAY  # see terms.PHASES: night phases never close early

    def close_phase(self, ctx: Ctx, state: LudingState) -> None:
        if state.result is not None:
            return  # the game is decided; the engine ends it after this input
        w = Turn(ctx, state)
        if state.phase == DAY:
            w.day.close()
        else:
            w.night.close()

    def last_words(self, ctx: Ctx, state: LudingState, seat: int, text: str) -> None:
        if seat in state.removed:
            raise Refusal("你已被红牌罚下，没有遗言。")
        if seat in state.words_past:
            raise Refusal("遗言的时间已经过了：遗言要在下一个白天开始前提交，已经在白天开始时公示。")
        if seat not in state.words_owed:
            raise Refusal("只有白天被投票出局的角色可以留遗言（被最后一枪带走、夜里出局或被罚下的没有遗言）。")
        again = seat in state.words
        state.words[seat] = text
        ctx.reply("遗言已更新。" if again else "遗言已记录，将在下一个白天开始时公示（开始前可以重新发送覆盖）。")
        ctx.judge(f"{ctx.name(seat)} 提交遗言：{text}")

    def give_up(self, ctx: Ctx, state: LudingState, seat: int, skill: Skill | None) -> None:
        if seat not in self.pending(state):
            raise Refusal("你现在没有需要放弃的行动。")
        if state.phase == DAY:
            state.done.add(seat)
            ctx.reply("已放弃本阶段的行动。")
            return
        if state.phase == SETTLE:
            if skill is not None and skill.key != "shot":
                raise Refusal("现在只能放弃最后一枪。")
            state.shooter = 0
            ctx.reply("你放弃了最后一枪。")
            ctx.judge(f"第{state.day}夜 {ctx.name(seat)}（猎人）放弃最后一枪")
            Turn(ctx, state).night.resolve()
            return
        if skill is not None:
            if skill.key == "shot" and state.vote_shooter == seat:
                state.vote_shooter = 0
            else:
                state.passed.append(f"{seat}:{skill.key}")
            ctx.reply(f"已放弃今晚的「{skill.name}」。")
            return
        state.passed.append(f"{seat}:{ALL}")
        if state.vote_shooter == seat:
            state.vote_shooter = 0
        ctx.reply("已放弃今晚的全部行动" + ("（包括遗言）。" if seat in state.words_owed else "。"))

    def remove(self, ctx: Ctx, state: LudingState, seat: int, reason: str) -> None:
        Turn(ctx, state).deaths.remove(seat, reason)

    # --- 胜负判定 (deaths.py) -------------------------------------------------------------
    def outcome(self, state: LudingState) -> Outcome | None:
        return state.result

    def faction_of(self, state: LudingState, seat: int) -> str:
        return state.camps[seat]

    def on_forfeit(self, ctx: Ctx, state: LudingState, faction: str) -> None:
        Turn(ctx, state).deaths.forfeit(faction)

    # --- what a seat, the table and the 导演台 may know (views.py) ------------------------------
    def role_text(self, state: LudingState, seat: int) -> str:
        return views.role_text(state, seat)

    def cast(self, state: LudingState) -> list[CastRow]:
        return views.cast(state)

    def public_status(self, state: LudingState) -> str:
        return views.public_status(state)

    def seat_view(self, state: LudingState, seat: int) -> tuple[bool, list[str]]:
        return views.seat_view(state, seat)

    def dead_chat_wait(self, state: LudingState, seat: int) -> str | None:
        if seat in state.words_owed:
            return "你的遗言在下一个白天开始时才公示，在那之前不能进入亡者聊天。"
        return None

    def seat_facts(self, state: LudingState, seat: int) -> list[str]:
        return views.seat_facts(state, seat)

    def night_steps(self, state: LudingState) -> list[StepView]:
        return views.night_steps(state)

    # --- no team channel ------------------------------------------------------------------
    def chat_refusal(self, state: LudingState, seat: int) -> str | None:
        return "本局没有队伍频道：父狼与幼狼互知但不共群。"


RULESET = register(LudingRuleset())
