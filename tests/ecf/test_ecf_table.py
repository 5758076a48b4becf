"""FIDE's 2017 tables 8.1(a) and 8.1(b) as the ECF rates with them: every band's edges, both columns,
and the performance table's ends."""

import json
from decimal import Decimal
from pathlib import Path

import pytest

from elo_core.ecf import table

FIDE_TABLES = Path(__file__).resolve().parents[2] / "elo_core" / "fide" / "tables.json"


def test_the_ecf_copy_equals_fides_published_table():
    # FIDE Handbook B.02 (2017) table 8.1(b), https://handbook.fide.com/chapter/B022017; the 2024 editions
    # the FIDE engine holds kept the same bands, so the two copies must agree row by row.
    fide = json.loads(FIDE_TABLES.read_text("utf-8"))["table_8_1_2_difference_to_pd"]
    assert [(b["d_min"], b["d_max"], b["pd_higher"], b["pd_lower"]) for b in table.bands()] == \
           [(r["d_min"], r["d_max"], r["pd_higher"], r["pd_lower"]) for r in fide]


@pytest.mark.parametrize("d, pd, band, column", [
    (0, "0.50", "0-3", "H"), (-3, "0.50", "0-3", "H"), (3, "0.50", "0-3", "L"),
    (-4, "0.51", "4-10", "H"), (4, "0.49", "4-10", "L"),
    (-391, "0.91", "375-391", "H"), (-392, "0.92", "392-411", "H"), (400, "0.08", "392-411", "L"),
    (-735, "0.99", "620-735", "H"), (-736, "1.00", "736+", "H"), (736, "0.00", "736+", "L"), (3000, "0.00", "736+", "L"),
])
def test_band_edges_and_columns(d, pd, band, column):
    # D is the ECF's: the opponent's rating minus the player's, so D <= 0 reads the higher rated column H.
    e = table.expected(d)
    assert (e.pd, e.band, e.column) == (Decimal(pd), band, column)


def test_every_band_edge_moves_by_one_hundredth():
    starts = [b["d_min"] for b in table.bands()]
    for start in starts[1:]:
        assert table.expected(-start).pd - table.expected(-(start - 1)).pd == Decimal("0.01")
        assert table.expected(start).pd + table.expected(-start).pd == 1


@pytest.mark.parametrize("p, dp", [("0.50", 0), ("0.51", 7), ("0.75", 193), ("0.92", 401), ("0.99", 677),
                                   ("1.00", 800), ("0.25", -193), ("0.01", -677), ("0", -800),
                                   ("0.125", -322), ("0.874", 322), ("0.995", 800)])
def test_table_8_1_a(p, dp):
    # 0.125 is read as 0.13 (a half rounded up: a choice), 0.995 as 1.00; 1.00 -> 800 as FIDE's later editions.
    assert table.dp(Decimal(p)) == dp


def test_dp_refuses_what_is_not_a_fraction():
    with pytest.raises(ValueError):
        table.dp(Decimal("1.2"))
