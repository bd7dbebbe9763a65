"""酒馆圣杯 on the one behaviour protocol (engine/core/behaviour.py): the engine's one check with the game's own
units and tables — what a seat types (the general commands and every class skill of the sheet), and the effects
against the two orders and the moment table — passes, and a broken declaration of this game is found."""

from __future__ import annotations

import subprocess
import sys

from paths import ROOT

from plugins.bansha.engine import PLAN, Moments, Step, unit
from plugins.bansha.engine.core.behaviour import problems
from plugins.tavern.effect import COMMAND_KINDS, PASSIVE_KINDS, Effect
from plugins.tavern.effects import EFFECTS
from plugins.tavern.night import NIGHT_PROCEDURES, TURN_PROCEDURES
from plugins.tavern.order import MOMENTS, NIGHT_ORDER, TURN_ORDER
from plugins.tavern.rules import COMMANDS
from plugins.tavern.skill import TavernSkill

STEPS = (*NIGHT_ORDER, *TURN_ORDER)
PROCEDURES = (*NIGHT_PROCEDURES, *TURN_PROCEDURES)
# what combat asks of a passive (the rest of the table: the sheet, 黄昏, the 指令 step and the night's end)
COMBAT = ("keeps_dex", "sneak_immune", "save_bonus", "melee_extra", "theft_chance", "guard_chance", "spell_bonus")


def effect_problems(effects=EFFECTS, moments=MOMENTS, steps=STEPS, procedures=PROCEDURES) -> list[str]:
    return problems(effects, moments, steps, base=Effect, procedures=procedures)


def test_the_units_and_the_tables_pass_the_one_check():
    assert problems(COMMANDS, base=TavernSkill) == []
    assert effect_problems() == []
    assert {"number", "attack", "identify", "release", "power_attack", "track"} <= set(COMMANDS)
    assert sorted(PROCEDURES) == sorted(step.key for step in STEPS)  # every step is run by its procedure


def idle(effects) -> list[str]:
    """The effects that would do nothing: neither an order the 指令 step resolves, nor a stance, nor a passive
    answering some question of combat."""
    return [key for key, effect in effects.items() if not effect.stance and effect.submit != PLAN
            and not any(key in MOMENTS[m] for m in COMBAT)]


def test_every_effect_does_something_the_table_names():
    orders = {key for key, effect in EFFECTS.items() if effect.submit == PLAN}
    assert set(MOMENTS["resolve"]) == orders  # an order is resolved at the 指令 step, and only an order
    assert idle(EFFECTS) == []

    @unit("hum", "哼唱", kinds=PASSIVE_KINDS)
    class HUM(Effect):
        pass

    assert idle({**EFFECTS, "hum": HUM}) == ["hum"]


def test_a_step_without_its_procedure_is_found():
    assert effect_problems(steps=(*STEPS, Step("月出"))) == ["order step 月出 is neither a unit nor a procedure of the game"]


def test_a_method_that_is_no_moment_is_found():
    @unit("typo", "错字", kinds=COMMAND_KINDS, submit=PLAN)
    class TYPO(Effect):
        def resolve(self, night, seat, target, spec, budget):
            pass

        def excute(self, night, seat, target, spec, budget):  # never run by the night
            pass

    assert effect_problems({**EFFECTS, "typo": TYPO}) == [
        "typo writes excute, which is neither the protocol nor a moment of the table"]


def test_a_moment_written_but_not_listed_or_listed_but_not_written_is_found():
    unlisted = Moments({**MOMENTS.table, "theft_chance": ()})  # 妙手空空 would never be asked
    assert effect_problems(moments=unlisted) == ["theft writes the moment theft_chance, but the table does not list it there"]
    wrong = Moments({**MOMENTS.table, "report": ("track", "heal")})
    assert effect_problems(moments=wrong) == ["the table lists heal under report, but it does not write report"]
    ghost = Moments({**MOMENTS.table, "guard_chance": ("grail_guard", "aegis")})
    assert effect_problems(moments=ghost) == ["the table lists aegis under guard_chance, but no unit has that key"]


def test_a_command_with_a_stray_method_is_found():
    @unit("shout", "呐喊", targets=0)
    class SHOUT(TavernSkill):
        def resolve(self, ctx, st, seat, action):
            pass

        def execute(self, night):  # the old effect hook: no moment of a command
            pass

    assert problems({**COMMANDS, "shout": SHOUT}, base=TavernSkill) == [
        "shout writes execute, which is neither the protocol nor a moment of the table"]


def test_a_broken_table_stops_the_game_from_loading():
    """The same check runs when the rules load: a table naming an effect under a moment it does not write refuses
    to load, and says why (in a fresh interpreter: the loaded game here stays whole)."""
    broken = ("from plugins.tavern import order; order.MOMENTS.table['report'] = ('track', 'heal'); "
              "import plugins.tavern.rules")
    run = subprocess.run([sys.executable, "-c", broken], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert run.returncode != 0
    assert "ValueError: 酒馆的声明有误：the table lists heal under report, but it does not write report" in run.stderr
