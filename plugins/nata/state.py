"""The state of a 纳塔 game and the pure questions asked of it (who holds which skill, which
statuses are in force, who is 群内, which faction has lost).

Everything here is data plus read-only helpers (and two small bookkeeping changes of skills held);
the skills (roles/) and the procedures (statuses.py, targets.py, deaths.py, night.py, flow.py) change it. Sets are kept as
sorted lists where their order could reach the output.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from ..bansha.engine import PERMANENT, UNTIL_PHASE, BaseState, Status, VoteBox
from ..bansha.engine.mechanics.death import Hit
from ..bansha.engine.mechanics.sheriff import Badge, Election
from ..bansha.engine.mechanics.statuses import Family
from .declared import ROLES, SKILLS
from .facts import Table
from .order import MOMENTS
from .terms import COMPOSITES, CYCLE, DAWN, DUSK, NEGATIVE, NIGHT_PHASES, POSITIVE, SEER, STRONG, WEAK, WOLF

FAMILY = Family(NEGATIVE, POSITIVE, COMPOSITES)
_ADDING: list = []


def _adding() -> list:
    """The skills that add others to what a seat holds (order.MOMENTS["adds"]), looked up once all are declared."""
    if not _ADDING:
        _ADDING.extend(SKILLS[k] for k in MOMENTS["adds"])
    return _ADDING


@lru_cache(maxsize=4096)
def _expanded(names: frozenset[str]) -> frozenset[str]:
    """The effects of a set of status names, composites expanded (FAMILY.effects): a pure function of the names
    (no game state), kept per distinct set because a game asks "is this seat under X" thousands of times per input
    over a handful of distinct sets."""
    return frozenset(e for n in names for e in FAMILY.parts(n))


_GIVEN: set[str] = set()


def _given() -> set[str]:
    """The skills a rule may add to what a seat holds (their `gives`): anyone may come to hold one of these."""
    if not _GIVEN:
        _GIVEN.update(k for s in _adding() for k in s.gives)
    return _GIVEN


@dataclass
class Death:
    seat: int
    day: int
    phase: str
    kind: str  # 指杀 / 穿透 / 致死伤害 / 投票出局 / 红牌
    source: int = 0
    skill: str = ""
    night_village: bool = False  # caused by a 村民阵营 night skill (猎人 cannot shoot)
    chain: bool = False  # 连带出局
    announced: bool = False
    words: str = ""  # "" = may leave 遗言, "empty" = forced empty, "none" = no right, "done" = published
    shown_day: int = 0  # the day it was announced (阴阳使者: "上一个白天宣布出局")
    words_until: int = 0  # the day whose 正午 close ends the right to 遗言


@dataclass
class Plan:
    """A night skill submitted in its sub-phase, resolved when the sub-phase closes."""

    seat: int
    key: str
    targets: tuple[int, ...]
    words: tuple[str, ...]
    stamp: int


@dataclass
class Disguise:
    seq: int
    role: str
    faction: str
    knife: bool
    active: bool = True
    until: str = ""  # "" = while its skill lasts; a phase key = ends when that phase begins


@dataclass
class Grant:
    key: str
    origin: str  # 变脸 / 精明 / 薪火相传 / 贪欲
    once: bool = False


@dataclass
class Question:
    """One [宣言] of the day (审讯): 「任何人均可进行宣言，但只有可以发动对应技能的情况下才会有效」."""

    no: int  # 编号, from 1 in each game: /回复 <编号>, 【宣言#编号】
    asker: int
    target: int
    text: str  # the question, 20 characters at most
    day: int
    valid: bool  # posted by someone who could use 审讯 (a bluff is accepted alike, and has no effect)
    msg: int = 0  # the QQ message id of the post (a QQ reply to it is an answer)
    answer: str = ""  # 是 / 否 / 无法回答
    ruling: int = 0  # the engine ruling's number, once asked
    verdict: str = ""  # 正确 / 错误, once ruled (or lapsed)
    done: bool = False  # its result has been settled


@dataclass
class NataState(BaseState):
    roles: list[str] = field(default_factory=list)  # index 0 unused: actual roles (实际身份, never change)
    factions: list[str] = field(default_factory=list)  # actual factions (实际阵营)
    ring: list[int] = field(default_factory=list)  # 电梯楼
    start_n: int = 0
    early_end: bool = False  # option 夜间提前结束
    seq: int = 0  # orders everything that "happens later" (disguises, choices)
    # skills
    counts: dict[str, int] = field(default_factory=dict)  # "seat:key" -> count left ([数值])
    spent: list[str] = field(default_factory=list)  # "seat:key" of used [限定] skills
    marks: dict[str, list[int]] = field(default_factory=dict)  # "seat:key" -> seats ever chosen ("每名角色只能被选择一次")
    bought: dict[int, list[str]] = field(default_factory=dict)  # 养殖者 -> skills taken with 精明
    last: dict[str, list[int]] = field(default_factory=dict)  # "seat:key" -> last night's targets (禁言, 结印)
    failed: dict[int, list[str]] = field(default_factory=dict)  # 技能失效
    stripped: list[int] = field(default_factory=list)  # lost all skills (灵狐灿世, 薪火相传)
    grants: dict[int, list[Grant]] = field(default_factory=dict)
    labels: dict[int, list[str]] = field(default_factory=dict)  # acquired 群内 (狼弟)
    cards: dict[int, list[str]] = field(default_factory=dict)  # 变脸者's hidden cards
    face: dict[int, str] = field(default_factory=dict)  # 变脸者's card on top
    face_used: dict[int, list[str]] = field(default_factory=dict)
    face_until: dict[int, int] = field(default_factory=dict)  # the day whose 黄昏 end removes the card
    disguises: dict[int, list[Disguise]] = field(default_factory=dict)
    granny_set: dict[int, tuple[str, str, bool]] = field(default_factory=dict)  # 狼外婆's own 装模作样 setting
    granny_all: dict[int, tuple[str, ...]] = field(default_factory=dict)  # 欺诈天下's two settings (6 words)
    granny_due: list[int] = field(default_factory=list)  # 狼外婆 who left and owe 欺诈天下
    granny_apply: dict[int, tuple[str, ...]] = field(default_factory=dict)  # 狼外婆 -> 欺诈天下 for the next night
    wild_mode: dict[int, str] = field(default_factory=dict)  # 野人: 跟随 | 骑乘
    wild_howl: dict[int, list[str]] = field(default_factory=dict)  # 野人[跟随]: the two skills
    wild_due: list[int] = field(default_factory=list)  # 野人 who must still choose two skills
    heretics: list[int] = field(default_factory=list)
    heretic_outs: int = 0
    elder_saves: int = 0  # immunities already used
    zhuque_cuts: int = 0  # 朱雀[涅槃重生]: loss thresholds lowered
    glutton_names: dict[int, list[str]] = field(default_factory=dict)  # 饕餮: skill names counted
    lure: dict[int, int] = field(default_factory=dict)  # 饕餮 -> lured seat tonight
    lure_fed: list[int] = field(default_factory=list)  # 饕餮 whose 诱食 already added 1 tonight
    spirits: dict[int, int] = field(default_factory=dict)  # summoned seat -> 御主
    spirit_due: list[tuple[int, int]] = field(default_factory=list)  # (seat, 御主): 自由 after this 黄昏
    links: list[tuple[int, int]] = field(default_factory=list)  # 灵魂链接 pairs (永久共群)
    relays: dict[int, tuple[int, int]] = field(default_factory=dict)  # A -> (B, 传递者), this 正午
    relayed: list[int] = field(default_factory=list)  # A who already sent
    fear_known: dict[int, list[int]] = field(default_factory=dict)  # 梼杌 -> seats that learned him (恐虐)
    mifa_list: dict[int, list[int]] = field(default_factory=dict)  # 赤狐神女 -> tonight's 神女秘法 list
    boost_due: dict[int, int] = field(default_factory=dict)  # 谋策 target -> +1 choices owed
    mouce_day: dict[int, int] = field(default_factory=dict)
    revive_due: list[int] = field(default_factory=list)  # 复活 at the next 晨曦
    windows: dict[int, tuple[int, str]] = field(default_factory=dict)  # dead seat -> (day, phase) of its window
    owed: dict[int, list[str]] = field(default_factory=dict)  # forced choices owed this phase (残暴, 继承, …)
    acted: list[str] = field(default_factory=list)  # "seat:key" used (or passed) in this phase
    # night
    plans: dict[str, Plan] = field(default_factory=dict)  # "seat:key" -> plan
    kill_choice: dict[int, tuple[int, int]] = field(default_factory=dict)  # wolf -> (target, stamp)
    hits: list[Hit] = field(default_factory=list)  # damage waiting for 凌晨's count
    swap: list[int] = field(default_factory=list)  # 魔术师's pair in force tonight
    used_names: list[str] = field(default_factory=list)  # 守夜: skill names used tonight
    wolf_hurt: list[int] = field(default_factory=list)  # seats hit by 狼人阵营 damage tonight (追魂)
    arson: list[tuple[int, int]] = field(default_factory=list)  # (纵火犯, resolved target) tonight
    # day
    election: Election = field(default_factory=Election)
    badge: Badge = field(default_factory=Badge)
    box: VoteBox = field(default_factory=VoteBox)
    noon_round: int = 0
    extra_noons: int = 0  # 太阳[日]: extra 正午 rounds owed to the next day
    extra_today: int = 0
    round_leaders: list[list[int]] = field(default_factory=list)
    blockade: bool = False  # 封锁投票 today
    flip_vote_day: int = 0  # 道士 3强神: the day whose vote-out flips
    hammer: list[int] = field(default_factory=list)  # 一锤定音 today
    questions: list[Question] = field(default_factory=list)  # today's 宣言
    declared: int = 0  # 宣言 posted this game (their numbers)
    fool_flipped: list[int] = field(default_factory=list)  # 愚者 who used 大难不死: no vote
    # deaths and publication
    deaths: list[Death] = field(default_factory=list)
    revealed: list[int] = field(default_factory=list)  # 翻牌: actual role public
    public_out: list[int] = field(default_factory=list)  # announced out (not targetable)
    returned: list[int] = field(default_factory=list)  # revived, to announce
    removed: list[int] = field(default_factory=list)  # 红牌罚下
    lastwords: dict[int, str] = field(default_factory=dict)  # seat -> text waiting for publication
    notices: list[str] = field(default_factory=list)  # public facts held for the next 开门
    own_held: dict[int, list[str]] = field(default_factory=dict)  # skills in force at the moment of death
    counting: bool = False  # 凌晨's count is running: new damage resolves at once
    badge_must: int = 0  # 愚者 sheriff: must hand over (no tearing)
    # the end
    lost: list[str] = field(default_factory=list)
    winner: str = ""
    win_text: str = ""
    # the facts of this deal that never change (facts.py): set at the deal (rules.setup), with `roles`
    facts: Table | None = None

    def table(self) -> Table:
        """The facts of this deal (facts.Table): who holds a role, the village's kinds, the wolves."""
        assert self.facts is not None, "a 纳塔 state gets its facts at the deal"
        return self.facts

    # --- identity ---------------------------------------------------------------------------
    def role(self, seat: int):  # -> skill.Role
        return ROLES[self.roles[seat]]

    def kind(self, seat: int) -> str:
        return self.role(seat).kind

    def faction(self, seat: int) -> str:
        return self.factions[seat]

    def holders(self, role: str) -> list[int]:
        return list(self.table().holders.get(role, ()))

    def seats(self) -> range:
        return range(1, self.n + 1)

    def is_night(self) -> bool:
        return self.phase in NIGHT_PHASES

    def after_night1(self) -> bool:
        """"第二晚开始": from the second night on (day 2's night, then every later phase)."""
        return self.day > 2 or (self.day == 2 and self.is_night())

    def election_day(self) -> bool:
        return self.day <= 1

    def targetable(self, seat: int) -> bool:
        """"已经公示的出局角色不允许被选为技能或投票的目标": an unannounced death still may be."""
        return seat not in self.public_out

    # --- statuses -----------------------------------------------------------------------------
    def effects(self, seat: int) -> set[str]:
        return set(_expanded(self.statuses.names(seat)))

    def has(self, seat: int, effect: str) -> bool:
        return effect in _expanded(self.statuses.names(seat))


    # --- skills --------------------------------------------------------------------------------
    def key(self, seat: int, skill: str) -> str:
        return f"{seat}:{skill}"

    def count(self, seat: int, skill: str) -> int:
        return self.counts.get(self.key(seat, skill), SKILLS[skill].count or 0)

    def add_count(self, seat: int, skill: str, delta: int) -> None:
        self.counts[self.key(seat, skill)] = max(0, self.count(seat, skill) + delta)

    def spent_on(self, seat: int, skill: str) -> bool:
        return self.key(seat, skill) in self.spent

    def card_skills(self, seat: int) -> list[str]:
        card = self.face.get(seat)
        return list(ROLES[card].skill_keys) if card else []

    def drop_face(self, seat: int) -> None:
        """变脸者's card on top goes (expired, replaced, or every skill lost)."""
        self.face.pop(seat, None)
        self.face_until.pop(seat, None)
        self.disguises[seat] = [d for d in self.disguises.get(seat, []) if d.until != "face"]

    def strip(self, seat: int) -> list[str]:
        """"发动者失去所有技能" (灵狐灿世, 薪火相传): returns the skills that were his own to pass on."""
        keys = [k for k in self.held(seat) if k not in self.card_skills(seat)]
        keep = [k for k in keys if not any(g.key == k and g.once for g in self.grants.get(seat, []))]
        if seat not in self.stripped:
            self.stripped.append(seat)
        self.grants[seat] = []
        self.drop_face(seat)
        return keep

    def held(self, seat: int) -> list[str]:
        """Every skill key the seat holds now, own role first, then acquired ones (no duplicates)."""
        fails = self.failed.get(seat)
        role = ROLES[self.roles[seat]]
        if not fails and role.plain and not self.face.get(seat) and not self.grants.get(seat) and (
                seat not in self.stripped):
            return list(role.skill_keys)  # most seats: their role's skills, nothing gained or lost
        keys: list[str] = []
        if seat not in self.stripped:
            keys = [k for k in ROLES[self.roles[seat]].skill_keys if not fails or k not in fails]
            card = self.face.get(seat)
            if card:
                keys += [k for k in ROLES[card].skill_keys if not fails or k not in fails]
        grants = self.grants.get(seat)
        if grants:
            keys += [g.key for g in grants]
        may_hold = ROLES[self.roles[seat]].may_hold
        for skill in _ADDING or _adding():  # [接刀]'s 杀人, 贪欲's 最后一枪: asked of a seat that holds it or may
            if skill.key in may_hold or skill.key in keys:
                keys += skill.adds(self, seat, keys)
        return list(dict.fromkeys(keys)) if grants or len(keys) > 3 else keys

    def holds(self, seat: int, skill: str, keys: list[str] | None = None) -> bool:
        """The seat holds the skill and, for a 强制 skill, it is in force (no 遗忘, not out)."""
        keys = self.held(seat) if keys is None else keys
        if skill not in keys or seat in self.removed:
            return False
        if SKILLS[skill].forced:
            # [遗忘] "失去所有[强制]技能"; and "出局后……视作被业炎处理", except the skills meant for after
            if self.has(seat, "遗忘") or (not self.alive[seat] and not SKILLS[skill].when_dead):
                return False
        return True

    def may_hold(self, seat: int, skill: str) -> bool:
        """Could the seat hold the skill at all? False for a seat whose role neither lists it nor gains any (face,
        grants, a rule's `gives`): then `held` need not be worked out."""
        return (skill in ROLES[self.roles[seat]].may_hold or skill in (_GIVEN or _given()) or bool(self.face.get(seat))
                or bool(self.grants.get(seat)))

    def holding(self, skill: str) -> list[int]:
        if skill in (_GIVEN or _given()):
            return [s for s in self.seats() if self.holds(s, skill)]
        roles, face, grants = self.roles, self.face, self.grants
        return [s for s in self.seats() if (skill in ROLES[roles[s]].may_hold or face.get(s) or grants.get(s))
                and self.holds(s, skill)]  # (`may_hold`, inlined: asked for every seat)

    # --- wolves ---------------------------------------------------------------------------------
    def labels_of(self, seat: int) -> list[str]:
        """群内/接刀 labels held, before 超度 ("会丢失且无法获得[群内]或[接刀]标签")."""
        if self.factions[seat] != WOLF:
            return []
        tags, extra = ROLES[self.roles[seat]].tags, self.labels.get(seat)
        return list(dict.fromkeys([*tags, *extra])) if extra else list(tags)

    def inner(self, seat: int) -> bool:
        """An effective 群内 wolf: alive, labelled, not 超度."""
        return self.alive[seat] and "群内" in self.labels_of(seat) and not self.has(seat, "超度")

    def pack(self) -> list[int]:
        return [s for s in self.table().wolves if self.inner(s)]

    def catcher(self, seat: int) -> bool:
        """[接刀] in force: every 群内 wolf is out or under permanent 业炎/净化."""
        if not self.alive[seat] or "接刀" not in self.labels_of(seat) or self.has(seat, "超度"):
            return False
        for s in self.table().wolves:  # only a wolf has labels (labels_of)
            if s != seat and self.alive[s] and "群内" in self.labels_of(s):
                burned = any(st.name in ("业炎", "净化") and st.until == PERMANENT for st in self.statuses.of(s))
                if not burned:
                    return False
        return True

    def knife(self, seat: int) -> bool:
        """实际带刀: can use 杀人 (the pack's, or by 接刀)."""
        return (self.inner(seat) or self.catcher(seat)) and not self.has(seat, "缴械")

    def pack_disarmed(self) -> bool:
        return any(self.has(s, "缴械") for s in self.pack())

    # --- surface (表面身份) -----------------------------------------------------------------------
    def surface(self, seat: int) -> tuple[str, str, bool]:
        """(role, faction, 带刀) as checks see them: the latest active disguise, else the truth."""
        live = [d for d in self.disguises.get(seat, []) if d.active]
        if live:
            d = max(live, key=lambda d: d.seq)
            return d.role, d.faction, d.knife
        card = self.face.get(seat)
        role = card or self.roles[seat]
        return role, ROLES[role].faction if card else self.faction(seat), self.knife(seat)

    # --- the vote ----------------------------------------------------------------------------------
    def weight(self, seat: int) -> float:
        """迷魂 0; otherwise 1, +1 独裁, +0.5 警长, +1 per heretic out (宗教老爷爷), +100 一锤定音."""
        if self.has(seat, "迷魂"):
            return 0.0
        w = 1.0
        if self.has(seat, "独裁"):
            w += 1
        if self.badge.holder == seat:
            w += 0.5
        if self.holds(seat, "yiduan"):
            w += self.heretic_outs
        if seat in self.hammer:
            w += 100
        return w

    # --- the loss conditions (胜负判定) --------------------------------------------------------------
    def out_count(self, kind: str) -> tuple[int, int]:
        seats = self.table().village[kind]
        alive = self.alive
        return sum(1 for s in seats if not alive[s]), len(seats)

    def village_lost(self) -> bool:
        seer_out, seers = self.out_count(SEER)
        if seers and seer_out < seers:
            return False
        strong, weak = self.out_count(STRONG), self.out_count(WEAK)
        need = [max(0, total - self.zhuque_cuts) for _, total in (strong, weak)]
        return strong[0] >= need[0] or weak[0] >= need[1]

    def wolves_lost(self) -> bool:
        """No 群内 or 接刀 character, and none can arise: a living 狼弟 with 潜藏 still in force, or a dead
        群内/接刀 wolf the 阴阳使者 may still revive ("且无法产生新的[群内]或[接刀]角色")."""
        for s in self.table().wolves:
            if not self.alive[s] or self.burned_for_good(s):
                continue
            if self.labels_of(s) or self.holds(s, "qiancang"):
                return False
        return not self.pack_can_return()

    def pack_can_return(self) -> bool:
        """A dead wolf with 群内/接刀 is due back at 晨曦, or is still a 复活 target ("任意一名上一个白天宣布出局的
        角色": announced today, or not yet announced) of a living seat that can still 复活."""
        def labelled(s: int) -> bool:
            return (self.faction(s) == WOLF and bool(self.labels_of(s)) and not self.burned_for_good(s)
                    and s not in self.removed)

        if any(labelled(s) for s in self.revive_due):
            return True
        healers = [s for s in self.holding("fuhuo") if self.alive[s] and s not in self.removed
                   and self.count(s, "fuhuo") >= 1 and not self.for_good(s, "沉默")]
        if not healers:
            return False
        last = {d.seat: d for d in self.deaths}
        return any(not self.alive[s] and labelled(s) and (not d.announced or d.shown_day == self.day)
                   for s, d in last.items())

    def burned_for_good(self, seat: int) -> bool:
        """Under 超度 that never ends: the seat can never hold 群内/接刀 again."""
        return self.for_good(seat, "超度")

    def for_good(self, seat: int, effect: str) -> bool:
        """Under a status carrying `effect` that never ends."""
        hold = [st for st in self.statuses.of(seat) if effect in FAMILY.parts(st.name)]
        return bool(hold) and all(st.until == PERMANENT and "by" not in st.data for st in hold)

    def holding_role_alive(self, role: str) -> int | None:
        return next((s for s in self.holders(role) if self.alive[s]), None)

    def elder_won(self, seat: int) -> bool:
        if not self.heretics or not self.alive[seat]:
            return False
        heretics_out = all(not self.alive[h] for h in self.heretics)
        others_out = all(not self.alive[s] for s in self.seats() if s != seat and s not in self.heretics)
        return heretics_out or others_out

    # --- status timing --------------------------------------------------------------------------------
    def rank(self, status: Status) -> tuple[int, int]:
        """Sort key "时限最短" first: phases until it ends (permanent last)."""
        if status.until == UNTIL_PHASE and status.phase in CYCLE:
            here = CYCLE.index(self.phase) if self.phase in CYCLE else 0
            return (0, (CYCLE.index(status.phase) - here - 1) % len(CYCLE))
        if status.until == PERMANENT and "by" in status.data:
            return (1, 0)  # lasts while a skill lasts
        return (2, 0)

    def window_open(self, seat: int) -> bool:
        """A dead seat's "出局后下一个可发动技能的时点" is now."""
        return self.windows.get(seat) == (self.day, self.phase) and self.phase in (DAWN, DUSK)
