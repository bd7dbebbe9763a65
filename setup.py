"""Packaging of the plugins/ directory as the import package `nonebot_plugin_bansha`.

The metadata is in pyproject.toml. This file only maps the directory: every directory under plugins/
(found anew at each build, so new ones need no edit here) installs under nonebot_plugin_bansha with
the files in it: code, and data such as tavern/classes.toml or the 导演台's templates/ and static/
(directories without __init__.py are namespace packages to setuptools, so they are listed too).
"""

from pathlib import Path

from setuptools import find_namespace_packages, setup

TOP = "nonebot_plugin_bansha"
SOURCE = "plugins"


def installed_name(package: str) -> str:
    return TOP + package.removeprefix(SOURCE)


def data_files(package: str) -> list[str]:
    """The non-Python files directly in the package's directory."""
    return sorted(p.name for p in Path(*package.split(".")).iterdir()
                  if p.is_file() and p.suffix not in (".py", ".pyc") and not p.name.startswith("."))


PACKAGES = [p for p in find_namespace_packages(include=[SOURCE, f"{SOURCE}.*"])
            if not any(part.startswith(("_", ".")) and part != "__init__" for part in p.split("."))]

setup(
    package_dir={TOP: SOURCE},
    packages=[installed_name(p) for p in PACKAGES],
    package_data={installed_name(p): files for p in PACKAGES if (files := data_files(p))},
)
