"""One module per role of the pool (and `everyone`: what every seat may do; `pack`: the wolves' shared 杀人).

Importing the package imports every module in it, and each registers its role and skills (`@unit` over each
skill's class, skill.role); catalog.py orders them as pool.py. A new role is a new module here plus its name in
pool.py and its steps (and moments) in order.py; rules.py checks them with the engine's one check.
"""

from __future__ import annotations

import importlib
import pkgutil

for _module in sorted(m.name for m in pkgutil.iter_modules(__path__)):
    importlib.import_module(f"{__name__}.{_module}")
