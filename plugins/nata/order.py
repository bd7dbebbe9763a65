"""The order things resolve in: the text's 行动顺序总集 (`ORDER`, restricted to this pool, with the pool's
unlisted skills placed as docs/nata.md explains) and, where the text gives no order, ours (`MOMENTS`).

A step's key is a skill or a procedure of the game (`PROCEDURES`); a skill's step runs the moments it lists
(`Step.moments`): "resolve" is the plans submitted for it, in 电梯楼 order (night.Night.step), any other is the
skill's method of that name. A step marked 即时插入结算 runs when its phase begins (and skills of that phase
then resolve as they are used); the others run when their phase closes. rules.py runs the engine's one check
(behaviour.problems) over these tables and the skills when the game loads.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..bansha.engine import Step as BaseStep
from ..bansha.engine.core.behaviour import Moments
from .terms import DAWN, DEEP, DUSK, EARLY, LATE, MID, NIGHT_PHASES


@dataclass(frozen=True)
class Step(BaseStep):
    """The engine's step (`key`: a skill key, or a procedure of PROCEDURES; `phase`: its sub-phase) with the
    text's sub-step and how it resolves."""

    part: str = ""  # the text's sub-step
    mode: str = ""  # 即时插入结算 | 互不影响 | 有先后顺序

    @property
    def at_start(self) -> bool:
        return self.mode == _I


_I, _F, _O = "即时插入结算", "互不影响", "有先后顺序"
ORDER: tuple[Step, ...] = (
    Step("vote_out", phase=DUSK, part="黄昏1", mode=_I),  # 统计最高票 (and the 道士's 3强神 flip)
    Step("shenxun", phase=DUSK, part="黄昏1", mode=_I, moments=("results",)),  # 审讯: "游戏日黄昏开始后"
    Step("canshi", phase=DUSK, part="黄昏1", mode=_I),  # then 黄昏 skills as they are used: 灵狐灿世, 最后一枪, 残暴, 薪火相传, 变脸, …
    # 审讯 still awaiting the 法官's ruling: the answer stands as correct
    Step("shenxun", phase=DUSK, part="黄昏2", mode=_O, moments=("lapse",)),
    Step("dusk_report", phase=DUSK, part="黄昏2", mode=_O),  # 公告出局名单和警长情况
    Step("zhaohuan", phase=DUSK, part="黄昏2", mode=_O, moments=("summon",)),  # 英灵召唤: "于黄昏结束后获得[自由]状态"
    Step("qiancang", phase=DUSK, part="黄昏2", mode=_O, moments=("emerge",)),  # 狼弟[潜藏]: "黄昏结束后，狼兄处于出局状态时"
    Step("bianlian", phase=DUSK, part="黄昏2", mode=_O, moments=("expire",)),  # 变脸: "只会持续至下一次[黄昏]结束"
    Step("qizha", phase=EARLY, part="夜晚开始", mode=_I, moments=("disguise",)),  # 欺诈天下: "下一个夜晚开始，对应阵营的角色都获得该表面伪装"
    Step("mifa", phase=EARLY, part="夜晚开始", mode=_I, moments=("replenish",)),  # 神女秘法: "该技能每个奇数日夜晚次数+1"
    Step("youshi", phase=EARLY, part="早夜1", mode=_F, moments=("resolve",)),
    Step("mouce", phase=EARLY, part="早夜1", mode=_F, moments=("resolve",)),
    Step("jieyin", phase=EARLY, part="早夜2", mode=_O, moments=("resolve",)),
    Step("duji", phase=EARLY, part="早夜2", mode=_O, moments=("resolve",)),
    Step("tuoxia", phase=EARLY, part="早夜2", mode=_O, moments=("resolve",)),
    Step("jicheng", phase=EARLY, part="早夜2", mode=_O, moments=("resolve",)),
    Step("swap", phase=MID, part="午夜", mode=_O, moments=("resolve",)),
    Step("yeyan_cl", phase=MID, part="午夜", mode=_O, moments=("resolve",)),
    Step("yeyan_zq", phase=MID, part="午夜", mode=_O, moments=("resolve",)),
    Step("zonghuo", phase=MID, part="午夜", mode=_O, moments=("resolve",)),
    Step("konglue", phase=MID, part="午夜", mode=_O, moments=("resolve",)),
    Step("shenyuan", phase=MID, part="午夜", mode=_O, moments=("resolve",)),
    Step("tongling", phase=DEEP, part="深夜1", mode=_F, moments=("resolve",)),
    Step("tongling_b", phase=DEEP, part="深夜1", mode=_F, moments=("resolve",)),
    Step("pingyi", phase=DEEP, part="深夜1", mode=_F, moments=("resolve",)),
    Step("kill", phase=DEEP, part="深夜2", mode=_O, moments=("pack_kill",)),
    Step("baoshi", phase=DEEP, part="深夜2", mode=_O, moments=("resolve",)),
    Step("baonu", phase=DEEP, part="深夜2", mode=_O, moments=("resolve",)),
    Step("tianhuo", phase=DEEP, part="深夜2", mode=_O, moments=("resolve",)),
    Step("shouge", phase=DEEP, part="深夜2", mode=_O, moments=("resolve",)),
    Step("jinyan", phase=DEEP, part="深夜2", mode=_O, moments=("resolve",)),
    Step("mifa", phase=LATE, part="凌晨", mode=_O),  # resolves when used: 煏祸相依 needs its list in the same sub-phase
    Step("huoyi", phase=LATE, part="凌晨", mode=_O),
    Step("fuhuo", phase=LATE, part="凌晨", mode=_O, moments=("resolve",)),
    Step("count", phase=LATE, part="凌晨", mode=_O),  # 电梯楼顺序统计出局名单
    Step("zhuihun", phase=LATE, part="凌晨", mode=_O, moments=("reap",)),
    Step("shouye", phase=LATE, part="凌晨", mode=_O, moments=("resolve",)),
    Step("fuhuo", phase=DAWN, part="晨曦1", mode=_I, moments=("revive",)),  # 阴阳使者[复活]: "在下一个[晨曦]阶段开始时复活"
    Step("yexing", phase=DAWN, part="晨曦1", mode=_I, moments=("switch",)),  # 野人[野性伙伴]: "游戏日晨曦时……必须切换到另外一种状态"
    Step("canshi", phase=DAWN, part="晨曦1", mode=_I),  # then 晨曦 skills as they are used
)

