"""Test settings: hypothesis profiles chosen by HYPOTHESIS_PROFILE.

- ``ci``: small and quick (what .ci/run uses; the bots' strength check in
  test_bots.py plays 80 rounds a variant instead of 200);
- ``dev`` (default): a little more;
- ``thorough``: many examples, for a run by hand.
"""

import os
import sys
from pathlib import Path

from hypothesis import HealthCheck, settings

# The tests sit in folders that mirror the package (tests/core, tests/round ...),
# the oracle tests (one implementation judged by another) in tests/oracles;
# their helpers (brute_force, check_rows, key_rows, solver_support, serve_support, tool_support)
# stay in tests/ itself, and no test module imports another.
HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)

settings.register_profile("ci", max_examples=40, deadline=None, derandomize=True)
settings.register_profile("dev", max_examples=100, deadline=None)
settings.register_profile(
    "thorough", max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))

# The command line speaks the language of the environment (docs/languages.md):
# the tests expect English whatever the machine's locale says.
os.environ["LANGUAGE"] = "en"
