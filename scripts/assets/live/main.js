// @ts-check
// Live exercises: loaded by myst-nb on pages with widgets, after require.js, setup.js and
// @jupyter-widgets/html-manager's embed-amd.js (nb_ipywidgets_js in _config.yml);
// scripts/fetch_assets.py bundles this module and those it imports (esbuild) into the one
// file _static/vendor/widgets/live.js. The modules: protocol.js (messages and frames),
// core.js (state, status, notices), comm.js (the kernel and its comms),
// transport-server.js and transport-lite.js (where the kernel is), progress.js (progress
// in the browser), early.js (answers given before the exercises are live), hold.js (an
// exercise takes no answer while its next question comes), views.js (the page and its
// views), key.js (the browser's key, session.json), glue.js (start).
// Unit tests: tests/js/*.test.mjs (node --test).
//
// The page first shows the widgets as saved at build time (embed-amd.js). Meanwhile this
// script gets a Python kernel, re-runs the page's code cells in it (their sources are
// embedded by scripts/sphinx_offline_site.py as <script id="tt-live-cells">, each marked
// whether the widgets need it) and replaces each static widget view by a live one whose
// callbacks run in that kernel.
//
// Where the kernel comes from is said by _static/vendor/live/session.json:
// * {"mode": "jupyter", base, token, kernel, reused}: `tarot-teach` serves the book
//   and a Jupyter server on 127.0.0.1; the kernel is already started and warm (its own
//   start-up lines imported the engine and the widgets); the page is its only client and
//   runs its cells in it as soon as it is connected. Jupyter messages go
//   over the kernel's WebSocket (JSON frames). session.json is only answered to a request
//   carrying the browser's key (header X-Tarot-Teach-Key): tarot-teach opens the book on
//   its opener page (_static/vendor/live/open.html#code=... or #key=...), which alone moves
//   the key into localStorage, which belongs to this origin (scheme, host AND port) alone,
//   once the server accepts it (a #key= on any other page is dropped from the address,
//   never kept: any site could link to one). A key the server refuses is forgotten. No
//   cookie: cookies ignore ports, so another local server would get them. A page inside a
//   frame of another origin never goes live (nor asks for its kernel). One kernel per tab (X-Tarot-Teach-Tab, an id kept in sessionStorage): a reload
//   gets the same kernel back; the server shuts down kernels no page is connected to.
// * {"mode": "lite", ...}: a static copy of the book; JupyterLite's Pyodide kernel runs in a
//   Web Worker (the worker script of jupyterlite-pyodide-kernel, driven through its comlink
//   interface), with Pyodide and the wheels (ipywidgets, tarot_teach, ...) served by the site.
// * anything else: the static widgets stay as they are.
//
// The widget manager is html-manager's HTMLManager with real comms. Nothing is fetched
// from another host. Progress is reported on <html data-tt-live="..."> and in
import { env, quietAgain, setStatus, state } from "./core.js";
import { start } from "./glue.js";
import { countLoads } from "./key.js";

var script = /** @type {HTMLScriptElement | null} */ (document.currentScript);
// (nav.js never loads it twice; a copy of the page might)
if (script && script.src && window.requirejs && !window.ttLive) {
  window.ttLive = state;
  env.root = new URL("../../../", script.src); // the site root
  quietAgain();
  setStatus("connecting");
  countLoads();
  start();
}
