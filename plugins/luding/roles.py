"""[M45]『鹿鼎记』 (rule text 003) as data: camps, skills, roles, phases, options and the night order.

Every skill is declared once, with the rule text's Chinese name; the handlers
live in rules.py (`do_<key>` for a submission, `_step_<key>` for a night step).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..bansha.engine import ALIVE, ALIVE_OTHER, ANY, OptionSpec, PhaseSpec, Role, Skill, Step

# --- camps (阵营) ------------------------------------------------------------------

WOLF = "狼人阵营"
VILLAGE = "村民阵营"
FOX = "妖狐阵营"
CAMPS: tuple[str, ...] = (WOLF, VILLAGE, FOX)

# --- phases ------------------------------------------------------------------------

DAY = "day"  # discussion and the vote (the first day opens the game: no night before it)
NIGHT = "night"  # every night role submits; the hunter voted out today may shoot
SETTLE = "settle"  # the night resolves in NIGHT_ORDER; a hunter out tonight decides his shot here

# 论坛 time-outs in minutes after 关门 (003 行动时限).
FATHER_TIMEOUT = 30  # 父狼在关门半小时后仍未提交感染目标，视为放弃感染
NIGHT_TIMEOUT = 60  # 关门一个小时后，预言家、女巫、守卫未与法官取得联系…；幼狼…一个小时
HUNTER_TIMEOUT = 30  # 猎人被投票出局，关门三十分钟后仍未与法官取得联系，猎人视为放弃发动技能

PHASES: dict[str, PhaseSpec] = {
    DAY: PhaseSpec(DAY, "白天", seconds=300, option="白天", forum="close", discussion=True),
    # The night never closes early: an early close would tell the table that
    # every living night role has acted, i.e. which roles are already out.
    NIGHT: PhaseSpec(NIGHT, "夜晚", night=True, seconds=90, option="夜晚", early=False, forum=f"+{NIGHT_TIMEOUT}"),
    # Entered every night, whether or not a hunter dies in it, so that its
    # presence reveals nothing; a hunter who dies tonight has 30 minutes.
    SETTLE: PhaseSpec(
        SETTLE, "夜晚结算", night=True, seconds=30, option="结算", early=False,
        forum=f"+{NIGHT_TIMEOUT + HUNTER_TIMEOUT}",
    ),
}

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("白天", "duration", 300, (), "快速节奏：白天（讨论与投票）时长"),
    OptionSpec("夜晚", "duration", 90, (), "快速节奏：夜晚提交行动的时长"),
    OptionSpec("结算", "duration", 30, (), "快速节奏：夜晚结算时长（夜里出局的猎人在此决定最后一枪）"),
)

# --- skills: one declaration each --------------------------------------------------------

INFECT = Skill(
    "infect", "感染", phases=(NIGHT,), target_rule=ALIVE_OTHER, timeout=FATHER_TIMEOUT,
    pm_only=True,  # typed in the group it would give the role away (every night skill, 最后一枪)
    help="每晚指定一名角色；若他不是妖狐，他转变为狼人阵营（身份和技能不变）并得到反馈。"
    "你不会得知结果。论坛：关门后 30 分钟内提交。",
)
RALLY = Skill(
    "rally", "激励", targets=0, mandatory=True,
    help="幼狼并非因红牌罚下而出局后，仅限下一个夜晚（白天出局则为当晚），父狼可以再使用一次感染。",
)
SACRIFICE = Skill(
    "sacrifice", "牺牲", phases=(NIGHT,), targets=0, timeout=NIGHT_TIMEOUT,
    pm_only=True,
    help="夜晚主动出局（在当晚结算的第 III 步）。论坛：关门后 1 小时内提交。",
)
CHECK = Skill(
    "check", "预言", aliases=("查验", "验"), phases=(NIGHT,), target_rule=ALIVE_OTHER, timeout=NIGHT_TIMEOUT,
    pm_only=True,
    help="每晚查验一名角色的阵营：村民阵营 或 非村民阵营；得到「非村民阵营」时你失去预言。"
    "结果在夜晚结算时私聊告知。论坛：关门后 1 小时内提交。",
)
QUARANTINE = Skill(
    "quarantine", "检疫", phases=(NIGHT,), target_rule=ALIVE_OTHER, timeout=NIGHT_TIMEOUT,
    pm_only=True,
    help="每晚查看一名角色是否被转变过阵营（不含当晚的感染），结果在夜晚结算时告知。",
)
SAVE = Skill(
    "save", "救药", aliases=("救",), phases=(NIGHT,), target_rule=ALIVE, uses=1, timeout=NIGHT_TIMEOUT,
    pm_only=True,
    help="该角色当晚不会因被感染而转变阵营。无反馈。发动后你失去检疫和救药，当晚不能用毒药。",
)
POISON = Skill(
    "poison", "毒药", aliases=("毒",), phases=(NIGHT,), target_rule=ALIVE_OTHER, uses=1, timeout=NIGHT_TIMEOUT,
    pm_only=True,
    help="该角色在夜晚结束前出局（结算第 VII 步）。整局一次；发动的当晚不能用救药。",
)
LOYALTY = Skill(
    "loyalty", "忠诚", targets=0, mandatory=True,
    help="你即将被有效感染时，这次感染无效，你立即出局（之后仍可开枪）。",
)
# 最后一枪 has two time limits in the text: 30 minutes after 关门 when voted out
# (SHOT_AFTER_VOTE, usable during the night phase), "立即" when out at night
# (SHOT, in the settle phase). Same skill, same key and handler.
SHOT = Skill(
    "shot", "最后一枪", aliases=("开枪", "枪"), phases=(SETTLE,), target_rule=ANY, uses=1, when_dead=True,
    pm_only=True,
    help="并非因罚下而出局后，对一名其他角色开枪，他立即出局。",
)
SHOT_AFTER_VOTE = replace(SHOT, phases=(NIGHT,), timeout=HUNTER_TIMEOUT)
SHIELD = Skill(
    "shield", "神圣之盾", aliases=("守护", "盾"), phases=(NIGHT,), target_rule=ALIVE, timeout=NIGHT_TIMEOUT,
    pm_only=True,
    help="当晚对该角色的任何技能无效（感染、魅惑、预言、检疫、救药、毒药、夜里的最后一枪）。"
    "每名角色整局只能成为神圣之盾的目标一次（可以选自己）。",
)
LONGEVITY = Skill(
    "longevity", "长寿之命", targets=0, mandatory=True,
    help="第一次被有效感染时不转变阵营；你因投票、毒药或最后一枪出局后，女巫、预言家、守卫、猎人失去非强制技能。",
)
CUNNING = Skill("cunning", "狡黠", targets=0, mandatory=True, help="被有效感染时不会转变阵营。")
CURSE = Skill("curse", "咒缚", targets=0, mandatory=True, help="成为预言的目标时立即出局。")
CHARM = Skill(
    "charm", "魅惑", phases=(NIGHT,), target_rule=ALIVE_OTHER,
    pm_only=True,
    help="被魅惑的角色当晚不能发动任何非强制技能。每名角色整局只能成为魅惑的目标一次。",
)
VOTE = Skill(
    "vote", "投票", aliases=("改票",), phases=(DAY,), target_rule=ALIVE, words=("弃权", "改票"),
    help="白天投票，写明对象和理由；投票后只有一次改票机会，关门前一小时不得改票。",
)

NIGHT_SKILLS = (INFECT, SACRIFICE, CHECK, QUARANTINE, SAVE, POISON, SHIELD, CHARM)

# --- roles ----------------------------------------------------------------------------


# A role's faction is the camp it starts in: 感染 can change a seat's camp, never its role.
FATHER, CUB, SEER, WITCH, GUARD, HUNTER, ELDER, VILLAGER, FOXROLE = (
    "父狼", "幼狼", "预言家", "女巫", "守卫", "猎人", "长老", "村民", "妖狐",
)

ROLES: dict[str, Role] = {
    r.name: r
    for r in (
        Role(FATHER, WOLF, (INFECT,), "每晚可以感染一名角色，使他转变为狼人阵营。你与幼狼互知但不共群。"),
        Role(CUB, WOLF, (RALLY, SACRIFICE), "夜晚可以主动出局（牺牲）；你出局后父狼可以多感染一次（激励）。"
             "你与父狼互知但不共群。"),
        Role(SEER, VILLAGE, (CHECK,), "每晚查验一名角色是否属于村民阵营。"),
        Role(WITCH, VILLAGE, (QUARANTINE, SAVE, POISON), "每晚可以检疫；救药与毒药各一次，同一晚只能用其中一种。"),
        Role(GUARD, VILLAGE, (SHIELD,), "每晚用神圣之盾使一名角色当晚免受任何技能。"),
        Role(HUNTER, VILLAGE, (LOYALTY, SHOT), "被有效感染时直接出局；并非因罚下而出局后可以开枪带走一人。"),
        Role(ELDER, VILLAGE, (LONGEVITY,), "第一次被有效感染时不转变阵营。"),
        Role(VILLAGER, VILLAGE, (), "没有技能。（为阵营喊666。）"),
        Role(FOXROLE, FOX, (CUNNING, CURSE, CHARM), "独自一个阵营：不会被感染转变，被预言查验时立即出局；每晚可以魅惑一人。"),
    )
}

# 003: 本场版杀为14人局，身份配置为：1父狼，1幼狼，1预言家，1女巫，1守卫，1猎人，1长老，6村民，1妖狐。
DECK: tuple[str, ...] = (FATHER, CUB, SEER, WITCH, GUARD, HUNTER, ELDER, *([VILLAGER] * 6), FOXROLE)
PLAYERS = len(DECK)

# 长寿之命: the roles that lose their non-强制 skills when the 长老 leaves by vote, 毒药 or 最后一枪.
ELDER_BOUND = (WITCH, SEER, GUARD, HUNTER)

# --- the night: ONE list, in the text's order (总体流程 2, I–VII) ---------------------------


@dataclass(frozen=True)
class NightStep(Step):
    numeral: str = ""  # the text's I–VII


# Every step resolves in the settle phase, in this order (rules.py: _step_<key>).
NIGHT_ORDER: tuple[NightStep, ...] = (
    NightStep("charm", "妖狐行动", SETTLE, "I"),
    NightStep("shield", "守卫行动", SETTLE, "II"),
    NightStep("wolves", "父狼、幼狼行动", SETTLE, "III"),
    NightStep("witch", "女巫行动", SETTLE, "IV"),
    NightStep("seer", "预言家行动", SETTLE, "V"),
    NightStep("infection", "感染结算", SETTLE, "VI"),
    NightStep("poison", "毒药结算", SETTLE, "VII"),
)

# VI 感染结算, its four numbered steps, for each infection in the order it was submitted:
#   一、target under 神圣之盾 → invalid, else valid (a valid infection of the 猎人 → 忠诚: invalid, he is out)
#   二、an 长老 never validly infected before → counts as validly infected once (长寿之命: no change)
#   三、target of 救药 → this valid infection does not change his camp (妖狐: 狡黠, likewise)
#   四、the target changes camp to 狼人阵营 and is told so
