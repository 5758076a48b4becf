"""Smoke tests of the runtime path in a real browser: worker.js -> Pyodide -> elo_core, spoken to in
the messages of web/contract.js."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import site_copy
from startup_helpers import zstd

LOAD_TIMEOUT_MS = 60_000

# Starts the worker from a blank page on the site's origin and records what it says.
# A ping is posted at once, before the runtime is ready: it must be queued, not lost.
START_WORKER = """(base) => {
    window.msgs = [];
    const w = new Worker(base + "worker.js", {type: "module"});
    w.onmessage = (e) => window.msgs.push(e.data);
    w.onerror = (e) => window.msgs.push({type: "worker-onerror", message: String(e.message)});
    w.postMessage({type: "ask", id: 1, request: JSON.stringify({op: "ping", args: {}})});
    window.worker = w;
}"""


def open_blank(page, base: str) -> None:
    """A blank page on the site's origin (served by a route, so dist/ stays untouched)."""
    page.route(base + "__e2e__.html",
               lambda route: route.fulfill(body="<!doctype html><title>e2e</title>",
                                           content_type="text/html"))
    page.goto(base + "__e2e__.html")


def start_worker(page, base: str) -> None:
    open_blank(page, base)
    page.evaluate(START_WORKER, base)


def shipped_version(dist_dir: Path) -> str:
    """elo_core's version as shipped: from the wheel name recorded in build.json."""
    return json.loads((dist_dir / "build.json").read_text())["elo_core"].split("-")[1]


def messages(page) -> list[dict]:
    return page.evaluate("window.msgs")


@pytest.fixture
def ready_worker(page, site_url, external_requests):
    """A worker that reached `ready`; returns its page. (How long it took: bench/startup.py.)"""
    start_worker(page, site_url)
    page.wait_for_function(
        "window.msgs.some(m => m.type === 'failed' || m.type === 'worker-onerror'"
        " || (m.type === 'progress' && m.stage === 'ready'))",
        timeout=LOAD_TIMEOUT_MS)
    errors = [m for m in messages(page) if m.get("type") in ("failed", "worker-onerror")]
    assert not errors, errors
    return page


def test_ping_round_trip(ready_worker, dist_dir):
    page = ready_worker
    page.wait_for_function("window.msgs.some(m => m.id === 1)", timeout=10_000)
    reply = next(m for m in messages(page) if m.get("id") == 1)
    assert reply["type"] == "answer" and set(reply) == {"type", "id", "response"}, reply
    response = json.loads(reply["response"])
    assert response["ok"] is True, response
    assert response["result"]["version"] == shipped_version(dist_dir)


def test_progress_stages_in_order(ready_worker, dist_dir):
    page = ready_worker
    progress = [m for m in messages(page) if m.get("type") == "progress"]
    stages = [m["stage"] for m in progress]
    distinct = [s for i, s in enumerate(stages) if i == 0 or stages[i - 1] != s]
    assert distinct == ["runtime", "packages", "ready"], stages
    assert all(isinstance(m["detail"], str) and m["detail"] for m in progress), progress
    assert progress[-1]["version"] == shipped_version(dist_dir)
    # the ping posted before `ready` was queued and is answered after it
    page.wait_for_function("window.msgs.some(m => m.id === 1)", timeout=10_000)
    order = [m.get("stage") or m.get("id") for m in messages(page)]
    assert order.index(1) > order.index("ready"), order


def test_requests_answered_in_order(ready_worker):
    page = ready_worker
    page.evaluate("""() => {
        window.worker.postMessage({type: "ask", id: 2, request: JSON.stringify({op: "ping", args: {}})});
        window.worker.postMessage({id: 4, request: JSON.stringify({op: "ping", args: {}})});  // no type: not a request
        window.worker.postMessage({type: "ask", id: 3, request: "{not json"});
    }""")
    page.wait_for_function("window.msgs.some(m => m.id === 3)", timeout=10_000)
    replies = [m for m in messages(page) if "id" in m]
    assert [m["id"] for m in replies] == [1, 2, 3]
    assert {m["type"] for m in messages(page)} <= {"progress", "loading", "answer", "settled"}  # contract.js's, each typed
    assert json.loads(replies[1]["response"])["ok"] is True
    assert json.loads(replies[2]["response"])["ok"] is False  # an answer, not a crash


