// @ts-check
// An exercise held while its next question comes. A learner who asks for a new question (a
// `.tt-new` button: New question, Next puzzle, New deal) still sees the old one until the
// kernel's answer draws the new one: an answer given meanwhile would be judged on a question
// the learner has not seen. From that click until the kernel has answered it, the live view
// is marked busy (aria-busy; a11y.css shows it) and takes no answer: clicks, keys (Tab
// still moves on), typing and pasting are dropped there, nowhere else.
import { sending } from "./comm.js";

// What a held view drops (caught before its widgets see them).
var HELD_EVENTS = ["click", "mousedown", "pointerdown", "keydown", "beforeinput", "paste",
  "drop"];
export var MOST_HELD_MS = 20000; // a kernel that never answers does not hold it for good

var asking = null; // the live view whose .tt-new was just clicked, until its message goes

/** The live view of ``target`` when it is held (else null). */
export function heldViewOf(target) {
  var view = target && target.closest ? target.closest(".widget-subarea.tt-live") : null;
  return view && view.getAttribute("aria-busy") === "true" ? view : null;
}

/** Hold ``view`` until ``answered`` (a promise) settles, or MOST_HELD_MS. */
export function hold(view, answered) {
  view.setAttribute("aria-busy", "true");
  var release = function () {
    clearTimeout(timer);
    view.removeAttribute("aria-busy");
  };
  var timer = setTimeout(release, MOST_HELD_MS);
  Promise.resolve(answered).then(release, release);
}

function drop(event) {
  if (event.type === "keydown" && (event.key === "Tab" || event.key === "Escape")) {
    return;
  }
  if (heldViewOf(event.target)) {
    event.preventDefault();
    event.stopImmediatePropagation();
  }
}

function noteNewQuestion(event) {
  var button = event.target && event.target.closest ? event.target.closest(".tt-new") : null;
  var view = button && !button.disabled ? button.closest(".widget-subarea.tt-live") : null;
  if (view) { // (its widget sends the click in this same event: see sending.custom)
    asking = view;
    setTimeout(function () {
      asking = null;
    }, 0);
  }
}

/** Listen on ``doc`` (once): a click on a live `.tt-new` holds its view (see above). */
export function holdNewQuestions(doc) {
  HELD_EVENTS.forEach(function (type) {
    doc.addEventListener(type, drop, true);
  });
  doc.addEventListener("click", noteNewQuestion, true);
  sending.custom = function (answered) {
    if (asking) {
      hold(asking, answered);
      asking = null;
    }
  };
}
