"""狼外婆⑦（狼人，[群内]）: 装模作样[强制]——「游戏开局，狼外婆需设定自己的表面阵营，身份，带刀情况。当任何[群内]狼人出局时，
表面身份的设定生效，持续至夜晚结束」; 欺诈天下[强制]——「狼外婆出局时触发效果：狼外婆需设定狼人阵营和非狼人阵营表面阵营，身份，
带刀情况，下一个夜晚开始，对应阵营的角色都获得该表面伪装，且狼人阵营的角色获得[不死]状态，持续至夜晚结束」."""

from __future__ import annotations

from ...bansha.engine import Action, unit
from ..declared import SKILLS
from ..disguise import HELP, Disguising, faction_word, parse
from ..pool import DISGUISE_WORDS
from ..skill import NataSkill, role
from ..state import Disguise, NataState
from ..terms import DAWN, START, WOLF, WOLFKIND
from ..world import World
from .pack import KILL


@unit("zhuangmo", "装模作样", SKILLS, phases=(START,), help="强制：开局设定表面伪装（" + HELP + "）；任何群内狼人出局时生效至夜晚结束。",
       targets=0, syntax="装模作样 <身份名> <村民阵营|狼人阵营|独立阵营> <带刀|不带刀>", words=DISGUISE_WORDS, forced=True,
       instant=True)
class ZHUANGMO(Disguising):
    def use(self, w: World, seat: int, action: Action) -> None:
        role_, faction, knife = parse(action.words)  # type: ignore[misc]
        w.state.granny_set[seat] = (role_, faction_word(faction), knife)
        w.ctx.reply(f"装模作样：表面伪装设为 {role_}、{faction}、{'带刀' if knife else '不带刀'}"
                    "（任何群内狼人出局时生效至夜晚结束）。")
        w.ctx.judge(f"{w.ctx.name(seat)}（狼外婆）设定伪装 {role_}/{faction}/{knife}")

    def after_out(self, w: World, seat: int, own: list[str], hit) -> None:
        """"当任何[群内]狼人出局时，表面身份的设定生效，持续至夜晚结束"."""
        state = w.state
        if "群内" not in state.labels_of(seat) or state.has(seat, "超度"):  # 超度 takes the label
            return
        for granny in state.holding(self.key):
            setting = state.granny_set.get(granny)
            if setting and granny != seat:
                state.seq += 1
                state.disguises.setdefault(granny, []).append(Disguise(state.seq, *setting, until=DAWN))
                w.ctx.judge(f"{w.ctx.name(granny)}（狼外婆）装模作样生效至夜晚结束")


@unit("qizha", "欺诈天下", SKILLS, phases=(), help="强制：出局后设定狼人阵营和非狼人阵营的表面伪装（各三项，共六项）；下一个夜晚"
       "对应角色获得伪装，狼人阵营角色不死至夜晚结束。", targets=0, when_dead=True,
       syntax="欺诈天下 <狼方身份> <狼方阵营> <带刀|不带刀> <非狼方身份> <非狼方阵营> <带刀|不带刀>", words=DISGUISE_WORDS,
       forced=True, instant=True)
class QIZHA(NataSkill):
    def blocked(self, state: NataState, seat: int) -> str | None:
        return None if seat in state.granny_due else "欺诈天下在狼外婆出局后才需要设定。"

    def check(self, state: NataState, seat: int, action: Action) -> str | None:
        words = action.words
        if len(words) != 6 or parse(words[:3]) is None or parse(words[3:]) is None:
            return "请写六项：狼人阵营的 身份 阵营 带刀|不带刀，再写非狼人阵营的 身份 阵营 带刀|不带刀。"
        return None

    def use(self, w: World, seat: int, action: Action) -> None:
        w.state.granny_due.remove(seat)
        w.state.granny_apply[seat] = action.words
        w.ctx.reply("欺诈天下：伪装已设定，下一个夜晚开始时生效。")
        w.ctx.judge(f"{w.ctx.name(seat)}（狼外婆）欺诈天下：{action.words}")

    def after_out(self, w: World, seat: int, own: list[str], hit) -> None:
        if self.key not in own:
            return
        w.state.granny_due.append(seat)
        w.state.granny_apply[seat] = ()  # no setting given: no disguise, the wolves' 不死 still holds
        w.ctx.seat(seat, "欺诈天下：请设定狼人阵营和非狼人阵营的表面伪装：/技能 欺诈天下 <狼方身份> <狼方阵营> "
                         "<狼方带刀|不带刀> <好人方身份> <好人方阵营> <好人方带刀|不带刀>（下一个夜晚开始前）。")

    def give_up(self, w: World, seat: int) -> None:
        if seat in w.state.granny_due:
            w.state.granny_due.remove(seat)

    def disguise(self, w: World) -> None:
        """"下一个夜晚开始": the two disguises, and [不死] for the wolves until the night ends."""
        state = w.state
        for _, words in sorted(state.granny_apply.items()):
            _fraud(w, words)
        state.granny_apply, state.granny_due = {}, []


def _fraud(w: World, words: tuple[str, ...]) -> None:
    state = w.state
    sides = (parse(words[:3]), parse(words[3:])) if words else (None, None)
    for seat in state.seats():
        wolf = state.faction(seat) == WOLF
        setting = sides[0] if wolf else sides[1]
        if setting:
            role_, faction, knife = setting
            state.seq += 1
            state.disguises.setdefault(seat, []).append(
                Disguise(state.seq, role_, faction_word(faction), knife, until=DAWN))
        if wolf and state.alive[seat]:
            w.status.grant(seat, "不死", DAWN, 0, tell=False)
    w.ctx.judge("欺诈天下生效：" + (" ".join(words) if words else "（没有设定伪装）"))


ROLE = role("狼外婆", WOLF, WOLFKIND, 7, (KILL, ZHUANGMO, QIZHA), tags=("群内",), blurb="设定表面伪装；出局时为全场设定伪装。")
