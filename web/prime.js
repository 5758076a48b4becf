// Loaded by the page (app.js) in a throwaway worker once the calculator has started and
// settled, on a build's first visit, when the service worker serves the page, so that the
// browser keeps the compiled code of Pyodide's scripts for the next visit (without a service
// worker, the page primes with worker.js itself; app.js says why).
//
// A script the service worker serves from its cache has its compiled code (V8's code cache)
// kept at its first load from there, with what is compiled when this worker's modules have
// run: their top level, and not the runtime's factory function, most of the file, which V8
// compiles only when it is first called (50-70 ms of the next visit's start, here). So the
// factory is called, with settings that stop it at its first look at them: nothing is
// downloaded or started.
import "./pyodide/pyodide.mjs";
import createPyodideModule from "./pyodide/pyodide.asm.mjs";

const STOP = new Error("primed: stopped before starting anything");
const stopAtOnce = new Proxy({}, { get() { throw STOP; }, has() { throw STOP; } });

try {
  await createPyodideModule(stopAtOnce);
} catch (e) {
  if (e === STOP) postMessage("primed"); // else the page hears nothing and ends this worker
}
