"""The build's helpers: build.py (at the root, the README's `python build.py --serve`) assembles
dist/ with them.

    pyodide.py    everything the build knows about Pyodide: its version, files, patches, pins
    runtime.py    Pyodide's files into dist/, the wasm also in zstd (zstd.mjs)
    library.py    the page's library (library.mjs), answering corpus.py's requests
    snapshot.py   the memory snapshot (snapshot.mjs)
    tools.py      what they share: BuildError, node, the cache, sha256

The .mjs scripts run under node with the pinned Pyodide; the Python modules run them. Standard
library only. Not part of the site or of elo_core.
"""