def test_no_request_leaves_this_machine(context, site_url, external_requests):
    seen = []  # all requests, to prove the worker's own fetches are observed too
    context.on("request", lambda r: seen.append(r.url))
    page = context.new_page()
    start_worker(page, site_url)
    page.wait_for_function("window.msgs.some(m => m.id === 1)", timeout=LOAD_TIMEOUT_MS)
    assert any(u.endswith("/pyodide/pyodide.asm.wasm.zst") for u in seen), seen
    assert any(u.endswith("/build.json") for u in seen), seen  # the worker's own fetch
    assert external_requests == []


def wait_for_load_error(page, base: str) -> str:
    """Start the worker on `base`; it must post {type: "failed"} (not hang) and still
    answer the request queued before the failure, in elo_core's own shape."""
    start_worker(page, base)
    page.wait_for_function(
        "window.msgs.some(m => m.type === 'failed' || m.type === 'worker-onerror')",
        timeout=LOAD_TIMEOUT_MS)
    msgs = messages(page)
    error = next(m for m in msgs if m.get("type") in ("failed", "worker-onerror"))
    assert error["type"] == "failed", error
    assert not any(m.get("stage") == "ready" for m in msgs)
    page.wait_for_function("window.msgs.some(m => m.id === 1)", timeout=10_000)
    reply = json.loads(next(m for m in messages(page) if m.get("id") == 1)["response"])
    # the same shape as elo_core's own error answers, no other key
    assert reply == {"ok": False, "errors": [{"field": None, "message": "internal error: the Python runtime did not load"}]}
    return error["message"]


@pytest.mark.parametrize("missing", ["pyodide/pyodide.mjs", "pyodide/pyodide.asm.mjs", "pyodide/pyodide.asm.wasm.zst",
                                     "pyodide/library-*.zip.zst", "worker/fzstd.mjs", "pyodide/python_stdlib.zip", "pyodide/pyodide-lock.json",
                                     "wheels/micropip-*.whl", "wheels/elo_core-*.whl"])
def test_missing_file_reports_error_not_hang(page, dist_dir, serve_dir, tmp_path, missing):
    # worker.js looks for the missing file only once the start has gone wrong. The whole
    # standard library, the wheels and the package index are needed by the micropip start only
    # (test_startup: the direct and snapshot starts need none of them), so for them the snapshot
    # and the page's library are left out of build.json.
    def delete(root, info):
        for f in root.glob(missing):
            f.unlink()
        if missing.startswith("wheels/") or missing.endswith(("-lock.json", "python_stdlib.zip")):
            info.pop("snapshot", None)
            info.pop("library", None)
            (root / "build.json").write_text(json.dumps(info))
    base = serve_dir(site_copy(dist_dir, tmp_path, delete))
    message = wait_for_load_error(page, base)
    assert missing.split("*")[0] in message and "HTTP 404" in message, message


def test_corrupt_wasm_reports_error_not_hang(page, dist_dir, serve_dir, tmp_path):
    # Pyodide itself only logs this and never settles; worker.js must notice.
    # Both the wasm sent in zstd (it unpacks, but does not compile) and the plain one, which
    # Pyodide then downloads.
    def corrupt(root, info):
        (root / "pyodide" / "pyodide.asm.wasm.zst").write_bytes(zstd("pack", b"not wasm at all", tmp_path))
        (root / "pyodide" / "pyodide.asm.wasm").write_bytes(b"not wasm at all")
    base = serve_dir(site_copy(dist_dir, tmp_path, corrupt))
    message = wait_for_load_error(page, base)
    assert "WebAssembly" in message, message
