"""Fuzzing the event readers: any text or bytes give a report (with problems) or an EloError.

Bounded by example counts so that the suite stays a few seconds long; raise
``ELO_FUZZ_EXAMPLES`` for a longer run.
"""

import os
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from elo_core import EloError, event_csv, rate_event, read_event
from elo_core.events.formats.dates import read_date
from elo_core.events.formats.time_control import read_control
from elo_core.facade import handle

DATA = Path(__file__).parent / "data"
# The readers' newer forms: dates written otherwise, minutes per moves, a team event's boards,
# the header's counts; UTCDate, a variant, a fractional increment, a kind in the event's name.
FORMS_TRF = "\n".join([
    "012 Rapid Team Cup", "042 28. 07. 2025", "052 July 30, 2025", "062 3", "072 2", "122 40/120, 60",
    "132" + " " * 88 + "25/07/28  25/07/29", "310   1 Team",
    "001    1 m    One                               1800            1001 1990/01/01  1.5    1     2 w 1     0 - +",
    "001    2 m    Two                               1700            1002 1991        0.0    2     1 b 0     3 b  ",
    "001    3 m    Three                                                              0.0    3  0000 - -     2 w  "])
FORMS_PGN = ('[Event "Club Blitz"]\n[Date "????.??.??"]\n[UTCDate "2025.10.04"]\n[White "A"]\n[Black "B"]\n'
             '[WhiteElo "2000"]\n[BlackElo "1900"]\n[Result "1-0"]\n[TimeControl "60+0.6"]\n\n1. e4 1-0\n\n'
             '[Event "Club Blitz"]\n[Date "2025.10.05"]\n[White "B"]\n[Black "A"]\n[WhiteElo "1950"]\n'
             '[BlackElo "2100"]\n[Result "0-1"]\n[Variant "Chess960"]\n[TimeControl "180+2"]\n\n1. e4 0-1\n')
SAMPLES = [(DATA / "codes.trf").read_text("utf-8"), (DATA / "edge.pgn").read_text("utf-8-sig"), FORMS_TRF, FORMS_PGN]
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


def test_the_new_forms_are_read():
    trf, pgn = read_event(FORMS_TRF), read_event(FORMS_PGN)
    assert (trf.start.isoformat(), trf.end.isoformat(), trf.kind) == ("2025-07-28", "2025-07-30", "standard")
    assert pgn.start.isoformat() == "2025-10-04" and pgn.kind == "blitz"
    assert rate_event(pgn).summary()["rated_games"] == 0     # one game too fast, the other Chess960


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
@given(st.one_of(st.text(max_size=40), st.from_regex(r"\d{1,4}[ ./-]{1,2}\d{1,2}[ ./-]{1,2}\d{1,4}", fullmatch=True),
                 st.from_regex(r"\d{1,2} [A-Za-zäéû]{3,9}\.? \d{2,4}", fullmatch=True),
                 st.from_regex(r"[A-Za-zá]{2,9}\.?,? \d{1,2}[ .º]{0,2}[A-Za-zé]{0,9}[ ./]\d{1,4}([ ./]\d{2,4})?", fullmatch=True)),
       st.sampled_from([None, "ymd"]))
def test_any_date_text_is_read_or_refused_with_a_reason(text, order):
    day, how = read_date(text, order)
    assert how and (day is None or 1900 <= day.year <= 9999)


@FUZZ
@given(st.one_of(st.text(max_size=40), st.from_regex(r"(\d{1,3}/)?\d{1,5}(\.\d{1,3})?(\+\d{1,3}(\.\d{1,3})?)?"
                                                   r"([:,;](\d{1,3}/)?\d{1,5}(\+\d{1,3}(\.\d{1,3})?)?){0,2}", fullmatch=True),
                 st.from_regex(r"((G|SD)/)?\d{1,3}([.,]\d)? ?(h|min|Minuten|'|)\d{0,2} ?\+? ?\d{0,3} ?(s|sec|Sekunden|''|)",
                               fullmatch=True)),
       st.booleans())
def test_any_time_control_text_is_read_or_refused_with_a_reason(text, seconds):
    c = read_control(text, seconds=seconds)
    read_control("9" * 5000 + "/" + "9" * 5000 + " min", seconds=seconds)   # int() refuses 5,000 digits: no crash
    assert c.note and (c.minutes is None or (c.minutes >= 0 and c.kind is not None))


@FUZZ
@given(st.lists(st.sampled_from(["001", "012 x", "042 2025/10/04", "[White \"a\"]", "[Result \"1-0\"]", "1. e4 1-0",
                                 "{", "}", ";", "\"", "[", "]", "  +", "  -", "   1 w 1", "   2 b =", "XXR 3",
                                 "042 28. 07. 2005", "042 May 29, 2020", "052 29 de mayo de 2020", "042 05/06/07",
                                 "122 40/120, 60", "222 10+0.05", "122 *180", "072 9", "062 x", "310   1 T",
                                 "162     W 3.0", "0000 - -", "   2 w  ", "[UTCDate \"2025.10.04\"]",
                                 "[Variant \"Chess960\"]", "[TimeControl \"60+0.6\"]", "[Date \"????.??.??\"]",
                                 "042 Sa, 04.10.25", "042 1º de mayo de 2025", "122 1h30 + 30''", "122 G/90+30",
                                 "122 10 Minuten + 5 Sekunden", "192 FIDE_TEAM_MP", "012 Torneo Relámpago",
                                 "[Date \"Sat, 4 Oct 2025\"]", "[TimeControl \"40/90,SD/30+30\"]"]),
                max_size=30).map("\n".join))
def test_fragments_of_both_formats(text):
    survive(text)
    assert handle('{"op": "event", "args": {"text": %s}}' % __import__("json").dumps(text)).startswith('{"ok": ')
