"""One module per role of 002 (and `pack`: the wolves' shared 杀人; `everyone`: the vote and 遗言; `sheriff`: the
警长's skills). Importing the package imports every module in it, and each registers its role, skills and
step handlers in the book (book.py). A new role is a new module here, its card in boards.CARDS (and the boards
that deal it) and, if it acts at night, its step in order.NIGHT_ORDER."""

from __future__ import annotations

import importlib
import pkgutil

from ..boards import CARDS
from ..book import BOOK, WerewolfRole

for _module in sorted(m.name for m in pkgutil.iter_modules(__path__)):
    importlib.import_module(f"{__name__}.{_module}")

# The roles in the order /开局 lists the cards (boards.CARDS).
ROLES: dict[str, WerewolfRole] = {name: BOOK.roles[name] for name in CARDS}
