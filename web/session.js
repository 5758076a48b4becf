// What a tab holds survives a reload, a crash-reload and an update taken in another tab: every
// input is kept per tab in sessionStorage, written at every change (the address alone holds only
// some, and is written once typing pauses), and an event file's text, which can be far larger,
// in IndexedDB under the tab's own id. Nothing of it leaves the browser.

const INPUTS = "elo:inputs";
const TAB_ID = "elo:tab";
const DB = "elo-calculator";
const STORE = "event-files";
const KEEP_DAYS = 7; // an event file kept for a tab closed long ago is dropped

const storage = () => {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null; // storage blocked by the browser's settings: the page works without
  }
};

// The inputs as the form's read() gives them, with the addresses this page has had: a reload at
// one of them gives them all back; a new link keeps only what links do not hold. Every address,
// not only the last: one written as the page is left (pagehide) is not the one a reload opens.
// One KeptInputs, made by app.js.
export class KeptInputs {
  #addresses = [location.search];

  save(state) {
    const addresses = this.#addresses;
    if (addresses.at(-1) !== location.search) {
      addresses.push(location.search);
      if (addresses.length > 5) addresses.shift();
    }
    try {
      storage()?.setItem(INPUTS, JSON.stringify({ query: location.search, queries: addresses, state }));
    } catch {
      /* over quota or blocked: a reload then starts from the address */
    }
  }

  saved() {
    try {
      const saved = JSON.parse(storage()?.getItem(INPUTS) ?? "null");
      if (!saved || typeof saved !== "object" || !saved.state || typeof saved.state !== "object") return null;
      return { ...saved, same: saved.query === location.search
        || (Array.isArray(saved.queries) && saved.queries.includes(location.search)) };
    } catch {
      return null;
    }
  }
}

function tabId() {
  const s = storage();
  if (!s) return null;
  let id = s.getItem(TAB_ID);
  if (!id) s.setItem(TAB_ID, (id = crypto.randomUUID()));
  return id;
}

function openDb() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function withStore(mode, act) {
  const db = await openDb();
  try {
    return await new Promise((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const result = act(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(result?.result);
      tx.onerror = tx.onabort = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

// The event file (null: no file), kept for this tab: {blob, name, note}, the file's bytes as a
// Blob (a 20 MB text put as a string is copied on the main thread in one long task).
export async function saveEventFile(file) {
  const id = tabId();
  if (!id) return;
  try {
    await withStore("readwrite", (store) => (file ? store.put({ ...file, at: Date.now() }, id) : store.delete(id)));
  } catch {
    /* storage full or blocked: the file must then be opened again after a reload */
  }
}

// {blob, name, note} kept for this tab ({text, ...} from an earlier version), or null; files kept
// for tabs long closed are dropped.
export async function savedEventFile() {
  const id = tabId();
  if (!id) return null;
  try {
    const file = await withStore("readonly", (store) => store.get(id));
    const cutoff = Date.now() - KEEP_DAYS * 86_400_000;
    withStore("readwrite", (store) => {
      store.openCursor().onsuccess = ({ target }) => {
        const cursor = target.result;
        if (!cursor) return;
        if (cursor.key !== id && !(cursor.value?.at >= cutoff)) cursor.delete();
        cursor.continue();
      };
    }).catch(() => {});
    return file && (file.blob instanceof Blob || typeof file.text === "string") ? file : null;
  } catch {
    return null;
  }
}

// Reset: this tab's inputs and event file are forgotten.
export async function forgetInputs() {
  try {
    storage()?.removeItem(INPUTS);
  } catch {
    /* blocked: nothing was kept */
  }
  await saveEventFile(null);
}
