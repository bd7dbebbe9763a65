"""Bansha's matchers under nonebug: the QQ layer loaded as a plugin once, a fresh database per test
(tests/support/nonebugqq.py says why the fixture runs Bansha's startup hook itself)."""

from __future__ import annotations

import nonebugqq
import pytest


@pytest.fixture(scope="session")
def bansha_plugin(nonebug_init):
    return nonebugqq.load_plugin()


@pytest.fixture(scope="session")
async def bansha_template(bansha_plugin, tmp_path_factory):
    return await nonebugqq.migrated(tmp_path_factory.mktemp("bansha") / "template.sqlite3")


@pytest.fixture
async def bansha(app, bansha_template, tmp_path):
    """The service of this test, started by Bansha's own startup hook on a database of its own in tmp_path."""
    svc = await nonebugqq.start(tmp_path / "bansha.sqlite3", bansha_template)
    try:
        yield svc
    finally:
        await nonebugqq.stop()
