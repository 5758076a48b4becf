"""Browser test fixtures: build dist/ once, serve it locally, launch headless Chromium.

Every test in this folder is marked `e2e`, so `pytest tests/e2e` runs only these and
`pytest -m "not e2e"` skips them. A missing browser fails the run; it never skips.
"""

from __future__ import annotations

import json
import shutil
import threading
from pathlib import Path
from urllib.parse import urlsplit

import pytest

import build
from devkit import chromium
from devkit.server import Handler, serve

REPO_ROOT = Path(__file__).resolve().parents[2]
LOCAL_HOSTS = {"127.0.0.1", "localhost", "[::1]", "::1"}


def site_copy(dist_dir: Path, tmp_path: Path, change) -> Path:
    """A copy of the built site in tmp_path, changed by change(copy, its build.json as a dict)."""
    copy = tmp_path / "dist"
    shutil.copytree(dist_dir, copy)
    change(copy, json.loads((copy / "build.json").read_text()))
    return copy


def primer_outcome(page, timeout_ms: float) -> str:
    """Wait for the code-cache primer's end (app.js marks it): "primed", or "failed"."""
    page.wait_for_function("() => performance.getEntriesByName('elo:primed').length"
                           " + performance.getEntriesByName('elo:primer-failed').length > 0", timeout=timeout_ms)
    return "failed" if page.evaluate("performance.getEntriesByName('elo:primer-failed').length") else "primed"


def assert_primer_ended(page) -> None:
    """The page ends its primer a second after its message: only the calculator's worker is left."""
    for _ in range(100):
        if len(page.workers) == 1:
            break
        page.wait_for_timeout(100)
    assert len(page.workers) == 1, [w.url for w in page.workers]


def pytest_collection_modifyitems(config, items):
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.e2e)


@pytest.fixture(scope="session")
def dist_dir(tmp_path_factory) -> Path:
    """The site, built once per test session (into a temp dir, leaving ./dist alone)."""
    return build.build(tmp_path_factory.mktemp("site") / "dist")


@pytest.fixture(scope="session")
def serve_dir():
    """Factory: serve_dir(path[, handler_class]) -> "http://127.0.0.1:PORT/" serving `path` on a free port."""
    servers = []

    def start(path: Path, handler_class=Handler) -> str:
        server = serve(Path(path), host="127.0.0.1", port=0, handler_class=handler_class)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        return f"http://127.0.0.1:{server.server_address[1]}/"

    yield start
    for server in servers:
        server.shutdown()
        server.server_close()


class Gate:
    """Holds back the answers to some requests: `arrived` is set when the first such request
    reaches the server, and each is answered once `release` is set."""

    def __init__(self) -> None:
        self.arrived = threading.Event()
        self.release = threading.Event()


@pytest.fixture
def held_server(serve_dir):
    """Factory: held_server(path, part) -> (url, gate). Serves `path` like the site's own
    server, except that a GET whose path contains `part` is answered only once
    gate.release is set (when the test ends, at the latest)."""
    gates = []

    def start(path: Path, part: str) -> tuple[str, Gate]:
        gate = Gate()
        gates.append(gate)

        class Held(Handler):
            def do_GET(self):
                if part in self.path:
                    gate.arrived.set()
                    gate.release.wait(600)  # at most
                super().do_GET()

        return serve_dir(path, Held), gate

    yield start
    for gate in gates:
        gate.release.set()


@pytest.fixture(scope="session", params=["root", "sub-path"])
def site_url(request, dist_dir, serve_dir, tmp_path_factory) -> str:
    """URL (with trailing slash) of the freshly built site.

    Every test that uses it runs twice: with the site at the server's root, and under
    /elo-calculator/ as GitHub Pages serves a project site, to prove that every address
    in the site is relative.
    """
    if request.param == "root":
        return serve_dir(dist_dir)
    pages = tmp_path_factory.mktemp("pages")
    shutil.copytree(dist_dir, pages / "elo-calculator")
    return serve_dir(pages) + "elo-calculator/"


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args, playwright):
    try:
        options = chromium.launch_options(playwright)
    except chromium.NoChromium as e:
        pytest.fail(str(e), pytrace=False)
    return {**browser_type_launch_args, **options, "args": [*browser_type_launch_args.get("args", []), *options["args"]]}


@pytest.fixture
def external_requests(context):
    """Every request (page or worker) to a host other than this machine, as a list of URLs.

    Attach before navigating; assert it stays empty: the site must work offline.
    """
    seen: list[str] = []

    def record(request):
        url = request.url
        parts = urlsplit(url)
        if parts.scheme in ("data", "blob", "about"):
            return
        if parts.hostname not in LOCAL_HOSTS and f"[{parts.hostname}]" not in LOCAL_HOSTS:
            seen.append(url)

    context.on("request", record)
    return seen
