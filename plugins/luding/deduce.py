"""鹿鼎记's information-state player (`bansha simulate --agent deduce`): engine/agents/village.py's
VillageMind with this game's skills. It knows what its seat was told — its role PM (父狼 and 幼狼 know
each other), the board, its 预言 and 检疫 results, that it was infected, every public post — never the deal.

This game's differences from 狼人杀, as a player sees them: the wolves infect instead of killing, so a
night departure says nothing about the departed (no wolf kill to read); an infected seat knows only that
it now plays for the wolves (it knows no teammate); 检疫 only tells whether a seat was turned; 救药 has
no victim to save, so the witch keeps it for a claimed 预言家; the 幼狼 never sacrifices himself, and an
exiled checker leaves his results as 遗言.
"""

from __future__ import annotations

from ..bansha.engine import Action, Event
from ..bansha.engine.agents.deduce import Say
from ..bansha.engine.agents.village import VillageMind
from ..bansha.engine.game.ruleset import LegalChoice
from .terms import DAY

NEVER = frozenset({"sacrifice"})


class LudingMind(VillageMind):
    DAY_PHASES = frozenset({DAY})
    KILL, CHECK, GUARD, SHOOT = "infect", "check", "shield", "shot"

    def see(self, ev: Event) -> None:
        super().see(ev)
        f = dict(ev.data)
        if ev.tag == "check" and f.get("turned"):
            self.known[f["target"]] = True  # 检疫: turned means on the wolves' side now

    def act(self, choices: list[LegalChoice]) -> Action | Say | None:
        move = super().act([c for c in choices if c.skill.key not in NEVER])
        if move is None and not self.living and self.phase != DAY:
            return self.claim(last_words=True)  # voted out: the 遗言 is published at the next day's start
        return move

    def choose(self, choice: LegalChoice) -> Action | None:
        key = choice.skill.key
        if key == "quarantine":
            unknown = [t for t in self.others(choice) if t not in self.known]
            return Action(key, (self.suspects(unknown)[0],)) if unknown else None
        if key == "save":
            trusted = [c for c in self.claims if self.trust(c) >= 0.5 and c in choice.candidates]
            return Action(key, (trusted[0],)) if trusted and self.rng.chance(0.5) else None
        return super().choose(choice)


MIND = LudingMind
