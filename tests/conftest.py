"""Shared test configuration. Kept light: unit tests must run without a browser."""

from pathlib import Path

import pytest
from hypothesis import settings

# Property tests judge answers, not speed: on a shared, busy machine Hypothesis's per-example
# deadline fails tests that are right. Timings live in bench/.
settings.register_profile("answers", deadline=None)
settings.load_profile("answers")

REPO_ROOT = Path(__file__).resolve().parent.parent


def pytest_configure(config):
    config.addinivalue_line("markers", "e2e: end-to-end test in a real browser (needs Chromium)")


@pytest.fixture(scope="session")
def repo_root() -> Path:
    """The repository's root directory."""
    return REPO_ROOT
