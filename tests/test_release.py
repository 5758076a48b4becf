"""Release habits: the version has one source (elo_core.__version__), CHANGELOG.md's newest
release is that version, and the sdist and wheel build and pass `twine check --strict`, with
everything the package needs at run time (its data files, py.typed) and its licence."""

from __future__ import annotations

import email.parser
import re
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest
import trove_classifiers

import elo_core

ROOT = Path(__file__).resolve().parents[1]
RELEASE = re.compile(r"^## \[(\d+)\.(\d+)\.(\d+)\] - (\d{4}-\d{2}-\d{2})$", re.M)


def test_the_changelog_s_newest_release_is_the_package_s_version():
    text = (ROOT / "CHANGELOG.md").read_text("utf-8")
    releases = RELEASE.findall(text)
    assert releases, "CHANGELOG.md lists no release (## [x.y.z] - YYYY-MM-DD)"
    versions = [tuple(map(int, r[:3])) for r in releases]
    assert ".".join(map(str, versions[0])) == elo_core.__version__
    assert versions == sorted(set(versions), reverse=True), "newest first, each once"
    dates = [r[3] for r in releases]
    assert dates == sorted(dates, reverse=True)
    # what is not released yet has its place above the releases
    assert text.index("## [Unreleased]") < text.index(f"## [{elo_core.__version__}]")


@pytest.fixture(scope="module")
def dists(tmp_path_factory) -> dict[str, Path]:
    """The sdist and the wheel made from it, as `python -m build` makes them (without
    isolation: offline, with the flit_core of the test extra). The checkout leaves sys.path
    first: an editable install puts it there, and its build.py would shadow pypa's build."""
    out = tmp_path_factory.mktemp("dists")
    pypa_build = ("import os, runpy, sys; root = os.path.realpath(sys.argv.pop(1)); "
                  "sys.path[:] = [p for p in sys.path if p and os.path.realpath(p) != root]; "
                  "runpy.run_module('build', run_name='__main__', alter_sys=True)")
    run = subprocess.run([sys.executable, "-c", pypa_build, str(ROOT),
                          "--no-isolation", "--outdir", str(out), str(ROOT)],
                         cwd=out, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    (sdist,), (wheel,) = out.glob("*.tar.gz"), out.glob("*.whl")
    return {"sdist": sdist, "wheel": wheel}


def test_twine_finds_nothing_to_say_of_the_sdist_and_the_wheel(dists):
    run = subprocess.run([sys.executable, "-m", "twine", "check", "--strict", str(dists["sdist"]), str(dists["wheel"])],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr


def test_the_wheel_holds_the_package_s_data_its_types_and_its_licence(dists):
    wheel = dists["wheel"]
    assert wheel.name == f"elo_core-{elo_core.__version__}-py3-none-any.whl"
    names = set(zipfile.ZipFile(wheel).namelist())
    package = ROOT / "elo_core"
    data = {p.relative_to(ROOT).as_posix() for p in package.rglob("*")
            if p.is_file() and p.suffix not in (".py", ".pyc") and "__pycache__" not in p.parts}
    assert "elo_core/py.typed" in data and any(n.endswith(".json") for n in data)
    assert data <= names, sorted(data - names)
    assert f"elo_core-{elo_core.__version__}.dist-info/licenses/LICENSE" in names
    sdist = set(tarfile.open(dists["sdist"]).getnames())
    assert {f"elo_core-{elo_core.__version__}/LICENSE", f"elo_core-{elo_core.__version__}/CHANGELOG.md"} <= sdist


def test_the_wheel_s_metadata_is_complete(dists):
    with zipfile.ZipFile(dists["wheel"]) as wheel:
        text = wheel.read(f"elo_core-{elo_core.__version__}.dist-info/METADATA").decode("utf-8")
    meta = email.parser.Parser().parsestr(text)
    assert meta["Version"] == elo_core.__version__
    assert meta["License-Expression"] == "MIT"
    assert meta["Summary"] and not meta["Summary"].endswith((",", ":")) and meta["Author"] and meta["Keywords"]
    assert meta["Description-Content-Type"] == "text/markdown"
    classifiers = meta.get_all("Classifier")
    assert not set(classifiers) - trove_classifiers.classifiers, "PyPI refuses an unknown classifier"
    pythons = {c.rsplit(" ", 1)[1] for c in classifiers if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)}
    assert pythons == {"3.11", "3.12", "3.13"} and meta["Requires-Python"] == ">=3.11"
    assert "Typing :: Typed" in classifiers
