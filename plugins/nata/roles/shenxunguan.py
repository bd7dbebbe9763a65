"""审讯官⑦（强神）: 审讯[宣言][1]——「宣言内容：[审讯[一位其他角色的马甲名]：一个20字以内可以用是，否，无法回答三种答案
来回复的问题]，被审讯马甲可回复[是/否/无法回答]。结算效果：游戏日黄昏开始后，若回答正确，审讯官收到通知，[审讯]技能刷新。
否则，被审讯马甲受到[致死伤害]」; and [宣言]: 「任何人均可进行宣言，但只有可以发动对应技能的情况下才会有效」.

Anyone alive may post one at a game day's 正午, and the bot answers a bluff exactly as a valid one. The target
replies 是/否/无法回答 (/回复, or a QQ reply to the post); whether the reply is right is 「基于演员表的客观事实」, so
the 法官 rules (engine/parts/rulings.py); the result is due once 黄昏 begins and waits for the ruling until 黄昏 ends,
when the answer stands as correct.
"""

from __future__ import annotations

import re

from ...bansha.engine import Action, Refusal, Ruling, unit
from ..declared import SKILLS
from ..skill import NataSkill, role
from ..state import NataState, Question
from ..terms import DUSK, NOON, STRONG, VILLAGE
from ..world import World

QUESTION_MAX = 20  # "一个20字以内可以用是，否，无法回答三种答案来回复的问题"
ANSWER_WORDS = ("是", "否", "无法回答")


@unit("shenxun", "审讯", SKILLS, phases=(NOON,), help="[宣言]，在群里发：向一名其他角色提一个20字以内、可以用 是/否/无法回答 回复的问题；"
       "黄昏开始后由法官按演员表判断回答是否正确：正确则审讯刷新，否则被审讯者承受致死伤害。任何人都可以发宣言，"
       "只有能发动审讯的审讯官发的才有效（机器人不会说明是否有效）。", public=True, free_text=QUESTION_MAX,
       syntax="审讯 <被审讯者> <问题（20字以内）>", declare=True, count=1, instant=True, no_election=True, pm_only=False)
class SHENXUN(NataSkill):
    def offered(self, state: NataState, seat: int) -> bool:
        return state.alive[seat] and not (state.may_hold(seat, "shenxun") and "shenxun" in state.held(seat))  # anyone may post a 宣言

    def check(self, state: NataState, seat: int, action: Action) -> str | None:
        """Checks that hold for anyone's 宣言 (a refusal must not tell a real 审讯官 from a bluff)."""
        target, question = action.targets[0], action.text.strip()
        if not question:
            return f"审讯格式：/技能 审讯 <被审讯者> <问题>，问题{QUESTION_MAX}字以内、可以用 是/否/无法回答 回复。"
        if len(question) > QUESTION_MAX:
            return f"审讯的问题要在{QUESTION_MAX}字以内（现在 {len(question)} 字）。"
        return self.target(state, seat, target)

    def target(self, state: NataState, seat: int, target: int) -> str | None:
        if target == seat:
            return "审讯的对象必须是其他角色。"
        if any(q.target == target and not q.answer for q in state.questions):
            return f"{target}号 还有一条没有回复的宣言。"
        return None

    def use(self, w: World, seat: int, action: Action) -> None:
        """「任何人均可进行宣言，但只有可以发动对应技能的情况下才会有效」: posted alike either way."""
        state, ctx = w.state, w.ctx
        target, question = action.targets[0], action.text.strip()
        valid = state.holds(seat, "shenxun") and self.refusal(state, seat) is None
        if valid:
            self.consume(state, seat)
        state.declared += 1
        no = state.declared
        state.questions.append(Question(no, seat, target, question, state.day, valid, msg=action.msg))
        # the player's own public post (it may name a role as a question, never as a fact): a public text
        ctx.group(f"【宣言#{no}】{ctx.name(seat)} 审讯 {ctx.name(target)}：{question}\n"
                  f"（{ctx.name(target)} 请回复这条消息，或发送 /回复 {no} 是|否|无法回答）", "reveal")
        ctx.judge(f"宣言#{no}：{ctx.name(seat)} 审讯 {ctx.name(target)}「{question}」（{'有效' if valid else '无效'}）")

    def results(self, w: World) -> None:
        """黄昏1: the results due (from the second day: 竞选日 has none)."""
        if w.state.day >= 2:
            resolve_questions(w)

    def lapse(self, w: World) -> None:
        """黄昏2: rulings still missing lapse (the answer stands as correct)."""
        resolve_questions(w, final=True)


@unit("answer", "回答", SKILLS, phases=(NOON,), help="回复问你的宣言：/回复 <编号> 是|否|无法回答（群里或私聊），或在群里用 QQ 的「回复」"
       "回复那条宣言，写 是、否 或 无法回答。", aliases=("回复",), targets=0, words=ANSWER_WORDS,
       syntax="回答 是|否|无法回答 [编号]", instant=True, general=True, pm_only=False, noon_cut=False)
