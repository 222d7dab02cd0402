// @ts-check
// Progress in the browser (static mode): the learner's progress file kept in localStorage,
// merged with the kernel's by Python (tarot_teach/widgets/progress.py, merge_stored).
import { message, showNotice } from "./core.js";
import { executeContent, uuid } from "./protocol.js";

// ------------------------------------------- progress in the browser (static mode)
// The browser's Python keeps files in memory only: the learner's progress file is kept in
// localStorage. Other tabs of the site save there too, so nothing is ever simply
// overwritten: at the page's start and after each click in an exercise, the stored text
// goes to the kernel as it is, which merges it into its file (solves are only ever added)
// and answers with the merged file, stored in its place, and what to tell the learner.
// Read, merge and write run under the browser's lock of the site (Web Locks), so two tabs
// never save over each other. A tab's copy of localStorage may still lag behind another
// tab's write when it reads (Chromium brings it up to date a moment later: a browser test
// saw a save under the lock read nothing just after the other tab had stored its solve):
// what another tab stores (a "storage" event) is merged into this kernel's file, then
// saved again, so what this tab holds and the store lacks is written back. A text equal to
// the stored one is not written again (no event for the other tabs). A stored value that
// Python cannot read is set aside under a new name, with a notice, never overwritten.
export var PROGRESS_KEY = "tarot_teach.progress";
// How long a save holds the lock at most (ms; window.ttLiveProgressTimeout for the tests):
// a kernel busy elsewhere (still running the page's cells) must not hold up the other tabs'
// saves. Its late answer is not stored (the store may have changed since): once it comes,
// the save runs again, under the lock, so what this page solved is not left out.
export var SAVE_TIMEOUT = 15000;
var PROGRESS_MERGE = "from tarot_teach.widgets.progress import merge_into_file as _tt_merge\n";
var PROGRESS_STORED = "import json as _tt_json\n" +
  "from tarot_teach.widgets.progress import merge_stored as _tt_merge_stored\n";

var progressSaid = {};
function sayOnce(text) {
  if (!progressSaid[text]) {
    progressSaid[text] = true;
    showNotice(text);
  }
}

// ``task`` run under the site's progress lock (all its tabs); at once where the browser
// has no Web Locks (an insecure context, node's tests).
export function withProgressLock(task) {
  var locks = typeof navigator !== "undefined" && navigator.locks;
  return locks ? locks.request(PROGRESS_KEY, task) : Promise.resolve().then(task);
}

/** A JSON string literal is also a Python string literal. @param {string | null} text */
function pythonText(text) {
  return text === null ? "None" : JSON.stringify(text);
}

// Another page's progress merged into the kernel's file (as it is: Python reads it).
export function mergeIntoKernel(kernel, text) {
  var code = PROGRESS_MERGE + "_tt_message = _tt_merge(" + pythonText(text) + ")\n" +
    "if _tt_message:\n    print(_tt_message)\n";
  return kernel.request(message("execute_request", executeContent(code)), function (reply) {
    if (reply.header.msg_type === "stream") {
      console.warn("live exercises: " + reply.content.text);
    }
  });
}

// The stored text; the kernel's answer (merge_stored's, one JSON line) or null.
function mergeStored(kernel, stored) {
  var out = "";
  var code = PROGRESS_STORED + "print(_tt_json.dumps(_tt_merge_stored(" + pythonText(stored) +
    ")))\n";
  return kernel.request(message("execute_request", executeContent(code)), function (reply) {
    if (reply.header.msg_type === "stream" && reply.content.name === "stdout") {
      out += reply.content.text;
    }
  }).then(function () {
    var lines = out.trim().split("\n");
    try {
      return JSON.parse(lines[lines.length - 1]);
    } catch (error) {
      console.warn("live exercises: progress not merged (" + out.slice(0, 200) + ")");
      return null;
    }
  });
}

// What Python answered, in the store: a damaged stored value set aside first (its text
// under a new name), then the merged file in its place; the notice shown.
function store(stored, result) {
  var storage = window.localStorage;
  if (result.damaged) {
    var aside = PROGRESS_KEY + ".damaged-" + new Date().toISOString() + "-" +
      uuid().slice(0, 8);
    try {
      storage.setItem(aside, stored);
    } catch (error) {
      console.warn("live exercises: damaged progress could not be set aside (" + error + ")");
      return; // (never overwritten)
    }
    showNotice("The progress saved in this browser was damaged; it has been kept aside " +
      "(as " + aside + " in this site's storage) and a new one started.");
  }
  if (result.notice) {
    sayOnce(result.notice);
  }
  try {
    if (result.text && result.text !== stored) {
      storage.setItem(PROGRESS_KEY, result.text);
    } else if (result.damaged) {
      storage.removeItem(PROGRESS_KEY);
    }
  } catch (error) {
    console.warn("live exercises: progress not saved in this browser (" + error + ")");
  }
}

// The stored progress and the kernel's file merged (by the kernel), the result stored:
// read, merge and write under the lock.
export function saveProgress(kernel) {
  return withProgressLock(function () {
    var stored = null;
    try {
      stored = window.localStorage.getItem(PROGRESS_KEY);
    } catch (error) {
      return null; // (no storage here: nothing to keep)
    }
    var timer;
    var late = false;
    var timeout = new Promise(function (resolve) {
      var wait = /** @type {any} */ (window).ttLiveProgressTimeout || SAVE_TIMEOUT;
      timer = setTimeout(function () {
        late = true;
        resolve(null);
      }, wait);
    });
    var merged = mergeStored(kernel, stored);
    merged.then(function () {
      if (late) {
        saveProgress(kernel).catch(function () {});
      }
    }, function () {});
    return Promise.race([merged, timeout]).then(function (result) {
      clearTimeout(timer);
      if (result && !late) {
        store(stored, result);
      }
    });
  });
}

// At the page's start: the stored progress (if any) brought into the kernel's empty file.
export function restoreProgress(kernel) {
  var stored = null;
  try {
    stored = window.localStorage.getItem(PROGRESS_KEY);
  } catch (error) {
    // (no storage here)
  }
  return stored ? saveProgress(kernel) : null;
}

export function keepProgress(kernel) {
  // Listening in the capture phase, then waiting for the current event to finish, puts
  // the save right behind the widget's own message: the kernel answers them in order.
  document.addEventListener("click", function (event) {
    var target = /** @type {any} */ (event.target);
    if (!target || !target.closest || !target.closest(".tt-live")) {
      return;
    }
    setTimeout(function () {
      saveProgress(kernel).catch(function () {});
    }, 0);
  }, true);
  // Another tab saved: bring its solves into this page's file, so they show here, then
  // save, so that what this page holds and that tab may not have read is stored too.
  window.addEventListener("storage", function (event) {
    if (event.key === PROGRESS_KEY && event.newValue) {
      mergeIntoKernel(kernel, event.newValue).then(function () {
        return saveProgress(kernel);
      }).catch(function () {});
    }
  });
}
