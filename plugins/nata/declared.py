"""Every role and skill of 纳塔 as declared: roles/<role>.py adds them here when it is imported (the engine's
`@unit` and skill.role), and catalog.py puts them in the pool's order once all are in.

Kept apart from skill.py so that the state (state.py) can look declarations up without importing the
behaviour that is written against it.
"""

from __future__ import annotations

from typing import Any

ROLES: dict[str, Any] = {}  # name -> skill.Role
SKILLS: dict[str, Any] = {}  # key -> skill.NataSkill
