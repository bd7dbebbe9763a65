"""What a 纳塔 seat and the table see: the role PM, /身份, the 演员表, /状态, the team channels, 寡言's words.
Read-only: nothing here changes the state."""

from __future__ import annotations

import unicodedata
from typing import Any

from ..bansha.engine import CastRow, Channel
from ..bansha.engine.mechanics import ring as ring
from ..bansha.engine.mechanics.death import VOTE as VOTE_OUT
from .catalog import SKILLS, moment
from .state import NataState
from .statuses import ENDS
from .terms import (
    ANIMAL_SOUNDS,
    ELECTION,
    LINK_TEAM,
    LOVERS,
    NIGHT_PHASES,
    PERM,
    PHASES,
    SPIRIT_TEAM,
    START,
    VILLAGE,
    WOLF,
    WOLF_TEAM,
    seats_text,
)


def _header(state: NataState, seat: int, opening: str) -> str:
    role = state.role(seat)
    return (opening + f"【{role.name}】（{role.faction}·{role.kind}" + (f"，强度{role.strength}" if role.strength else "")
            + f"）。{role.blurb}{role.note}")


def knowledge(state: NataState, seat: int) -> list[str]:
    """What the seat learned at the start and since (the pack, 互知, what its skills told it)."""
    lines = []
    if "群内" in state.labels_of(seat):
        mates = [s for s in state.seats() if s != seat and "群内" in state.labels_of(s)]
        lines.append(f"狼群（群内）：{seats_text(mates)}。/狼聊 <内容> 与群内交流。")
    role = state.role(seat)
    if role.knows:
        lines.append(f"{role.knows}：{seats_text(state.holders(role.knows))}{role.knows_note}。")
    for told in moment("tells", state, seat):
        lines += told
    return lines


def intro(state: NataState, seat: int) -> str:
    """The role PM at the deal."""
    lines = [_header(state, seat, f"你是 {seat}号，你的身份是")]
    lines += knowledge(state, seat)
    for key in state.held(seat):
        sk = SKILLS[key]
        how = "自动结算" if sk.mandatory else ("群里 " if sk.public else "私聊 ") + "/技能 " + sk.usage()
        lines.append(f"· {sk.name}：{sk.help}（{how}）")
    lines.append("发送 /身份 可随时查看身份、技能和现在能做什么。")
    return "\n".join(lines)


def intro_facts(state: NataState, seat: int) -> dict[str, Any]:
    """The role PM's facts, for the information-state agents: role, side, the seats it knows, 变脸 cards."""
    role = state.role(seat)
    mates = [s for s in state.seats() if s != seat and "群内" in state.labels_of(s)] if "群内" in state.labels_of(
        seat) else []
    mates += state.holders(role.knows) if role.knows_note else []  # 狼兄 and 狼弟: "互知不共群"
    side = {WOLF: "wolf", VILLAGE: "good"}.get(role.faction, "other")
    return {"role": role.name, "side": side, "mates": tuple(sorted(set(mates))), "cards": tuple(state.cards.get(seat, ()))}


def role_text(state: NataState, seat: int) -> str:
    lines = [_header(state, seat, f"你是 {seat}号")]
    if not state.alive[seat]:
        lines.append("你已出局" + ("（英灵：可以发言和使用技能）" if seat in state.spirits else "") + "。")
    forced = [SKILLS[k] for k in state.held(seat) if SKILLS[k].mandatory]
    if forced:
        lines.append("强制技能（自动结算）：" + "；".join(f"{sk.name}：{sk.help}" for sk in forced))
    lines += knowledge(state, seat)
    if state.face.get(seat):
        lines.append(f"置顶底牌：{state.face[seat]}（到第{state.face_until.get(seat)}天黄昏结束）。")
    if state.badge.holder == seat:
        lines.append("你是警长（票权+0.5）。")
    mode = state.wild_mode.get(seat)
    if mode:
        howl = state.wild_howl.get(seat)
        lines.append(f"野性伙伴：{mode}状态" + (f"，干扰：{'、'.join(howl)}" if howl else "") + "。")
    told = [st for st in state.statuses.of(seat) if st.data.get("told")]
    if told:
        lines.append("已知状态：" + "；".join(f"[{st.name}] {ENDS.get(st.phase if st.until == 'phase' else PERM, '')}"
                                          for st in told))
    counts = [f"{SKILLS[k].name} {state.count(seat, k)}" for k in state.held(seat) if SKILLS[k].count is not None]
    if counts:
        lines.append("剩余次数：" + "，".join(counts) + "。")
    links = [b if a == seat else a for a, b in state.links if seat in (a, b)]
    if links:
        lines.append(f"灵魂链接（永久共群，/队聊）：{seats_text(links)}。")
    return "\n".join(lines)


def cast(state: NataState) -> list[CastRow]:
    rows = []
    for s in state.seats():
        role = state.roles[s]
        if s in state.cards:
            role += f"（底牌：{'、'.join(state.cards[s])}）"
        if s in state.heretics:
            role += "（异端）"
        fate = "存活"
        if not state.alive[s]:
            d = next((d for d in reversed(state.deaths) if d.seat == s), None)
            if d is None:
                rows.append(CastRow(s, role, state.faction(s), "出局"))
                continue
            when = f"第{d.day}夜" if d.phase in NIGHT_PHASES else f"第{d.day}天{PHASES[d.phase].label[:2]}"
            if d.kind == "红牌":
                fate = f"{when} 红牌罚下"
            elif d.kind == VOTE_OUT:
                fate = f"{when} 被投票出局"
            else:
                fate = f"{when} 因「{d.skill}」出局（{d.kind}）"
        rows.append(CastRow(s, role, state.faction(s), fate))
    return rows


