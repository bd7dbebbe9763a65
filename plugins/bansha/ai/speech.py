"""What an AI seat says, as template Chinese: a claim, a vote's reason, table talk, 遗言, team chat.

Every text is built from what the seat's mind decided and why (`Speech`: a kind and its facts), picked
with the decision's seeded generator among many phrasings, never one the AIs already said in this game.
The wording keeps to the leak audit's rule by construction: a clause that names a seat never names a
role, a camp or a private skill (a checker reports 「5号查杀」, not a role name), and every text is
audited again before it is queued (runtime.py). An LLM may reword it (llm.py); the template is what
goes out whenever the LLM does not answer in time or answers something unusable.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..engine.agents.deduce import Mind, plurality
from ..engine.agents.village import VillageMind
from ..engine.core import ABSTAIN
from ..engine.core.rng import Rng


@dataclass(frozen=True)
class Speech:
    kind: str  # claim | vote | elect | chatter | words | team
    facts: dict[str, Any] = field(default_factory=dict)


# --- why: a vote's reason, from the mind -------------------------------------------------------------


def vote_speech(mind: Mind, target: int, electing: bool = False) -> Speech:
    """Why the mind voted `target`, in the terms it knows: a published result, its own check, the table's
    flow, its suspicion, or only a hunch."""
    if target == ABSTAIN:
        return Speech("vote", {"why": "abstain"})
    if electing:
        return Speech("elect", {"t": target})
    if isinstance(mind, VillageMind):
        if mind.side != "wolf" and mind.checks.get(target):
            return Speech("vote", {"why": "own_check", "t": target})
        for claimer, results in sorted(mind.claims.items()):
            if claimer != mind.seat and results.get(target) and mind.trust(claimer) >= 0.5:
                return Speech("vote", {"why": "claimed", "t": target, "by": claimer})
    leaders = plurality(mind.ballots, [target])
    if leaders and sum(1 for t in mind.ballots.values() if t == target) >= 2:
        return Speech("vote", {"why": "flow", "t": target})
    if isinstance(mind, VillageMind) and mind.suspicion.get(target, 0.0) > 0.5:
        return Speech("vote", {"why": "suspect", "t": target})
    return Speech("vote", {"why": "hunch", "t": target})


def suspect_of(mind: Mind) -> tuple[int, int]:
    """(a seat the mind would point at, a seat it would vouch for) among the living others; 0 where none."""
    others = sorted(s for s in mind.alive if s != mind.seat)
    if not others:
        return 0, 0
    if isinstance(mind, VillageMind):
        if mind.side == "wolf":
            good = [s for s in others if s not in mind.mates] or others
            return mind.wolf_targets(good)[-1], mind.rng.choice(others)
        ranked = mind.suspects(others)
        return ranked[0], ranked[-1]
    pick = mind.rng.choice(others)
    return pick, mind.rng.choice(others)


# --- phrasings -----------------------------------------------------------------------------------------

VOTE = {
    "abstain": ("信息不够，先弃权", "弃权，再观察一轮", "这轮我弃权", "没有把握，弃权"),
    "own_check": ("{t}号是我验出来的查杀", "我的验人结果，{t}号查杀", "{t}号，我亲自验的查杀，必须出",
                  "查杀就是{t}号，没什么好说的"),
    "claimed": ("{t}号被{by}号报了查杀", "{by}号验出{t}号查杀，我信", "跟{by}号的查杀走，出{t}号",
                "{t}号昨晚被{by}号查杀了", "{by}号的验人结果指向{t}号"),
    "flow": ("跟票，{t}号票最多", "随大流，归票{t}号", "大家都在投{t}号，我也跟上", "集中票型，出{t}号",
             "不分票了，跟{t}号"),
    "suspect": ("{t}号的票型有问题", "{t}号投票和发言都可疑", "感觉{t}号不对劲", "{t}号一直在带节奏",
                "{t}号的站边很奇怪", "{t}号前后说法对不上"),
    "hunch": ("没有更多信息，先投{t}号", "凭感觉投{t}号", "{t}号发言太少了", "{t}号划水，先出他",
              "先投{t}号，听他解释", "{t}号状态不太对"),
}
ELECT = ("支持{t}号拿警徽", "警徽给{t}号", "{t}号更可信，投他当警长", "我选{t}号当警长", "{t}号来带队吧")
# A claim names no role (「5号查杀」 says what it needs): a role word in a post would be the bot naming a
# seat's role, which the leak audit forbids whoever holds it; the role goes to the other minds as data.
CLAIM_HEAD = ("我有验人信息：", "报一下我的验人结果：", "起跳报验人：", "公布一下我的信息：")
RESULT = {True: ("{t}号查杀", "验了{t}号，是查杀", "{t}号是查杀"),
          False: ("{t}号金水", "验了{t}号，是金水", "{t}号是金水")}
CLAIM_TAIL = ("", "请大家跟着信息走。", "信息就这些。", "大家看着办。", "好人们请站边。")
OPENERS = ("", "说两句：", "我的想法：", "补充一下，", "嗯，", "我再说一下，", "整理一下思路：", "简单说说：")
BODIES = ("目前我最怀疑{s}号。", "{s}号的票有点奇怪。", "{s}号的发言我不太认同。", "我觉得{g}号比较可信。",
          "先听听大家怎么说。", "昨晚的情况大家怎么看？", "今天要认真归票。", "不要乱投，跟着信息走。",
          "{s}号可以解释一下你的票吗？", "{g}号的思路我同意。", "我会多看看{s}号。", "别分票，集中一点。",
          "{s}号今天有点划水。", "有信息的请尽快说。", "我站{g}号这边。")
CLOSERS = ("", "大家注意一下。", "以上。", "先这样。", "欢迎讨论。", "过。")
WORDS = ("我出局了，大家加油。", "最后说一句：注意{s}号。", "我没什么信息，祝好人赢。", "相信{g}号，别乱投。",
         "我走了，{s}号请大家重点关注。", "感谢大家，后面加油。")
TEAM = {"propose": ("今晚刀{t}号？", "我想刀{t}号。", "刀{t}号吧。", "建议今晚动{t}号。"),
        "agree": ("同意，刀{t}号。", "可以，就{t}号。", "跟你们，刀{t}号。", "没意见，{t}号。")}


LEADS = ("", "我", "这轮", "嗯，", "说实话，")
TAILS = ("", "。", "，先这样", "，不多说了", "，大家看着办", "，理由就这些")


def render(speech: Speech, rng: Rng, used: set[str]) -> str:
    """The template text for `speech`: a phrasing not used in this game yet (they are many: lead-ins, forms
    and endings combine), picked with the decision's generator."""
    f = dict(speech.facts)
    if speech.kind == "claim":
        heads = list(CLAIM_HEAD) if f.get("checks") else ["我有话说："]
        results = [[r.format(t=t) for r in RESULT[bool(w)]] for t, w in f.get("checks", ())]
        combos = ["；".join(r[(i + k) % len(r)] for k, r in enumerate(results)) for i in range(3)] or [""]
        return _fresh(rng, used, [h + c + ("。" if c else "") + t for h in heads for c in combos for t in CLAIM_TAIL])
    if speech.kind in ("vote", "elect"):
        forms = VOTE[f.get("why", "hunch")] if speech.kind == "vote" else ELECT
        return _fresh(rng, used, [lead + form.format(**f) + tail for lead in LEADS for form in forms for tail in TAILS])
    if speech.kind == "team":
        return _fresh(rng, used, [form.format(**f) + tail for form in TEAM[f.get("how", "propose")]
                                  for tail in ("", "大家同意吗", "就这么定")])
    bodies = [b.format(**f) for b in (WORDS if speech.kind == "words" else BODIES) if _fits(b, f)]
    if speech.kind == "words":
        return _fresh(rng, used, [b + tail for b in bodies for tail in ("", "再见。", "拜托了。", "加油。")])
    return _fresh(rng, used, [o + b + c for o in OPENERS for b in bodies for c in CLOSERS])


def _fits(template: str, facts: dict[str, Any]) -> bool:
    return ("{s}" not in template or facts.get("s")) and ("{g}" not in template or facts.get("g"))


def _fresh(rng: Rng, used: set[str], candidates: list[str]) -> str:
    """The first of the candidates, in an order drawn by `rng`, that the game has not heard yet."""
    order = list(dict.fromkeys(candidates))
    rng.shuffle(order)
    for text in order:
        if text not in used:
            return text
    return f"{order[0]}（{len(used)}）"  # a very long game that has said them all: still never the same text
