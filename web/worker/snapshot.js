// The snapshot for a start: the copy an earlier visit kept, when it is this build's and whole;
// and, after a build's first visit has answered, its download and keeping for the next visit.
// build.json's `snapshot` names the file and gives its sizes and hashes (docs/architecture.md).

// ---- the kept file ----------------------------------------------------------------------------

// The kept file: an earlier visit's checked, inflated snapshot and Python's standard library, in
// the origin private file system, one build's at a time, so a repeat visit neither downloads nor
// inflates them (docs/performance.md, "Kept snapshot"). Its format (docs/architecture.md, "Kept
// file"): a header of HEADER_BYTES (MAGIC, then JSON: format, key, snapshot and stdlib sizes,
// padded with spaces), the snapshot's bytes, then the standard library's. The header is written
// last, so a write cut short leaves a file that is never used; a file without this header (an
// older format, or anything else) is dropped, never read as a snapshot.
// Before it is used, the snapshot's checksum and the library's sha256 must be build.json's: a
// copy altered in place, at the same size, is not used (docs/performance.md, "Kept snapshot").

export const KEPT_FILE = "pyodide-snapshot-inflated";
const NAME = KEPT_FILE;
const MAGIC = "elo-kept\n";
const FORMAT = 2;
export const HEADER_BYTES = 512;
// Written a piece per task, so that a request from the page waits for one piece at most.
const PIECE = 2 ** 21;

