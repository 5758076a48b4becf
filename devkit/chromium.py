"""Which Chromium to drive, and how to launch it headless on a machine with no network."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",  # without these, Chromium's own connections fail here, many at a time
    "--disable-component-update",
    "--no-first-run",
]


class NoChromium(RuntimeError):
    pass


def executable(playwright: Any = None) -> str | None:
    """Playwright's own Chromium if installed (None: Playwright finds it), else $ELO_CHROMIUM,
    else Debian's /usr/bin/chromium or one on PATH; NoChromium if there is none."""
    if playwright is not None:
        try:
            if Path(playwright.chromium.executable_path).exists():
                return None
        except Exception:  # Playwright without its browser downloaded
            pass
    for candidate in (os.environ.get("ELO_CHROMIUM"), "/usr/bin/chromium", shutil.which("chromium")):
        if candidate and Path(candidate).exists():
            return candidate
    raise NoChromium("no Chromium found: apt-get install chromium, or set ELO_CHROMIUM")


def launch_options(playwright: Any = None, **extra: Any) -> dict:
    """Keyword arguments for ``playwright.chromium.launch`` (or ``launch_persistent_context``)."""
    options: dict = {"headless": True, "args": list(ARGS), **extra}
    exe = executable(playwright)
    if exe:
        options["executable_path"] = exe
    return options
