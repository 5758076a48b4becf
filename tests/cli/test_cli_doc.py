"""docs/cli.md's examples are real: each `$ python -m elo_core ...` line, run, prints what the doc shows.

The files the examples read are the doc's own: a code block introduced by a line naming one file
(`club.trf`) and ending in a colon, or shown with `$ cat NAME`. A command whose file the doc does
not give (one described in words) is left out; the count checked is asserted.
"""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "cli.md"
BLOCK = re.compile(r"^```(?:text|json)?\n(?P<body>.*?)\n```", re.S | re.M)


def examples() -> tuple[dict[str, str], list[tuple[str, str]]]:
    files: dict[str, str] = {}
    runs: list[tuple[str, str]] = []
    text = DOC.read_text("utf-8")
    for block in BLOCK.finditer(text):
        before = text[:block.start()].rstrip().rpartition("\n")[2]  # the line introducing the block
        named = re.findall(r"`([\w.-]+\.(?:trf|json|pgn))`", before)
        body = block["body"]
        if "$ " not in body:
            if len(named) == 1 and before.endswith(":"):
                files[named[0]] = body + "\n"
            continue
        for part in re.split(r"^\$ ", body, flags=re.M)[1:]:
            command, _, output = part.partition("\n")
            if command.startswith("cat "):
                files[command[4:].strip()] = output
            else:
                runs.append((command, output.rstrip("\n")))
    return files, runs


FILES, RUNS = examples()


def runnable(command: str) -> bool:
    words = shlex.split(command.split("|")[0])
    return all(not re.search(r"\.(trf|json|pgn)$", w) or w in FILES or (ROOT / w).exists() for w in words)


@pytest.mark.parametrize("command, shown", [(c, o) for c, o in RUNS if runnable(c)], ids=lambda x: x[:60])
def test_a_doc_example_prints_what_the_doc_shows(tmp_path, command, shown):
    for name, text in FILES.items():
        (tmp_path / name).write_text(text)
    (tmp_path / "tests").symlink_to(ROOT / "tests")
    run = subprocess.run(command.replace("python -m", f"{shlex.quote(sys.executable)} -m", 1), shell=True, cwd=tmp_path,
                         capture_output=True, text=True, timeout=60, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert (run.stdout + run.stderr).rstrip("\n") == shown


def test_most_examples_are_checked():
    assert sum(runnable(c) for c, _ in RUNS) >= 20, [c for c, _ in RUNS if not runnable(c)]