class ANSWER(NataSkill):
    def offered(self, state: NataState, seat: int) -> bool:
        return any(q.target == seat and not q.answer for q in state.questions)

    def blocked(self, state: NataState, seat: int) -> str | None:
        if state.has(seat, "寡言"):
            return "你处于[寡言]状态：不能发送宣言或回复宣言。"
        return None if state.alive[seat] else "你已经出局了。"

    def use(self, w: World, seat: int, action: Action) -> None:
        """/技能 回答 是 [编号]: the same as /回复."""
        no = next((int(x) for x in action.words if x.isdigit()), 0)
        word = next((x for x in action.words if not x.isdigit()), "")
        answer(w, seat, no, word, action.via)


def answer(w: World, seat: int, no: int, text: str, via: str) -> None:
    """被审讯马甲可回复[是/否/无法回答]; 「若需要回应，回复那一层宣言贴才会有效」."""
    state, ctx = w.state, w.ctx
    q = _to_answer(state, seat, no)
    if text not in ANSWER_WORDS:
        raise Refusal(f"请回复 是、否 或 无法回答：/回复 {q.no} 是|否|无法回答。")
    if state.has(seat, "寡言"):
        raise Refusal("你处于[寡言]状态：不能发送宣言或回复宣言。")
    q.answer = text
    ctx.group(f"【回复#{q.no}】{ctx.name(seat)}：{text}", "reveal")
    ctx.judge(f"{ctx.name(seat)} 回复宣言#{q.no}：{text}")
    if via != "group":
        ctx.reply(f"已回复宣言#{q.no}：{text}。")
    if q.valid:
        asker, target = ctx.name(q.asker), ctx.name(q.target)
        q.ruling = ctx.ask_judges(f"第{q.day}天 宣言#{q.no}：{asker}（审讯官）审讯 {target}「{q.text}」，{target} 回复"
                                  f"「{text}」。按演员表，这个回复正确吗？", f"宣言#{q.no}", f"第{q.day}天黄昏结束").no


def _to_answer(state: NataState, seat: int, no: int) -> Question:
    mine = [q for q in state.questions if q.target == seat and not q.answer]
    if not no:
        if len(mine) == 1:
            return mine[0]
        if not mine:
            raise Refusal("现在没有需要你回复的宣言。")
        raise Refusal("有几条宣言在问你，请写明编号：" + "、".join(f"/回复 {q.no} …" for q in mine))
    q = next((q for q in state.questions if q.no == no), None)
    if q is None:
        raise Refusal(f"宣言#{no} 已经结束了，不能再回复。" if 0 < no <= state.declared
                      else f"没有编号为 {no} 的宣言。")
    if state.phase != NOON:
        raise Refusal(f"宣言#{no} 只能在当天正午回复。")
    if q.target != seat:
        raise Refusal(f"宣言#{no} 问的是 {q.target}号，只有 {q.target}号 可以回复。")
    if q.answer:
        raise Refusal(f"你已经回复过宣言#{no}（{q.answer}）。")
    if not state.alive[seat]:
        raise Refusal("你已经出局了。")
    return q


def declaration_for_reply(state: NataState, msg: int, replied_text: str) -> int | None:
    """A QQ reply to the 宣言's own post (by message id) or to the bot's 【宣言#编号】 post."""
    for q in state.questions:
        if msg and q.msg == msg:
            return q.no
    m = re.search(r"【宣言#(\d+)】", replied_text or "")
    return int(m.group(1)) if m else None


def ruled(w: World, ruling: Ruling) -> None:
    """A ruling made in 黄昏 (when the result is due) takes effect at once; earlier ones wait for it."""
    state = w.state
    for q in state.questions:
        if q.ruling == ruling.no:
            q.verdict = ruling.verdict
            if state.phase == DUSK and not q.done:
                _settle(w, q)
                w.settle()


def resolve_questions(w: World, final: bool = False) -> None:
    """"游戏日黄昏开始后，若回答正确，审讯官收到通知，[审讯]技能刷新。否则，被审讯马甲受到[致死伤害]".
    A valid 宣言 left unanswered is not answered correctly. One still awaiting the 法官's ruling waits
    until 黄昏 ends (`final`), when the answer stands as correct."""
    ctx = w.ctx
    for q in w.state.questions:
        if q.done:
            continue
        if not q.valid:
            q.done = True
            ctx.judge(f"宣言#{q.no}（{ctx.name(q.asker)}）无效：没有效果")
            continue
        if q.answer and not q.verdict:
            ruling = ctx.ruling(q.ruling)
            if not final or ruling is None:
                continue
            ctx.lapse(ruling)
            q.verdict = ruling.verdict
        _settle(w, q)
    if not final:
        ctx.remind_judges(now_needed=True)


def _settle(w: World, q: Question) -> None:
    state, ctx = w.state, w.ctx
    q.done = True
    if q.answer and q.verdict == "正确":
        state.counts[state.key(q.asker, "shenxun")] = SHENXUN.count or 0
        ctx.seat(q.asker, f"审讯「{q.text}」回答正确：[审讯]已刷新。")
        ctx.judge(f"宣言#{q.no}：{ctx.name(q.target)} 回答正确，审讯刷新")
        return
    ctx.judge(f"宣言#{q.no}：{ctx.name(q.target)} 回复「{q.answer or '未回复'}」，不正确")
    w.deaths.lethal(q.target, q.asker, "审讯")


ROLE = role("审讯官", VILLAGE, STRONG, 7, (SHENXUN,), blurb="正午公开审讯一名角色，答错者承受致死伤害。")
