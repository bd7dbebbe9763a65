"""纳塔's shape (issue 15): a role is one module, a skill one declaration next to its behaviour, the order
things resolve in one visible list. A step of order.ORDER or a declared skill without a handler, or a handler
without its place, is found when the game loads — these tests show it is, and name what is wrong."""

from __future__ import annotations

import ast
import importlib
import pkgutil

import pytest
from paths import ROOT

from plugins.nata import flow, roles
from plugins.nata.catalog import ROLES, SKILLS, problems, require
from plugins.nata.order import HOOKS, ORDER, Step
from plugins.nata.pool import ROLE_WORDS
from plugins.nata.skill import NataSkill, Role
from plugins.nata.terms import MID, VILLAGE, WEAK

NATA = ROOT / "plugins" / "nata"


def check(declared=ROLES, skills=SKILLS, order=ORDER, hooks=HOOKS, pool=ROLE_WORDS, procedures=flow.PROCEDURES):
    return problems(declared, skills, order, hooks, pool, procedures)


def test_every_step_and_skill_has_a_handler_and_every_handler_a_place():
    assert check() == []
    assert len(ROLES) == 33 and set(ROLES) == set(ROLE_WORDS)


class Guard(NataSkill):
    """A test skill: 守护 at 午夜 (not in this pool)."""

    def resolve(self, w, plan) -> None:
        w.status.grant(plan.targets[0], "守护", "dawn", plan.seat)


GUARD = Guard("guard", "守护", phases=(MID,), help="", targeted=True)
GUARD_ROLE = Role("守卫", VILLAGE, (GUARD,), kind=WEAK, strength=3)


def test_a_new_role_needs_its_module_its_step_and_its_pool_entry():
    skills = {**SKILLS, "guard": GUARD}
    declared = {**ROLES, "守卫": GUARD_ROLE}
    assert check(declared, skills) == ["身份 守卫 已声明但不在身份池里", "夜晚技能 guard 在 mid 没有 ORDER 的一步"]
    pool = (*ROLE_WORDS, "守卫")
    assert check(ROLES, SKILLS, pool=pool) == ["身份 守卫 在身份池里但没有声明"]
    order = (*ORDER, Step("guard", phase=MID, part="午夜", mode="有先后顺序"))
    assert check(declared, skills, order, pool=pool) == []


def test_a_step_or_a_trigger_without_its_handler_is_named():
    order = (*ORDER, Step("nothing", phase=MID, part="午夜", mode="有先后顺序"))
    assert check(order=order) == ["ORDER 的一步 午夜·nothing 既不是技能也不是流程"]
    order = (*ORDER, Step("qienuo", phase=MID, part="午夜", mode="有先后顺序"))  # 怯懦 is a trigger, it resolves no plan
    assert check(order=order) == ["ORDER 的一步 午夜·qienuo：技能「怯懦」没有处理这一步的方法"]
    procedures = {k: v for k, v in flow.PROCEDURES.items() if k != "count"}
    assert check(procedures=procedures) == ["ORDER 的一步 凌晨·count 既不是技能也不是流程"]
    hooks = {**HOOKS, "survive": ("danan", "niepan", "yiduan", "qienuo")}
    assert check(hooks=hooks) == ["HOOKS['survive'] 列出了 qienuo，但它没有写 survive"]


def test_a_handler_without_its_place_is_named():
    hooks = {**HOOKS, "reached": ("qienuo",)}  # 饕餮's 贪欲 writes `reached` but is no longer listed
    assert check(hooks=hooks) == ["技能 tanyu 写了 reached，但 HOOKS['reached'] 没有列出它"]
    order = tuple(s for s in ORDER if s.key != "shenyuan")
    assert check(order=order) == ["夜晚技能 shenyuan 在 mid 没有 ORDER 的一步"]


def test_a_broken_declaration_stops_the_game_from_loading():
    """rules.py calls `require` when it is imported: the game does not load with a step nobody handles."""
    require(flow.PROCEDURES)
    with pytest.raises(ValueError, match="ORDER 的一步 午夜·nothing 既不是技能也不是流程"):
        require(flow.PROCEDURES, (*ORDER, Step("nothing", phase=MID, part="午夜", mode="有先后顺序")))


def _role_modules() -> list[str]:
    return sorted(m.name for m in pkgutil.iter_modules(roles.__path__) if m.name not in ("everyone", "pack"))


def test_a_role_is_one_module_with_its_skills_behaviour():
    """Each module under roles/ declares one role of the pool; the behaviour of each of its skills (but the
    wolves' shared 杀人) is a class written in that module."""
    seen = {}
    for name in _role_modules():
        module = importlib.import_module(f"plugins.nata.roles.{name}")
        declared = [v for v in vars(module).values() if isinstance(v, Role)]
        assert len(declared) == 1, name
        role = declared[0]
        seen[role.name] = name
        for s in (*role.skills, *role.extra):
            if s.key != "kill":
                assert type(s).__module__ == module.__name__, (role.name, s.key)
    assert set(seen) == set(ROLE_WORDS)


PROCEDURES = ("rules", "seats", "flow", "night", "deaths", "targets", "statuses", "verdict", "views", "grimoire", "turn",
              "world", "skill")
# What the game's procedures may still name, and why.
# 开局 asks everyone about 上警 (seats.pending); the prompt leaves out the vote and 上警 (rules.prompted)
NAMED = {"seats": {"stand", "vote"}, "rules": {"stand", "vote"}}


def test_the_procedures_name_no_skill():
    """No `if key == …` chain: a skill's behaviour is in its class, found by declaration, not by name."""
    for module in PROCEDURES:
        tree = ast.parse((NATA / f"{module}.py").read_text(encoding="utf-8"))
        named = {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and n.value in SKILLS}
        assert named <= NAMED.get(module, set()), (module, named)


def test_no_file_of_nata_is_over_500_lines():
    sizes = {str(p.relative_to(NATA)): len(p.read_text(encoding="utf-8").splitlines()) for p in NATA.rglob("*.py")}
    assert max(sizes.values()) <= 500, sorted(sizes.items(), key=lambda kv: -kv[1])[:3]


def test_the_new_role_example_of_the_docs_touches_three_files():
    """docs/new-game.md shows 渊狼 as the example of a role: its module, one step of ORDER, one name in the pool."""
    where = {str(p.relative_to(NATA)) for p in NATA.rglob("*.py")
             if any(word in p.read_text(encoding="utf-8") for word in ("渊狼", "深渊", "shenyuan"))}
    assert where == {"roles/yuanlang.py", "order.py", "pool.py"}
