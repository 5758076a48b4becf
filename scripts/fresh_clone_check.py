"""Prove that a fresh clone works: clone the repository into a temporary folder and run the
README's two commands there, the serve one until the page answers, then the test one.

    python scripts/fresh_clone_check.py [--keep]

The commands are read from README.md (the first ```sh block, and the block after the
`<!-- ci: test command -->` marker), so the README cannot drift from what works. The clone
gets its own virtual environment (seeing this machine's packages, so nothing already here is
downloaded again) so that `pip install -e` there leaves this checkout's environment alone.
The exit status is the test command's. CI (.ci/run) runs this.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MARKER = "<!-- ci: test command -->"
SERVE_URL = "http://127.0.0.1:8000/"
SERVE_TIMEOUT = 600  # seconds: a fresh clone runs npm ci and makes the snapshot first


def readme_commands(readme: str) -> tuple[str, str]:
    """(serve command, test command) as the README states them."""
    blocks = re.findall(r"```sh\n(.*?)```", readme, re.S)
    if not blocks or MARKER not in readme:
        raise SystemExit(f"README.md needs a ```sh block with the serve command and {MARKER} before the test command")
    serve = blocks[0].strip().splitlines()[0]
    after = readme.split(MARKER, 1)[1]
    test = re.search(r"```sh\n(.*?)```", after, re.S).group(1).strip().splitlines()[0]
    return serve, test


def wait_for_page(process: subprocess.Popen) -> None:
    deadline = time.monotonic() + SERVE_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"the serve command exited with status {process.returncode} before the page answered")
        try:
            with urllib.request.urlopen(SERVE_URL, timeout=5) as response:
                body = response.read().decode("utf-8", "replace")
            if response.status == 200 and "Chess rating calculator" in body:
                print(f"fresh clone: the page answers at {SERVE_URL}", flush=True)
                return
        except OSError:
            pass
        time.sleep(1)
    raise SystemExit(f"the page did not answer at {SERVE_URL} within {SERVE_TIMEOUT} s")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keep", action="store_true", help="keep the temporary clone")
    keep = parser.parse_args().keep
    serve, test = readme_commands((ROOT / "README.md").read_text("utf-8"))
    tmp = Path(tempfile.mkdtemp(prefix="elo-fresh-"))
    try:
        clone = tmp / "repo"
        subprocess.run(["git", "clone", "--quiet", str(ROOT), str(clone)], check=True)
        subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(tmp / "venv")], check=True)
        env = {**os.environ, "PATH": f"{tmp / 'venv' / 'bin'}{os.pathsep}{os.environ['PATH']}",
               "VIRTUAL_ENV": str(tmp / "venv")}
        print(f"fresh clone in {clone}\n+ {serve}", flush=True)
        server = subprocess.Popen(["bash", "-c", serve], cwd=clone, env=env, start_new_session=True)
        try:
            wait_for_page(server)
        finally:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(timeout=30)
        print(f"+ {test}", flush=True)
        return subprocess.run(["bash", "-c", test], cwd=clone, env=env).returncode
    finally:
        if keep:
            print(f"kept {tmp}")
        else:
            shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
