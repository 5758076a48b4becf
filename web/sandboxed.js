// In a frame sandboxed without allow-same-origin (an opaque origin), the calculator cannot run: its
// modules and its worker are refused there, and it could keep nothing. A classic script, so that
// it runs even where the modules were refused; app.js leaves the status line to it there.
if (self.origin === "null") {
  const status = document.getElementById("load-status");
  status.textContent = "The calculator cannot run in this frame: the site that embeds it sandboxes it without "
    + "allow-same-origin. Open the full calculator instead.";
  document.getElementById("load-progress").hidden = true;
  document.body.classList.add("engine-failed");
  if (new URLSearchParams(location.search).get("embed") === "1") document.body.classList.add("embed");
  const full = document.getElementById("open-full");
  full.href = location.href.replace(/([?&])embed=1(&|$)/, "$1").replace(/[?&]$/, "");
}
