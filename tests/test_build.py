"""The build: its edits of Pyodide's runtime script (their effect in the browser:
tests/e2e/test_startup.py), its checks of the Pyodide it builds with, the page's library without
the command line, and a build that must not ship the slow start by accident."""

from __future__ import annotations

import json
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

import build
from buildkit import library, pyodide
from buildkit.runtime import copy_runtime
from buildkit.tools import BuildError, node


def original() -> str:
    """A stand-in for the pinned runtime script: every patched passage once, with filler."""
    return "/*a*/" + "/*b*/".join(old for old, _ in pyodide.RUNTIME_PATCHES) + "/*c*/"


def test_every_patch_is_made_once():
    patched = pyodide.patch_runtime(original())
    for old, new in pyodide.RUNTIME_PATCHES:
        assert patched.count(new) == 1
        assert old not in patched


@pytest.mark.parametrize("times", [0, 2])
def test_a_patch_that_does_not_match_once_fails_the_build(times):
    old = pyodide.RUNTIME_PATCHES[0][0]
    script = original().replace(old, old * times)
    with pytest.raises(BuildError, match=f"matches {times} times"):
        pyodide.patch_runtime(script)


# Run by node on one copy of the runtime: its function table (each entry's name) and the
# value that its GOT handler gives for each symbol named in the file argv[3], or for every
# symbol its GOT holds when there is no such file.
LINKED = """
import { readFileSync, existsSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [dir, symbolsFile] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(dir + "/pyodide.mjs").href);
const pyodide = await loadPyodide({ indexURL: dir + "/" });
const module = pyodide._module;
const table = [];
for (let i = 0; i < module.wasmTable.length; i++) table.push(module.wasmTable.get(i)?.name ?? null);
const symbols = existsSync(symbolsFile) ? JSON.parse(readFileSync(symbolsFile, "utf8")) : Object.keys(module.GOT);
const got = Object.fromEntries(symbols.map((s) => [s, module.GOTHandler.get(new Set(), s).value]));
process.stdout.write(JSON.stringify({ table, got }));
"""


def test_the_patched_runtime_links_as_the_original(tmp_path):
    # The edits must not change what the dynamic linking makes: the function table, entry
    # by entry (the snapshot's function pointers index it), and every GOT entry's value,
    # also for the exports whose Globals are now made only when asked for.
    node = shutil.which("node")
    assert node, "node is needed to build the site (and for this test)"
    original = build.ensure_pyodide()
    patched = tmp_path / "patched"
    copy_runtime(original, patched)  # as build() ships it
    runner, symbols = tmp_path / "linked.mjs", tmp_path / "symbols.json"
    runner.write_text(LINKED)

    def linked(runtime: Path) -> dict:
        out = subprocess.run([node, str(runner), str(runtime), str(symbols)],
                             check=True, capture_output=True, text=True, timeout=120).stdout
        return json.loads(out)

    before = linked(original)
    symbols.write_text(json.dumps(list(before["got"])))
    after = linked(patched)
    assert len(before["table"]) > 10_000 and len(before["got"]) > 8_000
    assert after["table"] == before["table"]
    assert after["got"] == before["got"]


def test_a_snapshot_that_cannot_be_made_fails_the_build(tmp_path, monkeypatch):
    # a deploy must not ship the slow start by accident: only --no-snapshot builds without one
    def fails(*args, **kwargs):
        raise BuildError("snapshot.mjs failed: for this test")

    monkeypatch.setattr(build, "make_snapshot", fails)
    with pytest.raises(BuildError, match="--no-snapshot"):
        build.build(tmp_path / "dist")
    site = build.build(tmp_path / "dist", snapshot=False)
    assert "snapshot" not in json.loads((site / "build.json").read_text())


def test_the_worker_adapter_is_for_the_pinned_pyodide(tmp_path):
    pyodide.check_adapter()  # as shipped: the same version
    other = tmp_path / "pyodide-adapter.js"
    other.write_text(pyodide.ADAPTER.read_text().replace(f'"{pyodide.PYODIDE_VERSION}"', '"315.0.0"'))
    with pytest.raises(BuildError, match="written for Pyodide 315.0.0, but buildkit/pyodide.py pins"):
        pyodide.check_adapter(other)


def test_the_build_refuses_another_pyodide_than_its_own(tmp_path):
    # npm installs package.json's pin; the build's patches and micropip were checked for its own
    pins = json.loads((build.ROOT / "package.json").read_text())
    assert pins["dependencies"]["pyodide"] == pyodide.PYODIDE_VERSION
    pyodide.check_installed(build.ensure_pyodide())
    other = tmp_path / "pyodide"
    shutil.copytree(build.PYODIDE_DIR, other, ignore=shutil.ignore_patterns("*.wasm", "*.zip"))
    with pytest.raises(BuildError, match="lacks core files"):
        pyodide.check_installed(other)
    (other / "package.json").write_text(json.dumps({"version": "315.0.0"}))
    with pytest.raises(BuildError, match="node_modules/pyodide is 315.0.0, expected"):
        pyodide.check_installed(other)


def test_the_kept_file_is_named_alike_where_it_is_read_and_where_it_is_kept():
    # the entry reads it before its modules arrive, so it names the file itself (web/worker.js)
    import re
    name = re.compile(r'KEPT_FILE = "([^"]+)"')
    entry = name.findall((build.WEB / "worker.js").read_text())
    module = name.findall((build.WEB / "worker" / "snapshot.js").read_text())
    assert entry == module and len(entry) == 1


def test_the_page_library_leaves_out_the_command_line_in_either_layout_and_py_typed(tmp_path):
    # elo_core's command line, a folder (elo_core/cli/) or the modules it was before, is never run
    # by the page, nor is py.typed read; the rest of elo_core goes in the library, imported or not
    wheel = tmp_path / "elo_core-0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as w:
        w.writestr("elo_core/__init__.py", "")
        w.writestr("elo_core/facade.py", "def handle(request):\n    return request.upper()\n")
        w.writestr("elo_core/rare.py", "")
        w.writestr("elo_core/tables.json", "{}")
        w.writestr("elo_core/py.typed", "")
        for cli in ("cli/__init__.py", "cli/main.py", "cli.py", "cli_more.py", "__main__.py"):
            w.writestr(f"elo_core/{cli}", "raise SystemExit('the command line')\n")
    corpus = tmp_path / "corpus.json"
    corpus.write_text(json.dumps({"requests": ["ping"], "not_for_the_page": library.NOT_FOR_THE_PAGE}))
    made_zip = tmp_path / "library.zip"
    made = node(library.LIBRARY_SCRIPT, pyodide.node_runtime(build.ensure_pyodide()), str(wheel), str(corpus),
                str(made_zip), what="the page's library")
    assert made["answers"] == ["PING"]
    own = {n for n in zipfile.ZipFile(made_zip).namelist() if n.startswith("elo_core/")}
    assert own == {"elo_core/__init__.pyc", "elo_core/facade.pyc", "elo_core/rare.pyc", "elo_core/tables.json"}


def test_the_library_corpus_asks_every_operation_of_the_door():
    # The page's library holds the standard modules the corpus's answers import: an operation the
    # corpus never asks could import one it lacks, and the snapshot (which imports every operation)
    # would then fail to build.
    from buildkit.corpus import LIBRARY_CORPUS
    from elo_core.facade import OPS

    def ops(requests):
        for r in requests:
            if isinstance(r, dict):
                yield r.get("op")
                yield from ops(r.get("args", {}).get("requests", []))
    asked = set(ops(LIBRARY_CORPUS))
    assert sorted(set(OPS) - asked) == []
