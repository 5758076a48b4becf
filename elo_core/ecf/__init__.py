"""ECF ratings: the English Chess Federation's monthly Elo-scale ratings (since July 2020 over the
board, September 2021 online).

* One player's month (:func:`elo_core.ecf.rating.rate`): the K-method for a full rating,
  R1 = R0 + k (W - We) with the expected scores of FIDE's 2017 table 8.1(b) and k 20 (40 for a
  junior); the P-method for new, returning and partially rated players, a performance with one
  fictional draw; the category (A, K, P) of the rating published; an old grade converted
  (7.5 x grade + 700).
* A whole month from a file (:func:`elo_core.ecf.event.rate_event`): the help page's three passes,
  so that new players' opponents count at their fresh ratings.

Sources: the ECF's rating help page (help_rating), "The calculation of ECF Grades on a monthly
basis", the rating categories and the rating FAQs; every setting with its source, and the choices
where they are silent, in :mod:`elo_core.ecf.rules` and docs/ecf.md.
"""
