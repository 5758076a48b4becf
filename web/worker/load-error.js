// A start that failed, in words for a person: what failed, and what to try. The entry (worker.js)
// tells it by its name, as it cannot import this module before the start.
export class LoadError extends Error {
  name = "LoadError";
}
