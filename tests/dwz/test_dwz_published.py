"""Checks against evaluations the Deutscher Schachbund published, found through search.

1. One player's evaluations (Christian Bartolomäus, ZPS E0312-059), each published on schachbund.de
   with its We, new DWZ and performance; their games were copied into the Perl distribution
   Games-Ratings, file t/2xx.DWZ.t (metacpan/metacpan-cpan-extracted,
   distros/G/Games-Ratings/t/), each citing its page
   http://schachbund.de/dwz/turniere/2007.html?code=CODE (Player Bartolomaeus, Christian).
   The published E is 30, which the classic E gives an adult of this strength with an index of 6 or
   more. They date from 1997 to 2007, before the oldest edition modelled here, so they are rated
   with a later end date: the arithmetic (P(D) per game to 3 decimals, Rn, the performance
   iteration) is what they check, and all 14 are reproduced exactly.
2. A first DWZ by the iteration: tournament B431-636-C4F (2014), player Barthel, unrated, a
   Restpartie (0 against 1177) and four games (lost to 1087 and 1255, won against 894 and 905);
   the DSB's first DWZ: 983 (quoted in Chess League Manager, site/clm/classes/dwz_rechner.php,
   test(), with http://www.schachbund.de/turnier.html?code=B431-636-C4F).
3. The vectors of the elochess package (Moritz72/elochess, tests/data/dwz_samples.json), said there to
   be confirmed against real evaluations (sources not named): a third-party check.
"""

import pytest

from elo_core.dwz.rating import rate

W, D, L = 1.0, 0.5, 0.0
# code: (R0, [(opponent, score)], published We, published new DWZ, published performance)
PUBLISHED = {
    "9706-E00-NBA": (2195, [(2024, W), (2099, D), (2076, D), (2228, W), (2188, L)], 2.987, 2195, 2197),
    "9810-F00-VFB": (2165, [(1790, W), (1989, W), (2057, W), (2460, D), (2435, L), (2210, D), (2036, W), (2064, D),
                            (2098, D)], 4.954, 2186, 2273),
    "9934-E30-RYC": (2202, [(1715, W), (2131, W), (2126, W), (2524, L), (2083, D), (1902, W), (2112, W)], 4.433, 2225, 2369),
    "A115-E00-LMM": (2226, [(1888, W), (2188, W), (2013, W), (2273, L), (2102, W), (1742, W), (2169, D), (2092, D),
                            (1938, W)], 6.378, 2239, 2294),
    "A117-000-OLN": (2249, [(2134, D), (2343, D), (2200, L), (2163, L), (2175, L), (2229, D)], 3.347, 2208, 2011),
    "A217-A00-000": (2212, [(2329, W), (2328, L), (2293, D), (2300, L), (2302, W), (2190, D), (2348, W), (2350, W),
                            (2181, D)], 3.524, 2253, 2373),
    "A313-000-ONN": (2253, [(2216, L), (2234, D), (2245, L), (2247, D), (2270, L), (2231, W), (2278, L), (2118, D),
                            (2337, D)], 4.636, 2219, 2118),
    "A422-E30-VMX": (2215, [(1877, W), (1734, W), (1993, W), (1923, D), (2089, W), (1983, D), (1647, W)], 5.916, 2217, 2231),
    "A514-000-ONO": (2217, [(2378, D), (2263, L), (2409, D), (2189, L), (2333, D), (2302, L), (2251, L), (2306, L),
                            (2476, L)], 3.240, 2181, 2038),
    "A540-336-OPN": (2181, [(1712, W), (1950, W), (2013, D), (2411, D), (2089, L), (1987, D), (1968, L), (1796, W),
                            (2014, D)], 6.468, 2151, 2032),
    "A625-E03-VMA": (2151, list(zip([1934, 2052, 2051, 2091] * 2, [W, L, D, D, D, W, W, D])), 5.276, 2145, 2125),
    "A707-E03-OMA": (2145, [(1917, D), (1926, W), (1959, W), (1986, D), (2103, D)], 3.588, 2143, 2130),
    "A712-F00-VFB": (2143, [(1670, W), (1705, W), (2591, L), (1758, W), (1993, D), (2029, L), (1862, W), (2027, W),
                            (2038, W)], 6.365, 2146, 2161),
    "A716-000-ONO": (2146, [(2148, D), (2222, W), (2201, D), (2246, W), (2240, D), (2357, L), (2238, D), (2334, L),
                            (2281, D)], 3.216, 2172, 2252),
}


@pytest.mark.parametrize("code", PUBLISHED)
def test_published_evaluation(code):
    r0, games, we, new, performance = PUBLISHED[code]
    r = rate(r0, 6, games, end="2020-01-01")  # adult (no birth year), index 6: E = 30 as published
    assert (r.e, r.expected, r.new_rating, r.performance.value) == (30, we, new, performance)


def test_published_first_dwz_by_the_iteration():
    # B431-636-C4F: the Restpartie against 1177 and the four games of the event
    r = rate(None, None, [(1177, L), (894, W), (1087, L), (905, W), (1255, L)], end="2014-08-01")
    assert (r.first.stage, r.new_rating, r.new_index) == (1, 983, 1)


ELOCHESS = [  # (R0, opponents, score, age, index) -> new DWZ
    (1896, [1432, 1806, 1808, 1877, 1772], 3.0, 26, 21, 1886),
    (1975, [1573, 1061, 1762, 1371, 1802, 1678, 1847], 3.5, 18, 43, 1903),
    (1033, [1421, 1285, 1042], 0.5, 16, 6, 1018),
    (958, [1108, 1431], 1.0, 16, 5, 1033),
    (1854, [1532, 2031, 2115, 2017], 3.0, 16, 38, 1910),
    (1808, [1833, 1966, 1761, 1676, 1476], 3.5, 24, 12, 1827),
]


@pytest.mark.parametrize("r0, opponents, score, age, index, new", ELOCHESS)
def test_elochess_vectors(r0, opponents, score, age, index, new):
    # Only the total score is given: W and We (hence Rn) do not depend on which game scored it.
    points = [W] * int(score) + [D] * (score % 1 == 0.5)
    games = list(zip(opponents, points + [L] * (len(opponents) - len(points))))
    assert rate(r0, index, games, birth_year=2020 - age, end="2020-06-01").new_rating == new
