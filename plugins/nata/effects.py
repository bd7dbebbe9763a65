"""How 纳塔's effects land: statuses, damage and the 出局结算, the 选择目标 → 结算目标 chain,
deaths and what they set off, revivals and the public death lists.

A mixin of the ruleset: only methods, no state of its own (the ruleset stays stateless).
"""

from __future__ import annotations

import copy
from typing import Any

from ..bansha.engine import PERMANENT, UNTIL_PHASE, Ctx, Status
from ..bansha.engine import mech_death as death
from ..bansha.engine import mech_redirect as redirect
from ..bansha.engine import mech_ring as ring
from ..bansha.engine.mech_death import Hit, Shield
from .roles import (
    DAWN,
    DUSK,
    EARLY,
    ELDER,
    INNATE_KEYS,
    META,
    NIGHT_PHASES,
    NOON,
    ROLES,
    SKILLS,
    STATUS_HELP,
    VILLAGE,
    WOLF,
)
from .state import FAMILY, Death, Disguise, NataState

PIG = "厚皮肉猪"


def seats_text(seats: list[int] | tuple[int, ...]) -> str:
    return "、".join(f"{s}号" for s in seats) or "无"


class _World:
    """The ruleset as mech_death's World for one input."""

    def __init__(self, rules: Any, ctx: Ctx, state: NataState):
        self.rules, self.ctx, self.state = rules, ctx, state

    def present(self, seat: int) -> bool:
        return self.state.alive[seat]

    def shields(self, hit: Hit) -> list[Shield]:
        return self.rules._shields(self.state, hit)

    def spend(self, hit: Hit, shield: Shield) -> None:
        self.rules._spend(self.ctx, self.state, hit, shield)

    def survive(self, hit: Hit) -> bool:
        return self.rules._survive(self.ctx, self.state, hit)

    def die(self, hit: Hit) -> None:
        self.rules._die(self.ctx, self.state, hit)

    def chain(self, hit: Hit) -> None:
        self.rules._chain(self.ctx, self.state, hit)


class _Quiet:
    """A context that records nothing, for 神女秘法's look at "当晚将要出局" on a copy of the state."""

    def __init__(self, ctx: Ctx):
        self.rng = copy.deepcopy(ctx.rng)
        self.options = ctx.options
        self.at = ctx.at
        self._ctx = ctx
        self.events: list = []

    def name(self, seat: int) -> str:
        return self._ctx.name(seat)

    def group(self, *a, **k) -> None: ...

    def seat(self, *a, **k) -> None: ...

    def team(self, *a, **k) -> None: ...

    def judge(self, *a, **k) -> None: ...

    def reply(self, *a, **k) -> None: ...

    def died(self, *a, **k) -> None: ...