const root = () => navigator.storage.getDirectory();
const hex = (buffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");
export const sha256 = (bytes) => crypto.subtle.digest("SHA-256", bytes).then(hex);

// A directory, or anything else, left where the file goes is removed: the copy would otherwise
// never be kept again.
async function open(create = false) {
  const dir = await root();
  try {
    return await (await dir.getFileHandle(NAME, { create })).createSyncAccessHandle();
  } catch (e) {
    if (e?.name !== "TypeMismatchError") throw e;
    await dir.removeEntry(NAME, { recursive: true });
    return (await dir.getFileHandle(NAME, { create })).createSyncAccessHandle();
  }
}

function header(key, snapshotBytes, stdlibBytes) {
  const json = JSON.stringify({ format: FORMAT, key, snapshot: snapshotBytes, stdlib: stdlibBytes });
  const text = (MAGIC + json).padEnd(HEADER_BYTES, " ");
  if (text.length > HEADER_BYTES) throw new Error("kept file header too long");
  return new TextEncoder().encode(text);
}

// What the header says, or null if it is not a header of this format for a file of `size` bytes.
function parseHeader(bytes, size) {
  const text = new TextDecoder().decode(bytes);
  if (!text.startsWith(MAGIC)) return null;
  try {
    const h = JSON.parse(text.slice(MAGIC.length));
    const sizes = Number.isSafeInteger(h.snapshot) && Number.isSafeInteger(h.stdlib) && h.snapshot > 0 && h.stdlib >= 0;
    return h.format === FORMAT && typeof h.key === "string" && sizes && HEADER_BYTES + h.snapshot + h.stdlib === size ? h : null;
  } catch {
    return null;
  }
}

// {key, snapshot, stdlib, digests} (byte views of one buffer) from the kept file's bytes as the
// entry read them, or null: nothing kept (or another tab holding the file's lock: it then starts
// without), or a file not in this format, which is dropped (`dropUnusable`; a primer leaves the
// file to the calculator's worker); a directory where the file goes ("odd") is cleared too.
// `digests`: the snapshot's checksum (below) and the library's sha256, for build.json's.
export async function readKept(bytesRead, { dropUnusable = true } = {}) {
  const bytes = await bytesRead;
  if (bytes === "odd") {
    if (dropUnusable) await clearOdd(false);
    return null;
  }
  const h = bytes && bytes.byteLength > HEADER_BYTES && parseHeader(bytes.subarray(0, HEADER_BYTES), bytes.byteLength);
  if (!h) {
    if (dropUnusable && bytes) await clearOdd(true);
    return null;
  }
  const snapshot = bytes.subarray(HEADER_BYTES, HEADER_BYTES + h.snapshot);
  const stdlib = bytes.subarray(HEADER_BYTES + h.snapshot);
  return { key: h.key, snapshot, stdlib, digests: { snapshot: checksum(snapshot), stdlib: sha256(stdlib) } };
}

// A file that is not a kept copy is dropped; where nothing could be read, a directory in its place is.
async function clearOdd(unusableFile) {
  try {
    const dir = await root();
    if (unusableFile) return await dir.removeEntry(NAME);
    const entry = await dir.getFileHandle(NAME).catch((e) => (e?.name === "TypeMismatchError" ? "directory" : null));
    if (entry === "directory") await dir.removeEntry(NAME, { recursive: true });
  } catch {
    /* nothing to clean up, or it is in use */
  }
}

// Keeps `snapshot` and the standard library (`stdlib()` gives its bytes) under `key`: an async
// iterable of steps (one piece written per step), for the scheduler's idle lane; `onKept()` once
// done. Only an optimisation: any failure is logged and the file emptied.
export async function* keepSnapshot({ key, snapshot, stdlib: readStdlib, onKept = () => {} }) {
  let file;
  try {
    const stdlib = readStdlib();
    file = await open(true);
    file.truncate(0);
    let at = HEADER_BYTES;
    const write = (piece, offset) => {
      if (file.write(piece, { at: offset }) !== piece.byteLength) throw new Error("write cut short");
    };
    write(new Uint8Array(HEADER_BYTES), 0);
    for (const part of [snapshot, stdlib]) {
      for (let from = 0; from < part.byteLength; from += PIECE) {
        const piece = part.subarray(from, from + PIECE);
        write(piece, at);
        at += piece.byteLength;
        yield;
      }
    }
    write(header(key, snapshot.byteLength, stdlib.byteLength), 0);
    file.flush();
    file.close();
    file = null;
    performance.mark("elo:kept");
    onKept();
  } catch (e) {
    console.warn(`The snapshot was not kept for the next visit: ${e.message}`);
    try {
      file?.truncate(0);
    } catch {}
    file?.close();
  }
}

// The key of a snapshot that, kept whole (its checksum the build's), did not restore: that build's
// snapshot is not fetched again, rather than on every visit (a small file beside the kept one).
const FAILED = "pyodide-snapshot-failed";

export async function markFailed(key) {
  try {
    const writable = await (await (await root()).getFileHandle(FAILED, { create: true })).createWritable();
    await writable.write(key);
    await writable.close();
  } catch {
    /* storage unavailable: it is fetched again, as before */
  }
}

async function failedBefore(key) {
  try {
    return (await (await (await root()).getFileHandle(FAILED)).getFile()).text().then((text) => text === key);
  } catch {
    return false;
  }
}

export async function dropKept() {
  try {
    await (await root()).removeEntry(NAME);
  } catch {
    /* nothing kept */
  }
}

// ---- the checksum of a kept snapshot -----------------------------------------------------------

// A fast 128-bit checksum of bytes (four multiply-rotate lanes over 32-bit words, then the tail
// and the length mixed in), as hex. It tells a kept snapshot that is byte for byte the one the
// build made from any other, for a fraction of SHA-256's time (docs/performance.md, "Kept
// snapshot"); it is not a cryptographic hash, and need not be: anything able to write this
// origin's storage could also change the site's own files. build.py has the expected value from
// snapshot.mjs, which imports this very module under Node.

const M = [0x9e3779b1, 0x85ebca77, 0xc2b2ae3d, 0x27d4eb2f];

export function checksum(bytes) {
  if (bytes.byteOffset % 4) bytes = bytes.slice(); // words are read in place, aligned (little-endian, as every host here)
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >>> 2);
  let a = M[0] | 0;
  let b = M[1] | 0;
  let c = M[2] | 0;
  let d = M[3] | 0;
  const whole = words.length & ~3;
  for (let i = 0; i < whole; i += 4) {
    a = Math.imul(a ^ words[i], M[0]);
    a = (a << 13) | (a >>> 19);
    b = Math.imul(b ^ words[i + 1], M[1]);
    b = (b << 13) | (b >>> 19);
    c = Math.imul(c ^ words[i + 2], M[2]);
    c = (c << 13) | (c >>> 19);
    d = Math.imul(d ^ words[i + 3], M[3]);
    d = (d << 13) | (d >>> 19);
  }
  for (let i = whole; i < words.length; i++) a = Math.imul(a ^ words[i], M[1]);
  for (let i = words.length * 4; i < bytes.byteLength; i++) b = Math.imul(b ^ bytes[i], M[2]);
  c = Math.imul(c ^ bytes.byteLength, M[3]);
  d = Math.imul(d ^ Math.floor(bytes.byteLength / 2 ** 32), M[0]);
  return [a, b, c, d].map((x) => (x >>> 0).toString(16).padStart(8, "0")).join("");
}

