"""A small TRF-2026 event for the US Chess tests: five players with US Chess ratings in USA records,
one (Dunn) with a provisional rating given by --games-played, and an unrated junior (Fox, born 2013)
who starts from his age. G/45+5: dual-rated (Regular and Quick)."""

CLUB = """012 Club quads
042 2025/11/01
052 2025/11/02
122 G/45+5
001    1 m    Adams, Alan                       2250                 1985/03/02  4.0          6 w 1     2 w 1     3 b =     4 w =     5 b 1
001    2 m    Brown, Beth                       1900                 2009/06/11  1.5          5 w =     1 b 0     6 w 0     3 w =     4 b =
001    3 m    Cole, Carl                        1800                 1991/01/20  2.5          4 w 0     5 b 1     1 w =     2 b =     6 w =
001    4 m    Dunn, Dora                        1600                             3.5          3 b 1     6 b 1     5 w =     1 b =     2 w =
001    5 m    Ellis, Ed                         1700                 2001/09/09  1.0          2 b =     3 w 0     4 b =     6 b 0     1 w 0
001    6 m    Fox, Finn                                              2013/04/30  2.5          1 b 0     4 w 0     2 b 1     5 w 1     3 b =
USA    1      Adams, Alan                       2410
USA    2      Brown, Beth                       1912
USA    3      Cole, Carl                        1795
USA    4      Dunn, Dora                        1480
USA    5      Ellis, Ed                         1633
"""
