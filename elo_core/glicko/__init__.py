"""Glickman's two systems (Glicko-1, Glicko-2) over one rating period, and one lichess game as lichess
rates it (Glicko-2 with lichess's settings). Each module's entry point is ``rate``."""
