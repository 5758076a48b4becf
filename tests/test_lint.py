"""The code's own checks, run with the tests: ruff on the repository, mypy on elo_core (pyproject.toml)."""

import ast
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


def _runtime_imports_below_the_top(tree: ast.Module) -> list[int]:
    """Import statements not at a module's top level; those under ``if TYPE_CHECKING:`` are for
    the type checker only."""
    typing_only = {id(n) for node in tree.body if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING"
                   for statement in node.body for n in ast.walk(statement)}
    top = {id(n) for n in tree.body}
    return [n.lineno for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom))
            and id(n) not in top and id(n) not in typing_only]


def test_elo_core_imports_no_module_lazily():
    # Every import at the top: a lazy import hides a cycle. The only modules imported later are
    # named in two tables (elo_core.facade.ELSEWHERE, elo_core._LATER), which tests/test_lazy_ops.py checks.
    lazy = [f"{p.relative_to(ROOT)}:{n}" for p in (ROOT / "elo_core").rglob("*.py")
            for n in _runtime_imports_below_the_top(ast.parse(p.read_text("utf-8")))]
    assert lazy == []


def test_only_the_two_tables_import_modules_by_name():
    by_name = sorted(p.relative_to(ROOT / "elo_core").as_posix() for p in (ROOT / "elo_core").rglob("*.py")
                     if "import_module" in (text := p.read_text("utf-8")) or "__import__" in text)
    assert by_name == ["__init__.py", "facade/spec.py"]