// ---- the kept copy for a start; a download to keep ------------------------------------------------

const hasSha256 = async (bytes, expected) => (await sha256(bytes)) === expected;

// The kept copy when it is this build's (key and sizes), else null: {bytes, verified, stdlib}.
// `verified`: its checksum (computed as it was read: docs/performance.md, "Kept snapshot") is
// build.json's; `stdlib` resolves with the kept standard library once
// its sha256 is build.json's, or null (then downloaded).
export async function keptSource(snap, kept, { mark, onDamagedKept }) {
  const mine = await kept;
  if (!mine || mine.key !== snap.sha256 || mine.snapshot.byteLength !== snap.bytes || mine.stdlib.byteLength !== snap.stdlib.bytes) {
    return null;
  }
  mark("snapshot", "kept");
  return { bytes: mine.snapshot, verified: mine.digests.snapshot === snap.raw_checksum,
    stdlib: checkedStdlib(mine, snap.stdlib, onDamagedKept) };
}

// The kept standard library once its sha256 is build.json's; null if not (the kept file is
// then dropped, and Pyodide downloads the library). Hashed long before Pyodide asks for it.
async function checkedStdlib(kept, { sha256: expected }, onDamagedKept) {
  try {
    if ((await kept.digests.stdlib) === expected) return kept.stdlib;
  } catch {}
  console.warn("The kept copy of Python's standard library is damaged or unreadable; downloading it.");
  onDamagedKept();
  return null;
}

// After a build's first visit has answered: the snapshot downloaded, checked and kept with the
// library the visit started with (`stdlib()`), as the scheduler's idle steps. Not downloaded
// where it could not be kept (no origin private file system, too little room) or where this
// build's snapshot did not restore before.
export async function* fetchAndKeep(snap, { here, mark, stdlib, onKept }) {
  let snapshot;
  try {
    if (await failedBefore(snap.sha256)) throw new Error("this build's snapshot did not restore on an earlier visit");
    (await open(true)).close(); // the file it would be kept in can be opened (not another tab's)
    const { quota, usage } = (await navigator.storage.estimate?.()) ?? {};
    if (quota - usage < snap.bytes + snap.stdlib.bytes + HEADER_BYTES) throw new Error("too little room in this browser's storage");
    snapshot = await download(snap, here);
  } catch (e) {
    console.warn(`The snapshot was not kept for the next visit: ${e.message}`);
    return;
  }
  mark("snapshot", "downloaded");
  yield* keepSnapshot({ key: snap.sha256, snapshot, stdlib, onKept });
}

// Inflated as it arrives; gzip's CRC catches a damaged stream, the size and sha256 of the
// compressed file a wrong one (e.g. of another build).
async function download(snap, here) {
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
  return bytes;
}
