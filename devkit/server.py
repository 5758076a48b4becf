"""A local HTTP server for dist/: the README's `python build.py --serve`, and the tests' and benchmarks'."""

from __future__ import annotations

import gzip
import http.server
import io
import sys
import threading
from functools import partial
from pathlib import Path

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".json": "application/json",
    ".wasm": "application/wasm",
    ".whl": "application/octet-stream",
    ".zip": "application/zip",
    ".gz": "application/gzip",  # the snapshot: decompressed by the worker, so no Content-Encoding
    ".webmanifest": "application/manifest+json",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".txt": "text/plain; charset=utf-8",
    ".map": "application/json",
}


class Handler(http.server.SimpleHTTPRequestHandler):
    """Serves files with the types a static host gives them; never lets the browser keep a stale build."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    # Keep-alive, as every static host has: with HTTP/1.0 each file would need a connection of its own.
    protocol_version = "HTTP/1.1"

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args) -> None:  # quiet: only errors
        if len(args) > 1 and str(args[1])[:1] in "45":
            sys.stderr.write(f"{self.address_string()} {format % args}\n")


# What GitHub Pages sends gzip-compressed when the browser accepts it (text, JSON, wasm); zips,
# wheels, images and the snapshot (.gz) go as they are.
COMPRESSED_TYPES = ("text/", "application/json", "application/javascript", "application/wasm",
                    "application/manifest+json", "image/svg+xml")


_GZIPPED: dict[tuple[str, float], bytes] = {}
_GZIPPED_LOCK = threading.Lock()


def gzipped(path: Path) -> bytes:
    """The file gzipped (level 6), made once per file and modification time, as a CDN keeps it."""
    key = (str(path), path.stat().st_mtime)
    with _GZIPPED_LOCK:
        if key not in _GZIPPED:
            _GZIPPED[key] = gzip.compress(path.read_bytes(), 6, mtime=0)
        return _GZIPPED[key]


class PagesHandler(Handler):
    """As :class:`Handler`, with gzip ``Content-Encoding`` for the types GitHub Pages compresses
    (the benchmarks' "as Pages serves it"; docs/performance.md)."""

    def send_head(self):  # type: ignore[override]
        path = Path(self.translate_path(self.path))
        kind = self.guess_type(str(path))
        if (not path.is_file() or "gzip" not in self.headers.get("Accept-Encoding", "")
                or not kind.startswith(COMPRESSED_TYPES)):
            return super().send_head()
        modified = self.date_time_string(int(path.stat().st_mtime))
        if self.headers.get("If-Modified-Since") == modified:
            self.send_response(304)
            self.end_headers()
            return None
        body = gzipped(path)
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", modified)
        self.end_headers()
        return io.BytesIO(body)


def serve(dist: Path, host: str = "127.0.0.1", port: int = 0,
          handler_class: type[Handler] = Handler) -> http.server.ThreadingHTTPServer:
    """A server for ``dist``; call .serve_forever() (e.g. in a thread), then .shutdown().

    port=0 picks a free port (read it back from server.server_address[1]); handler_class: a
    subclass of :class:`Handler` (the tests hold some answers back).
    """
    handler = partial(handler_class, directory=str(Path(dist).resolve()))
    server = http.server.ThreadingHTTPServer((host, port), handler)
    server.daemon_threads = True
    return server


class Served:
    """``dist`` served from a thread on a free port of 127.0.0.1; ``url`` ends with a slash."""

    def __init__(self, dist: Path, handler_class: type[Handler] = Handler) -> None:
        self.server = serve(dist, handler_class=handler_class)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def __enter__(self) -> Served:
        return self

    def __exit__(self, *exc) -> None:
        self.close()
