// The kept file: an earlier visit's checked, inflated snapshot and Python's standard library, in
// the origin private file system, one build's at a time, so a repeat visit neither downloads nor
// inflates them (docs/performance.md, "Kept snapshot"). Its format (docs/architecture.md, "Kept
// file"): a header of HEADER_BYTES (MAGIC, then JSON: format, key, snapshot and stdlib sizes,
// padded with spaces), the snapshot's bytes, then the standard library's. The header is written
// last, so a write cut short leaves a file that is never used; a file without this header (an
// older format, or anything else) is dropped, never read as a snapshot.

const NAME = "pyodide-snapshot-inflated";
const MAGIC = "elo-kept\n";
const FORMAT = 2;
export const HEADER_BYTES = 512;
// Written a piece per task, so that a request from the page waits for one piece at most.
const PIECE = 2 ** 21;

const root = () => navigator.storage.getDirectory();

async function open(create = false) {
  return (await (await root()).getFileHandle(NAME, { create })).createSyncAccessHandle();
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

// {key, snapshot, stdlib} (byte views of one buffer), or null: nothing kept, no private file
// system, another tab holding the file's lock (it then starts without), or a file not in this
// format, which is dropped (`dropUnusable`; a primer leaves the file to the calculator's worker).
// A sync access handle reads fastest (docs/performance.md, "Kept snapshot").
export async function readKept({ dropUnusable = true } = {}) {
  let file;
  let unusable = false;
  try {
    file = await open();
    const size = file.getSize();
    const head = new Uint8Array(Math.min(size, HEADER_BYTES));
    file.read(head, { at: 0 });
    const h = size > HEADER_BYTES && parseHeader(head, size);
    if (!h) {
      unusable = true;
      return null;
    }
    const bytes = new Uint8Array(size - HEADER_BYTES);
    if (file.read(bytes, { at: HEADER_BYTES }) !== bytes.byteLength) return null;
    return { key: h.key, snapshot: bytes.subarray(0, h.snapshot), stdlib: bytes.subarray(h.snapshot) };
  } catch {
    return null;
  } finally {
    file?.close();
    if (unusable && dropUnusable) await dropKept();
  }
}

// Keeps `snapshot` and `stdlib` under `key`: an async iterable of steps (one piece written per
// step), for the scheduler's idle lane. Only an optimisation: any failure is logged and the
// file emptied.
export async function* keepSnapshot({ key, snapshot, stdlib }) {
  let file;
  try {
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
  } catch (e) {
    console.warn(`The snapshot was not kept for the next visit: ${e.message}`);
    try {
      file?.truncate(0);
    } catch {}
    file?.close();
  }
}

export async function dropKept() {
  try {
    await (await root()).removeEntry(NAME);
  } catch {
    /* nothing kept */
  }
}
