// The runtime's wasm as it goes over the network: in zstd (build_runtime.py, WASM_ZSTD), smaller
// than the gzip Pages would send (docs/performance.md, "The wasm in zstd"). It is
// unpacked with fzstd as it arrives, into a Response that WebAssembly.compileStreaming compiles
// meanwhile; a stream that does not unpack makes that compile fail, and Pyodide then downloads
// the plain wasm (pyodide-adapter.js).

import { Decompress } from "./fzstd.mjs";

// Where the unpacked wasm is kept for sw.js, which takes its offline copy from any cache holding
// the file with its build's hash, and deletes this one once it has its own.
// sw.js names it too (a classic script, it cannot import this one).
const UNPACKED_CACHE = "elo-unpacked";

const WASM = { "Content-Type": "application/wasm" };

// `packed`: the response for the .zst. `keepAs`: the URL under which the unpacked bytes are kept
// (null: not kept, as in an embed or a primer).
export function unpackWasm(packed, { keepAs = null } = {}) {
  if (!packed.ok) throw new Error(`${packed.url}: HTTP ${packed.status}`);
  const blocks = [];
  let unpacker;
  const body = packed.body.pipeThrough(new TransformStream({
    start(controller) {
      unpacker = new Decompress((block) => {
        if (!block.length) return;
        controller.enqueue(block);
        if (keepAs) blocks.push(block);
      });
    },
    transform(chunk) {
      unpacker.push(chunk);
    },
    flush() {
      unpacker.push(new Uint8Array(0), true); // throws for a stream cut short
      if (keepAs) keep(keepAs, new Blob(blocks));
      blocks.length = 0; // the Blob has its own copy
    },
  }));
  return new Response(body, { headers: WASM });
}

// Kept in the background, unless a copy of that size is there already (a browser without service
// workers would write it at every visit; sw.js checks the copy's hash all the same). A browser
// without Cache Storage (or out of space) only loses the shortcut: sw.js then downloads the plain wasm.
function keep(url, blob) {
  const bytes = String(blob.size);
  Promise.resolve()
    .then(() => caches.open(UNPACKED_CACHE))
    .then(async (cache) => (await cache.match(url))?.headers.get("Content-Length") === bytes
      || cache.put(url, new Response(blob, { headers: { ...WASM, "Content-Length": bytes } })))
    .catch(() => {});
}
