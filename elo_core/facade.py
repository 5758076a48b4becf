"""JSON in, JSON out: the one narrow door the browser shim talks through (placeholder)."""

import json

from . import __version__


def handle(request: str) -> str:
    """Answer one request ``{"op": ..., "args": {...}}`` with ``{"ok": ..., ...}``."""
    req = json.loads(request)
    if req.get("op") == "ping":
        return json.dumps({"ok": True, "result": {"version": __version__}})
    return json.dumps({"ok": False, "error": {"field": "op", "message": "unknown op"}})
