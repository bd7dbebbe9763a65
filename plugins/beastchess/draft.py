"""The three steps before the first round (1 遊戲流程): 禁用本能, 選擇本能, 探查本能類型.

Each step's unit is declared here over its effect (resolved when used), and the close of the 禁用 and 选择 phases (the draw of
the bans, the random pick for who chose nothing) follows it.
"""

from __future__ import annotations

from collections import Counter

from ..bansha.engine import ALIVE_OTHER, Action, Ctx, Refusal
from .book import BOOK, INSTINCTS
from .catalog import INSTINCT_LIST, INSTINCT_WORDS, TRADITIONAL, UNBANNABLE
from .data import AT, BAN, BAN_RULE_SHARE, PICK, PROBE, PT
from .power import Power, answers
from .state import BeastState


def canon(word: str) -> str:
    """A 本能 name as typed (Simplified or Traditional) → the Simplified name."""
    return TRADITIONAL.get(word, word)


# --- 禁用本能 ---------------------------------------------------------------------------------------------------


@BOOK.unit("ban", "禁用", phases=(BAN,), targets=0, words=tuple(n for n in INSTINCT_WORDS if n not in UNBANNABLE),
           pm_only=True, help="选择一到两个想禁用的本能，如「禁用 制衡 兽性」（预知不会被禁用）。可重发覆盖。")
class BAN_SKILL(Power):
    def resolve(self, ctx: Ctx, st: BeastState, seat: int, action: Action) -> None:
        names = [canon(w) for w in action.words]
        if not 1 <= len(names) <= 2:
            raise Refusal("请写出一到两个想禁用的本能，如「禁用 制衡 兽性」。")
        if len(set(names)) != len(names):
            raise Refusal("两个禁用的本能不能相同。")
        bad = [n for n in names if n not in INSTINCTS or n in UNBANNABLE]
        if bad:
            raise Refusal(f"「{bad[0]}」不能被禁用（预知是特殊本能，不受禁用影响）。")
        st.ban_votes[seat] = tuple(names)
        ctx.reply(f"已记录：你想禁用「{'」「'.join(names)}」（本阶段结束前可以重发覆盖）。")
        ctx.judge(f"{ctx.name(seat)} 选择禁用：{'、'.join(names)}")


def settle_bans(ctx: Ctx, st: BeastState) -> None:
    """「被選擇x次的本能有 2n/x 的概率被禁用」, read as x/2n (option 禁用概率: or 2x/n)."""
    votes = Counter(name for names in st.ban_votes.values() for name in names)
    n = st.n
    for inst in INSTINCT_LIST:  # fixed order: the RNG is consumed the same way on replay
        x = votes.get(inst.name, 0)
        if not x:
            continue
        p = x / (2 * n) if st.ban_rule == BAN_RULE_SHARE else min(1.0, 2 * x / n)
        if ctx.rng.random() < p:
            st.banned.append(inst.name)
    ctx.judge("禁用投票：" + ("；".join(f"{k}×{v}" for k, v in sorted(votes.items())) or "无")
              + f"；按 {st.ban_rule} 抽签，禁用：{'、'.join(st.banned) or '无'}")
    ctx.group(f"禁用结果：{'、'.join(st.banned) or '没有本能被禁用'}。", data={"banned": tuple(st.banned)})


# --- 选择本能 ---------------------------------------------------------------------------------------------------


@BOOK.unit("pick", "选择", aliases=("选本能", "選擇"), phases=(PICK,), targets=0, words=INSTINCT_WORDS, pm_only=True,
           help="选择一个未被禁用的本能，如「选择 强健」。选定后不可更改；不选则随机分配。")
class PICK_SKILL(Power):
    def blocked(self, st: BeastState, seat: int) -> str | None:
        return f"你已经选择了本能「{st.picked[seat]}」，不能更改。" if st.instincts[seat] else None

    def resolve(self, ctx: Ctx, st: BeastState, seat: int, action: Action) -> None:
        if len(action.words) != 1:
            raise Refusal("请写出一个本能的名字，如「选择 强健」。")
        name = canon(action.words[0])
        if name not in INSTINCTS:
            raise Refusal(f"没有名为「{name}」的本能。")
        if name in st.banned:
            raise Refusal(f"「{name}」已被禁用，请选择其他本能。被禁用的：{'、'.join(st.banned)}。")
        grant(ctx, st, seat, name)
        held = st.instincts[seat]
        ctx.judge(f"{ctx.name(seat)} 选择本能「{name}」" + (f"，{name}得到「{held}」" if held != name else ""))


def grant(ctx: Ctx, st: BeastState, seat: int, name: str, assigned: bool = False) -> None:
    """The seat now holds `name` (or what it gives at once: 笨鸟先飞), and is told so with the rule."""
    st.picked[seat] = name
    chosen = INSTINCTS[name]
    held, lines = chosen.picked(ctx, st, seat) if answers(chosen, "picked") else (name, [])
    st.instincts[seat] = held
    inst = INSTINCTS[held]
    if answers(inst, "granted"):
        lines += inst.granted(st, seat)
    head = f"系统为你随机分配了本能「{name}」。" if assigned else f"你选择了本能「{name}」。"
    lines.insert(0, head)
    lines.append(f"你的本能「{held}」（{inst.form}·{inst.kind}）：{inst.text}")
    ctx.seat(seat, "\n".join(lines), "role", {"instinct": held})


def settle_picks(ctx: Ctx, st: BeastState) -> None:
    """Who chose nothing gets a random 本能 not banned; the table learns whether AT or PT was chosen more."""
    pool = [i.name for i in INSTINCT_LIST if i.name not in st.banned]
    for s in st.living():
        if not st.instincts[s]:
            name = ctx.rng.choice(pool)
            grant(ctx, st, s, name, assigned=True)
            ctx.judge(f"{ctx.name(s)} 未选择本能，随机分配「{name}」（持有「{st.instincts[s]}」）")
    forms = Counter(INSTINCTS[st.instincts[s]].form for s in range(1, st.n + 1) if st.instincts[s])
    at, pt = forms.get(AT, 0), forms.get(PT, 0)
    rel = "多于" if at > pt else "少于" if at < pt else "等于"
    ctx.group(f"本能选择完毕：选择 AT 形态本能的人次{rel} PT 形态。", data={"at_vs_pt": (at > pt) - (at < pt)})
    ctx.judge(f"本能形态：AT {at} 人次，PT {pt} 人次")


# --- 探查本能类型 ---------------------------------------------------------------------------------------------------


@BOOK.unit("probe", "探查", phases=(PROBE,), target_rule=ALIVE_OTHER, pm_only=True,
           help="选择一名其他玩家，立即得知他的本能类型（信息型/防守型/攻击型/全能型）。")
class PROBE_SKILL(Power):
    def blocked(self, st: BeastState, seat: int) -> str | None:
        return "你已经探查过了。" if seat in st.probed else None

    def resolve(self, ctx: Ctx, st: BeastState, seat: int, action: Action) -> None:
        t = action.targets[0]
        st.probed[seat] = t
        inst = st.instinct(t)
        kind = inst.kind if inst else "无"
        ctx.seat(seat, f"探查结果：{ctx.name(t)} 的本能类型是【{kind}】。", "check", {"target": t, "kind": kind})
        ctx.judge(f"{ctx.name(seat)} 探查 {ctx.name(t)}：{kind}")


DRAFT_SKILLS = (BAN_SKILL, PICK_SKILL, PROBE_SKILL)