class Effects:
    # --- statuses -----------------------------------------------------------------------------
    def _until(self, state: NataState, until: str) -> dict[str, Any]:
        """Status durations of the text, as StatusBook fields."""
        if until == "perm":
            return {"until": PERMANENT}
        return {"until": UNTIL_PHASE, "phase": until}

    @staticmethod
    def _ends(until: str) -> str:
        return {
            "perm": "永久",
            EARLY: "持续至下一个夜晚开始",
            NOON: "持续至下一个正午开始",
            DAWN: "持续至夜晚结束",
        }.get(until, "")

    def _grant(
        self,
        ctx: Ctx,
        state: NataState,
        seat: int,
        name: str,
        until: str = "perm",
        source: int = 0,
        *,
        tell: bool | None = None,
        data: dict | None = None,
        skill: str = "",
    ) -> bool:
        """Put a status on a seat under the text's rules; True if it took.

        天命人 "不会获得任何状态"; a second [流血] becomes 致死伤害 instead; 秩序/漏洞 block their
        opposite family. Negative statuses are told to the holder (遗忘 only to a holder of a 强制
        skill, 超度 only to a 带刀 holder, 流血 never); others only when `tell`.
        """
        if state.roles[seat] == "天命人":
            ctx.judge(f"{ctx.name(seat)}（天命人）不会获得任何状态：[{name}] 无效")
            return False
        if name == "流血" and state.statuses.has(seat, "流血"):
            ctx.judge(f"{ctx.name(seat)} 再次获得[流血]：改为承受致死伤害")
            self._hit(ctx, state, Hit(seat, death.LETHAL, source, skill or "流血", (("night", state.is_night()),)))
            return False
        st = Status(name, seat, source=source, data=dict(data or {}), **self._until(state, until))
        parts = set(FAMILY.parts(name))
        if tell is None:  # decided before the status lands: 超度 is told to one who holds a knife now
            tell = FAMILY.is_negative(name) and name != "流血"
            if name == "遗忘":
                tell = self._has_forced(state, seat)
            elif name == "超度":
                tell = state.knife(seat)
        if not FAMILY.grant(state.statuses, st):
            ctx.judge(f"{ctx.name(seat)} 免疫了[{name}]（{FAMILY.refusal(state.statuses, st) or '免疫'}）")
            return False
        state.seq += 1
        st.data["seq"] = state.seq
        ctx.judge(f"{ctx.name(seat)} 获得[{name}]（{self._ends(until) or until}）")
        if tell:
            st.data["told"] = True
            what = STATUS_HELP.get(name, "")
            ctx.seat(seat, f"你获得了[{name}]：{what}（{self._ends(until)}）。", "status")
        if "遗忘" in parts:
            self._sync(ctx, state)  # "持续生效的效果也会一并失去"
        return True

    @staticmethod
    def _has_forced(state: NataState, seat: int) -> bool:
        return any(META[k].forced for k in state.held(seat))

    def _innate(self, state: NataState, seat: int) -> list[tuple[str, str, str]]:
        """Statuses a 强制 skill gives while it lasts: (status, skill, restriction)."""
        out: list[tuple[str, str, str]] = []
        if not state.alive[seat]:
            return out
        if (not INNATE_KEYS.intersection(ROLES[state.roles[seat]].skills) and seat not in state.face
                and seat not in state.grants):
            return out
        keys = state.held(seat)
        if not INNATE_KEYS.intersection(keys):
            return out
        if state.holds(seat, "yinshenyi", keys):
            out += [("隐身", "yinshenyi", ""), ("迷魂", "yinshenyi", "")]
        if state.holds(seat, "gouhuo", keys):
            out += [("不死", "gouhuo", "非村民"), ("秩序", "gouhuo", "")]
        if state.holds(seat, "yexing", keys) and state.wild_mode.get(seat) == "骑乘":
            out += [("不死", "yexing", ""), ("秩序", "yexing", "")]
        if state.holds(seat, "tanyu", keys):
            out += [("秩序", "tanyu", "")]
        return out

    def _sync(self, ctx: Ctx, state: NataState) -> None:
        """Keep the statuses of 强制 skills in step with the skills ("该强制技能失效后，这些状态也一同失效")."""
        for seat in state.seats():
            want = self._innate(state, seat)
            if not want and not any("by" in st.data for st in state.statuses.of(seat)):
                continue
            for st in list(state.statuses.of(seat)):
                by = st.data.get("by")
                if by and (st.name, by, st.data.get("vs", "")) not in want:
                    state.statuses.items = [x for x in state.statuses.items if x is not st]
            for name, by, vs in want:
                if any(st.name == name and st.data.get("by") == by for st in state.statuses.of(seat)):
                    continue
                if state.roles[seat] == "天命人":
                    continue
                st = Status(name, seat, until=PERMANENT, source=seat, data={"by": by, "vs": vs})
                FAMILY.grant(state.statuses, st)

    # --- the chain from 选择目标 to 结算目标 --------------------------------------------------------
    def _links(self, state: NataState) -> list[redirect.Link]:
        links = []
        if len(state.swap) == 2:
            links.append(redirect.Link("魔术师[交换]", redirect.swap(*state.swap)))
        return links

    def _wild(self, ctx: Ctx, state: NataState, user: int, name: str, target: int) -> int:
        """野人[跟随]: "若[选择目标]存在于电梯楼，则这次的[选择目标]会在原本的目标上，加上电梯楼上下两个角色
        共计三个角色，随机选择其中一个，发动者会知晓最终选择目标是谁"."""
        for wild in sorted(state.wild_mode):
            if (
                state.alive[wild]
                and state.holds(wild, "yexing")
                and state.wild_mode.get(wild) == "跟随"
                and name in state.wild_howl.get(wild, [])
                and state.alive[target]
            ):
                up, down = ring.neighbours(state.ring, lambda s: state.alive[s], target)
                pool = list(dict.fromkeys(s for s in (up, target, down) if s))
                pick = pool[ctx.rng.below(len(pool))]
                ctx.seat(user, f"「{name}」被野猪骑士干扰：你的最终选择目标是 {ctx.name(pick)}。")
                ctx.judge(f"野猪骑士干扰：{ctx.name(user)} 的「{name}」选择目标 {target}号 → {pick}号")
                return pick
        return target

    def _land(self, ctx: Ctx, state: NataState, user: int, key: str, chosen: tuple[int, ...] | list[int]
              ) -> list[int | None]:
        """Each chosen target of a [指定] skill → its 结算目标, or None where [隐身] stops it.
        Triggers 懦夫[怯懦], 饕餮[贪欲] and 诱食 on the way."""
        name = SKILLS[key].name
        self._note_used(state, name)
        self._lured(ctx, state, user, name)
        out: list[int | None] = []
        for t in chosen:
            pick = self._wild(ctx, state, user, name, t)
            final, path = redirect.run(user, pick, self._links(state))
            for p in path:
                ctx.judge(f"{p.link}：{ctx.name(user)} 的「{name}」{p.before}号 → {p.after}号")
            if state.has(final, "隐身"):
                ctx.judge(f"{ctx.name(final)} 隐身：{ctx.name(user)} 的「{name}」不结算")
                out.append(None)
                continue
            self._targeted(ctx, state, user, name, final)
            out.append(final)
        return out

    def _targeted(self, ctx: Ctx, state: NataState, user: int, name: str, final: int) -> None:
        if state.holds(final, "qienuo") and state.after_night1():
            self._note_used(state, "怯懦")
            ctx.judge(f"{ctx.name(final)}（懦夫）成为「{name}」的结算目标：怯懦，承受致死伤害")
            self._hit(ctx, state, Hit(final, death.LETHAL, user, "怯懦", (("night", state.is_night()),)))
        if state.holds(final, "tanyu"):
            self._feed(ctx, state, final, name)

    def _feed(self, ctx: Ctx, state: NataState, glutton: int, name: str) -> None:
        """饕餮[贪欲]: "每次成为[指定]技能的结算目标时触发此效果：[暴食]技能次数+1，每个相同技能名只计算一次"."""
        names = state.glutton_names.setdefault(glutton, [])
        if name in names:
            return
        names.append(name)
        state.add_count(glutton, "baoshi", 1)
        self._note_used(state, "贪欲")
        ctx.seat(glutton, f"贪欲：你的暴食次数+1（现为 {state.count(glutton, 'baoshi')}）。")
        ctx.judge(f"{ctx.name(glutton)}（贪欲）因「{name}」暴食次数+1")

    def _lured(self, ctx: Ctx, state: NataState, user: int, name: str) -> None:
        """诱食: "若结算目标当夜使用[指定]技能，你立刻获得反馈……无论是否指定你都视为触发贪欲……暴食当晚次数最多增加1"."""
        if not state.is_night():
            return
        for glutton, lured in list(state.lure.items()):
            if lured != user:
                continue
            ctx.seat(glutton, f"诱食：{ctx.name(user)} 今晚使用了「{name}」。")
            names = state.glutton_names.setdefault(glutton, [])
            if name not in names and glutton not in state.lure_fed and state.holds(glutton, "tanyu"):
                state.lure_fed.append(glutton)
                self._feed(ctx, state, glutton, name)

    @staticmethod
    def _note_used(state: NataState, name: str) -> None:
        if state.is_night():
            state.used_names.append(name)

    # --- damage and the 出局结算 ----------------------------------------------------------------------
    def _hit(self, ctx: Ctx, state: NataState, hit: Hit) -> str:
        """[指杀] and [穿透] at night wait for 凌晨's count ("电梯楼顺序统计出局名单"); [致死伤害] "将会立刻出局",
        so it resolves at once, at night too (the seat is told when its sub-phase closes, the table at noon,
        in 电梯楼 order); day damage resolves at once."""
        if state.is_night() and not state.counting and hit.kind != death.LETHAL:
            state.hits.append(hit)
            ctx.judge(f"{ctx.name(hit.target)} 将承受「{hit.skill}」的[{hit.kind}]（凌晨结算）")
            return "pending"
        result = death.resolve(_World(self, ctx, state), hit)
        if state.is_night() and not state.counting and self._wolf_hurt(state, hit, result):
            state.wolf_hurt.append(hit.target)  # 死神[追魂] reads this at 凌晨
        return result

    def _wolf_hurt(self, state: NataState, hit: Hit, result: str) -> bool:
        """狼人阵营 damage that did not take its target out (死神[追魂])."""
        return bool(hit.source and state.faction(hit.source) == WOLF and result in (death.CANCELLED, death.SURVIVED)
                    and hit.target not in state.wolf_hurt)

    def _source_faction(self, state: NataState, hit: Hit) -> str:
        return state.faction(hit.source) if hit.source else ""

    def _shields(self, state: NataState, hit: Hit) -> list[Shield]:
        out = []
        for st in state.statuses.of(hit.target):
            if st.name not in ("守护", "坚韧", "不死", "霸道"):
                continue
            if st.data.get("vs") == "非村民":  # 厚皮肉猪: "仅针对非村民阵营的[不死]"
                if not hit.source or self._source_faction(state, hit) == VILLAGE:
                    continue
            out.append(Shield(st.name, state.rank(st), st))
        return out

    def _spend(self, ctx: Ctx, state: NataState, hit: Hit, shield: Shield) -> None:
        st = shield.ref
        if st.name == "守护":
            st.value -= 1
            if st.value <= 0:
                state.statuses.items = [x for x in state.statuses.items if x is not st]
        ctx.judge(f"{ctx.name(hit.target)} 的[{st.name}]抵消了「{hit.skill}」的[{hit.kind}]")

    def _survive(self, ctx: Ctx, state: NataState, hit: Hit) -> bool:
        """Step 2: every "免于出局" effect of the target resolves."""
        seat = hit.target
        saved = False
        if hit.kind == death.VOTE and state.holds(seat, "danan") and state.count(seat, "danan") > 0:
            state.add_count(seat, "danan", -1)
            saved = True
            state.fool_flipped.append(seat)
            self._reveal(ctx, state, seat, quiet=True)
            self._grant(ctx, state, seat, "自由", "perm", seat, tell=True)
            self._grant(ctx, state, seat, "霸道", "perm", seat, tell=True)
            ctx.group(f"投票出局的人是个愚者，本次放逐无效：{ctx.name(seat)} 是愚者。", "reveal", {"known": ((seat, False),)})
            ctx.judge(f"{ctx.name(seat)}（愚者）大难不死")
            if state.badge.holder == seat:
                state.badge.vacate(state.phase, state.day)
                state.badge_must = seat
                ctx.seat(seat, "你是警长：须用 /技能 殉职 <目标> 把警长移交给一名其他角色。")
        if state.holds(seat, "niepan"):
            saved = True
            FAMILY.clear(state.statuses, seat, negative=True)
            state.add_count(seat, "yeyan_zq", 1)
            state.add_count(seat, "tianhuo", 1)
            state.zhuque_cuts += 1
            self._note_used(state, "涅槃重生")
            ctx.seat(seat, "涅槃重生：你免于出局，清除了所有负面状态，业炎、天火次数各+1。")
            ctx.judge(f"{ctx.name(seat)}（朱雀）涅槃重生，免于「{hit.skill}」；村民阵营判负人数各减1")
        if state.holds(seat, "yiduan") and state.heretic_outs // 3 > state.elder_saves:
            state.elder_saves += 1
            saved = True
            ctx.seat(seat, "异端处决：你免疫了这次出局。")
            ctx.judge(f"{ctx.name(seat)}（宗教老爷爷）异端处决，免疫一次出局")
        return saved

    def _die(self, ctx: Ctx, state: NataState, hit: Hit) -> None:
        seat = hit.target
        had = state.held(seat)
        state.own_held[seat] = [k for k in had if state.holds(seat, k, had)]
        if "gouhuo" in had and state.holding("jingming"):
            self._farmer_gain(ctx, state)  # 精明: "每有一个获取猪技能的角色出局"
        state.alive[seat] = False
        night = hit.get("night", False)
        src = hit.source
        village_night = bool(night and src and state.faction(src) == VILLAGE)
        words = "none"
        if state.phase in (DAWN, NOON, DUSK) or (state.day == 1 and state.phase in NIGHT_PHASES):
            words = ""  # "首夜出局和所有白天出局的角色都有遗言"
        if hit.get("blank"):
            words = "empty"  # 白狼王: "本技能造成的出局若有遗言，则遗言必须强制留空"
        d = Death(seat, state.day, state.phase, hit.kind, src, hit.skill, village_night, bool(hit.get("chain")),
                  words=words, words_until=state.day if state.phase == DAWN else state.day + 1)
        state.deaths.append(d)
        if state.phase in NIGHT_PHASES:
            state.windows[seat] = (state.day + 1, DAWN)
        elif state.phase == NOON:
            state.windows[seat] = (state.day, DUSK)
        elif state.phase in (DAWN, DUSK):
            state.windows[seat] = (state.day, state.phase)
        ctx.died(seat)
        ctx.seat(seat, f"你出局了（{hit.skill or hit.kind}）。" + ("可以私聊 /遗言 <内容> 留下遗言。" if words == "" else ""),
                 data={"out": (seat,), "words": words == ""})
        ctx.judge(f"{ctx.name(seat)}（{state.roles[seat]}）出局：{hit.skill}的[{hit.kind}]")

    def _chain(self, ctx: Ctx, state: NataState, hit: Hit) -> None:
        """Step 3's 连带效果 of a death, and every trigger waiting on someone going out."""
        seat = hit.target
        own = state.own_held.pop(seat, [])
        self._after_out(ctx, state, seat, own, hit)
        d = next(d for d in reversed(state.deaths) if d.seat == seat)
        if d.phase == NOON and not d.announced:  # "在正午阶段出局的信息会随时间立刻公示"
            self._publish(ctx, state, [d], "出局")

    def _after_out(self, ctx: Ctx, state: NataState, seat: int, own: list[str], hit: Hit | None) -> None:
        # 御主[英灵显现]: the dead flip, and the count grows by strength ÷ 2
        for master in state.seats():
            if master != seat and state.alive[master] and state.holds(master, "yingling"):
                self._reveal(ctx, state, seat, quiet=True)
                gain = state.role(seat).strength // 2
                state.add_count(master, "zhaohuan", gain)
                self._note_used(state, "英灵显现")
                ctx.judge(f"英灵显现：{ctx.name(seat)} 翻牌，{ctx.name(master)} 的英灵召唤次数+{gain}")
        # the spirits of a 御主 who left lose their 自由
        for spirit, master in list(state.spirits.items()):
            if master == seat:
                del state.spirits[spirit]
                state.statuses.items = [x for x in state.statuses.items
                                        if not (x.holder == spirit and x.data.get("spirit") == master)]
                ctx.seat(spirit, "御主已出局：你的英灵状态结束了。")
        if seat in state.heretics:
            state.heretic_outs += 1
            ctx.judge(f"异端 {ctx.name(seat)} 出局（累计 {state.heretic_outs} 名）")
        if "群内" in state.labels_of(seat) and not state.has(seat, "超度"):  # a 群内 wolf (超度 takes the label)
            for red in state.holding("yeyan_cl"):
                state.add_count(red, "yeyan_cl", 1)
                ctx.judge(f"{ctx.name(red)}（赤狼）业炎次数+1")
            for granny in state.holding("zhuangmo"):
                setting = state.granny_set.get(granny)
                if setting and granny != seat:
                    state.seq += 1
                    state.disguises.setdefault(granny, []).append(Disguise(state.seq, *setting, until=DAWN))
                    ctx.judge(f"{ctx.name(granny)}（狼外婆）装模作样生效至夜晚结束")
        if "gouhuo" in own:
            self._pig_out(ctx, state, seat)
        if "ri" in own:
            state.extra_noons += 1
            if state.phase == NOON:  # other phases publish with their death lists
                ctx.group("【日不落】下一个白天额外进行一轮正午。", "reveal")
            else:
                state.notices.append("【日不落】下一个白天额外进行一轮正午。")
            ctx.judge(f"{ctx.name(seat)}（太阳）出局：日不落")
        if "qizha" in own:
            state.granny_due.append(seat)
            state.granny_apply[seat] = ()
            ctx.seat(seat, "欺诈天下：请设定狼人阵营和非狼人阵营的表面伪装：/技能 欺诈天下 <狼方身份> <狼方阵营> "
                           "<狼方带刀|不带刀> <好人方身份> <好人方阵营> <好人方带刀|不带刀>（下一个夜晚开始前）。")
        if state.badge.holder == seat:
            self._badge_left(ctx, state, seat, hit.get("heir_by", 0) if hit else 0)
        if "canbao" in own:
            state.owed.setdefault(seat, []).append("canbao")

    def _badge_left(self, ctx: Ctx, state: NataState, seat: int, heir_by: int = 0) -> None:
        """殉职: the decision is due "在出局的那个阶段内" (a night death is decided in the next 晨曦)."""
        can = seat not in state.removed and not state.has(seat, "遗忘")  # 殉职 is a 强制 skill
        chooser = heir_by or (seat if can else 0)
        phase, day = (DAWN, state.day + 1) if state.phase in NIGHT_PHASES else (state.phase, state.day)
        state.badge.vacate(phase, day, chooser)
        if not chooser:
            self._tear(ctx, state, "警长无法行使殉职")
            return
        ctx.seat(chooser, "警长出局：请在" + ("下一个晨曦" if phase != state.phase else "本阶段") +
                 "内 /技能 殉职 <目标> 移交警长，或 /技能 殉职（不带目标）撕掉警徽；逾时视为撕掉。")

    def _pig_out(self, ctx: Ctx, state: NataState, seat: int) -> None:
        """厚皮肉猪[苟活]: "出局后……电梯楼上下2个最近的存活村民阵营角色永久获得[净化]"."""
        alive = lambda s: state.alive[s]  # noqa: E731
        village = lambda s: state.faction(s) == VILLAGE  # noqa: E731
        near = [ring.first(state.ring, alive, seat, d, village) for d in (ring.ABOVE, ring.BELOW)]
        for s in dict.fromkeys(s for s in near if s):
            self._grant(ctx, state, s, "净化", "perm", seat, skill="苟活")

    def _farmer_gain(self, ctx: Ctx, state: NataState) -> None:
        for farmer in state.holding("jingming"):
            state.add_count(farmer, "jingming", 5)
            ctx.seat(farmer, f"精明：持有苟活的角色出局，次数+5（现为 {state.count(farmer, 'jingming')}）。")

    def _tear(self, ctx: Ctx, state: NataState, why: str) -> None:
        state.badge.tear()
        state.badge_must = 0
        if state.phase in NIGHT_PHASES:
            state.notices.append("警徽被撕掉了，本局没有警长。")
        else:
            ctx.group(f"警徽被撕掉了（{why}），现在没有警长。")
        ctx.judge(f"警徽被撕掉：{why}")

    def _reveal(self, ctx: Ctx, state: NataState, seat: int, quiet: bool = False) -> None:
        """翻牌: the actual role becomes public (announced now, or with the death list when `quiet`)."""
        if seat in state.revealed:
            return
        state.revealed.append(seat)
        if not quiet:
            ctx.group(f"{ctx.name(seat)} 翻牌：{state.roles[seat]}。", "reveal",
                      {"known": ((seat, ROLES[state.roles[seat]].faction == WOLF),)})

    # --- revival -------------------------------------------------------------------------------------
    def _revive(self, ctx: Ctx, state: NataState, seat: int) -> None:
        if state.alive[seat] or seat in state.removed:
            return
        state.alive[seat] = True
        state.windows.pop(seat, None)
        state.owed.pop(seat, None)
        if seat in state.public_out:
            state.public_out.remove(seat)
        state.returned.append(seat)
        ctx.seat(seat, "你被复活了，重新回到游戏（所有状态按出局时为准）。")
        ctx.judge(f"{ctx.name(seat)} 复活")

    # --- publication -----------------------------------------------------------------------------------
    def _death_line(self, ctx: Ctx, state: NataState, d: Death) -> str:
        role = f"（翻牌：{state.roles[d.seat]}）" if d.seat in state.revealed else ""
        return f"{ctx.name(d.seat)}{role}"

    def _publish(self, ctx: Ctx, state: NataState, deaths: list[Death], title: str) -> None:
        """Announce deaths (and any 遗言 already given); they stop being valid targets."""
        if not deaths:
            return
        lines = [self._death_line(ctx, state, d) for d in deaths]
        tag = "reveal" if any(d.seat in state.revealed for d in deaths) else "death"
        known = tuple((d.seat, ROLES[state.roles[d.seat]].faction == WOLF) for d in deaths if d.seat in state.revealed)
        ctx.group(f"{title}：" + "、".join(lines), tag, {"out": tuple(d.seat for d in deaths), "known": known})
        for d in deaths:
            d.announced = True
            d.shown_day = state.day
            if d.seat not in state.public_out:
                state.public_out.append(d.seat)
        for d in deaths:
            self._words_out(ctx, state, d)

    def _words_out(self, ctx: Ctx, state: NataState, d: Death) -> None:
        if d.words == "empty":
            ctx.group(f"【遗言】{ctx.name(d.seat)}：（强制留空）", "chat")
        elif d.seat in state.lastwords and d.words == "":
            ctx.group(f"【遗言】{ctx.name(d.seat)}：{state.lastwords.pop(d.seat)}", "chat")
            d.words = "done"

    def _unannounced(self, state: NataState) -> list[Death]:
        return [d for d in state.deaths if not d.announced]

    def _by_ring(self, state: NataState, deaths: list[Death]) -> list[Death]:
        """"公示出局名单顺序改为按角色电梯楼顺序排序"."""
        pos = {s: i for i, s in enumerate(state.ring)}
        return sorted(deaths, key=lambda d: (pos.get(d.seat, 0), state.deaths.index(d)))

    # --- 神女秘法's look ahead ---------------------------------------------------------------------------
    def _doomed(self, ctx: Ctx, state: NataState) -> list[int]:
        """Who would go out tonight if the count were made now (on a copy: nothing changes)."""
        probe = copy.deepcopy(state)
        quiet = _Quiet(ctx)
        before = [s for s in probe.seats() if probe.alive[s]]
        self._count_hits(quiet, probe)  # type: ignore[arg-type]
        return [s for s in before if not probe.alive[s]]

    def _count_hits(self, ctx: Ctx, state: NataState) -> list[int]:
        """凌晨: every pending hit through the 出局结算, in the order they were dealt.
        Returns the seats hit by 狼人阵营 damage tonight that stayed in (for 死神[追魂])."""
        state.counting = True  # from here on this night, new damage resolves at once
        hits, state.hits = list(state.hits), []
        for hit in hits:
            result = death.resolve(_World(self, ctx, state), hit)
            if self._wolf_hurt(state, hit, result):
                state.wolf_hurt.append(hit.target)
        return state.wolf_hurt

    # --- roles of the ring ---------------------------------------------------------------------------------
    def _pig(self, state: NataState) -> int:
        return next(iter(state.holders(PIG)), 0)

    @staticmethod
    def _faction_word(word: str) -> str:
        return {"独立阵营": ELDER}.get(word, word)

    def _parse_disguise(self, words: tuple[str, ...]) -> tuple[str, str, bool] | None:
        role = next((w for w in words if w in ROLES), None)
        faction = next((w for w in words if w in (VILLAGE, WOLF, "独立阵营")), None)
        knife = next((w for w in words if w in ("带刀", "不带刀")), None)
        if not role or not faction or not knife or len(words) != 3:
            return None
        return role, faction, knife == "带刀"
