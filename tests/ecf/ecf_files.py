"""A small TRF-2026 club month for the ECF tests: four players with ECF ratings in ENG records (one
of them, Ellis, a Partial rating), two new players (Dunn, Fox)."""

CLUB = """012 Club championship
042 2025/11/04
052 2025/11/25
122 90 min + 30 sec
001    1 m    Adams, Alan                       2100                 1985/03/02  4.0          6 w 1     2 w 1     3 b =     4 w =     5 b 1
001    2 m    Brown, Beth                       1900                 2009/06/11  1.5          5 w =     1 b 0     6 w 0     3 w =     4 b =
001    3 m    Cole, Carl                        1800                 1991/01/20  2.5          4 w 0     5 b 1     1 w =     2 b =     6 w =
001    4 m    Dunn, Dora                                                         3.5          3 b 1     6 b 1     5 w =     1 b =     2 w =
001    5 m    Ellis, Ed                         1700                 2001/09/09  1.0          2 b =     3 w 0     4 b =     6 b 0     1 w 0
001    6 m    Fox, Fay                                               2012/04/30  2.5          1 b 0     4 w 0     2 b 1     5 w 1     3 b =
ENG    1      Adams, Alan                       2010
ENG    2      Brown, Beth                       1705
ENG    3      Cole, Carl                        1650
ENG    5      Ellis, Ed                         1452
"""
