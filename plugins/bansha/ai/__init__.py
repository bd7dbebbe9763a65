"""AI seats at run time: when an AI seat acts, what it decides and says, and the inputs that become.

    plan.py      decision slots inside each phase's window, seeded per game, phase and seat
    minds.py     the AI seats' minds (engine/agents/deduce.py), fed the events their seats can read
    decide.py    one slot: the seat's move (talk, team chat, the action it owes, 潜水 posts, 加速)
    speech.py    template Chinese for claims, vote reasons, table talk, 遗言, team chat
    checks.py    the leak audit on every AI text; what an LLM may be told
    llm.py       optional LLM wording through an OpenAI-compatible API, with fallback to the templates
    step.py      a due slot → its input (shared by the runtime and the driver)
    runtime.py   the service's side: one scheduler job per game, decisions submitted like commands
    rebuild.py   the minds rebuilt from the log after a restart
    drive.py     whole games with AI seats in memory, on a simulated clock (tests, measurements)
    settings.py  BANSHA_AI, BANSHA_LLM_* (the bot owner's settings)

The rules know only that a seat is an AI (engine/parts/aiseats.py); every decision is made here, outside them,
and enters the game as an ordinary input.
"""
