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

// The snippet: the frame, and a listener that sizes it from our height message.
export function embedCode(src) {
  const origin = new URL(src).origin;
  const attr = (text) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
  return `<iframe id="elo-calculator" src="${attr(src)}" title="Chess rating calculator"
  style="width:100%;max-width:48rem;border:0" height="640" loading="lazy"></iframe>
<script>
addEventListener("message", function (e) {
  if (e.origin === "${origin}" && e.data && e.data.type === "${HEIGHT_MESSAGE}")
    document.getElementById("elo-calculator").style.height = e.data.height + "px";
});
</script>`;
}
