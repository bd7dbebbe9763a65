"""The 酒馆圣杯 ruleset (rule text 001): three factions, a daily grail, 指认, initiative and d100 checks.

One round is one day of the tavern (see docs/tavern.md for every rule as played and its source):

    白天 (grail numbers by PM) ──▶ 黄昏 (指认 + orders by PM) ──▶ 夜晚 and 清晨 (resolved at the 黄昏 deadline) ──▶ 白天

Where things are: grail.py (白天's number game), identify.py (指认), orders.py (tonight's orders), night.py (the
night as order.NIGHT_ORDER lists it, each turn as order.TURN_ORDER), effects/ (what each kind of class skill does,
one module each), classes.toml + sheet.py (the class sheet), combat.py (AB, AC and the saves), deaths.py (leaving
the game), scoring.py (points and the end). This module is the deal, the phases and what a seat may see.

Pure: no nonebot, no clock, no global random.
"""

from __future__ import annotations

from ..bansha.engine import CastRow, Ctx, OptionSpec, Outcome, PhaseSpec, Refusal, Ruleset, Skill, register
from ..bansha.engine.core.behaviour import problems
from .classes import CLASS_SKILLS, GRAPPLER
from .combat import fortitude, save_bonus, will
from .deaths import die
from .effect import Effect
from .effects import EFFECTS
from .grail import NUMBER, award, start_day
from .grimoire import GrimoireMixin
from .identify import IDENTIFY, claims_left
from .night import NIGHT_PROCEDURES, TURN_PROCEDURES, Night
from .order import BOOK, DAY, DUSK, MOMENTS, NIGHT_ORDER, TURN_ORDER
from .orders import ATTACK, orders_text, start_dusk, withdraw
from .scoring import (
    GOAL,
    GRAIL_POINTS,
    KILL_POINTS,
    SURVIVOR_POINTS,
    TEAMKILL_POINTS,
    THEFT_POINTS,
    end_board,
    fallen,
    outcome_key,
)
from .scoring import outcome as final_outcome
from .sheet import SHEET
from .skill import TavernSkill
from .state import FEEDBACK_NIGHT, FEEDBACK_NOW, Orders, TavernState
from .terms import FACTIONS, LINEUP, PLAYERS, STD, label, pct

GENERIC = (NUMBER, ATTACK, IDENTIFY)
# What a seat may type (the general commands and every class skill), and the effects with the two orders and the
# moment table: the engine's one check, once at load — a broken declaration stops the game from loading.
COMMANDS = {**BOOK.units, **{sk.key: sk for skills in CLASS_SKILLS.values() for sk in skills}}
_found = problems(COMMANDS, base=TavernSkill) + problems(
    EFFECTS, MOMENTS, (*NIGHT_ORDER, *TURN_ORDER), base=Effect, procedures=(*NIGHT_PROCEDURES, *TURN_PROCEDURES))
if _found:
    raise ValueError("酒馆的声明有误：" + "；".join(_found))

PHASES: dict[str, PhaseSpec] = {
    # 「这四个阶段不一定对应现实时间」: 白天 carries the talk (and the grail numbers); 黄昏 the orders.
    DAY: PhaseSpec(DAY, "白天（分配圣杯）", seconds=180, option="白天", forum="close", discussion=True),
    DUSK: PhaseSpec(DUSK, "黄昏（指认与行动）", seconds=180, option="黄昏", forum="+60"),
}

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("白天", "duration", None, (), "白天（交圣杯数字、讨论）时长：快速默认180秒，论坛到关门"),
    OptionSpec("黄昏", "duration", None, (), "黄昏（指认、提交指令）时长：快速默认180秒，论坛为关门后60分钟"),
    OptionSpec("指认反馈", "choice", FEEDBACK_NIGHT, (FEEDBACK_NIGHT, FEEDBACK_NOW),
               "入夜：正确的指认在黄昏结束时统一确认（原文「与指认同时…提交行动指令」）；立即：提交时就确认"),
)


