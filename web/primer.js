// On a build's first visit, a primer makes Chromium keep the compiled code (V8's code cache) of
// Pyodide's runtime script for the next visit, which would otherwise compile it again: the
// calculator's own worker, started once more with the name "prime", makes a start as the next
// visit will and stops (docs/performance.md, "Primer"). Only in a Chromium (`userAgentData`),
// whose code cache this is. Any failure only loses that; the primer's errors are never the page's.

const STOP_AFTER_MS = 1000; // the browser writes the code cache meanwhile
const GIVE_UP_MS = 30_000;

export function primeCodeCache(scriptURL) {
  if (!("userAgentData" in navigator)) return;
  let primer;
  try {
    primer = new Worker(scriptURL("worker.js"), { type: "module", name: "prime" });
  } catch {
    return;
  }
  const stop = () => setTimeout(() => primer.terminate(), STOP_AFTER_MS);
  setTimeout(() => primer.terminate(), GIVE_UP_MS);
  primer.onmessage = ({ data }) => {
    if (data?.stage !== "ready" && data?.type !== "error") return; // progress
    performance.mark(data?.type === "error" ? "elo:primer-failed" : "elo:primed");
    stop();
  };
  primer.onerror = (event) => {
    event.preventDefault();
    performance.mark("elo:primer-failed");
    stop();
  };
}
