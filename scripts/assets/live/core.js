// @ts-check
// What every part of the live page shares: its state (window.ttLive), its session, its
// status on <html data-tt-live>, its notices and its failure (see main.js).
import { makeMessage, uuid } from "./protocol.js";
import { drawStatic } from "./views.js";

export var WIDGET_VIEW = "application/vnd.jupyter.widget-view+json";
export var STATE = "application/vnd.jupyter.widget-state+json";
// The saved state as embed-loader.js holds it back (embed-amd.js draws nothing by itself).
export var HELD_STATE = "application/x.tt-held-widget-state+json";
// Local mode: how long after the widget code is ready the saved views wait for the live
// ones (the server's run of the page's cells) before they are drawn after all (ms;
// window.ttLiveFirstGrace for the tests).
export var LIVE_FIRST_GRACE = 800;
// The site root (live.js is in _static/vendor/widgets/), set by main.js from its address.
export var env = { root: /** @type {URL} */ (/** @type {unknown} */ (null)) };
// window.ttLive (main.js): sent/pending count kernel requests (the tests wait for
// pending === 0 after a click).
/** @type {any} */
export var state = {
  times: { start: performance.now() }, errors: [], sent: 0, pending: 0,
  drawsSwappedViews: true, // (nav.js leaves a swapped page's saved views to this script)
};
export var session = uuid();
// The last kernel messages of the page, one short line each (type, comm id, parent,
// where it came from), for a failing test to say what the page saw (tests/live_page.py).
export var TRACE_LENGTH = 120;
state.trace = [];
export function trace(way, msg) {
  var content = msg.content || {};
  var parent = msg.parent_header && msg.parent_header.msg_id;
  var line = [Math.round(performance.now()), way, msg.header && msg.header.msg_type,
    (content.comm_id || "").slice(0, 8), (msg.header && msg.header.msg_id || "").slice(-8),
    (parent || "").slice(-8), content.execution_state || content.name || ""].join(" ");
  if (content.name === "stderr") {
    line += " " + String(content.text).slice(0, 120);
  }
  state.trace.push(line);
  if (state.trace.length > TRACE_LENGTH) {
    state.trace.shift();
  }
}
// Resolved once the page's first answer no longer waits for this tab's main thread: nav.js
// loads what can wait (MathJax, the search index) after it. At once unless a local
// kernel is about to answer (session); else a second after the exercises are live (a
// click made at once is answered first), or when they fail or cannot start, or after
// 4 s (window.ttLiveQuietTimeout, ms, for the tests). A page swapped in (nav.js) has
// a quiet of its own: a second after its exercises are live, in either mode.
/** @type {any} */
export var calm;
export function quietAgain() {
  var resolve;
  state.quiet = new Promise(function (done) {
    resolve = done;
  });
  calm = resolve;
  setTimeout(resolve, window.ttLiveQuietTimeout || 4000); // (a slow start: not for long)
}

export function setStatus(status) {
  state.status = status;
  if (status === "ready") {
    setTimeout(calm, 1000);
  } else if (status !== "connecting" && status !== "running" && calm) {
    calm();
  }
  document.documentElement.setAttribute("data-tt-live", status);
}
export function mark(name) {
  state.times[name] = performance.now();
}
/** A message of this page's session (see protocol.makeMessage). */
export function message(msgType, content, channel) {
  return makeMessage(session, msgType, content, channel);
}
export function showNotice(text) {
  var notice = document.createElement("div");
  notice.className = "tt-live-notice";
  notice.setAttribute("role", "status");
  notice.style.cssText = "border:1px solid #8a6d00;color:#5c4900;background:#fff8e0;" +
    "padding:0.5em;margin:0.5em 0";
  notice.textContent = text;
  var main = document.querySelector("main, article, .bd-article, body");
  main.insertBefore(notice, main.firstChild);
  return notice;
}

// A notice the learner has to act on (role "alert", class ``className``), ending with
// the button that does it (returned; the notice is its parent).
export function showAlert(text, className, label) {
  var notice = showNotice(text);
  notice.classList.add(className);
  notice.setAttribute("role", "alert");
  var button = document.createElement("button");
  button.type = "button";
  button.textContent = label;
  notice.appendChild(button);
  return button;
}

// The kernel no longer has the widget a click went to (ipykernel only writes "No such
// comm" on the click's stderr): said once, next to the exercise in use, with a way out.
export function widgetGone() {
  if (document.querySelector(".tt-live-gone")) {
    return;
  }
  state.errors.push("a widget clicked is no longer in the kernel");
  var button = showAlert("This exercise has lost its Python side and cannot answer. " +
    "Reload the page to start it again (solved exercises are saved). ", "tt-live-gone",
    "Reload the page");
  button.addEventListener("click", function () {
    location.reload();
  });
  var notice = button.parentNode;
  var focused = document.activeElement;
  var place = focused && focused.closest && focused.closest(".widget-subarea");
  if (place && place.parentNode) {
    place.parentNode.insertBefore(notice, place);
  }
}

export function fail(what, error) {
  var text = what + ": " + (error && error.message ? error.message : String(error));
  state.errors.push(text);
  setStatus("failed");
  console.error("live exercises: " + text);
  drawStatic();
  var page = state.page;
  if (page && !page.live) { // say so where the learner waits, instead of counting on
    clearTimeout(page.timer);
    page.live = true;
    page.queue = [];
    page.notices.forEach(function (n) {
      n.text.textContent = "This exercise could not start here, so it cannot answer. " +
        "Reloading the page may help.";
      n.seconds.textContent = "";
      n.kept.textContent = "";
    });
  }
}
