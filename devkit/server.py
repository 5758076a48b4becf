"""A local HTTP server for dist/: the README's `python build.py --serve`, and the tests' and benchmarks'."""

from __future__ import annotations

import email.utils
import gzip
import http.server
import io
import sys
import threading
from functools import lru_cache, partial
from pathlib import Path
from typing import Self
from urllib.parse import unquote, urlsplit

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


@lru_cache(maxsize=256)  # two builds' files (bench/pair.py)
def _gzip(path: str, modified: float) -> bytes:
    return gzip.compress(Path(path).read_bytes(), 6, mtime=0)


def gzipped(path: Path) -> bytes:
    """The file gzipped (level 6), made once per file and modification time, as a CDN keeps it."""
    path = path.resolve()
    return _gzip(str(path), path.stat().st_mtime)


def pages_answer(root: Path, path: str, accept: str, since: str | None) -> tuple[int, list[tuple[str, str]], bytes]:
    """Status, headers and body for a GET of ``path`` (decoded, without its query) under ``root``
    (resolved), as GitHub Pages gives them: its type, gzip for the types Pages compresses when the
    browser accepts it, Last-Modified and 304, ``Cache-Control: no-cache``."""
    file = (root / path.lstrip("/")).resolve()
    if file.is_dir():
        file = file / "index.html"
    if root not in file.parents or not file.is_file():
        return 404, [("content-type", "text/plain")], b"not found"
    kind = MIME_TYPES.get(file.suffix, "application/octet-stream")
    modified = email.utils.formatdate(int(file.stat().st_mtime), usegmt=True)
    headers = [("content-type", kind), ("last-modified", modified), ("cache-control", "no-cache")]
    if since == modified:
        return 304, headers, b""
    if "gzip" in accept and kind.startswith(COMPRESSED_TYPES):
        return 200, [*headers, ("content-encoding", "gzip"), ("vary", "Accept-Encoding")], gzipped(file)
    return 200, headers, file.read_bytes()


class PagesHandler(Handler):
    """As :class:`Handler`, every answer as :func:`pages_answer` gives it (the benchmarks' "as
    Pages serves it" over HTTP/1.1; docs/performance.md)."""

    def send_head(self):  # type: ignore[override]
        status, headers, body = pages_answer(Path(self.directory).resolve(), unquote(urlsplit(self.path).path),
                                             self.headers.get("Accept-Encoding", ""), self.headers.get("If-Modified-Since"))
        self.send_response(status)
        for name, value in headers:
            if name != "cache-control":  # Handler.end_headers sends it
                self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
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


class Serving:
    """A server for the length of a ``with`` block; ``url`` ends with a slash."""

    url: str

    def close(self) -> None:
        raise NotImplementedError

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class Served(Serving):
    """``dist`` served from a thread on a free port of 127.0.0.1."""

    def __init__(self, dist: Path, handler_class: type[Handler] = Handler) -> None:
        self.server = serve(dist, handler_class=handler_class)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()
