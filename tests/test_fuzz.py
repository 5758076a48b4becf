"""Fuzzing the event readers: any text or bytes give a report (with problems) or an EloError.

Bounded by example counts so that the suite stays a few seconds long; raise
``ELO_FUZZ_EXAMPLES`` for a longer run.
"""

import os
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from elo_core import EloError, event_csv, rate_event, read_event
from elo_core.facade import handle

DATA = Path(__file__).parent / "data"
SAMPLES = [(DATA / "codes.trf").read_text("utf-8"), (DATA / "edge.pgn").read_text("utf-8-sig")]
EXAMPLES = int(os.environ.get("ELO_FUZZ_EXAMPLES", "400"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def survive(source, format="auto"):
    try:
        report = rate_event(read_event(source, format))
    except EloError as e:
        assert e.message
        return
    assert report.to_dict(details=True)
    event_csv(report)


@st.composite
def mutated(draw):
    """A real file with lines dropped, duplicated, cut short or sprinkled with odd characters."""
    lines = draw(st.sampled_from(SAMPLES)).splitlines()
    for _ in range(draw(st.integers(1, 6))):
        if not lines:
            break
        i = draw(st.integers(0, len(lines) - 1))
        action = draw(st.sampled_from(["drop", "dup", "cut", "noise", "swap"]))
        if action == "drop":
            del lines[i]
        elif action == "dup":
            lines.insert(i, lines[i])
        elif action == "cut":
            lines[i] = lines[i][: draw(st.integers(0, len(lines[i])))]
        elif action == "noise":
            at = draw(st.integers(0, len(lines[i])))
            lines[i] = lines[i][:at] + draw(st.text(min_size=1, max_size=8)) + lines[i][at:]
        else:
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
    return "\n".join(lines)


@FUZZ
@given(mutated(), st.sampled_from(["auto", "trf", "pgn"]))
def test_mutated_files(text, format):
    survive(text, format)


@FUZZ
@given(st.one_of(st.text(max_size=400), st.binary(max_size=400)))
def test_arbitrary_text_and_bytes(source):
    survive(source)


@FUZZ
@given(st.lists(st.sampled_from(["001", "012 x", "042 2025/10/04", "[White \"a\"]", "[Result \"1-0\"]", "1. e4 1-0",
                                 "{", "}", ";", "\"", "[", "]", "  +", "  -", "   1 w 1", "   2 b =", "XXR 3"]),
                max_size=30).map("\n".join))
def test_fragments_of_both_formats(text):
    survive(text)
    assert handle('{"op": "event", "args": {"text": %s}}' % __import__("json").dumps(text)).startswith('{"ok": ')
