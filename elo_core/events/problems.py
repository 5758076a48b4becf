"""The problems met while a file is read and rated, grouped by kind so that none is lost from sight.

A real file can hold a thousand problems of one kind (a team event's empty boards, a rating
column left blank) beside one that matters. So each problem has a kind (:data:`KINDS`), every
kind is counted, the first :data:`PER_KIND` of each are kept with their lines, and the list
shown takes from every kind in turn, at most :data:`MAX_LISTED` in all.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from elo_core.plain import Plain, spread

PER_KIND = 5
"""Problems of one kind kept with their lines."""
MAX_LISTED = 40
"""Problems in the list; the rest are counted in :class:`ProblemGroup`."""

KINDS: dict[str, str] = {
    "file": "the file as a whole",
    "date": "a date that cannot be read or does not fit the event",
    "time-control": "a time control that cannot be read, or too fast to be FIDE-rated",
    "count": "a count in the header (062, 072) that the player lines do not bear out",
    "points": "a points column that is not the sum of the player's results",
    "start-rank": "a player line whose starting rank is not a number or is repeated (line skipped)",
    "rating": "a rating that is not a rating",
    "national": "a national rating record (TRF-2026) that cannot be read",
    "rating-tags-differ": "a player whose rating tags differ between games",
    "rating-missing": "games whose tags give a player no rating",
    "column": "a column that is not what the format puts there (opponent, colour, points)",
    "result": "an unknown result or result code (not rated)",
    "no-opponent": "a game result without an opponent (not rated)",
    "opponent-missing": "an opponent who is not in the file (not rated)",
    "self": "a player paired against themself (not rated)",
    "pairing": "two players' lines that disagree about their game",
    "tag-line": "a malformed tag line (skipped)",
    "players": "a game without two named players (skipped)",
    "not-rated": "a player that the rating rules refuse to rate",
    "first-rating": "an unrated player given no first rating",
    "option": "an option that names no player in the file",
    "list": "a player's FIDE ID not in the FIDE list opened",
    "list-rating": "a rating in the file that differs from the FIDE list opened (the file's is used)",
}
MORE = "more"
"""The kind of the list's last line when some problems are not listed."""


@dataclass(frozen=True)
class Problem(Plain):
    """Something in the file that could not be used as it stands; ``line`` is 1-based (``None``: the whole file)."""

    line: int | None
    message: str
    kind: str = "file"
    """A key of :data:`KINDS` (or :data:`MORE`)."""


@dataclass(frozen=True)
class ProblemGroup(Plain):
    """Every problem of one kind: how many, and the first :data:`PER_KIND` with their lines."""

    PLAIN_PROPERTIES = ("message",)

    kind: str
    count: int
    first: tuple[Problem, ...] = field(metadata=spread(lambda first: {"lines": [p.line for p in first],
                                                                    "examples": [p.message for p in first]}))

    @property
    def message(self) -> str:
        return KINDS.get(self.kind, self.kind)


class Problems:
    """Collects problems while a file is read and rated; :meth:`result` lists them, :meth:`groups` counts them."""

    def __init__(self, first: Iterable[Problem] = (), groups: Iterable[ProblemGroup] = ()) -> None:
        self._count: dict[str, int] = {}
        self._kept: dict[str, list[Problem]] = {}
        for g in groups:  # carried on from a reader: its counts go on
            self._count[g.kind] = g.count
            self._kept[g.kind] = list(g.first)
        for p in first:
            if p.kind != MORE:
                self.add(p.line, p.message, p.kind)

    @classmethod
    def resume(cls, problems: Iterable[Problem], groups: Iterable[ProblemGroup]) -> Problems:
        """Go on from what a reader found: its groups where it has them, else its list."""
        groups = tuple(groups)
        return cls(groups=groups) if groups else cls(problems)

    def add(self, line: int | None, message: str, kind: str = "file") -> None:
        self._count[kind] = self._count.get(kind, 0) + 1
        kept = self._kept.setdefault(kind, [])
        if len(kept) < PER_KIND:
            kept.append(Problem(line, message, kind))

    def total(self) -> int:
        return sum(self._count.values())

    def groups(self) -> tuple[ProblemGroup, ...]:
        """One group per kind, in the order the kinds were first met."""
        return tuple(ProblemGroup(kind, self._count[kind], tuple(kept)) for kind, kept in self._kept.items())

    def result(self) -> tuple[Problem, ...]:
        """The problems listed: every kind's first, then every kind's second, and so on, up to
        :data:`MAX_LISTED` (or one of each kind, if there are more kinds); in line order, the
        whole file's first. A last line counts those not listed."""
        listed: list[Problem] = []
        limit = max(MAX_LISTED, len(self._kept))
        for i in range(PER_KIND):
            for kept in self._kept.values():
                if i < len(kept) and len(listed) < limit:
                    listed.append(kept[i])
        listed.sort(key=lambda p: p.line or 0)
        left = self.total() - len(listed)
        more = (Problem(None, f"... and {left:,} more problems: every kind is counted in problem_groups", MORE),) \
            if left else ()
        return tuple(listed) + more
