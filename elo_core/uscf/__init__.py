"""US Chess ratings, computed as US Chess computes them (Glickman and Doan, "The US Chess Rating
System"), not as its Rating Estimator approximates them.

* One player's event (:func:`elo_core.uscf.rating.rate`): the effective number of games N'
  (:mod:`elo_core.uscf.effective`), the special formula by its iteration for a rating based on 8
  games or fewer or on all wins or all losses (:mod:`elo_core.uscf.special`), else the standard
  formula with K = 800 / (N' + m), the reduced K of strong players in dual-rated events and the
  bonus over the threshold B of the event's end date (:mod:`elo_core.uscf.standard`); then the
  floors (:mod:`elo_core.uscf.floors`). The rating is kept as a decimal and shown rounded.
* A whole event from a TRF or PGN (:func:`elo_core.uscf.event.rate_event`): the five steps.

Every rule with its dates and its source, and the choices made where the sources are silent, are
rows of :mod:`elo_core.uscf.rules`; docs/uscf.md says the same for users.
"""