class TavernRuleset(GrimoireMixin, Ruleset):
    key = "tavern"
    reuse = {"outcome": outcome_key}  # the verdict is asked anew only when the facts it reads change (scoring.py)
    title = "酒馆"  # as typed after /开局 and listed by /帮助
    aliases = ("酒馆圣杯", "tavern")
    options = OPTIONS
    phases = PHASES
    default_tempo = "快速"
    factions = tuple(label(f) for f in FACTIONS)
    # No vote in this game: a forum day never gives a card for not voting.
    text_rules = {"未投票黄牌": False}
    book = BOOK
    players = PLAYERS
    players_refusal = "酒馆圣杯需要正好 {need} 名玩家（三个阵营各 5 人），现在报名了 {n} 人。"

    # --- sign-up and deal --------------------------------------------------------------------
    def setup(self, ctx: Ctx, n: int) -> TavernState:
        deck = [(c, f) for f in FACTIONS for c in LINEUP[f]]
        ctx.rng.shuffle(deck)
        st = TavernState(
            n=n, alive=[False] + [True] * n, classes=[""] + [c for c, _ in deck], factions=[""] + [f for _, f in deck],
            hp=[0] + [SHEET[c].hp for c, _ in deck], points={f: 0 for f in FACTIONS},
            feedback=ctx.options.get("指认反馈") or FEEDBACK_NIGHT, day=1,
        )
        lineup = "；".join(f"{label(f)}：{'、'.join(LINEUP[f])}" for f in FACTIONS)
        ctx.group(
            f"酒馆圣杯开张！三个阵营各 5 人（{lineup}）。谁是什么职业、属于哪个阵营都是秘密。\n"
            f"每一轮：白天私聊交数字分配圣杯，黄昏私聊指认并提交指令，夜里按先攻结算，清晨公告。"
            f"得分：获得圣杯 {GRAIL_POINTS}、夺得圣杯 {THEFT_POINTS}、杀死别的阵营 {KILL_POINTS}、"
            f"误杀队友则其余阵营各 {TEAMKILL_POINTS}；任一阵营 {GOAL} 分，或任一阵营存活人数多于其余阵营之和时结束，"
            f"结束时每名存活成员再加 {SURVIVOR_POINTS} 分，总分最高者获胜。",
            "rules",
        )
        for seat in range(1, n + 1):
            ctx.seat(seat, self._intro(st, seat), "role", {"class": st.classes[seat], "faction": st.factions[seat]})
        ctx.judge("发牌：" + "；".join(f"{ctx.name(s)}：{st.classes[s]}（{label(st.factions[s])}）" for s in range(1, n + 1)))
        start_day(ctx, st)
        return st

    def _intro(self, st: TavernState, seat: int) -> str:
        spec = st.spec(seat)
        lines = [
            f"你是 {seat}号，职业【{spec.name}】，属于{label(st.factions[seat])}。{spec.blurb}",
            self._sheet_line(st, seat),
            f"指认规则（每晚）：{spec.id_text()}。",
        ]
        for sk in CLASS_SKILLS[spec.name]:
            lines.append(f"· {sk.name}：{sk.help}" + ("" if sk.mandatory else f" 用法：{sk.usage()}"))
        lines.append("白天私聊「圣杯 <1-100>」；黄昏私聊「指认 <目标> <特质/职业/阵营>」和「攻击 <目标>」等指令。/身份 随时查看。")
        return "\n".join(lines)

    def phase_label(self, st: TavernState) -> str:
        return f"第{st.day}轮 {self.phases[st.phase].label}" if st.phase in self.phases else st.phase

    def _sheet_line(self, st: TavernState, seat: int) -> str:
        """The class's own numbers, never the current ones: a lost 敏捷加值 would tell a grappled
        seat what the text keeps from it (「被擒抱状态将不告知被擒抱者」)."""
        spec = st.spec(seat)
        bonus = save_bonus(st, seat)
        return (
            f"特质：{'、'.join(spec.traits)}；生命 {st.hp[seat]}/{spec.hp}；AB {pct(spec.ab)}；"
            f"AC ({spec.armor}+{spec.dex})；伤害 {spec.damage}；意志 {pct(will(st, seat))}、"
            f"反射 {pct(spec.dex // 5 * 20 + bonus)}、强韧 {pct(fortitude(st, seat))}；先攻 d20+{spec.dex // 5}。"
        )

    # --- declarations: what a seat may type; each is a unit (its legality and what it does) -----------------
    def skills_of(self, st: TavernState, seat: int) -> list[Skill]:
        return [*GENERIC, *CLASS_SKILLS[st.classes[seat]], *GRAPPLER.get(st.classes[seat], ())]

    def blocked(self, st: TavernState, seat: int, skill: Skill) -> str | None:
        if st.wounded(seat):  # every skill alike: 「受伤状态…不能执行任何行动」
            return "你处于受伤状态（生命值为0），不能执行任何行动。"
        return super().blocked(st, seat, skill)

    def pending(self, st: TavernState) -> set[int]:
        able = [s for s in st.living() if not st.wounded(s) and s not in st.done]
        if st.phase == DAY:
            return {s for s in able if s not in st.numbers}
        if st.phase == DUSK:
            return {s for s in able if not any(o.cost == STD for o in st.orders.get(s, Orders()).cmds)}
        return set()

    def give_up(self, ctx: Ctx, st: TavernState, seat: int, skill: Skill | None) -> None:
        if not st.alive[seat] or st.wounded(seat):
            raise Refusal("你现在没有可以放弃的行动。")
        if st.phase == DAY:
            if skill is not None and skill.key != "number":
                raise Refusal("白天只有圣杯数字可以放弃。")
            if seat in st.done:
                raise Refusal("你已经放弃了本轮的圣杯。")
            st.numbers.pop(seat, None)
            st.done.add(seat)
            ctx.reply("你放弃了本轮的圣杯（不提交数字）。")
            return
        if st.phase != DUSK:
            raise Refusal("你现在没有可以放弃的行动。")
        withdraw(ctx, st, seat, skill)  # type: ignore[arg-type]

    # --- phase ends ----------------------------------------------------------------------------------
    def close_phase(self, ctx: Ctx, st: TavernState) -> None:
        # the engine ends the game after this input when a check point is reached: no new phase then
        if st.phase == DAY:
            award(ctx, st)
            if self.outcome(st) is None:
                start_dusk(ctx, st)
        else:
            Night(ctx, st).run()
            if self.outcome(st) is None:
                st.day += 1
                start_day(ctx, st)

    # --- points and the end ---------------------------------------------------------------------------------
    def end_board(self, st: TavernState) -> dict | None:
        return end_board(st)

    def outcome(self, st: TavernState) -> Outcome | None:
        return final_outcome(st)

    # --- what a seat / the table may know ------------------------------------------------------------------
    def role_text(self, st: TavernState, seat: int) -> str:
        spec = st.spec(seat)
        lines = [f"你是 {seat}号，职业【{spec.name}】，属于{label(st.factions[seat])}。{spec.blurb}", self._sheet_line(st, seat)]
        if not st.alive[seat]:
            lines.append(f"你已退出游戏（{st.fates.get(seat, '')}）。")
            return "\n".join(lines)
        if st.wounded(seat):
            lines.append("你处于受伤状态：不能执行任何行动，轮到你结算时有机会伤愈。")
        conds = [f"{s.name}（到第{s.value}夜结束）" for s in st.statuses.of(seat) if s.name in ("眩晕", "震慑", "疲惫")]
        if conds:
            lines.append("状态：" + "、".join(conds))  # 被擒抱 is never shown: 「将不告知被擒抱者」
        if seat in st.grapples:
            lines.append(f"你正擒抱着 {st.grapples[seat]}号（「放开」是自由动作）。")
        if st.grail == seat:
            lines.append("本轮圣杯在你身上。")
        left = claims_left(st, seat)
        rules = st.spec(seat).identify
        if st.phase == DUSK:
            if left:
                lines.append("今晚还可以指认：" + "；".join(f"{n}个ID指认{r.kind}" + (f"（{'、'.join(r.values)}）" if r.values else "")
                                                     for n, r in zip(left, rules, strict=True) if n))
            text = orders_text(st, seat)
            lines.append(f"今晚的指令：{text or '尚未提交'}。")
        elif st.phase == DAY and seat in st.numbers:
            lines.append(f"本轮已提交的圣杯数字：{st.numbers[seat]}。")
        if st.notes.get(seat):
            lines.append("记录：" + "；".join(st.notes[seat][-8:]))
        return "\n".join(lines)

    def cast(self, st: TavernState) -> list[CastRow]:
        rows = []
        for s in range(1, st.n + 1):
            fate = st.fates.get(s) or f"存活（生命 {st.hp[s]}/{st.spec(s).hp}）"
            rows.append(CastRow(s, st.classes[s], label(st.factions[s]), fate))
        return rows

    def public_status(self, st: TavernState) -> str:
        lines = [f"第{st.day}轮"]
        if st.fallen:
            lines.append("已灭亡：" + "、".join(label(f) for f in st.fallen))
        return "；".join(lines)

    def faction_of(self, st: TavernState, seat: int) -> str:
        return label(st.factions[seat])

    # --- the judge's hand ----------------------------------------------------------------------------------
    def remove(self, ctx: Ctx, st: TavernState, seat: int, reason: str) -> None:
        """红牌: out at once, no skills, no points for anyone."""
        if not st.alive[seat]:
            return
        die(ctx, st, None, seat, 0, "被法官罚下")
        st.orders.pop(seat, None)
        st.numbers.pop(seat, None)
        ctx.group(f"{ctx.name(seat)} {reason}，退出了游戏。" + "".join(fallen(st)),
                  data={"out": (seat,), "fallen": tuple(st.fallen)})
        ctx.judge(f"{ctx.name(seat)}（{st.classes[seat]}）{reason}")

    def on_forfeit(self, ctx: Ctx, st: TavernState, faction: str) -> None:
        short = faction.removesuffix("阵营")
        if short in FACTIONS and short not in st.forfeited:
            st.forfeited.append(short)
            ctx.group(f"{faction}累计两张红牌，判负：不能再获胜。")


RULESET = register(TavernRuleset())
