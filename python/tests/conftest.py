"""Tiers (tests/README.md, "Tiers"): tests marked `sweep` run with CLFFT_TEST_TIER=sweep (CTest
entry test_python_sweep), the others in the quick tier (the default); `all` runs both. The tests
left out are deselected, and pytest counts them in its summary."""
import os
import sys


def pytest_configure(config):
    config.addinivalue_line("markers", "sweep: left out of the quick tier (CLFFT_TEST_TIER=sweep runs it)")


def pytest_collection_modifyitems(config, items):
    tier = os.environ.get("CLFFT_TEST_TIER") or "quick"
    if tier not in ("quick", "sweep", "all"):
        # A typo must not silently shrink a run (as tests/support/test_tier.h).
        print("CLFFT_TEST_TIER=%s: expected quick, sweep or all; running all" % tier, file=sys.stderr)
        tier = "all"
    if tier == "all":
        return
    keep, drop = [], []
    for item in items:
        (keep if (item.get_closest_marker("sweep") is not None) == (tier == "sweep") else drop).append(item)
    if drop:
        config.hook.pytest_deselected(items=drop)
        items[:] = keep
