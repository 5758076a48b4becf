// The memory snapshot's bytes for a start: the kept copy when it is this build's, else a download.
// build.json's `snapshot` names the file and gives its sizes and sha256 (docs/architecture.md).

const hex = (buffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");
export const hasSha256 = async (bytes, sha256) => hex(await crypto.subtle.digest("SHA-256", bytes)) === sha256;

// {bytes, filled, stdlib, toKeep}: `bytes`, the array Pyodide restores from, is handed over at once
// (Pyodide needs its size before it starts, its content only once its runtime is up); `filled`
// resolves once it holds the snapshot, or rejects saying what is wrong (it then stays zeros).
// With a kept copy comes its standard library, checked against build.json (`stdlib`: resolves
// with the bytes, or null to download them); `toKeep` is a download to keep for the next visit.
export async function snapshotSource(snap, kept, { here, mark, onDamagedKept }) {
  const mine = await kept;
  if (mine && mine.key === snap.sha256 && mine.snapshot.byteLength === snap.bytes
      && mine.stdlib.byteLength === snap.stdlib.bytes) {
    mark("snapshot", "kept");
    return { bytes: mine.snapshot, filled: Promise.resolve(), stdlib: checkedStdlib(mine.stdlib, snap.stdlib, onDamagedKept),
      toKeep: null };
  }
  const bytes = new Uint8Array(snap.bytes);
  const source = { bytes, stdlib: null, toKeep: null };
  source.filled = download(snap, bytes, here).then(() => {
    source.toKeep = { key: snap.sha256, snapshot: bytes };
    mark("snapshot", "downloaded");
  });
  return source;
}

// The kept standard library once its sha256 is build.json's; null if not (the kept file is
// then dropped, and Pyodide downloads the library). Hashed long before Pyodide asks for it.
async function checkedStdlib(bytes, { sha256 }, onDamagedKept) {
  try {
    if (await hasSha256(bytes, sha256)) return bytes;
  } catch {}
  console.warn("The kept copy of Python's standard library is damaged or unreadable; downloading it.");
  onDamagedKept();
  return null;
}

// Inflated as it arrives; gzip's CRC catches a damaged stream, the size and sha256 of the
// compressed file a wrong one (e.g. of another build).
async function download(snap, into, here) {
  if (typeof DecompressionStream !== "function") throw new Error("no DecompressionStream in this browser");
  const resp = await fetch(here(snap.path)); // content-addressed name: any cached copy is right
  if (!resp.ok) throw new Error(`HTTP ${resp.status}`);
  const [forHash, forInflate] = resp.body.tee();
  const raw = new Response(forInflate.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
  raw.catch(() => {}); // reported below, if still relevant
  const gz = await new Response(forHash).arrayBuffer();
  if (gz.byteLength !== snap.gzip_bytes) throw new Error(`${gz.byteLength} bytes, expected ${snap.gzip_bytes}`);
  if (!(await hasSha256(gz, snap.sha256))) throw new Error("sha256 mismatch");
  const bytes = new Uint8Array(await raw);
  if (bytes.byteLength !== snap.bytes) throw new Error(`${bytes.byteLength} bytes decompressed, expected ${snap.bytes}`);
  into.set(bytes);
}
