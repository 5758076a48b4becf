"""What the tests, benchmarks and scripts share to look at the built site: a local server and a Chromium.

Not part of the site or of elo_core: standard library only, imported by `build.py --serve`,
`tests/`, `bench/` and `scripts/` (run from the repository's root, or with it on sys.path).
"""
