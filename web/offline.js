// Offline use and updates: the service worker (sw.js) keeps every file of this build. A new
// deploy installs beside it; the page offers a reload and only then lets the new version take
// over (README, "On a phone"). `served` resolves once the page knows how it is served: by a
// service worker that controls it, or by none; never if its install fails.

import { setText } from "./format.js";

const $ = (id) => document.getElementById(id);
let markServed;
export const served = new Promise((resolve) => (markServed = resolve));

export function registerServiceWorker(scriptURL) {
  if (!("serviceWorker" in navigator)) return markServed();
  if (navigator.serviceWorker.controller) markServed();
  // Once a new version was offered here, its taking over means someone accepted it, in this tab
  // or another: every such tab reloads into it rather than go on with the old page and the new
  // version's files.
  let offered = false;
  const offer = (waiting) => {
    offered = true;
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
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    markServed();
    if (offered) location.reload();
  });
  navigator.serviceWorker.register(scriptURL("sw.js")).then((registration) => {
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
