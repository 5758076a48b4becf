"""build.py's edits of Pyodide's runtime script (their effect in the browser: tests/e2e/test_startup.py)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

_spec = importlib.util.spec_from_file_location("build", Path(__file__).resolve().parents[1] / "build.py")
build = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(build)


def original() -> str:
    """A stand-in for the pinned runtime script: every patched passage once, with filler."""
    return "/*a*/" + "/*b*/".join(old for old, _ in build.RUNTIME_PATCHES) + "/*c*/"


def test_every_patch_is_made_once():
    patched = build.patch_runtime(original())
    for old, new in build.RUNTIME_PATCHES:
        assert patched.count(new) == 1
        assert old not in patched


@pytest.mark.parametrize("times", [0, 2])
def test_a_patch_that_does_not_match_once_fails_the_build(times):
    old = build.RUNTIME_PATCHES[0][0]
    script = original().replace(old, old * times)
    with pytest.raises(build.BuildError, match=f"matches {times} times"):
        build.patch_runtime(script)
