"""One module per role of the pool (and `everyone`: what every seat may do; `pack`: the wolves' shared 杀人).

Importing the package imports every module in it, and each registers its role and skills (skill.py);
catalog.py orders them as pool.py and checks them against order.py. A new role is a new module here plus
its name in pool.py and its steps in order.py.
"""

from __future__ import annotations

import importlib
import pkgutil

for _module in sorted(m.name for m in pkgutil.iter_modules(__path__)):
    importlib.import_module(f"{__name__}.{_module}")
