"""斗兽棋's declarations against its resolution order: every step of order.py has its handler and every handler
its step, every 本能 of the text's list is declared and does something, every skill's hook is one the resolver
calls. A broken declaration is found when the game loads, not when play reaches it."""

from __future__ import annotations

import pytest

from plugins.bansha.engine import Skill, get
from plugins.bansha.engine.core.roles import STEP
from plugins.beastchess import catalog, instincts, order, power
from plugins.beastchess.abilities import LEVELS
from plugins.beastchess.catalog import INSTINCT_LIST, problems
from plugins.beastchess.power import BOOK, REGISTRY, Instinct, instinct

RULES = get("斗兽棋")


def test_the_declarations_are_whole():
    assert problems() == []
    assert RULES.book is BOOK
    assert [i.name for i in INSTINCT_LIST] == list(instincts.ORDER)
    assert [lv.name for lv in LEVELS.values()] == ["1级", "2级", "3级", "4级"]
    # every skill a seat can be dealt or choose has its effect, its checks and its place
    for p in REGISTRY.values():
        assert BOOK.skill(p.key) is p.skill
        assert p.skill.pm_only, p.name  # every move of this game is made by PM


def test_a_step_without_its_handler_or_a_handler_without_its_step_is_found(monkeypatch):
    monkeypatch.setattr(catalog, "BUFF_ORDER", (*order.BUFF_ORDER, ("omens", "吉凶")))
    assert problems() == ["order step omens has no handler"]
    monkeypatch.setattr(catalog, "BUFF_ORDER", order.BUFF_ORDER[1:])
    assert problems() == ["step handler nullify is in no order"]


def test_a_special_step_needs_its_instinct(monkeypatch):
    monkeypatch.setattr(catalog, "SPECIAL_ORDER", order.SPECIAL_ORDER[:2])
    assert problems() == ["替身力量 写了 special，但 SPECIAL_ORDER 没有它"]
    monkeypatch.setattr(catalog, "SPECIAL_ORDER", (*order.SPECIAL_ORDER, ("sturdy", "强健")))
    assert problems() == ["SPECIAL_ORDER 的 sturdy 没有写 special 的本能"]


def test_an_instinct_that_does_nothing_or_is_not_in_the_list_is_found(monkeypatch):
    idle = Instinct(Skill("idle", "发呆"), form="AT", kind="信息型")
    monkeypatch.setitem(power.REGISTRY, "idle", idle)
    monkeypatch.setitem(power.INSTINCTS, "发呆", idle)
    assert problems() == ["本能 发呆 已声明但不在 ORDER 里", "本能 发呆 在结算的任何一步都没有效果"]
    monkeypatch.setattr(instincts, "ORDER", (*instincts.ORDER, "打盹"))
    assert "本能 打盹 在 ORDER 里但没有声明" in problems()


def test_a_method_that_is_no_hook_is_refused_when_declared():
    with pytest.raises(TypeError, match="gaurd"):

        @instinct("错字", "AT", "防守型", "typo", "把 guard 拼错了。")
        class TYPO(Instinct):
            def gaurd(self, r, seat):  # never called by the resolver: refused
                pass

    assert "typo" not in REGISTRY and "错字" not in power.INSTINCTS


def test_every_step_of_the_order_is_registered_in_the_book():
    keys = [k for k, _ in order.RESOLUTION_ORDER + order.BUFF_ORDER]
    assert sorted(BOOK.handlers[STEP]) == sorted(keys)
    assert order.NULL_TIERS == (6, 5, 4, 3, 2, 1)
    tiers = {p.name: p.null_tier for p in REGISTRY.values() if p.null_tier}
    assert tiers == {"杀戮": 5, "恐惧": 6, "卧薪尝胆": 1, "幸运": 3, "制衡": 4, "替身力量": 2}
    named = dict(order.NULLIFY_PRIORITY)
    for inst in INSTINCT_LIST:  # each 本能's own priority is the text's (2.9)
        assert inst.priority == named.get(inst.name, 1), inst.name


class Nap(Instinct):
    """A test 本能 (not in the game): 打盹 — locks its holder's HP this round."""

    def guard(self, r, seat):
        if r.active(seat, self.key):
            r.lock(seat, r.start[seat], "打盹")


def test_a_new_instinct_is_its_module_and_its_name_in_the_order(monkeypatch):
    nap = Nap(Skill("nap", "打盹", phases=("round",), targets=0, pm_only=True), form="PT", kind="防守型")
    monkeypatch.setitem(power.REGISTRY, "nap", nap)
    monkeypatch.setitem(power.INSTINCTS, "打盹", nap)
    assert problems() == ["本能 打盹 已声明但不在 ORDER 里"]
    monkeypatch.setattr(instincts, "ORDER", (*instincts.ORDER, "打盹"))
    assert problems() == []
