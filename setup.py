"""Packaging of the plugins/ directory as the import package `nonebot_plugin_bansha`.

The metadata is in pyproject.toml. This file only maps the directory: every package under
plugins/ (found anew at each build, so new ones need no edit here) installs under
nonebot_plugin_bansha, together with the data files that live beside the code.
"""

from pathlib import Path

from setuptools import find_packages, setup

TOP = "nonebot_plugin_bansha"
SOURCE = "plugins"
DATA_SKIP = {".py", ".pyc", ".pyo"}


def installed_name(package: str) -> str:
    return TOP + package.removeprefix(SOURCE)


def data_files(package: str) -> list[str]:
    """Non-Python files in the package's directory and in its non-package subdirectories."""
    root = Path(*package.split("."))
    found = []
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root)
        if not path.is_file() or path.suffix in DATA_SKIP or any(p.startswith((".", "__")) for p in rel.parts):
            continue
        if any((root / Path(*rel.parts[: i + 1]) / "__init__.py").exists() for i in range(len(rel.parts) - 1)):
            continue  # belongs to a subpackage, which lists it itself
        found.append(rel.as_posix())
    return found


PACKAGES = find_packages(include=[SOURCE, f"{SOURCE}.*"])

setup(
    package_dir={TOP: SOURCE},
    packages=[installed_name(p) for p in PACKAGES],
    package_data={installed_name(p): files for p in PACKAGES if (files := data_files(p))},
)
