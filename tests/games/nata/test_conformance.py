"""纳塔 against the one behaviour protocol (engine/core/behaviour.py): its skills are units, what runs at a moment
is what order.MOMENTS or a step of order.ORDER names, and the engine's one check (`problems`), with the game's own
units, tables, base class and procedures, finds nothing. Broken declarations show the check fails for this game,
naming what is wrong."""

from __future__ import annotations

from dataclasses import dataclass

from plugins.bansha.engine import Behaviour, Moments
from plugins.bansha.engine.core.behaviour import problems, written
from plugins.nata import flow
from plugins.nata.catalog import ROLES, SKILLS
from plugins.nata.order import MOMENTS, ORDER, Step
from plugins.nata.skill import Forced, NataSkill
from plugins.nata.terms import MID, NIGHT_PHASES


def check(units=SKILLS, moments=MOMENTS, order=ORDER, procedures=flow.PROCEDURES) -> list[str]:
    return problems(units, moments, order, base=NataSkill, procedures=procedures)


def test_every_skill_and_table_of_nata_pass_the_one_check():
    assert check() == []
    assert all(isinstance(s, NataSkill) and isinstance(s, Behaviour) for s in SKILLS.values())
    assert isinstance(MOMENTS, Moments) and MOMENTS["survive"] == ("danan", "niepan", "yiduan")


def test_every_role_holds_declared_units_only():
    for role in ROLES.values():
        for s in (*role.skills, *role.extra):
            assert SKILLS[s.key] is s, (role.name, s.key)


def test_every_planned_night_skill_has_its_step_in_the_order():
    """A night skill submitted as a plan resolves only at its step of ORDER ("resolve", or its own moment there, as
    the pack's 杀人): one without its step would be recorded and never resolved."""
    resolving = {(s.phase, s.key) for s in ORDER if s.moments}
    for key, s in SKILLS.items():
        if s.mandatory or s.instant or s.anytime:
            continue
        for phase in s.phases:
            if phase in NIGHT_PHASES:
                assert (phase, key) in resolving, (key, phase)


def test_every_skill_has_a_holder_an_effect_or_a_moment():
    """What the tables cannot say: a skill no role holds is offered (order.MOMENTS["offered"]); one used at once
    (a day skill, `instant`) writes `use`; a [强制] skill answers some moment or step."""
    owned = {s.key for r in ROLES.values() for s in (*r.skills, *r.extra)}
    in_steps = {s.key for s in ORDER if s.moments}
    for key, s in SKILLS.items():
        assert key in owned or key in MOMENTS["offered"], key
        writes = written(type(s), NataSkill)
        if s.mandatory:
            assert key in in_steps or any(key in MOMENTS[m] for m in MOMENTS.names()), key
            continue
        nights = [p for p in s.phases if p in NIGHT_PHASES]
        if s.instant or not s.phases or len(nights) < len(s.phases):
            assert "use" in writes, key


@dataclass(frozen=True)
class Guard(NataSkill):
    """A test skill: 守护 at 午夜 (not in this pool)."""

    def resolve(self, w, plan) -> None:
        w.status.grant(plan.targets[0], "守护", "dawn", plan.seat)


GUARD = Guard("guard", "守护", phases=(MID,), help="", targeted=True)


def test_a_new_skill_with_its_step_passes():
    order = (*ORDER, Step("guard", phase=MID, part="午夜", mode="有先后顺序", moments=("resolve",)))
    assert check({**SKILLS, "guard": GUARD}, order=order) == []


def test_a_step_nobody_answers_is_named():
    order = (*ORDER, Step("nothing", phase=MID, part="午夜", mode="有先后顺序"))
    assert check(order=order) == ["order step nothing is neither a unit nor a procedure of the game"]
    procedures = {k: v for k, v in flow.PROCEDURES.items() if k != "count"}
    assert check(procedures=procedures) == ["order step count is neither a unit nor a procedure of the game"]
    # 怯懦 is a trigger: it resolves no plan
    order = (*ORDER, Step("qienuo", phase=MID, part="午夜", mode="有先后顺序", moments=("resolve",)))
    assert check(order=order) == ["order step qienuo runs resolve, but qienuo does not write it"]


def test_a_moment_listed_for_a_skill_that_does_not_write_it_is_named():
    moments = Moments({**MOMENTS.table, "survive": ("danan", "niepan", "yiduan", "qienuo")})
    assert check(moments=moments) == ["the table lists qienuo under survive, but it does not write survive"]
    moments = Moments({**MOMENTS.table, "reached": ("qienuo", "tanyu", "nobody")})
    assert check(moments=moments) == ["the table lists nobody under reached, but no unit has that key"]


def test_a_moment_written_but_not_in_the_table_is_named():
    moments = Moments({**MOMENTS.table, "reached": ("qienuo",)})  # 饕餮's 贪欲 writes `reached`, no longer listed
    assert check(moments=moments) == ["tanyu writes the moment reached, but the table does not list it there"]
    order = tuple(s for s in ORDER if s.key != "zhuihun")  # 追魂's `reap` runs at its step of 凌晨
    assert check(order=order) == ["zhuihun writes reap, which is neither the protocol nor a moment of the table"]


@dataclass(frozen=True)
class Misspelt(Forced):
    """A broken declaration: `survie` (for `survive`) is neither the protocol nor a moment."""

    def survie(self, w, hit) -> bool:
        return True


def test_a_misspelt_moment_is_named_and_the_protocol_is_not():
    broken = Misspelt("misspelt", "错字", help="")
    assert check({**SKILLS, "misspelt": broken}) == [
        "misspelt writes survie, which is neither the protocol nor a moment of the table"]
    # `blocked`, `target`, `check`, `use`, `resolve`… are the protocol: any skill may write them
    assert {"blocked", "target", "check", "use", "resolve", "plan", "cancel", "offer"} <= set(dir(NataSkill))
