"""Engine parts: what a game runs besides its ruleset — forum play (forum, cards, lurk, speaking), the judges'
rulings, the judge's commands (moderator), reminders, social play, sign-up and AI seats. Each is a `Part`
(engine/game/part.py, the interface the game loop knows); engine/__init__.py installs them."""
