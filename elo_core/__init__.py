"""FIDE-exact chess rating calculations (placeholder while the engine is written)."""

__version__ = "0.1.0"
