// Loaded by the page (app.js) in a throwaway worker once the calculator has started and
// settled, so that the browser keeps the compiled code of Pyodide's scripts for the next visit.
//
// Chromium keeps a script's compiled code (V8's code cache) only from the script's
// second load on; a visit loads the runtime's 1.25 MB script once, so without this the
// next visit would compile it again. Loading it here is that second load. Nothing runs:
// the modules only define functions.
import "./pyodide/pyodide.mjs";
import "./pyodide/pyodide.asm.mjs";

postMessage("primed");
