"""The README is for users first: short, in short paragraphs, its two set-up commands near the top,
its Python example run as a doctest; it and the reference docs it points to link only to what exists."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

from scripts.fresh_clone_check import readme_commands

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DOCS = [README, ROOT / "docs" / "events.md", ROOT / "docs" / "links.md", ROOT / "docs" / "cli.md"]
MAX_WORDS = 1200
MAX_PARAGRAPH_WORDS = 120
SERVE = "python build.py --serve"
TEST = "python -m pip install -e '.[test]' && python -m pytest"


def blocks(text: str) -> list[str]:
    """Paragraphs and list items (a fenced code block is one block, blank lines and all)."""
    out, current, fenced = [], [], False
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
        starts_item = not fenced and re.match(r"\s*(?:[-*]|\d+\.)\s", line)
        if (not fenced and not line.strip()) or starts_item:
            if current:
                out.append("\n".join(current))
            current = [line] if starts_item else []
        else:
            current.append(line)
    if current:
        out.append("\n".join(current))
    return out


def test_the_readmes_python_example_runs():
    result = doctest.testfile(str(README), module_relative=False,
                              optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0, result
    assert result.attempted >= 1, "the README's Python example has no >>> lines"


def test_the_readme_is_short():
    words = len(README.read_text("utf-8").split())
    assert words <= MAX_WORDS, f"README.md has {words} words; at most {MAX_WORDS}: move reference to docs/"


def test_no_paragraph_or_list_item_is_long():
    long = [(len(b.split()), b[:60]) for b in blocks(README.read_text("utf-8")) if len(b.split()) > MAX_PARAGRAPH_WORDS]
    assert not long, f"over {MAX_PARAGRAPH_WORDS} words: {long}"


def test_blocks_split_paragraphs_and_list_items():
    text = "One two.\nThree.\n\n- four five\n  six\n- seven\n\n```sh\na\n\nb\n```\n"
    assert [len(b.split()) for b in blocks(text)] == [3, 4, 2, 4]


def test_the_two_commands_are_near_the_top():
    text = README.read_text("utf-8")
    assert readme_commands(text) == (SERVE, TEST)  # as CI reads them (scripts/fresh_clone_check.py)
    first_section = text.index("\n## ")
    assert text.index(SERVE) < first_section and text.index(TEST) < first_section
    assert text[:text.index(TEST)].count("\n") < 40, "the set-up commands must be on the first screens"


def slug(heading: str) -> str:
    """GitHub's anchor for a heading."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    text = re.sub(r"```.*?```", "", path.read_text("utf-8"), flags=re.S)
    return {slug(m) for m in re.findall(r"^#+ (.*)$", text, re.M)}


def test_links_lead_somewhere():
    bad = []
    for doc in DOCS:
        text = re.sub(r"```.*?```", "", doc.read_text("utf-8"), flags=re.S)
        for target in re.findall(r"\]\(([^)\s]+)\)", text):
            if re.match(r"[a-z]+:", target):
                continue
            path, _, anchor = target.partition("#")
            where = (doc.parent / path).resolve() if path else doc
            if not where.exists():
                bad.append(f"{doc.name}: {target}")
            elif anchor and where in DOCS and anchor not in anchors(where):
                bad.append(f"{doc.name}: {target} (no such heading)")
    assert not bad, bad


def test_securitys_pointer_to_the_readme_holds():
    # SECURITY.md sends readers to the README for the choices made where the regulations are silent.
    security = (ROOT / "SECURITY.md").read_text("utf-8").lower()
    if "silent" in security and "readme.md" in security:
        assert "where-the-rules-are-silent" in anchors(README)
