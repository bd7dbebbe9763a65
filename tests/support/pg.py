"""The PostgreSQL test database (BANSHA_TEST_PG, started by tools/pg-test-db.sh) and its reset between tests."""

from __future__ import annotations

import os

PG = os.environ.get("BANSHA_TEST_PG", "")


async def reset(url: str) -> None:
    """Drop Bansha's tables (and tortoise's migration record) so the next test migrates a fresh database."""
    import asyncpg

    conn = await asyncpg.connect(url.replace("postgres://", "postgresql://", 1))
    try:
        tables = [r["tablename"] for r in await conn.fetch(
            "SELECT tablename FROM pg_tables WHERE schemaname = current_schema() "
            "AND (tablename LIKE 'bansha\\_%' OR tablename = 'tortoise_migrations')"
        )]
        if tables:
            await conn.execute(f"DROP TABLE IF EXISTS {', '.join(tables)} CASCADE")
    finally:
        await conn.close()
