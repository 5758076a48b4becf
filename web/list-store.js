// The FIDE list the user opened, kept across visits in this browser's own storage for the site:
// the engine's kept form (elo_core.fidelist.store: list_export's bytes) and a few words about it
// (month, form, players), in OPFS where the browser has it, else in IndexedDB. Nothing here ever
// goes over the network. One ListStore per page (fide-list.js); its state is this object's.

const FILE = "fide-list-index"; // worker.js keeps its snapshot in the same OPFS under another name
const ABOUT = "fide-list-about.json";
const DB = { name: "elo-fide-list", store: "list", key: "kept" };

// Safari gives the main thread OPFS without createWritable: IndexedDB there.
const opfs = async () => navigator.storage?.getDirectory && typeof FileSystemFileHandle === "function" &&
  typeof FileSystemFileHandle.prototype.createWritable === "function" && (await navigator.storage.getDirectory());

function idb() {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(DB.name, 1);
    open.onupgradeneeded = () => open.result.createObjectStore(DB.store);
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
}

function idbDo(mode, act) {
  return idb().then((db) => new Promise((resolve, reject) => {
    const tx = db.transaction(DB.store, mode);
    const request = act(tx.objectStore(DB.store));
    tx.oncomplete = () => (db.close(), resolve(request?.result));
    tx.onerror = tx.onabort = () => (db.close(), reject(tx.error));
  }));
}

// Written a piece per task: tens of MB copied at once held the page for a long task.
const PIECE = 4 << 20;
const nextTask = () => new Promise((resolve) => setTimeout(resolve));
async function* pieces(bytes) {
  for (let at = 0; at < bytes.byteLength; at += PIECE) {
    await nextTask();
    yield new Uint8Array(bytes, at, Math.min(PIECE, bytes.byteLength - at));
  }
}

async function writeFile(dir, name, data) {
  const writable = await (await dir.getFileHandle(name, { create: true })).createWritable();
  if (typeof data === "string") await writable.write(data);
  else for await (const piece of pieces(data)) await writable.write(piece);
  await writable.close();
}

export class ListStore {
  #where = null; // "opfs" or "indexeddb", found once

  async #place() {
    if (!this.#where) this.#where = (await opfs().catch(() => null)) ? "opfs" : "indexeddb";
    return this.#where;
  }

  // Where the list is kept, in words for the page.
  async where() {
    return (await this.#place()) === "opfs"
      ? "this browser's private file storage for this site (OPFS)"
      : "this browser's database for this site (IndexedDB)";
  }

  // Keeps `bytes` (an ArrayBuffer) and `about` (plain JSON), replacing what was kept.
  async keep(bytes, about) {
    if ((await this.#place()) === "opfs") {
      const dir = await navigator.storage.getDirectory();
      await writeFile(dir, ABOUT, "{}"); // a list half written is never taken for whole
      await writeFile(dir, FILE, bytes);
      await writeFile(dir, ABOUT, JSON.stringify(about));
    } else {
      const blobs = [];
      for await (const piece of pieces(bytes)) blobs.push(new Blob([piece]));
      await idbDo("readwrite", (s) => s.put({ about, blob: new Blob(blobs) }, DB.key));
    }
    navigator.storage?.persist?.().catch(() => {});
  }

  // {about, bytes} as kept, or null.
  async load() {
    if ((await this.#place()) === "opfs") {
      const dir = await navigator.storage.getDirectory();
      const handle = await dir.getFileHandle(ABOUT).catch(() => null); // none: nothing kept
      const about = handle ? JSON.parse(await (await handle.getFile()).text() || "{}") : {};
      if (!about.players) return null;
      const bytes = await (await (await dir.getFileHandle(FILE)).getFile()).arrayBuffer();
      return { about, bytes };
    }
    const kept = await idbDo("readonly", (s) => s.get(DB.key));
    return kept?.about && kept.blob ? { about: kept.about, bytes: await kept.blob.arrayBuffer() } : null;
  }

  // Removes what is kept (nothing kept: nothing to do).
  async remove() {
    if ((await this.#place()) === "opfs") {
      const dir = await navigator.storage.getDirectory();
      for (const name of [ABOUT, FILE]) await dir.removeEntry(name).catch(() => {});
    } else {
      await idbDo("readwrite", (s) => s.delete(DB.key));
    }
  }
}
