"""BANSHA_LONG=1 (`make test-long`): the long versions of the sampled tests (more games, kills, examples)."""

import os

LONG = os.environ.get("BANSHA_LONG") == "1"
