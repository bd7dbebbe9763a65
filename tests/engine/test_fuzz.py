"""Fuzzing: raw message text and every ruleset's action space (every shipped 剧本's too).

No input may raise anything but a Refusal; every refusal is a Chinese sentence;
a refused input leaves the game exactly as it was.
"""

from __future__ import annotations

import copy
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from shipped import book_kept, shipped

from plugins.bansha import parse
from plugins.bansha.engine import Input, Refusal, apply
from plugins.bansha.engine.agents.play import random_action
from plugins.bansha.engine.core.phases import parse_duration, parse_options
from plugins.bansha.engine.core.rng import Rng
from plugins.bansha.engine.core.skills import cn_number, seat_number, split_skill_word, target_like
from plugins.bansha.engine.game import ENDED, Game, registry

CJK = re.compile(r"[\u4e00-\u9fff]")
CN_DIGITS = "零一二三四五六七八九"


def to_cn(n: int) -> str:
    """0..999 the way people write it: 三, 十一, 二十三, 一百零五."""
    if n < 10:
        return CN_DIGITS[n]
    if n < 20:
        return "十" + (CN_DIGITS[n % 10] if n % 10 else "")
    if n < 100:
        return CN_DIGITS[n // 10] + "十" + (CN_DIGITS[n % 10] if n % 10 else "")
    rest = n % 100
    tail = "" if rest == 0 else ("零" + CN_DIGITS[rest]) if rest < 10 else (CN_DIGITS[rest // 10] + "十" +
                                                                         (CN_DIGITS[rest % 10] if rest % 10 else ""))
    return CN_DIGITS[n // 100] + "百" + tail


# Numbers people type, and numbers nobody could mean: past int()'s 4,300 digits, past a QQ number, negative…
HUGE = st.one_of(
    st.integers(13, 6000).map(lambda n: "9" * n),
    st.text(alphabet="0123456789", min_size=4290, max_size=4400),
    st.integers(10**12, 10**40).map(str),
)
SEAT_FORMS = st.one_of(
    st.integers(0, 999).map(to_cn),
    st.builds(lambda n, fmt: fmt.format(n=n, cn=to_cn(n)), st.integers(0, 120),
              st.sampled_from(["{n}", "{n}号", "{cn}号", "第{cn}", "第{n}号", "{cn}", " {n} 号", "-{n}", "{n}.5"])),
    st.text(alphabet="零〇一二两三四五六七八九十百号第", min_size=1, max_size=8),
)
TOKENS = st.one_of(HUGE, SEAT_FORMS, st.sampled_from(["弃权", "@", "@12", "P1", "p", "P", "三号"]),
                   st.integers(4301, 5000).map(lambda n: "@" + "9" * n))
# Whole messages built from them: skills run together with targets, the group's 「投3」, options, ids
MIXED = st.builds(
    lambda fmt, tok: fmt.replace("{}", tok),
    st.sampled_from(["投{}", "投 {}", "查验{}", "刀{}", "/刀 {}", "/投 {}", "/局 {}", "白天={}h", "种子={}",
                     "改票次数={}", "公开提醒={}m,{}s", "/法官 延长 {}m", "投票对象：{}\n投票理由：x", "{}", "@{}"]),
    TOKENS,
)

# Text a QQ group can throw at the bot.
NASTY = st.one_of(
    st.text(max_size=60),
    st.text(alphabet="/／投票改技能放弃法官代投身份狼聊遗言加速延时 　,，:：0123456789号弃权@\n", max_size=40),
    st.sampled_from([
        "[CQ:at,qq=all]", "[CQ:image,file=x.jpg]", "&#91;CQ:at,qq=all&#93;", "\x00\x01\x1b[31m", "\u202e反转",
        "投票对象：\n投票理由：", "改票对象：３号\n改票理由：全角", "/投票 ３号 　理由", "@123456 @all", "😀" * 50,
    ]),
    st.builds(lambda n: "长" * n, st.integers(200, 12000)),
    MIXED,
)


# A 剧本 is judged by its game's own code (the differential tests play 1,000 seeded games of each against the coded
# board), so its fuzz run is capped: what it adds is its own roles' skills and rulings, not the game's again.
SCRIPT_EXAMPLES = 300


def _settings(request, cap: int | None = None):
    examples = request.config.getoption("--fuzz-examples")
    return settings(max_examples=min(examples, cap) if cap else examples, deadline=None,
                    suppress_health_check=list(HealthCheck))


@pytest.mark.long
def test_text_parsers_never_raise_anything_but_refusals(request):
    @_settings(request)
    @given(NASTY)
    def run(text):
        norm = parse.normalize(text)
        parse.split_words(norm)
        parse.parse_forum_vote(norm)
        parse.parse_short_vote(norm)
        for word in parse.split_words(norm)[:20]:
            seat_number(word)
            cn_number(word)
            target_like(word)
        for fn in (parse.split_vote, parse.parse_seconds, parse_duration,
                   lambda t: parse.number(t, "编号")):
            try:
                fn(norm)
            except Refusal as r:
                assert CJK.search(r.message)
        for rules in registry.all_rulesets():
            try:
                parse_options(parse.split_words(norm), rules.all_options())
            except Refusal as r:
                assert CJK.search(r.message)

    run()


@pytest.mark.long
def test_seats_written_in_any_form_resolve_or_are_nobody(request):
    """Every seat form names its seat; any other token, however long, is a seat or nobody: never an exception."""
    game = _started(registry.get("werewolf"), 0)
    n = len(game.players)

    @_settings(request)
    @given(st.integers(1, 999), TOKENS)
    def run(seat, token):
        assert cn_number(to_cn(seat)) == seat
        for form in (str(seat), f"{seat}号", to_cn(seat), f"{to_cn(seat)}号", f"第{to_cn(seat)}"):
            assert game.resolve(form) == (seat if seat <= n else None), form
        found = game.resolve(token)
        assert found is None or 1 <= found <= n
        assert split_skill_word([], token) is None

    run()


def _started(rules, seed: int, options: dict | None = None, sizes: list[int] | None = None) -> Game:
    sizes = sizes or rules.sizes({"节奏": rules.default_tempo})
    n = sizes[seed % len(sizes)]
    game = Game.new(1, rules, 1, 900, seed, dict(options or {}))
    for i in range(n):
        apply(game, Input.make("join", 1000 + i, 0, name=f"P{i + 1}"))
    apply(game, Input.make("start", 900, 0))
    return game


def _words(rules, game) -> list[str]:
    names = set()
    for seat in range(1, game.state.n + 1):
        for s in rules.skills_of(game.state, seat):
            names.update((s.name, *s.aliases, *s.words))
    return sorted(names)


# Every ruleset, and every shipped 剧本 opened as /开局 剧本 opens it (issue 28 item 5).
SCRIPTS = {s.id: s for s in shipped()}


@pytest.fixture
def kept_book():
    """A 剧本 with roles of its own registers them in 狼人杀's book: put back as it was for the tests after."""
    with book_kept():
        yield


@pytest.mark.long
@pytest.mark.parametrize("key", [r.key for r in registry.all_rulesets()] + list(SCRIPTS))
def test_every_input_is_either_applied_or_refused_cleanly(key, request, kept_book):
    played = SCRIPTS.get(key)
    rules = played.rules if played else registry.get(key)
    options, sizes = (dict(played.options), list(played.players)) if played else (None, None)

    @_settings(request, SCRIPT_EXAMPLES if played else None)
    @given(seed=st.integers(0, 10_000), script=st.lists(st.tuples(
        st.integers(0, 9), st.integers(0, 40), st.integers(0, 200), NASTY,
        st.lists(st.one_of(st.integers(-2, 20).map(str), TOKENS), max_size=3),
    ), min_size=5, max_size=40))
    def run(seed, script):
        game = _started(rules, seed, options, sizes)
        arng = Rng.seeded(seed)
        vocab = _words(rules, game)
        kinds = ["act", "act", "pass", "chat", "lastwords", "speak", "speed", "relay", "judge", "deadline"]
        for k, who, pick, text, nums in script:
            if game.status == ENDED:
                break
            n = game.state.n
            actors = [1000 + i for i in range(n)] + [900, 4242]
            actor = actors[who % len(actors)]
            kind = kinds[k]
            if pick % 3 == 0 and kind == "act" and game.seat_of(actor):
                # Sometimes a legal move, so the game travels through its phases.
                action = random_action(rules, game.state, game.seat_of(actor), arng)
                if action is not None:
                    skill = next(s.name for s in rules.skills_of(game.state, game.seat_of(actor)) if s.key == action.skill)
                    inp = Input.make("act", actor, 1, skill=skill, words=tuple(str(t) for t in action.targets))
                else:
                    inp = Input.make("pass", actor, 1, skill="")
            elif (owed := [r for r in game.rulings if r.open]) and (kind == "judge" or pick % 6 == 1):
                # Sometimes the ruling a 剧本's `裁定` skill waits for, so its result (「出局 N」 by day) is reached.
                ruling = owed[pick % len(owed)]
                verdict = (text, f"出局 {nums[0] if nums else pick % 15}")[pick % 3 % 2]
                inp = Input.make("judge", 900, 1, sub="裁定", no=ruling.no, verdict=verdict)
            else:
                args = {
                    "skill": vocab[pick % len(vocab)] if pick % 5 else text[:10],
                    "words": tuple(nums) + ((text[:20],) if pick % 7 == 0 else ()),
                    "text": text, "reason": text, "which": ("加速", "延时", text)[pick % 3],
                    "target": nums[0] if nums else text[:5], "sub": ("推进", "暂停", "继续", "延长", "蓝牌",
                                                                  "终止", "裁定", text[:4])[pick % 8],
                    # /法官 裁定 <编号> <结果>: a 剧本's `裁定` skill waits for one (「出局 N」 takes seats by day)
                    "no": nums[0] if nums and pick % 3 else pick % 4,
                    "verdict": (text, f"出局 {nums[0] if nums else pick % 15}", "")[pick % 3],
                    "seconds": pick, "phase_no": game.phase_no + (pick % 2), "via": ("pm", "group")[pick % 2],
                }
                inp = Input.make(kind, actor, 1, **args)
            before = copy.deepcopy(game)
            try:
                apply(game, inp)
            except Refusal as r:
                assert CJK.search(r.message), f"refusal not in Chinese: {r.message!r}"
                assert game == before, f"refused {inp} changed the game"

    run()
