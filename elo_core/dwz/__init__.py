"""DWZ, the Deutscher Schachbund's rating (Deutsche Wertungszahl): one player's evaluation
(:func:`elo_core.dwz.rating.rate`) and a whole event (:func:`elo_core.dwz.event.rate_event`),
under the rulebook in force on the event's end date (:mod:`elo_core.dwz.rules`):

* the classic Wertungsordnung (events ending before 8 June 2026): Rn = R0 + 800 (W - We) / (E + n),
  the development coefficient E from age, rating, index, the acceleration factor fB and the brake SBr;
* the Wertungsordnung 2026 (events ending on or after 8 June 2026): Rn = R0 + K (W - We), K from
  a table by index and group with a success surcharge a and a brake factor b, at most 80, and a
  minimum DWZ of 1100.

Both: the expected score P(D) from the normal distribution (:mod:`elo_core.dwz.expected`), first
ratings by the simultaneous iteration over the event's new players (:mod:`elo_core.dwz.first`).
Sources, and what they leave open, are in each rule's row of :mod:`elo_core.dwz.rules` and in docs/dwz.md.
"""
