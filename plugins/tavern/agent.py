"""A random player for 酒馆圣杯 that fills in the words the generic agent cannot (grail
numbers, 指认 values within the class rule, 抉择 on/off). Used by the simulator, the fuzz
tests and the end-to-end mirror (as `random_agent`, the engine's hook)."""

from __future__ import annotations

from ..bansha.engine import ALIVE, Action, Rng
from .identify import claims_left
from .sheet import CLASS_NAMES
from .state import TavernState
from .terms import FACTIONS


def player(ruleset, st: TavernState, seat: int, rng: Rng) -> Action | None:
    """A random player that also fills in the words the random agent cannot: grail numbers,
    the value of a 指认 within the class rule, and 抉择 on/off."""
    # the skills usable now, as the engine's legal() would list them (it checks every target too,
    # which dominates the run time; every move is still validated when it is applied)
    skills = [s for s in ruleset.skills_of(st, seat) if ruleset.available(st, seat, s) is None]
    if not skills or rng.chance(0.05):
        return None
    skill = rng.choice(skills)
    cands = [t for t in st.living() if t != seat or skill.target_rule == ALIVE]
    if skill.key == "number":
        return Action("number", (), (str(rng.randint(1, 100)),))
    if skill.key == "identify":
        left = claims_left(st, seat)
        rules = st.spec(seat).identify
        line = rng.choice([r for n, r in zip(left, rules, strict=True) if n])
        vocab = {"特质": ("战斗", "施法", "神圣", "敏捷"), "职业": CLASS_NAMES, "阵营": FACTIONS}[line.kind]
        return Action("identify", (rng.choice(cands),), (rng.choice(line.values or vocab),))
    if skill.words == ("开", "关"):
        on = skill.key in st.orders.get(seat).stances if seat in st.orders else False
        return Action(skill.key, (), ("关" if on else "开",))
    if skill.targets == 0:
        return Action(skill.key)
    return Action(skill.key, (rng.choice(cands),))


random_agent = player  # the engine's hook (engine/agents/play.py: agent_for)
