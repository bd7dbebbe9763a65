"""What a class skill can do: one module per effect of the class sheet (classes.toml's `effect`). Importing the
package registers them all (effect.EFFECTS); a new kind of skill is a new module here, and it is listed in
classes.toml's header for the DM."""

from ..effect import EFFECTS
from . import (  # noqa: F401  (each module registers its effect)
    attack,
    companion,
    extra_attack,
    grail_guard,
    grail_power,
    grapple,
    heal,
    inspire,
    save_bonus,
    sneak_attack,
    spell,
    stance,
    theft,
    track,
    uncanny_dodge,
)

# The order classes.toml's header lists them in (and a DM's mistake names them in).
ORDER = ("stance", "attack", "grapple", "spell", "heal", "companion", "inspire", "track", "extra_attack",
         "sneak_attack", "theft", "uncanny_dodge", "save_bonus", "grail_power", "grail_guard")
_declared = dict(EFFECTS)
EFFECTS.clear()
EFFECTS.update({key: _declared[key] for key in ORDER if key in _declared})
EFFECTS.update(_declared)  # one missing from ORDER still counts (catalog.problems names it)
