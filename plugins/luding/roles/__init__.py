"""One module per role of 003 (and `everyone`: the day's vote). Importing the package registers every role
and unit in the book (book.py); a new role is a new module here, its card in terms.DECK and, for each moment
one of its units answers (a night step, leaving, being checked or infected), its key in order.MOMENTS."""

from ..book import BOOK, LudingRole
from ..terms import DECK
from . import cub, elder, everyone, father, fox, guard, hunter, seer, villager, witch

# The roles in the deal's order (terms.DECK).
ROLES: dict[str, LudingRole] = {name: BOOK.roles[name] for name in dict.fromkeys(DECK)}

__all__ = ["ROLES", "cub", "elder", "everyone", "father", "fox", "guard", "hunter", "seer", "villager", "witch"]
