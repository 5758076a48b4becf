"""What the build's steps share: their error, the commands they run, the cache under .cache/."""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CACHE = ROOT / ".cache"
WEB = ROOT / "web"
HERE = Path(__file__).resolve().parent  # the node scripts


class BuildError(RuntimeError):
    pass


def run(cmd: list[str], **kw) -> None:
    """Runs a command; BuildError if it is missing or fails."""
    try:
        subprocess.run(cmd, check=True, **kw)
    except FileNotFoundError as e:
        raise BuildError(f"command not found: {cmd[0]} (is it installed?)") from e
    except subprocess.CalledProcessError as e:
        raise BuildError(f"command failed ({e.returncode}): {' '.join(cmd)}") from e


def node(script: Path, *args: str, what: str) -> dict:
    """Runs `node script args`; its last line of output, as JSON."""
    found = shutil.which("node")
    if not found:
        raise BuildError(f"node not found (needed to make {what})")
    try:
        proc = subprocess.run([found, str(script), *args], check=True, capture_output=True, text=True, timeout=300)
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as e:
        tail = (getattr(e, "stderr", "") or "").strip().splitlines()[-3:]
        raise BuildError(f"{script.name} failed: {' / '.join(tail) or e}") from e
    return json.loads(proc.stdout.strip().splitlines()[-1])


def cache_dir(kind: str, *parts: bytes) -> Path:
    """The cache's folder for what `parts` (everything it depends on) make; the last few are kept."""
    key = hashlib.sha256(b"\0".join(parts)).hexdigest()[:24]
    here = CACHE / kind
    if here.is_dir():
        for old in sorted(here.iterdir(), key=lambda d: d.stat().st_mtime)[:-4]:
            shutil.rmtree(old, ignore_errors=True)
    return here / key


def file_sha256(path: Path) -> str:
    """The file's sha256, hex (build.json's digests, the caches' keys)."""
    h = hashlib.sha256()
    with path.open("rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()
