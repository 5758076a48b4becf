"""Chromium's network emulation for the benchmarks: the conditions of a phone's network."""

from __future__ import annotations

# latency (ms), throughput (bytes per second down, up)
NETWORKS = {
    "none": None,
    "fast4g": {"latency": 60, "downloadThroughput": 9e6 / 8, "uploadThroughput": 1.5e6 / 8},
    "slow4g": {"latency": 150, "downloadThroughput": 1.6e6 / 8, "uploadThroughput": 0.75e6 / 8},
}


def emulate(context, page, network: str) -> None:
    """The network conditions on the page; Chromium applies them to its workers' fetches too
    (checked: docs/performance.md, "Phone network")."""
    conditions = NETWORKS[network]
    if not conditions:
        return
    session = context.new_cdp_session(page)
    session.send("Network.enable")
    session.send("Network.emulateNetworkConditions", {"offline": False, **conditions})
