"""``python -m elo_core``: see :mod:`elo_core.cli`."""

from .cli import main

raise SystemExit(main())