def seat_view(state: NataState, seat: int) -> tuple[bool, list[str]]:
    """A seat on the public board: still in, and its public marks."""
    marks = ["警长"] if state.badge.holder == seat else []
    if seat in state.revealed:
        marks.append(f"翻牌：{state.roles[seat]}")
    if seat in state.public_out:
        d = next((d for d in reversed(state.deaths) if d.seat == seat), None)
        if d is not None and d.kind in ("投票出局", "红牌"):
            marks.insert(0, f"出局：{d.kind}")
        return False, marks
    if state.has(seat, "寡言"):
        marks.append("寡言")
    return True, marks


def dead_chat_wait(state: NataState, seat: int) -> str | None:
    """遗言 first; and 阴阳使者 may revive 「任意一名上一个白天宣布出局的角色」 at the next 晨曦, so a
    seat joins the dead to talk only once that chance has passed (a revived seat would carry back
    what it heard). The wait depends only on when the exit was announced, never on whether a
    阴阳使者 is in play."""
    d = next((d for d in reversed(state.deaths) if d.seat == seat), None)
    if d is None:
        return None
    if d.words == "" and seat not in state.lastwords and seat not in state.removed and d.words_until >= state.day:
        return "你还可以留遗言：遗言公示之后才能进入亡者聊天。"
    if seat not in state.removed and (not d.announced or state.day <= d.shown_day):  # 红牌: never revived
        return "上一个白天宣布出局的角色还可能被复活（阴阳使者）：下一个晨曦之后你才能进入亡者聊天。"
    return None


def public_ring(state: NataState) -> list[int]:
    """The living 电梯楼 as the group knows it (/状态 shows it once: Ruleset.ring)."""
    return ring.living(state.ring, lambda s: state.alive[s] and s not in state.public_out)


def public_status(state: NataState) -> str:
    lines = []  # the 电梯楼 itself is /状态's living line (public_ring above)
    if state.badge.holder:
        lines.append(f"警长：{state.badge.holder}号")
    if state.phase in (START, ELECTION) and state.election.candidates:
        lines.append(f"上警：{seats_text(state.election.candidates)}")
    flipped = [f"{s}号 {state.roles[s]}" for s in state.revealed]
    if flipped:
        lines.append("已翻牌：" + "、".join(flipped))
    quiet = [s for s in state.living() if state.has(s, "寡言") and s not in state.public_out]
    if quiet:
        lines.append(f"[寡言]：{seats_text(quiet)}")
    if state.blockade:
        lines.append("本次正午已封锁投票")
    return "\n".join(lines)


# --- team channels -------------------------------------------------------------------------------------
def team_of(state: NataState, seat: int) -> str | None:
    if state.inner(seat):
        return WOLF_TEAM
    if seat in state.spirits or (state.alive[seat] and seat in state.spirits.values()):
        return SPIRIT_TEAM
    return None


def team_members(state: NataState, team: str) -> list[int]:
    if team == WOLF_TEAM:
        return state.pack()
    if team == SPIRIT_TEAM:
        masters = sorted(set(state.spirits.values()))
        return sorted(set(masters) | set(state.spirits))
    return []


def channels(state: NataState, seat: int) -> list[Channel]:
    """The 狼群; the 英灵群 of a 御主 and his spirits; each 灵魂链接 pair ("结算目标永久共群"); each pair of
    虚情情侣. A pair's channel keeps both seats, so a partner's unannounced death is not given away."""
    if seat in state.removed or not (state.alive[seat] or seat in state.spirits):
        return []
    out = []
    if state.inner(seat):
        out.append(Channel(WOLF_TEAM, WOLF_TEAM, tuple(state.pack())))
    if seat in state.spirits or (state.alive[seat] and seat in state.spirits.values()):
        out.append(Channel(SPIRIT_TEAM, SPIRIT_TEAM, tuple(team_members(state, SPIRIT_TEAM))))
    links = [pair for pair in state.links if seat in pair]
    lovers = list(dict.fromkeys(st.data["partner"] for st in state.statuses.of(seat)
                                if st.name == LOVERS and st.data.get("partner")))
    for label, others in ((LINK_TEAM, [b if a == seat else a for a, b in links]), (LOVERS, lovers)):
        for other in others:
            a, b = sorted((seat, other))
            name = label if len(others) == 1 else f"{label}{other}号"
            out.append(Channel(f"{label}:{a},{b}", name, (a, b)))
    return out


# --- 寡言 -----------------------------------------------------------------------------------------------
def speech_refusal(state: NataState, seat: int, text: str) -> str | None:
    if not state.has(seat, "寡言"):
        return None
    return None if animal_ok(text) else "处于[寡言]状态，只能用一种动物叫加至多一个标点发言"


def animal_ok(text: str) -> bool:
    """寡言: "只能从指定的10种动物叫和标点符号组成的2字进行发言（标点可省略）" — one animal sound, then at
    most one punctuation mark (a run of one mark such as …… counts as one)."""
    t = text.strip()
    if not t or t[0] not in ANIMAL_SOUNDS:
        return False
    rest = t[1:]
    if not rest:
        return True
    if len(set(rest)) != 1 or len(rest) > 2:
        return False
    return unicodedata.category(rest[0])[0] in "PS"
