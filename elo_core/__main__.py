"""``python -m elo_core``: see :mod:`elo_core.cli`."""

from elo_core.cli import main

raise SystemExit(main())
