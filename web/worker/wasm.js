// The runtime's wasm as it goes over the network: in zstd (packed by buildkit/runtime.py), smaller
// than the gzip Pages would send (docs/performance.md, "The wasm in zstd"). It is
// unpacked with fzstd as it arrives, into a Response that WebAssembly.compileStreaming compiles
// meanwhile; a stream that does not unpack makes that compile fail, and Pyodide then downloads
// the plain wasm (pyodide-adapter.js).

import { Decompress } from "./fzstd.mjs";
import { sha256 as sha256Of } from "./snapshot.js";

const WASM = { "Content-Type": "application/wasm" };

// `packed`: the response for the .zst. `keepAs`: where the unpacked bytes are kept (worker.js,
// KEPT_WASM: {cache, url, header, sha256: a promise of the wasm's sha256, written in that header};
// null: not kept, as in an embed or a primer). `onBytes(count)`: told of each packed chunk as it arrives.
export function unpackWasm(packed, { keepAs = null, onBytes = () => {} } = {}) {
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
      onBytes(chunk.byteLength);
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

// Kept in the background, labelled with its sha256 (worker.js compiles it when that is build.json's),
// and only when that is build.json's: a half-deployed site's other wasm is not kept. sw.js takes its
// offline copy from there (and hashes it too). A browser without Cache Storage (or out of space)
// only loses the shortcut.
function keep({ cache, url, header, sha256 }, blob) {
  Promise.resolve(sha256)
    .then(async (expected) => {
      if (!expected || !globalThis.caches) return;
      const hash = await sha256Of(await blob.arrayBuffer());
      if (hash !== expected) return;
      const headers = { ...WASM, "Content-Length": String(blob.size), [header]: hash };
      await (await caches.open(cache)).put(url, new Response(blob, { headers }));
    })
    .catch(() => {});
}
