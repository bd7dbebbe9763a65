"""The fixtures of tests/qq (nonebugqq.py says how they work): a test module takes them with
`pytest_plugins = ["nonebugfixtures"]` (a plugin module of its own, so pytest can rewrite its asserts: a module
the test imports first, like nonebugqq, it cannot)."""

from __future__ import annotations

import pytest
from nonebugqq import load_plugin, migrated, start, stop


@pytest.fixture(scope="session")
def bansha_plugin(nonebug_init):
    """The QQ layer loaded as a NoneBot plugin (once per session, after nonebug has initialised NoneBot)."""
    return load_plugin()


@pytest.fixture(scope="session")
async def bansha_template(bansha_plugin, tmp_path_factory):
    return await migrated(tmp_path_factory.mktemp("bansha") / "template.sqlite3")


@pytest.fixture
async def bansha(app, bansha_template, tmp_path):
    """The service of this test, started by Bansha's own startup hook on a database of its own in tmp_path."""
    svc = await start(tmp_path / "bansha.sqlite3", bansha_template)
    try:
        yield svc
    finally:
        await stop()
