"""The example game's roles, one module each. Importing this package registers them all in the book; POOL
lists them as the deal knows them (a new role: a module here, and its line in POOL)."""

from . import detective, player

POOL = (player.PLAYER, detective.DETECTIVE)
