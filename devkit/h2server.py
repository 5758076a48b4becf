"""dist/ over HTTP/2 (TLS, a certificate made for the run), as GitHub Pages serves it: the
benchmarks' ``--http 2`` (docs/performance.md, "Phone network"). The same answers as
:class:`devkit.server.PagesHandler` (:func:`devkit.server.pages_answer`), over one connection
that carries every request at once, where HTTP/1.1 queues them on six. Needs hypercorn (``pip install -e '.[bench]'``), openssl, and
Chromium started with ``ServedH2.chromium_args`` (the certificate trusted by its key's hash:
with ``--ignore-certificate-errors`` instead, Chromium keeps nothing in its HTTP cache).
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import socket
import subprocess
import tempfile
import threading
import time
from pathlib import Path

from .server import Serving, pages_answer


def certificate(folder: Path) -> tuple[str, str, str]:
    """A self-signed certificate for 127.0.0.1, good for a day: (certificate file, key file, the
    base64 SHA-256 of its public key, as Chromium's --ignore-certificate-errors-spki-list takes it)."""
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key), "-out", str(cert),
                    "-days", "1", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"],
                   check=True, capture_output=True)
    public = subprocess.run(["openssl", "x509", "-pubkey", "-noout", "-in", str(cert)], check=True, capture_output=True).stdout
    der = subprocess.run(["openssl", "pkey", "-pubin", "-outform", "der"], input=public, check=True, capture_output=True).stdout
    return str(cert), str(key), base64.b64encode(hashlib.sha256(der).digest()).decode()


class Pages:
    """The ASGI application: files of ``root``."""

    def __init__(self, root: Path) -> None:
        self.root = root.resolve()

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] == "lifespan":
            while (await receive())["type"] != "lifespan.shutdown":
                await send({"type": "lifespan.startup.complete"})
            await send({"type": "lifespan.shutdown.complete"})
            return
        asked = {k.decode().lower(): v.decode() for k, v in scope["headers"]}
        status, headers, body = pages_answer(self.root, scope["path"], asked.get("accept-encoding", ""),
                                             asked.get("if-modified-since"))
        headers.append(("content-length", str(len(body))))
        await send({"type": "http.response.start", "status": status,
                    "headers": [(k.encode(), v.encode()) for k, v in headers]})
        await send({"type": "http.response.body", "body": b"" if scope["method"] == "HEAD" else body})


class ServedH2(Serving):
    """``dist`` over HTTP/2 from a thread on a free port of 127.0.0.1; ``url`` ends with a slash."""

    def __init__(self, dist: Path) -> None:
        try:
            from hypercorn.asyncio import serve
            from hypercorn.config import Config
        except ImportError:
            raise SystemExit("HTTP/2 needs hypercorn: pip install -e '.[bench]' (or pass --http 1.1)") from None

        self._folder = tempfile.TemporaryDirectory(prefix="elo-h2-")
        config = Config()
        config.certfile, config.keyfile, spki = certificate(Path(self._folder.name))
        self.chromium_args = (f"--ignore-certificate-errors-spki-list={spki}",)
        config.alpn_protocols = ["h2", "http/1.1"]
        config.accesslog = config.errorlog = None
        with socket.socket() as probe:  # a free port (hypercorn does not tell which it bound)
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        config.bind = [f"127.0.0.1:{port}"]
        self._loop = asyncio.new_event_loop()
        # A browser closing its connection abruptly is no news.
        self._loop.set_exception_handler(lambda loop, context: None)
        self._stop = asyncio.Event()
        self._thread = threading.Thread(target=self._loop.run_until_complete,
                                        args=(serve(Pages(dist), config, shutdown_trigger=self._stop.wait),), daemon=True)
        self._thread.start()
        self.url = f"https://127.0.0.1:{port}/"
        for _ in range(300):  # until it listens
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", port)) == 0:
                    return
            if not self._thread.is_alive():
                break
            time.sleep(0.01)
        self.close()
        raise RuntimeError(f"the HTTP/2 server did not start on port {port}")

    def close(self) -> None:
        if self._thread.is_alive():
            self._loop.call_soon_threadsafe(self._stop.set)
            self._thread.join(10)
        if not self._loop.is_running():
            self._loop.close()
        self._folder.cleanup()
