"""The code's own checks, run with the tests: ruff on the repository, mypy on elo_core (pyproject.toml)."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=300)


def test_ruff_finds_nothing():
    r = run("ruff", "check", "--no-cache", ".")
    assert r.returncode == 0, r.stdout + r.stderr


def test_mypy_finds_nothing_in_elo_core():
    r = run("mypy", "--no-incremental", "--cache-dir", "/dev/null")
    assert r.returncode == 0, r.stdout + r.stderr


def test_elo_core_imports_no_module_lazily():
    # every module at the top: a lazy import hides a cycle, and the snapshot would lack the module
    lazy = [f"{p.name}:{n}" for p in (ROOT / "elo_core").glob("*.py")
            for n, line in enumerate(p.read_text("utf-8").splitlines(), 1)
            if line.startswith((" ", "\t")) and line.lstrip().startswith(("import ", "from ."))]
    assert lazy == []
