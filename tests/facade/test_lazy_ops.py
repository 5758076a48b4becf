"""The modules elo_core imports only when first needed (docs/performance.md, "Operations imported
when asked"): the two tables that name them agree with the modules, each imports on its own (no
hidden cycle), and the first answer of a page imports none of them."""

import subprocess
import sys
from importlib import import_module

import pytest

import elo_core
from elo_core import _LATER
from elo_core.facade import ELSEWHERE, OPS

FIRST_ANSWER = '{"op": "rate", "args": {"rating": 1800, "k": 20, "games": "1750:1,1900:0.5", "rules": "2025-10-01"}}'
EVENT_SIDE = ("elo_core.events.rate", "elo_core.events.read", "elo_core.events.formats.pgn", "elo_core.events.formats.trf",
              "elo_core.norms.verdicts", "elo_core.glicko.lichess", "elo_core.glicko.glicko2", "elo_core.facade.events",
              "elo_core.facade.norms", "elo_core.facade.glicko")


def python(code: str) -> str:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60).stdout


@pytest.mark.parametrize("module", sorted(ELSEWHERE))
def test_each_module_elsewhere_declares_exactly_the_operations_named_for_it(module):
    assert tuple(import_module(f"elo_core.facade.{module}").OPS) == ELSEWHERE[module]


def test_operations_are_listed_once_each():
    names = list(OPS)
    assert len(names) == len(set(names)) == len(OPS)
    assert {"rate", "event", "event_csv", "norm", "lichess", "glicko2"} <= set(names)


@pytest.mark.parametrize("module", sorted({*(f"facade.{m}" for m in ELSEWHERE), *_LATER.values()}))
def test_each_later_module_imports_on_its_own(module):
    assert python(f"import elo_core.{module}; print('ok')").strip() == "ok"


def test_a_rating_answer_imports_nothing_of_events_norms_or_online_ratings():
    loaded = python(f"""
import sys, elo_core.facade
assert elo_core.facade.handle({FIRST_ANSWER!r}).startswith('{{"ok": true')
print(" ".join(m for m in sys.modules if m.startswith("elo_core.")))""").split()
    assert "elo_core.fide.rating" in loaded
    assert [m for m in EVENT_SIDE if m in loaded] == []


def test_an_event_answer_imports_what_it_needs():
    answer, *loaded = python("""
import sys, elo_core.facade
from elo_core.facade import ELSEWHERE
pgn = '[White "A"]\\n[Black "B"]\\n[Result "1-0"]\\n[WhiteElo "2000"]\\n[BlackElo "1900"]\\n\\n1. e4 1-0\\n'
answer = elo_core.facade.handle(__import__("json").dumps({"op": "event", "args": {"text": pgn}}))
print(answer[:12].replace(" ", ""), " ".join(m for m in sys.modules if m.startswith("elo_core.")))""").split()
    assert answer == '{"ok":true,'
    assert "elo_core.facade.events" in loaded and "elo_core.events.formats.pgn" in loaded


def test_import_all_imports_every_operations_module():
    loaded = python("import sys, elo_core.facade; elo_core.facade.OPS.import_all(); print(' '.join(sys.modules))").split()
    assert all(f"elo_core.facade.{m}" in loaded for m in ELSEWHERE)


@pytest.mark.parametrize("name", sorted(elo_core.__all__))
def test_the_package_still_offers_every_public_name(name):
    assert getattr(elo_core, name).__name__ == name
    assert name in dir(elo_core)


def test_every_later_name_is_public():
    assert set(_LATER) <= set(elo_core.__all__)


def test_an_unknown_name_is_an_attribute_error():
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        elo_core.nothing  # noqa: B018


def test_an_unknown_operation_is_a_key_error():
    with pytest.raises(KeyError):
        OPS["nothing"]


def test_a_module_that_cannot_be_loaded_is_an_answer_not_an_exception(monkeypatch):
    import json

    import elo_core.facade.spec
    from elo_core.facade import handle

    def missing(name):
        raise ModuleNotFoundError(f"No module named {name!r}", name=name)
    monkeypatch.setattr(elo_core.facade.spec, "import_module", missing)
    answer = json.loads(handle('{"op": "lichess_settings", "args": {}}'))
    assert answer == {"ok": False, "errors": [{"field": None,
                                               "message": "internal error: elo_core.facade.glicko could not be loaded"}]}
    batch = json.loads(handle('{"op": "batch", "args": {"requests": [{"op": "glicko1", "args": {}}, {"op": "ping", "args": {}}]}}'))
    assert batch["result"][0]["errors"][0]["message"] == "internal error: elo_core.facade.glicko could not be loaded"
    assert batch["result"][1]["ok"]


def test_a_table_that_names_an_operation_twice_is_refused():
    from elo_core.facade.spec import Op, Operations
    with pytest.raises(ValueError, match="named twice: a, b"):
        Operations({"a": Op((), lambda a: 1)}, {"events": ("a", "b"), "norms": ("b",)})
