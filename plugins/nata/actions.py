"""Every skill of 纳塔: checks made before anything changes (`_check_<key>`), skills that resolve
when used (`do_<key>`) and night skills resolved when their sub-phase closes (`_night_<key>`).

A mixin of the ruleset: methods only. The order in which night skills resolve is roles.ORDER.
"""

from __future__ import annotations

from dataclasses import replace

from ..bansha.engine import ABSTAIN, Action, Ctx, Refusal, forum
from ..bansha.engine import mech_death as death
from ..bansha.engine import mech_ring as ring
from ..bansha.engine.mech_death import Hit
from .roles import (
    DAWN,
    DUSK,
    EARLY,
    ELDER,
    META,
    NOON,
    ROLES,
    SHOP,
    SKILLS,
    START,
    STRONG,
    TARGETED_NAMES,
    VILLAGE,
    WEAK,
    WOLF,
    WOLFKIND,
)
from .state import Disguise, Grant, NataState, Plan


def _night(state: NataState) -> tuple[tuple[str, bool], ...]:
    return (("night", state.is_night()),)


class Actions:
    # --- shared ---------------------------------------------------------------------------------
    def _consume(self, state: NataState, seat: int, key: str, n: int = 1) -> None:
        meta = META[key]
        if meta.count is not None:
            state.add_count(seat, key, -n)
        if meta.limited and not state.spent_on(seat, key):
            state.spent.append(state.key(seat, key))
        grants = state.grants.get(seat, [])
        for g in grants:
            if g.key == key and g.once:
                grants.remove(g)
                break

    def _lethal(self, ctx: Ctx, state: NataState, target: int, source: int, skill: str, **data) -> str:
        return self._hit(ctx, state, Hit(target, death.LETHAL, source, skill, (*_night(state), *data.items())))

    # --- votes and the election -----------------------------------------------------------------
    def _reasoned(self, state: NataState, seat: int, action: Action) -> Action:
        """寡言: "若投票，不能写投票理由" (the forum rules otherwise want one)."""
        if state.has(seat, "寡言"):
            if action.reason.strip():
                raise Refusal("你处于[寡言]状态：投票不能写投票理由。")
            return replace(action, reason="（寡言，不写理由）")
        return action

    def do_vote(self, ctx: Ctx, state: NataState, seat: int, action: Action) -> None:
        target = action.targets[0] if action.targets else ABSTAIN
        if state.phase == "election":
            why = state.election.vote_refusal(seat, target)
            if why:
                raise Refusal(why)
            forum.cast_vote(ctx, state.election.box, seat, self._reasoned(state, seat, action), label="警长投票")
            return
        forum.cast_vote(ctx, state.box, seat, self._reasoned(state, seat, action))

    def do_stand(self, ctx: Ctx, state: NataState, seat: int, action: Action) -> None:
        state.election.stand(seat)
        state.acted.append(state.key(seat, "stand"))
        ctx.group(f"{ctx.name(seat)} 上警。")
        ctx.judge(f"{ctx.name(seat)} 上警")

    def do_withdraw(self, ctx: Ctx, state: NataState, seat: int, action: Action) -> None:
        state.election.withdraw(seat)
        ctx.group(f"{ctx.name(seat)} 退水，退出警长竞选。")
        ctx.judge(f"{ctx.name(seat)} 退水")

    def do_badge(self, ctx: Ctx, state: NataState, seat: int, action: Action) -> None:
        if not action.targets:
            if state.badge_must:
                raise Refusal("愚者须选择一名其他角色移交警长，不能撕掉警徽。")
            self._tear(ctx, state, f"{ctx.name(state.badge.leaving)} 选择撕掉警徽")
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

    # --- 开局 choices ------------------------------------------------------------------------------
    def do_heresy(self, ctx: Ctx, state: NataState, seat: int, action: Action) -> None:
        state.heretics = sorted(action.targets)
        ctx.reply(f"你选择的异端：{'、'.join(ctx.name(s) for s in state.heretics)}。")
        ctx.judge(f"{ctx.name(seat)}（宗教老爷爷）选择异端：{state.heretics}")

    def _check_yexing(self, state: NataState, seat: int, action: Action) -> str | None:
        return None if len(action.words) == 1 else "请选择一种状态：/技能 野性伙伴 跟随 或 /技能 野性伙伴 骑乘。"

    def do_yexing(self, ctx: Ctx, state: NataState, seat: int, action: Action) -> None:
        mode = action.words[0]
        state.wild_mode[seat] = mode
        state.wild_howl.pop(seat, None)
        if mode == "跟随" and seat not in state.wild_due:
            state.wild_due.append(seat)
        elif mode == "骑乘" and seat in state.wild_due:
            state.wild_due.remove(seat)
        ctx.reply(f"野性伙伴：你选择了{mode}状态。" + ("请用 /技能 嚎叫 <技能1> <技能2> 选择两个[指定]技能。"
                                                  if mode == "跟随" else ""))
        ctx.judge(f"{ctx.name(seat)}（野人）选择{mode}")

    def _check_howl(self, state: NataState, seat: int, action: Action) -> str | None:
        picks = action.words
        if len(picks) != 2 or picks[0] == picks[1] or any(p not in TARGETED_NAMES for p in picks):
            return "请选择两个不同的[指定]技能：/技能 嚎叫 <技能1> <技能2>。可选：" + "、".join(TARGETED_NAMES)
        return None

    def do_howl(self, ctx: Ctx, state: NataState, seat: int, action: Action) -> None:
        self._howl(ctx, state, seat, list(action.words))

    def _howl(self, ctx: Ctx, state: NataState, seat: int, picks: list[str]) -> None:
        state.wild_howl[seat] = picks
        if seat in state.wild_due:
            state.wild_due.remove(seat)
        ctx.group(f"【嚎叫】这些技能被野猪骑士干扰：{'、'.join(picks)}。", "howl")
        ctx.judge(f"{ctx.name(seat)}（野人·跟随）嚎叫：{picks}")

    def _check_disguise(self, state: NataState, seat: int, action: Action) -> str | None:
        if self._parse_disguise(action.words) is None:
            return "请依次写出表面身份、表面阵营和带刀情况，如：/技能 装模作样 通灵师 村民阵营 不带刀。"
        return None

    _check_zhuangmo = _check_disguise
    _check_qiancang = _check_disguise

    def do_zhuangmo(self, ctx: Ctx, state: NataState, seat: int, action: Action) -> None:
        role, faction, knife = self._parse_disguise(action.words)  # type: ignore[misc]
        state.granny_set[seat] = (role, self._faction_word(faction), knife)
        ctx.reply(f"装模作样：表面伪装设为 {role}、{faction}、{'带刀' if knife else '不带刀'}"
                  "（任何群内狼人出局时生效至夜晚结束）。")
        ctx.judge(f"{ctx.name(seat)}（狼外婆）设定伪装 {role}/{faction}/{knife}")

    def do_qiancang(self, ctx: Ctx, state: NataState, seat: int, action: Action) -> None:
        role, faction, knife = self._parse_disguise(action.words)  # type: ignore[misc]
        state.seq += 1
        state.disguises[seat] = [d for d in state.disguises.get(seat, []) if d.until != "qiancang"]
        state.disguises[seat].append(Disguise(state.seq, role, self._faction_word(faction), knife, until="qiancang"))
        ctx.reply(f"潜藏：表面伪装设为 {role}、{faction}、{'带刀' if knife else '不带刀'}。")
        ctx.judge(f"{ctx.name(seat)}（狼弟）设定伪装 {role}/{faction}/{knife}")

    def _check_qizha(self, state: NataState, seat: int, action: Action) -> str | None:
        w = action.words
        if len(w) != 6 or self._parse_disguise(w[:3]) is None or self._parse_disguise(w[3:]) is None:
            return "请写六项：狼人阵营的 身份 阵营 带刀|不带刀，再写非狼人阵营的 身份 阵营 带刀|不带刀。"
        return None

    def do_qizha(self, ctx: Ctx, state: NataState, seat: int, action: Action) -> None:
        state.granny_due.remove(seat)
        state.granny_apply[seat] = action.words
        ctx.reply("欺诈天下：伪装已设定，下一个夜晚开始时生效。")
        ctx.judge(f"{ctx.name(seat)}（狼外婆）欺诈天下：{action.words}")

    def _check_bianlian(self, state: NataState, seat: int, action: Action) -> str | None:
        left = [c for c in state.cards.get(seat, []) if c not in state.face_used.get(seat, [])]
        if len(action.words) != 1 or action.words[0] not in left:
            return "请选择一张未用过的底牌：" + ("、".join(left) or "（没有了）")
        return None

    def do_bianlian(self, ctx: Ctx, state: NataState, seat: int, action: Action) -> None:
        card = action.words[0]
        self._drop_face(state, seat)
        state.face[seat] = card
        state.face_used.setdefault(seat, []).append(card)
        state.face_until[seat] = state.day if state.phase == START else state.day + 1
        for k in ROLES[card].skills:
            if META[k].count is not None:
                state.counts[state.key(seat, k)] = META[k].count or 0
            if state.key(seat, k) in state.spent:
                state.spent.remove(state.key(seat, k))
        state.seq += 1
        state.disguises.setdefault(seat, []).append(Disguise(state.seq, card, VILLAGE, False, until="face"))
        skills = "、".join(SKILLS[k].name for k in ROLES[card].skills) or "无"
        ctx.reply(f"变脸：置顶【{card}】，获得技能：{skills}（持续至下一次黄昏结束）。")
        ctx.judge(f"{ctx.name(seat)}（变脸者）置顶 {card}")

    def _drop_face(self, state: NataState, seat: int) -> None:
        state.face.pop(seat, None)
        state.face_until.pop(seat, None)
        state.disguises[seat] = [d for d in state.disguises.get(seat, []) if d.until != "face"]

    # --- 正午 skills --------------------------------------------------------------------------------
    def do_chong(self, ctx: Ctx, state: NataState, seat: int, action: Action) -> None:
        target = action.targets[0]
        pig = self._pig(state)
        movers = [seat] + ([pig] if pig and state.alive[pig] else [])
        self._consume(state, seat, "chong")
        state.ring = ring.move_below(state.ring, target, movers)
        alive = lambda s: state.alive[s]  # noqa: E731
        ctx.group("【电梯楼变动】新的电梯楼：" + ring.describe(state.ring, alive, ctx.name), "ring")
        ctx.judge(f"{ctx.name(seat)}（野人）冲撞到 {ctx.name(target)} 下方")
        for s in ring.within(state.ring, alive, movers, 1):
            if state.faction(s) != VILLAGE:
                self._grant(ctx, state, s, "沉默", NOON, seat)

    def do_shenfeng(self, ctx: Ctx, state: NataState, seat: int, action: Action) -> None:
        """白狼王[神风突击]: 翻牌; 发动效果 first (self 致死伤害, 封锁投票), then the target."""
        self._reveal(ctx, state, seat)
        ctx.judge(f"{ctx.name(seat)}（白狼王）神风突击 {ctx.name(action.targets[0])}")
        self._lethal(ctx, state, seat, seat, "神风突击", blank=True)
        if not state.alive[seat]:
            state.blockade = True
            state.box.clear()
            ctx.group("本次正午封锁投票：放逐投票关闭，已经进行的放逐投票无效。", "reveal")
        final = self._land(ctx, state, seat, "shenfeng", action.targets)[0]
        if final is not None:
            self._lethal(ctx, state, final, seat, "神风突击", blank=True, heir_by=seat)

    def do_bengta(self, ctx: Ctx, state: NataState, seat: int, action: Action) -> None:
        self._consume(state, seat, "bengta")
        final = self._land(ctx, state, seat, "bengta", action.targets)[0]
        ctx.judge(f"{ctx.name(seat)} 崩塌狙击 {action.targets[0]}号")
        if final is not None:
            self._lethal(ctx, state, final, seat, "崩塌狙击")
        ctx.reply("崩塌狙击已发动。")

    def do_yichui(self, ctx: Ctx, state: NataState, seat: int, action: Action) -> None:
        self._consume(state, seat, "yichui")
        state.hammer.append(seat)
        ctx.reply("一锤定音：今天你的票权+100。")
        ctx.judge(f"{ctx.name(seat)} 一锤定音")

    def do_tianming(self, ctx: Ctx, state: NataState, seat: int, action: Action) -> None:
        """天命所归: "发动者[实际身份]的对应技能刷新至初始" (itself excepted: it is [限定])."""
        self._consume(state, seat, "tianming")
        keys = [k for k in state.role(seat).skills if k != "tianming"]
        for k in keys:
            if META[k].count is not None:
                state.counts[state.key(seat, k)] = META[k].count or 0
            if state.key(seat, k) in state.spent:
                state.spent.remove(state.key(seat, k))
        state.failed[seat] = [k for k in state.failed.get(seat, []) if k not in keys]
        ctx.reply(f"天命所归：你的【{state.roles[seat]}】技能已刷新至初始。")
        ctx.judge(f"{ctx.name(seat)} 天命所归（{state.roles[seat]}）")

    def do_chuandi(self, ctx: Ctx, state: NataState, seat: int, action: Action) -> None:
        state.acted.append(state.key(seat, "chuandi"))
        state.marks.setdefault(state.key(seat, "chuandi_day"), []).append(state.day)
        a, b = self._land(ctx, state, seat, "chuandi", action.targets)
        ctx.judge(f"{ctx.name(seat)}（传递者）灵魂传递 {action.targets} → {a}, {b}")
        if a is None or b is None or a == b:
            ctx.reply("灵魂传递已发动。")
            return
        state.relays[a] = (b, seat)
        ctx.seat(a, f"灵魂传递：你得知了 {ctx.name(b)}。本次正午你可以用 /私聊 {b} <50字以内> 匿名给他发一条消息。")
        ctx.reply("灵魂传递已发动。")

    # --- 黄昏 / 晨曦 skills -------------------------------------------------------------------------------
    def _check_jingming(self, state: NataState, seat: int, action: Action) -> str | None:
        if len(action.words) != 1:
            return "请选择要换取的技能：通灵(1)、守夜(1)、崩塌狙击(3)、一锤定音(5)。"
        key, cost = SHOP[action.words[0]]
        if state.count(seat, "jingming") < cost:
            return f"精明次数不足：「{action.words[0]}」需要 {cost} 次，你有 {state.count(seat, 'jingming')} 次。"
        if key in state.bought.get(seat, []):
            return f"「{action.words[0]}」已经选过了（每个技能只能选择一次）。"
        return None

    def do_jingming(self, ctx: Ctx, state: NataState, seat: int, action: Action) -> None:
        key, cost = SHOP[action.words[0]]
        state.add_count(seat, "jingming", -cost)
        state.bought.setdefault(seat, []).append(key)
        state.grants.setdefault(seat, []).append(Grant(key, "精明", once=True))
        ctx.reply(f"精明：获得「{SKILLS[key].name}」（使用一次后消失）：{SKILLS[key].help}")
        ctx.judge(f"{ctx.name(seat)}（养殖者）精明换取 {SKILLS[key].name}")

    def do_zhaohuan(self, ctx: Ctx, state: NataState, seat: int, action: Action) -> None:
        target = action.targets[0]
        state.add_count(seat, "zhaohuan", -state.role(target).strength)
        final = self._land(ctx, state, seat, "zhaohuan", action.targets)[0]
        ctx.reply("英灵召唤已发动。")
        ctx.judge(f"{ctx.name(seat)}（御主）英灵召唤 {target}号 → {final}")
        if final is not None and not state.alive[final] and state.faction(final) != ELDER:
            state.spirit_due.append((final, seat))

    def _check_canshi(self, state: NataState, seat: int, action: Action) -> str | None:
        if len(action.targets) > state.count(seat, "canshi"):
            return f"灵狐灿世次数不足：你只有 {state.count(seat, 'canshi')} 次。"
        return None

    def do_canshi(self, ctx: Ctx, state: NataState, seat: int, action: Action) -> None:
        """灵狐灿世: 发动效果 (lose every skill) first, then each kill in the order given until one fails."""
        uses = len(action.targets)
        state.add_count(seat, "canshi", -uses)
        self._strip(ctx, state, seat)
        ctx.reply(f"灵狐灿世：你失去了所有技能，依次对 {'、'.join(f'{t}号' for t in action.targets)} 发动。")
        ctx.judge(f"{ctx.name(seat)}（赤狐神女）灵狐灿世 ×{uses}：{action.targets}")
        for t in action.targets:
            final = self._land(ctx, state, seat, "canshi", (t,))[0]
            if final is None:
                break
            self._lethal(ctx, state, final, seat, "灵狐灿世")
            if state.faction(final) == WOLF or state.alive[final]:
                break

    def _strip(self, ctx: Ctx, state: NataState, seat: int) -> list[str]:
        """"发动者失去所有技能": returns the skills that were his (for 薪火相传)."""
        keys = [k for k in state.held(seat) if k not in state.card_skills(seat)]
        keep = [k for k in keys if not any(g.key == k and g.once for g in state.grants.get(seat, []))]
        if seat not in state.stripped:
            state.stripped.append(seat)
        state.grants[seat] = []
        self._drop_face(state, seat)
        return keep

    def do_shot(self, ctx: Ctx, state: NataState, seat: int, action: Action) -> None:
        state.windows.pop(seat, None)
        state.spent.append(state.key(seat, "shot"))
        final = self._land(ctx, state, seat, "shot", action.targets)[0]
        ctx.reply("最后一枪已开出。")
        ctx.judge(f"{ctx.name(seat)} 最后一枪 {action.targets[0]}号 → {final}")
        if final is not None:
            self._lethal(ctx, state, final, seat, "最后一枪")

    def do_canbao(self, ctx: Ctx, state: NataState, seat: int, action: Action) -> None:
        self._canbao(ctx, state, seat, action.targets[0])

    def _canbao(self, ctx: Ctx, state: NataState, seat: int, target: int) -> None:
        """梼杌[残暴]: "结算目标承受[致死伤害]，然后所有因为[恐虐]得知过发动者的角色丢失[业炎]状态"."""
        state.owed[seat] = [k for k in state.owed.get(seat, []) if k != "canbao"]
        state.windows.pop(seat, None)
        state.spent.append(state.key(seat, "canbao"))
        final = self._land(ctx, state, seat, "canbao", (target,))[0]
        ctx.judge(f"{ctx.name(seat)}（梼杌）残暴 {target}号 → {final}")
        if final is not None:
            self._lethal(ctx, state, final, seat, "残暴")
        for s in state.fear_known.pop(seat, []):
            state.statuses.items = [x for x in state.statuses.items if not (x.holder == s and x.name == "业炎")]
            ctx.judge(f"{ctx.name(s)} 因残暴失去[业炎]")

    def do_xinhuo(self, ctx: Ctx, state: NataState, seat: int, action: Action) -> None:
        """薪火相传: lose every skill, the 结算目标 gains them ("获取技能": counts and uses go along)."""
        state.windows.pop(seat, None)
        keys = self._strip(ctx, state, seat)
        final = self._land(ctx, state, seat, "xinhuo", action.targets)[0]
        ctx.reply("薪火相传：你失去了所有技能。")
        ctx.judge(f"{ctx.name(seat)} 薪火相传 {action.targets[0]}号 → {final}：{keys}")
        if final is None:
            return
        for k in keys:
            if k in state.held(final):
                continue
            state.grants.setdefault(final, []).append(Grant(k, "薪火相传"))
            if META[k].count is not None:
                state.counts[state.key(final, k)] = state.count(seat, k)
            if state.spent_on(seat, k):
                state.spent.append(state.key(final, k))
        names = "、".join(SKILLS[k].name for k in keys) or "无"
        ctx.seat(final, f"薪火相传：你获得了技能 {names}。发送 /身份 查看。")

    def do_boost(self, ctx: Ctx, state: NataState, seat: int, action: Action) -> None:
        key = self._count_skill(state, seat, action.words[0] if action.words else "")
        state.add_count(seat, key, 1)
        state.boost_due[seat] -= 1
        if state.boost_due[seat] <= 0:
            del state.boost_due[seat]
        ctx.reply(f"谋策：「{SKILLS[key].name}」次数+1（现为 {state.count(seat, key)}）。")
        ctx.judge(f"{ctx.name(seat)} 谋策加次：{SKILLS[key].name}")

    def _count_skills(self, state: NataState, seat: int) -> list[str]:
        return [k for k in state.held(seat) if META[k].count is not None]

    def _count_skill(self, state: NataState, seat: int, word: str) -> str:
        for k in self._count_skills(state, seat):
            if SKILLS[k].name == word:
                return k
        raise Refusal("请选择你的一个次数技能：" + "、".join(SKILLS[k].name for k in self._count_skills(state, seat)))

    def _check_boost(self, state: NataState, seat: int, action: Action) -> str | None:
        try:
            self._count_skill(state, seat, action.words[0] if len(action.words) == 1 else "")
        except Refusal as e:
            return e.message
        return None

    # --- skills of any phase ----------------------------------------------------------------------------
    def do_lianjie(self, ctx: Ctx, state: NataState, seat: int, action: Action) -> None:
        self._consume(state, seat, "lianjie")
        self._link(ctx, state, seat, action.targets)

    def _link(self, ctx: Ctx, state: NataState, seat: int, targets: tuple[int, ...]) -> None:
        a, b = self._land(ctx, state, seat, "lianjie", targets)
        ctx.judge(f"{ctx.name(seat)}（传递者）灵魂链接 {targets} → {a}, {b}")
        if a is None or b is None or a == b:
            return
        pair = (min(a, b), max(a, b))
        if pair not in state.links:
            state.links.append(pair)
        for x, y in ((a, b), (b, a)):
            ctx.seat(x, f"灵魂链接：你与 {ctx.name(y)} 永久共群，可以用 /队聊 共群 <内容> 交流。")

    # --- 凌晨 skills that resolve when used ---------------------------------------------------------------
    def do_mifa(self, ctx: Ctx, state: NataState, seat: int, action: Action) -> None:
        """神女秘法: told at once (煏祸相依 needs the list within the same 凌晨)."""
        self._consume(state, seat, "mifa")
        self._note_used(state, "神女秘法")
        mine = state.faction(seat)
        doomed = [s for s in self._doomed(ctx, state) if state.faction(s) == mine]
        state.mifa_list[seat] = doomed
        state.acted.append(state.key(seat, "mifa"))
        ctx.seat(seat, "神女秘法：当晚将要出局的同阵营角色：" + ("、".join(ctx.name(s) for s in doomed) or "无") + "。",
                 "check")
        ctx.judge(f"{ctx.name(seat)}（赤狐神女）神女秘法：{doomed}")

    def do_huoyi(self, ctx: Ctx, state: NataState, seat: int, action: Action) -> None:
        state.acted.append(state.key(seat, "huoyi"))
        final = self._land(ctx, state, seat, "huoyi", action.targets)[0]
        ctx.reply("煏祸相依已发动。")
        ctx.judge(f"{ctx.name(seat)}（赤狐神女）煏祸相依 {action.targets[0]}号 → {final}")
        if final is None:
            return
        burned = self._grant(ctx, state, final, "业炎", "perm", seat)
        saved = self._grant(ctx, state, final, "不死", DAWN, seat)
        if burned and saved:
            state.add_count(seat, "canshi", 1)
            ctx.seat(seat, f"煏祸相依成功：灵狐灿世次数+1（现为 {state.count(seat, 'canshi')}）。")

    # --- night plans ------------------------------------------------------------------------------------------
    def _check_duji(self, state: NataState, seat: int, action: Action) -> str | None:
        return None if len(action.words) == 1 else "请选择一个状态：/技能 毒计 <目标> 流血|沉默|遗忘|迷魂|超度|漏洞。"

    def _check_jieyin(self, state: NataState, seat: int, action: Action) -> str | None:
        if sorted(action.targets) == sorted(state.last.get(state.key(seat, "jieyin"), [])):
            return "不能连续两晚选择相同的三个角色。"
        return None

    def _night_youshi(self, ctx: Ctx, state: NataState, plan: Plan) -> None:
        state.marks.setdefault(state.key(plan.seat, "youshi"), []).append(plan.targets[0])
        final = self._land(ctx, state, plan.seat, "youshi", plan.targets)[0]
        ctx.judge(f"{ctx.name(plan.seat)}（饕餮）诱食 {plan.targets[0]}号 → {final}")
        if final is not None:
            state.lure[plan.seat] = final

    def _night_mouce(self, ctx: Ctx, state: NataState, plan: Plan) -> None:
        state.mouce_day[plan.seat] = state.day
        final = self._land(ctx, state, plan.seat, "mouce", plan.targets)[0]
        ctx.judge(f"{ctx.name(plan.seat)}（毒士）谋策 {plan.targets[0]}号 → {final}")
        if final is None:
            return
        if self._count_skills(state, final):
            state.boost_due[final] = state.boost_due.get(final, 0) + 1
            names = "、".join(SKILLS[k].name for k in self._count_skills(state, final))
            ctx.seat(final, f"谋策：你可以选择自己的一个次数技能使其次数+1：/技能 增加次数 <技能名>（{names}）。")
        else:
            state.add_count(plan.seat, "duji", 1)
            ctx.seat(plan.seat, f"谋策：目标不持有次数技能，你的毒计次数+1（现为 {state.count(plan.seat, 'duji')}）。")

    def _night_jieyin(self, ctx: Ctx, state: NataState, plan: Plan) -> None:
        seat = plan.seat
        state.last[state.key(seat, "jieyin")] = sorted(plan.targets)
        finals = self._land(ctx, state, seat, "jieyin", plan.targets)
        ctx.judge(f"{ctx.name(seat)}（道士）结印 {plan.targets} → {finals}")
        if None in finals or len(set(finals)) != 3:
            return
        kinds = sorted(state.kind(s) for s in finals)  # type: ignore[arg-type]
        if kinds == sorted([WOLFKIND, STRONG, WEAK]):
            for s in state.seats():
                if state.faction(s) != state.faction(seat):
                    self._grant(ctx, state, s, "沉默", EARLY, seat)
        elif kinds == [WOLFKIND] * 3:
            for s in finals:
                self._grant(ctx, state, s, "缴械", NOON, seat)  # type: ignore[arg-type]
        elif kinds == [STRONG] * 3:
            state.flip_vote_day = state.day + 1
        elif kinds == [WEAK] * 3:
            self._grant(ctx, state, seat, "独裁", EARLY, seat, tell=False)

    def _night_duji(self, ctx: Ctx, state: NataState, plan: Plan) -> None:
        final = self._land(ctx, state, plan.seat, "duji", plan.targets)[0]
        ctx.judge(f"{ctx.name(plan.seat)}（毒士）毒计 {plan.targets[0]}号 {plan.words} → {final}")
        if final is not None:
            self._grant(ctx, state, final, plan.words[0], "perm", plan.seat, skill="毒计")

    def _night_tuoxia(self, ctx: Ctx, state: NataState, plan: Plan) -> None:
        state.failed.setdefault(plan.seat, []).append("yinshenyi")
        final = self._land(ctx, state, plan.seat, "tuoxia", plan.targets)[0]
        ctx.judge(f"{ctx.name(plan.seat)}（隐者）脱下隐身衣 {plan.targets[0]}号 → {final}")
        if final is not None:
            self._grant(ctx, state, final, "隐身", EARLY, plan.seat)

    def _night_jicheng(self, ctx: Ctx, state: NataState, plan: Plan) -> None:
        final = self._land(ctx, state, plan.seat, "jicheng", plan.targets)[0]
        ctx.judge(f"{ctx.name(plan.seat)}（狼弟）继承 {plan.targets[0]}号 → {final}")
        if final is not None:
            self._lethal(ctx, state, final, plan.seat, "继承")

    def _night_swap(self, ctx: Ctx, state: NataState, plan: Plan) -> None:
        marks = state.marks.setdefault(state.key(plan.seat, "swap"), [])
        marks.extend(t for t in plan.targets if t not in marks)
        finals = self._land(ctx, state, plan.seat, "swap", plan.targets)
        ctx.judge(f"{ctx.name(plan.seat)}（魔术师）交换 {plan.targets} → {finals}")
        if None not in finals and len(set(finals)) == 2:
            state.swap = list(finals)  # type: ignore[arg-type]

    def _burn(self, ctx: Ctx, state: NataState, plan: Plan, skill: str) -> None:
        final = self._land(ctx, state, plan.seat, plan.key, plan.targets)[0]
        ctx.judge(f"{ctx.name(plan.seat)} {skill} {plan.targets[0]}号 → {final}")
        if final is not None:
            self._grant(ctx, state, final, "业炎", "perm", plan.seat, skill=skill)

    def _night_yeyan_cl(self, ctx: Ctx, state: NataState, plan: Plan) -> None:
        self._burn(ctx, state, plan, "业炎")

    def _night_yeyan_zq(self, ctx: Ctx, state: NataState, plan: Plan) -> None:
        self._burn(ctx, state, plan, "业炎")

    def _night_zonghuo(self, ctx: Ctx, state: NataState, plan: Plan) -> None:
        final = self._land(ctx, state, plan.seat, "zonghuo", plan.targets)[0]
        ctx.judge(f"{ctx.name(plan.seat)}（纵火犯）纵火 {plan.targets[0]}号 → {final}")
        if final is not None:
            self._grant(ctx, state, final, "业炎", "perm", plan.seat, skill="纵火")
            state.arson.append((plan.seat, final))

    def _night_konglue(self, ctx: Ctx, state: NataState, plan: Plan) -> None:
        seat = plan.seat
        final = self._land(ctx, state, seat, "konglue", plan.targets)[0]
        ctx.judge(f"{ctx.name(seat)}（梼杌）恐虐 {plan.targets[0]}号 → {final}")
        if final is not None and self._grant(ctx, state, final, "业炎", "perm", seat, skill="恐虐"):
            state.fear_known.setdefault(seat, []).append(final)
            ctx.seat(seat, f"恐虐成功：{ctx.name(final)} 的实际身份是【{state.roles[final]}】。", "check")
            ctx.seat(final, f"恐虐：{ctx.name(seat)} 的实际身份是【{state.roles[seat]}】。", "check")

    def _night_shenyuan(self, ctx: Ctx, state: NataState, plan: Plan) -> None:
        state.marks.setdefault(state.key(plan.seat, "shenyuan"), []).append(plan.targets[0])
        final = self._land(ctx, state, plan.seat, "shenyuan", plan.targets)[0]
        ctx.judge(f"{ctx.name(plan.seat)}（渊狼）深渊 {plan.targets[0]}号 → {final}")
        if final is not None:
            self._grant(ctx, state, final, "不死", DAWN, plan.seat)

    def _check(self, ctx: Ctx, state: NataState, plan: Plan, skill: str) -> None:
        final = self._land(ctx, state, plan.seat, plan.key, plan.targets)[0]
        chosen = plan.targets[0]
        if final is None:
            ctx.seat(plan.seat, f"【{skill}】没有得到反馈。", "check")
            ctx.judge(f"{ctx.name(plan.seat)} {skill} {chosen}号：结算目标隐身，无反馈")
            return
        role = state.surface(final)[0]
        ctx.seat(plan.seat, f"【{skill}】{ctx.name(chosen)} 是【{role}】。", "check",
                 {"target": chosen, "role": role, "wolf": role in ROLES and ROLES[role].faction == WOLF})
        ctx.judge(f"{ctx.name(plan.seat)} {skill} {chosen}号（结算目标 {final}号）：{role}")
        if plan.key == "pingyi":
            ctx.seat(final, f"灵魂凭依：{ctx.name(plan.seat)} 是凭依灵。", "check")
            if "链接" in plan.words:
                for a, b in ((plan.seat, final), (final, plan.seat)):
                    if self._grant(ctx, state, a, "虚情情侣", EARLY, plan.seat, tell=False, data={"partner": b}):
                        ctx.seat(a, f"你与 {ctx.name(b)} 成为[虚情情侣]（至下一个夜晚开始），可以用 /队聊 虚情情侣 <内容> 交流。")

    def _night_tongling(self, ctx: Ctx, state: NataState, plan: Plan) -> None:
        self._check(ctx, state, plan, "通灵")

    def _night_tongling_b(self, ctx: Ctx, state: NataState, plan: Plan) -> None:
        self._check(ctx, state, plan, "通灵")

    def _night_pingyi(self, ctx: Ctx, state: NataState, plan: Plan) -> None:
        self._check(ctx, state, plan, "灵魂凭依")

    def _resolve_kill(self, ctx: Ctx, state: NataState) -> None:
        """狼人阵营[杀人]: each chooser's latest choice; most votes, a tie to the latest; the source is a random
        群内 ("若[杀人]需要判定技能来源，则随机一名群内成为来源")."""
        votes: dict[int, int] = {}
        latest: dict[int, int] = {}
        for wolf, (target, stamp) in sorted(state.kill_choice.items()):
            if state.alive[wolf] and target:
                votes[target] = votes.get(target, 0) + 1
                latest[target] = max(latest.get(target, 0), stamp)
        state.kill_choice = {}
        if not votes:
            return
        best = max(votes.values())
        target = max((t for t, v in votes.items() if v == best), key=lambda t: latest[t])
        pack = state.pack() or [s for s in state.seats() if state.catcher(s)]
        if not pack:
            return
        source = pack[ctx.rng.below(len(pack))]
        final = self._land(ctx, state, source, "kill", (target,))[0]
        ctx.judge(f"狼人阵营杀人 {target}号（来源 {source}号）→ {final}")
        if final is None:
            return
        for arsonist, burned in state.arson:
            if burned == final:
                ctx.judge(f"纵火：杀人的结算目标正是纵火目标 {final}号，杀人无效")
                alive = lambda s: state.alive[s]  # noqa: E731
                wolf = ring.first(state.ring, alive, final, ring.BELOW, lambda s: state.faction(s) == WOLF
                                  and state.knife(s))
                if wolf:
                    self._lethal(ctx, state, wolf, arsonist, "纵火")
                return
        self._hit(ctx, state, Hit(final, death.KILL, source, "杀人", _night(state)))

    def _night_baoshi(self, ctx: Ctx, state: NataState, plan: Plan) -> None:
        final = self._land(ctx, state, plan.seat, "baoshi", plan.targets)[0]
        ctx.judge(f"{ctx.name(plan.seat)}（饕餮）暴食 {plan.targets[0]}号 → {final}")
        if final is not None:
            self._hit(ctx, state, Hit(final, death.KILL, plan.seat, "暴食", _night(state)))

    def _night_baonu(self, ctx: Ctx, state: NataState, plan: Plan) -> None:
        final = self._land(ctx, state, plan.seat, "baonu", plan.targets)[0]
        ctx.judge(f"{ctx.name(plan.seat)}（狼兄）暴怒 {plan.targets[0]}号 → {final}")
        if final is not None:
            self._hit(ctx, state, Hit(final, death.PIERCE, plan.seat, "暴怒", _night(state)))

    def _night_tianhuo(self, ctx: Ctx, state: NataState, plan: Plan) -> None:
        final = self._land(ctx, state, plan.seat, "tianhuo", plan.targets)[0]
        ctx.judge(f"{ctx.name(plan.seat)}（朱雀）天火 {plan.targets[0]}号 → {final}")
        if final is not None and state.faction(final) != VILLAGE:
            self._lethal(ctx, state, final, plan.seat, "天火")

    def _night_shouge(self, ctx: Ctx, state: NataState, plan: Plan) -> None:
        final = self._land(ctx, state, plan.seat, "shouge", plan.targets)[0]
        ctx.judge(f"{ctx.name(plan.seat)}（死神）收割 {plan.targets[0]}号 → {final}")
        if final is not None:
            self._grant(ctx, state, final, "流血", "perm", plan.seat, skill="收割")

    def _night_jinyan(self, ctx: Ctx, state: NataState, plan: Plan) -> None:
        state.last[state.key(plan.seat, "jinyan")] = [plan.targets[0]]
        final = self._land(ctx, state, plan.seat, "jinyan", plan.targets)[0]
        ctx.judge(f"{ctx.name(plan.seat)}（禁言长老）禁言 {plan.targets[0]}号 → {final}")
        if final is not None:
            self._grant(ctx, state, final, "寡言", EARLY, plan.seat)

    def _night_fuhuo(self, ctx: Ctx, state: NataState, plan: Plan) -> None:
        final = self._land(ctx, state, plan.seat, "fuhuo", plan.targets)[0]
        ctx.judge(f"{ctx.name(plan.seat)}（阴阳使者）复活 {plan.targets[0]}号 → {final}")
        if final is not None and not state.alive[final] and final not in state.revive_due:
            state.revive_due.append(final)

    def _night_lianjie(self, ctx: Ctx, state: NataState, plan: Plan) -> None:
        self._link(ctx, state, plan.seat, plan.targets)

    def _night_shouye(self, ctx: Ctx, state: NataState, plan: Plan) -> None:
        names = list(dict.fromkeys(state.used_names))
        ctx.seat(plan.seat, "守夜：今晚发动的技能：" + ("、".join(names) or "无") + "。", "check")
        ctx.judge(f"{ctx.name(plan.seat)}（养殖者）守夜：{names}")

    def _zhuihun(self, ctx: Ctx, state: NataState) -> None:
        """死神[追魂]: "若狼人阵营角色当晚结算的伤害未造成角色出局时触发此效果：死神对该角色施加[流血]状态"."""
        reapers = state.holding("zhuihun")
        if not reapers or not state.wolf_hurt:
            return
        for target in state.wolf_hurt:
            if state.alive[target]:
                self._note_used(state, "追魂")
                ctx.judge(f"追魂：{ctx.name(target)} 逃过狼人阵营的伤害，被施加[流血]")
                self._grant(ctx, state, target, "流血", "perm", reapers[0], skill="追魂")
        state.wolf_hurt = []

    # --- 强制 choices left open at a deadline --------------------------------------------------------------------
    def _random_living(self, ctx: Ctx, state: NataState, exclude: tuple[int, ...] = ()) -> int:
        pool = [s for s in state.seats() if state.alive[s] and state.targetable(s) and s not in exclude]
        return pool[ctx.rng.below(len(pool))] if pool else 0

    def _defaults(self, ctx: Ctx, state: NataState) -> None:
        """What a 强制 choice becomes when nobody made it in time (docs/nata.md: 强制的选择)."""
        phase = state.phase
        if phase == START:
            for elder in state.holders("宗教老爷爷"):
                if not state.heretics:
                    others = [s for s in state.seats() if s != elder]
                    ctx.rng.shuffle(others)
                    state.heretics = sorted(others[:6])
                    ctx.seat(elder, f"你没有选择异端，随机选定：{'、'.join(ctx.name(s) for s in state.heretics)}。")
                    ctx.judge(f"异端随机选定：{state.heretics}")
            for wild in state.holding("yexing"):
                if wild not in state.wild_mode:
                    mode = ("跟随", "骑乘")[ctx.rng.below(2)]
                    state.wild_mode[wild] = mode
                    if mode == "跟随":
                        state.wild_due.append(wild)
                    ctx.seat(wild, f"你没有选择状态，随机进入{mode}状态。")
        for wild in list(state.wild_due):
            if phase in (START, DAWN):
                picks = list(TARGETED_NAMES)
                ctx.rng.shuffle(picks)
                ctx.seat(wild, "你没有选择嚎叫的技能，随机选定。")
                self._howl(ctx, state, wild, picks[:2])
        if state.badge.pending and state.badge.phase == phase:
            if state.badge_must:
                heir = self._random_living(ctx, state, (state.badge_must,))
                if heir:
                    state.badge.hand_to(heir)
                    state.badge_must = 0
                    ctx.seat(heir, "你成为了警长：票权+0.5。")
                    ctx.group(f"警长移交给了 {ctx.name(heir)}。")
                else:
                    self._tear(ctx, state, "无人可以移交")
            else:
                self._tear(ctx, state, "警长没有在时限内移交")
        for seat, keys in list(state.owed.items()):
            if "canbao" in keys and state.window_open(seat):
                pool = [s for s in state.seats() if state.alive[s] and state.targetable(s)
                        and state.statuses.has(s, "业炎")]
                if pool:
                    self._canbao(ctx, state, seat, pool[ctx.rng.below(len(pool))])
                else:
                    state.owed[seat] = [k for k in keys if k != "canbao"]
        if phase == EARLY:
            for brother in state.holding("jicheng"):
                if (state.inner(brother) and not state.spent_on(brother, "jicheng")
                        and state.key(brother, "jicheng") not in state.plans):
                    target = self._random_living(ctx, state, (brother,))
                    if target:
                        state.seq += 1
                        state.plans[state.key(brother, "jicheng")] = Plan(brother, "jicheng", (target,), (), state.seq)
                        ctx.judge(f"{ctx.name(brother)}（狼弟）继承为强制技能，随机选定 {target}号")
        if phase in (DUSK, DAWN):
            for seat in state.seats():
                if state.windows.get(seat) == (state.day, phase):
                    state.windows.pop(seat, None)
