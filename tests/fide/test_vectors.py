"""Every reference case of ``tests/vectors.json`` (a copy of the team's shared reference)."""

import json
from pathlib import Path

import pytest

from elo_core import initial_rating, performance, rate

VECTORS = json.loads((Path(__file__).parent / "vectors.json").read_text("utf-8"))


@pytest.mark.parametrize("case", VECTORS["fide_rating_change"], ids=lambda c: f"{c['rating']}-k{c['k']}")
def test_fide_rating_change(case):
    r = rate(case["rating"], case["k"], case["games"], method="fide", rules=case["rules"], kind=case["kind"])
    assert float(r.expected) == case["expected"]
    assert float(r.change) == case["change"]
    assert r.change_rounded == case["change_rounded"]
    assert r.new_rating == case["new_rating"]


@pytest.mark.parametrize("case", VECTORS["logistic_single_game"], ids=lambda c: f"{c['rating']}-{c['opponent']}-{c['score']}")
def test_logistic_single_game(case):
    r = rate(case["rating"], case["k"], [(case["opponent"], case["score"])], method="logistic")
    assert round(float(r.expected), 4) == case["expected"]
    if "change" in case:
        assert round(float(r.change), 1) == case["change"]
    if "new_rating" in case:
        assert round(float(r.new_rating), 4) == case["new_rating"]
    assert r.change_rounded is None  # the logistic method stays unrounded


@pytest.mark.parametrize("case", VECTORS["performance"])
def test_performance(case):
    assert performance(case["games"]).performance == case["rp"]


@pytest.mark.parametrize("case", VECTORS["initial_rating"])
def test_initial_rating(case):
    assert initial_rating(case["games"]).initial_rating == case["ru"]
