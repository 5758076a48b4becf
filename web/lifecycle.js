// The page's life beside its calculators: offline use and updates (the service worker), the
// code-cache primer for the next visit, and embedding in another site (the height message).

import { MESSAGE, WORKER } from "./contract.js";
import { setText } from "./format.js";

const $ = (id) => document.getElementById(id);
const TYPING_PAUSE_MS = 1000; // offline copies wait for this much quiet (docs/performance.md)

// Offline use and updates: the service worker (sw.js) keeps every file of this build. A new
// deploy installs beside it; the page offers a reload and only then lets the new version take
// over (README, "Offline and on a phone"). One OfflineCopy, made by app.js (not in an embed).
export class OfflineCopy {
  #scriptURL;
  #markServed;
  // Resolves once the page knows how it is served: by a service worker that controls it, or by
  // none; never if its install fails.
  served = new Promise((resolve) => (this.#markServed = resolve));

  // `scriptURL`: the page's Trusted Types policy for script URLs (engine.js, scriptURLs).
  constructor(scriptURL) {
    this.#scriptURL = scriptURL;
  }

  // A new version taking over from the one that served this page means someone accepted it, in
  // this tab or another: the tab reloads into it rather than go on with the old page and the new
  // version's files. Watched as the page starts, for its registration waits until typing pauses,
  // and another tab may accept meanwhile; the first version's taking over a page that none served
  // is no reason to reload.
  reloadOnTakeover() {
    if (!("serviceWorker" in navigator)) return;
    let controller = navigator.serviceWorker.controller;
    navigator.serviceWorker.addEventListener("controllerchange", () => {
      this.#markServed();
      if (controller) location.reload();
      controller = navigator.serviceWorker.controller;
    });
  }

  // Registers sw.js once no input event has come for TYPING_PAUSE_MS: its precache (the build's
  // files read, hashed and written) and the primer after it never compete with typing
  // (docs/performance.md, "Offline copy after typing pauses").
  registerWhenTypingPauses() {
    let timer = null;
    const wait = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        document.removeEventListener("input", wait, true);
        this.register();
      }, TYPING_PAUSE_MS);
    };
    document.addEventListener("input", wait, true);
    wait();
  }

  register() {
    const markServed = this.#markServed;
    if (!("serviceWorker" in navigator)) return markServed();
    if (navigator.serviceWorker.controller) markServed();
    const offer = (waiting) => {
      $("update").hidden = false;
      const button = $("update-reload");
      button.disabled = false;
      setText(button, "Reload to update");
      button.onclick = () => {
        waiting.postMessage("skip-waiting");
        // It takes over once the old version has nothing in flight (sw.js bounds that).
        button.disabled = true;
        setText(button, "Updating…");
      };
    };
    navigator.serviceWorker.register(this.#scriptURL("sw.js")).then((registration) => {
      if (!registration) return markServed(); // e.g. blocked by the browser's settings
      if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
      // An update may be installing already, before `updatefound` can be heard: watched here too
      // (should it also be heard, offering it twice does no harm).
      const watch = (installing) => installing?.addEventListener("statechange", () => {
        if (installing.state === "installed" && navigator.serviceWorker.controller) offer(installing);
      });
      watch(registration.installing);
      registration.addEventListener("updatefound", () => watch(registration.installing));
      // An open page looks for a new deploy when it comes back to the foreground, and hourly.
      document.addEventListener("visibilitychange", () => {
        if (document.visibilityState === "visible") registration.update().catch(() => {});
      });
      setInterval(() => registration.update().catch(() => {}), 3_600_000);
    }).catch(() => markServed()); // no offline support (e.g. a private window): the page works online as before
  }
}

// On a build's first visit, a primer makes Chromium keep the compiled code (V8's code cache) of
// Pyodide's runtime script, and behind sw.js of its wasm, for the next visit, which would otherwise
// compile them again: the calculator's own worker, started once more with the name "prime", makes
// a start as the next visit will, warms up when it compiled sw.js's copy of the wasm, and stops
// (docs/performance.md, "Primer"). Only in a Chromium (`userAgentData`), whose code cache this is.
// Any failure only loses that; the primer's errors are never the page's.

const STOP_AFTER_MS = 1000; // the browser writes the code cache meanwhile
const GIVE_UP_MS = 30_000;

export function primeCodeCache(scriptURL) {
  if (!("userAgentData" in navigator)) return;
  let primer;
  try {
    primer = new Worker(scriptURL(WORKER.script), { type: "module", name: WORKER.primer });
  } catch {
    return;
  }
  const stop = () => setTimeout(() => primer.terminate(), STOP_AFTER_MS);
  setTimeout(() => primer.terminate(), GIVE_UP_MS);
  primer.onmessage = ({ data }) => {
    if (data?.type !== MESSAGE.SETTLED && data?.type !== MESSAGE.FAILED) return; // progress, ready
    performance.mark(data?.type === MESSAGE.FAILED ? "elo:primer-failed" : "elo:primed");
    stop();
  };
  primer.onerror = (event) => {
    event.preventDefault();
    performance.mark("elo:primer-failed");
    stop();
  };
}

// Embedding in another site (README, "In a blog"): the frame reports its height to its parent,
// and nothing else; the footer writes the snippet a blogger pastes.

// The message shape embedders rely on: {type, height}.
export const HEIGHT_MESSAGE = "elo-calculator:height";

// Inside a frame: tell the host page our height whenever it changes.
export function reportHeight() {
  if (window.parent === window) return;
  let last = 0;
  new ResizeObserver(() => {
    const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (height !== last) window.parent.postMessage({ type: HEIGHT_MESSAGE, height: (last = height) }, "*");
  }).observe(document.documentElement);
}

// An embed's engine starts once the frame comes into view (its host's viewport): a post with
// several calculators costs a reader only the ones they reach.
export function startWhenInView(start) {
  if (!("IntersectionObserver" in window)) return start();
  const observer = new IntersectionObserver((entries) => {
    if (!entries.some((e) => e.isIntersecting)) return;
    observer.disconnect();
    start();
  });
  observer.observe(document.documentElement);
}

// The snippet: the frame, and a listener that sizes it from that frame's own height messages
// (any number of calculators on one page: each snippet has its own id and checks the sender).
export function embedCode(src) {
  const origin = new URL(src).origin;
  const id = `elo-calculator-${crypto.getRandomValues(new Uint32Array(1))[0].toString(36)}`;
  const attr = (text) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
  return `<iframe id="${id}" src="${attr(src)}" title="Chess rating calculator"
  style="width:100%;max-width:48rem;border:0" height="600" loading="lazy"></iframe>
<script>
(function () {
  var frame = document.getElementById("${id}");
  addEventListener("message", function (e) {
    if (e.source === frame.contentWindow && e.origin === "${origin}" && e.data && e.data.type === "${HEIGHT_MESSAGE}")
      frame.style.height = e.data.height + "px";
  });
})();
</script>`;
}
