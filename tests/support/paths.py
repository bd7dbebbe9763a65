"""Where things are, for tests at any depth of tests/: the repository's root and the test data."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"
SUPPORT = Path(__file__).resolve().parent
