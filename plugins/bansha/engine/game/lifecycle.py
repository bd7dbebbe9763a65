"""A game's three states: open for sign-up, running, ended (a module of its own so that the engine's modules
below the Game can name them without importing it)."""

SIGNUP, RUNNING, ENDED = "signup", "running", "ended"
