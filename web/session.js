// What a tab holds survives a reload, a crash-reload and an update taken in another tab: every
// input is kept per tab in sessionStorage, written at every change (the address alone holds only
// some, and is written once typing pauses), and an event file's text, which can be far larger,
// in IndexedDB under the tab's own id. An embed keeps its own under its frame's key, so that two
// on one page do not overwrite each other. Nothing of it leaves the browser (SECURITY.md).
//
// Storage may throw, be blocked, be full, or hold a database of another version: the page works
// on without keeping, and says so once (`onTrouble`); a database it cannot open is replaced.

const INPUTS = "elo:inputs";
const TAB_ID = "elo:tab";
const DB = { name: "elo-calculator", version: 1, store: "event-files" };
const KEEP_DAYS = 7; // an event file kept for a tab closed long ago is dropped

const storage = () => {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null; // storage blocked by the browser's settings (or a sandboxed frame)
  }
};

// An embed's key: its place among its host page's frames (a host's frames can be told apart,
// never read); the full page's is "".
function frameKey() {
  try {
    if (window.parent === window) return "";
    const index = [...Array(window.parent.frames.length).keys()].find((i) => window.parent.frames[i] === window);
    return `:frame${index ?? ""}`;
  } catch {
    return ":frame";
  }
}

// One per page (made by app.js). `embed`: keep only what the same address gave (a blog's next post
// shows its own calculator, not the previous one's); `onTrouble()`: called once the first time
// something cannot be kept or read back.
export class KeptInputs {
  #addresses = [location.search];
  #key = INPUTS + frameKey();
  #embed;
  #onTrouble;
  #troubled = false;
  #forgotten = false; // after Reset: nothing is written again, not even as the page is left
  #files = Promise.resolve(); // the event file's writes, one after another (the newest last)

  constructor({ embed = false, onTrouble = () => {} } = {}) {
    this.#embed = embed;
    this.#onTrouble = onTrouble;
  }

  // Whether this page can keep its inputs (so far).
  get keeping() {
    return !this.#troubled;
  }

  #trouble() {
    if (this.#troubled) return;
    this.#troubled = true;
    this.#onTrouble();
  }

  // The inputs as the form's read() gives them, with the addresses this page has had: a reload at
  // one of them gives them all back; a new link keeps only what links do not hold. Every address,
  // not only the last: one written as the page is left (pagehide) is not the one a reload opens.
  save(state) {
    if (this.#forgotten) return;
    const addresses = this.#addresses;
    if (addresses.at(-1) !== location.search) {
      addresses.push(location.search);
      if (addresses.length > 5) addresses.shift();
    }
    try {
      const s = storage();
      if (!s) throw new Error("no sessionStorage");
      s.setItem(this.#key, JSON.stringify({ query: location.search, queries: addresses, state }));
    } catch {
      this.#trouble(); // over quota or blocked: a reload then starts from the address
    }
  }

  saved() {
    try {
      const s = storage();
      if (!s) throw new Error("no sessionStorage");
      const saved = JSON.parse(s.getItem(this.#key) ?? "null");
      if (!saved || typeof saved !== "object" || !saved.state || typeof saved.state !== "object") return null;
      const same = saved.query === location.search || (Array.isArray(saved.queries) && saved.queries.includes(location.search));
      return this.#embed && !same ? null : { ...saved, same };
    } catch {
      this.#trouble();
      return null;
    }
  }

  // The tab's own id (and the frame's), made once; null when sessionStorage cannot hold it.
  #tabId() {
    try {
      const s = storage();
      if (!s) return null;
      let id = s.getItem(TAB_ID);
      if (!id) s.setItem(TAB_ID, (id = crypto.randomUUID()));
      return id + frameKey();
    } catch {
      return null;
    }
  }

  // The event file (null: no file), kept for this tab: {blob, name, note}, the file's bytes as a
  // Blob (a 20 MB text put as a string is copied on the main thread in one long task). Writes
  // are made in the order asked, so the newest file is the one kept.
  saveEventFile(file) {
    if (this.#forgotten) return this.#files;
    const write = async () => {
      const id = this.#tabId();
      if (!id) return file && this.#trouble();
      try {
        await withStore("readwrite", (store) => (file ? store.put({ ...file, at: Date.now() }, id) : store.delete(id)));
      } catch {
        if (file) this.#trouble(); // full or blocked: the file must then be opened again after a reload
      }
    };
    return (this.#files = this.#files.then(write));
  }

  // {blob, name, note} kept for this tab ({text, ...} from an earlier version), or null; files kept
  // for tabs long closed are dropped.
  async savedEventFile() {
    const id = this.#tabId();
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
      this.#trouble();
      return null;
    }
  }

  // Reset: this tab's inputs and event file are forgotten, and nothing is written again until the
  // page is left (the address written as it goes would keep the old inputs once more).
  async forget() {
    await this.saveEventFile(null);
    this.#forgotten = true;
    try {
      storage()?.removeItem(this.#key);
    } catch {
      /* blocked: nothing was kept */
    }
  }
}

// Opens the database; one left at another version, or without its store, is deleted and made
// anew (it only ever holds files a reload may bring back). Blocked (another tab holds an older
// version open): refused, the file is then not kept.
async function openDb() {
  try {
    return await openOnce();
  } catch (error) {
    if (error?.name === "blocked") throw error;
    await new Promise((resolve, reject) => {
      const request = indexedDB.deleteDatabase(DB.name);
      request.onsuccess = resolve;
      request.onerror = request.onblocked = () => reject(request.error ?? new Error("blocked"));
    });
    return openOnce();
  }
}

function openOnce() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB.name, DB.version);
    request.onupgradeneeded = () => {
      if (!request.result.objectStoreNames.contains(DB.store)) request.result.createObjectStore(DB.store);
    };
    request.onsuccess = () => {
      const db = request.result;
      db.onversionchange = () => db.close(); // another tab's newer version must not wait on this one
      if (db.objectStoreNames.contains(DB.store)) return resolve(db);
      db.close();
      reject(new Error("no store"));
    };
    request.onerror = () => reject(request.error);
    request.onblocked = () => reject(Object.assign(new Error("blocked"), { name: "blocked" }));
  });
}

async function withStore(mode, act) {
  const db = await openDb();
  try {
    return await new Promise((resolve, reject) => {
      const tx = db.transaction(DB.store, mode);
      const result = act(tx.objectStore(DB.store));
      tx.oncomplete = () => resolve(result?.result);
      tx.onerror = tx.onabort = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}
