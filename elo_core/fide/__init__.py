"""FIDE's rating system (Handbook B.02, and B.01 for performance): the rules by date, tables 8.1.1 and
8.1.2, a player's change over games (:func:`elo_core.fide.rating.rate`), planning, performance and
first ratings, the K-factor advisor."""
