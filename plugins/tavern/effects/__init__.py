"""What a class skill can do: one module per effect of the class sheet (classes.toml's `effect`), each a unit of
behaviour (effect.py). EFFECTS lists them in the order classes.toml's header does (a DM's mistake names them in
that order); a new kind of skill is a new module here, its line below, its rows in order.MOMENTS, and its line in
classes.toml's header for the DM."""

from ..effect import Effect
from .attack import ATTACK
from .companion import COMPANION
from .extra_attack import EXTRA_ATTACK
from .grail_guard import GRAIL_GUARD
from .grail_power import GRAIL_POWER
from .grapple import GRAPPLE
from .heal import HEAL
from .inspire import INSPIRE
from .save_bonus import SAVE_BONUS
from .sneak_attack import SNEAK_ATTACK
from .spell import SPELL
from .stance import STANCE
from .theft import THEFT
from .track import TRACK
from .uncanny_dodge import UNCANNY_DODGE

EFFECTS: dict[str, Effect] = {effect.key: effect for effect in (
    STANCE, ATTACK, GRAPPLE, SPELL, HEAL, COMPANION, INSPIRE, TRACK, EXTRA_ATTACK, SNEAK_ATTACK, THEFT, UNCANNY_DODGE,
    SAVE_BONUS, GRAIL_POWER, GRAIL_GUARD,
)}
