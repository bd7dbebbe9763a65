"""The order things resolve in: the text's 行动顺序总集 (`ORDER`, restricted to this pool, with the pool's
unlisted skills placed as docs/nata.md explains) and, where the text gives no order, ours (`HOOKS`).

A step's key is a skill (its `step`: by default the plans submitted for it, in 电梯楼 order) or a
procedure of the game (`PROCEDURES`). A step marked 即时插入结算 runs when its phase begins (and skills of that
phase then resolve as they are used); the others run when their phase closes. catalog.py checks that every
key here has a handler and every handler a place here.
"""

from __future__ import annotations

from dataclasses import dataclass

from .terms import DAWN, DEEP, DUSK, EARLY, LATE, MID, NIGHT_PHASES


@dataclass(frozen=True)
class Step:
    phase: str
    part: str  # the text's sub-step
    key: str  # a skill key, or a procedure of PROCEDURES
    mode: str  # 即时插入结算 | 互不影响 | 有先后顺序

    @property
    def at_start(self) -> bool:
        return self.mode == _I


_I, _F, _O = "即时插入结算", "互不影响", "有先后顺序"
ORDER: tuple[Step, ...] = (
    Step(DUSK, "黄昏1", "vote_out", _I),  # 统计最高票 (and the 道士's 3强神 flip)
    Step(DUSK, "黄昏1", "shenxun", _I),  # 审讯: "游戏日黄昏开始后"
    Step(DUSK, "黄昏1", "canshi", _I),  # then 黄昏 skills as they are used: 灵狐灿世, 最后一枪, 残暴, 薪火相传, 变脸, …
    Step(DUSK, "黄昏2", "shenxun", _O),  # 审讯 still awaiting the 法官's ruling: the answer stands as correct
    Step(DUSK, "黄昏2", "dusk_report", _O),  # 公告出局名单和警长情况
    Step(DUSK, "黄昏2", "zhaohuan", _O),  # 英灵召唤: "于黄昏结束后获得[自由]状态"
    Step(DUSK, "黄昏2", "qiancang", _O),  # 狼弟[潜藏]: "黄昏结束后，狼兄处于出局状态时"
    Step(DUSK, "黄昏2", "bianlian", _O),  # 变脸: "只会持续至下一次[黄昏]结束"
    Step(EARLY, "夜晚开始", "qizha", _I),  # 欺诈天下: "下一个夜晚开始，对应阵营的角色都获得该表面伪装"
    Step(EARLY, "夜晚开始", "mifa", _I),  # 神女秘法: "该技能每个奇数日夜晚次数+1"
    Step(EARLY, "早夜1", "youshi", _F),
    Step(EARLY, "早夜1", "mouce", _F),
    Step(EARLY, "早夜2", "jieyin", _O),
    Step(EARLY, "早夜2", "duji", _O),
    Step(EARLY, "早夜2", "tuoxia", _O),
    Step(EARLY, "早夜2", "jicheng", _O),
    Step(MID, "午夜", "swap", _O),
    Step(MID, "午夜", "yeyan_cl", _O),
    Step(MID, "午夜", "yeyan_zq", _O),
    Step(MID, "午夜", "zonghuo", _O),
    Step(MID, "午夜", "konglue", _O),
    Step(MID, "午夜", "shenyuan", _O),
    Step(DEEP, "深夜1", "tongling", _F),
    Step(DEEP, "深夜1", "tongling_b", _F),
    Step(DEEP, "深夜1", "pingyi", _F),
    Step(DEEP, "深夜2", "kill", _O),
    Step(DEEP, "深夜2", "baoshi", _O),
    Step(DEEP, "深夜2", "baonu", _O),
    Step(DEEP, "深夜2", "tianhuo", _O),
    Step(DEEP, "深夜2", "shouge", _O),
    Step(DEEP, "深夜2", "jinyan", _O),
    Step(LATE, "凌晨", "mifa", _O),  # resolves when used: 煏祸相依 needs its list in the same sub-phase
    Step(LATE, "凌晨", "huoyi", _O),
    Step(LATE, "凌晨", "fuhuo", _O),
    Step(LATE, "凌晨", "count", _O),  # 电梯楼顺序统计出局名单
    Step(LATE, "凌晨", "zhuihun", _O),
    Step(LATE, "凌晨", "shouye", _O),
    Step(DAWN, "晨曦1", "fuhuo", _I),  # 阴阳使者[复活]: "在下一个[晨曦]阶段开始时复活"
    Step(DAWN, "晨曦1", "yexing", _I),  # 野人[野性伙伴]: "游戏日晨曦时……必须切换到另外一种状态"
    Step(DAWN, "晨曦1", "canshi", _I),  # then 晨曦 skills as they are used
)

# The game's own steps (their handlers: flow.py and night.py), with the names the 导演台 shows.
PROCEDURES = {"vote_out": "统计最高票", "dusk_report": "公告出局名单", "count": "统计出局名单"}


def steps(phase: str, at_start: bool) -> tuple[Step, ...]:
    return tuple(s for s in ORDER if s.phase == phase and s.at_start == at_start)


NIGHT_STEPS: dict[str, tuple[str, ...]] = {p: tuple(s.key for s in steps(p, False)) for p in NIGHT_PHASES}

# Triggered effects, where the text gives no order: who answers each trigger (skill.py's hook of that
# name), in the order they resolve.
HOOKS: dict[str, tuple[str, ...]] = {
    # skills no role holds, given to a seat when it may use them (投票, 回复, 嚎叫…): the order /身份 lists them
    "offered": ("vote", "stand", "withdraw", "badge", "answer", "shenxun", "howl", "boost"),
    # skills held by a rule of another one: [接刀] takes 杀人, 贪欲 gives 最后一枪
    "adds": ("kill", "tanyu"),
    # 强制 skills whose statuses follow them ("若强制技能提供任何[状态]，则该强制技能失效后，这些状态也一同失效")
    "innate": ("yinshenyi", "gouhuo", "yexing", "tanyu"),
    "failing": ("yinshenyi", "gouhuo", "yexing"),  # 技能失效, checked after every change
    # 出局结算 (engine/mech_death.py): leaving, step 2 (免于出局, "全部结算") and step 3 (连带效果)
    "leaving": ("jingming",),
    "survive": ("danan", "niepan", "yiduan"),
    "after_out": ("yingling", "zhaohuan", "yiduan", "yeyan_cl", "zhuangmo", "gouhuo", "ri", "qizha", "badge",
                  "canbao"),
    # [指定]: 选择目标 → 结算目标 (targets.py)
    "used": ("youshi",),
    "interfere": ("yexing",),
    "links": ("swap",),
    "reached": ("qienuo", "tanyu"),
    "stops_kill": ("zonghuo",),
    # 强制 choices: owed, made at the deadline or on /放弃
    "owes": ("howl", "badge", "heresy", "yexing", "canbao", "jicheng"),
    "deadline": ("heresy", "yexing", "howl", "badge", "canbao", "jicheng"),
    "give_up": ("heresy", "yexing", "howl", "badge", "canbao", "qizha"),
    # what a seat knows: at the deal, and in its role PM and /身份
    "dealt": ("bianlian",),
    "tells": ("yexing", "yangzhi", "bianlian", "heresy", "konglue"),
}