# The game's own steps (their handlers: flow.py and night.py), with the names the 导演台 shows.
PROCEDURES = {"vote_out": "统计最高票", "dusk_report": "公告出局名单", "count": "统计出局名单"}


def steps(phase: str, at_start: bool, order: tuple[Step, ...] = ORDER) -> tuple[Step, ...]:
    """The steps run when the phase begins (`at_start`) or when it closes, in order."""
    if order is ORDER:
        return _STEPS.get((phase, at_start), ())
    return tuple(s for s in order if s.phase == phase and s.at_start == at_start)


_STEPS: dict[tuple[str, bool], tuple[Step, ...]] = {}
for _step in ORDER:
    _STEPS[(_step.phase, _step.at_start)] = (*_STEPS.get((_step.phase, _step.at_start), ()), _step)


NIGHT_STEPS: dict[str, tuple[str, ...]] = {p: tuple(s.key for s in steps(p, False)) for p in NIGHT_PHASES}

# The named moments, where the text gives no order: who answers each (the skill's method of that name), in
# the order they resolve.
MOMENTS = Moments({
    # skills no role holds, given to a seat when it may use them (投票, 回复, 嚎叫…): the order /身份 lists them
    "offered": ("vote", "stand", "withdraw", "badge", "answer", "shenxun", "howl", "boost"),
    # skills held by a rule of another one: [接刀] takes 杀人, 贪欲 gives 最后一枪
    "adds": ("kill", "tanyu"),
    # 强制 skills whose statuses follow them ("若强制技能提供任何[状态]，则该强制技能失效后，这些状态也一同失效")
    "innate": ("yinshenyi", "gouhuo", "yexing", "tanyu"),
    "failing": ("yinshenyi", "gouhuo", "yexing"),  # 技能失效, checked after every change
    # 出局结算 (engine/mechanics/death.py): leaving, step 2 (免于出局, "全部结算") and step 3 (连带效果)
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
})
