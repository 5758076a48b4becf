"""The JSON door's online-rating operations: Glicko-2 (Glickman's paper), Glicko-1, and one
lichess game as lichess rates it (:mod:`elo_core.glicko.lichess`). Each function checks its own inputs
and names the field at fault, so the parameters are passed on as given."""

from __future__ import annotations

from typing import Any

from elo_core.facade.spec import Op, Param, given
from elo_core.glicko import glicko1, glicko2, lichess
from elo_core.glicko.lichess import lichess_preview, settings_table


def _params(*names: str) -> tuple[Param, ...]:
    return tuple(Param(name, given) for name in names)


_LICHESS = ("rating", "deviation", "volatility", "opponent", "score", "colour", "variant", "speed", "days_idle",
            "colour_advantage", "advantage", "gain_factor", "against_bot")


def _lichess(a: dict[str, Any]) -> dict[str, Any]:
    """A game's result when ``score`` is given; always the win, draw and loss beside it."""
    options = {k: a[k] for k in _LICHESS[5:] if a[k] is not None}
    if a["score"] in (None, ""):
        return lichess_preview(a["rating"], a["deviation"], a["volatility"], a["opponent"], **options).to_dict()
    return lichess.rate(a["rating"], a["deviation"], a["volatility"], a["opponent"], a["score"], **options).to_dict()


def _default(value: Any, fallback: Any) -> Any:
    return fallback if value is None else value


OPS: dict[str, Op] = {
    "glicko2": Op(_params("rating", "deviation", "volatility", "games", "tau", "periods", "advantage"),
                  lambda a: glicko2.rate(a["rating"], a["deviation"], _default(a["volatility"], 0.06),
                                         _default(a["games"], ()), tau=_default(a["tau"], 0.5),
                                         periods=_default(a["periods"], 1), advantage=_default(a["advantage"], 0)).to_dict()),
    "glicko1": Op(_params("rating", "deviation", "games", "c", "periods"),
                  lambda a: glicko1.rate(a["rating"], a["deviation"], _default(a["games"], ()),
                                         **{k: a[k] for k in ("c", "periods") if a[k] is not None}).to_dict()),
    "lichess": Op(_params(*_LICHESS), _lichess),
    "lichess_settings": Op((), lambda a: settings_table()),
}
