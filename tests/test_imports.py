"""The direction of imports inside elo_core: each area imports only the areas its row allows.

The shared modules (errors, limits, parse, plain, rulebook) import nothing else; each rating system (fide,
glicko, ...) imports only itself, the shared ones and the event model (to rate a whole event), never
another system; the file formats import the event model only; the door (facade) and the command line (cli) import the rest, and nothing imports
them back. Adding a rating system is one folder, one facade module and a row here.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "elo_core"
SHARED = {"errors", "limits", "parse", "plain", "rulebook"}
SYSTEMS = {"fide", "glicko", "dwz", "ecf", "uscf"}
# area -> the areas it may import (besides itself)
ALLOWED = {
    "shared": {"shared"},
    "fide": {"shared", "events.model"},
    "glicko": {"shared", "events.model"},
    "dwz": {"shared", "events.model"},
    "ecf": {"shared", "events.model"},
    "uscf": {"shared", "events.model"},
    "fidelist": {"shared"},
    "events.model": {"shared"},
    "events.formats": {"shared", "events.model"},
    "events": {"shared", "events.model", "events.formats", "fide"},
    "norms": {"shared", "events.model", "events", "fide"},
    "facade": {"shared", "events.model", "events.formats", "events", "norms", "fidelist", *SYSTEMS},
    "cli": {"shared", "facade", "norms"},
    "package": {"shared", "fide", "events.model", "events.formats", "events"},
    "main": {"cli"},
}


def area(module: str) -> str:
    """The area of a module of elo_core, by its dotted name without the package."""
    parts = module.split(".")
    if module == "__main__":
        return "main"
    if module in ("", "__init__", "__version__"):
        return "package"
    if parts[0] in SHARED:
        return "shared"
    if parts[0] == "events":
        if parts[1:2] == ["formats"]:
            return "events.formats"
        if parts[1:2] in (["model"], ["problems"]):
            return "events.model"
        return "events"
    return parts[0]


def modules() -> list[tuple[str, Path]]:
    out = []
    for path in sorted(PACKAGE.rglob("*.py")):
        name = ".".join(path.relative_to(PACKAGE).with_suffix("").parts)
        out.append((name.removesuffix(".__init__"), path))
    return out


def imported(path: Path) -> set[str]:
    """The elo_core modules a file imports (``from elo_core.x import y`` counts ``x`` and ``x.y``)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("elo_core"):
            base = node.module.removeprefix("elo_core").lstrip(".")
            found.add(base)
            found.update(f"{base}.{a.name}".lstrip(".") for a in node.names
                         if (PACKAGE / Path(*f"{base}.{a.name}".lstrip(".").split("."))).with_suffix(".py").exists()
                         or (PACKAGE / Path(*f"{base}.{a.name}".lstrip(".").split("."))).is_dir())
        elif isinstance(node, ast.ImportFrom) and node.level:
            raise AssertionError(f"{path}: a relative import; write elo_core's modules by their full name")
        elif isinstance(node, ast.Import):
            found.update(a.name.removeprefix("elo_core").lstrip(".") for a in node.names if a.name.startswith("elo_core"))
    return {m for m in found if m}


@pytest.mark.parametrize("module,path", modules(), ids=[m for m, _ in modules()])
def test_each_module_imports_only_what_its_area_may(module, path):
    own = area(module)
    wrong = sorted(m for m in imported(path) if area(m) != own and area(m) not in ALLOWED[own])
    assert wrong == [], f"elo_core.{module} ({own}) imports {wrong}; {own} may import {sorted(ALLOWED[own])}"


def test_no_rating_system_imports_another():
    for module, path in modules():
        if area(module) in SYSTEMS:
            others = {area(m) for m in imported(path)} & (SYSTEMS - {area(module)})
            assert not others, f"elo_core.{module} imports the system(s) {others}"


def test_every_area_is_named():
    assert {area(m) for m, _ in modules()} <= set(ALLOWED)


def test_the_check_sees_a_wrong_import(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("from elo_core.facade import handle\nfrom elo_core.glicko import lichess\n")
    wrong = sorted(m for m in imported(bad) if area(m) not in ALLOWED["fide"] | {"fide"})
    assert wrong == ["facade", "glicko", "glicko.lichess"]
