"""FIDE title norms (Handbook B.01 1.4): the rules as data, a case, the checks, the verdicts, a case
from an event's player."""
