// @ts-check
// Before the exercises are live: each widget cell says that Python is starting, and the
// answers given meanwhile (clicks, typed text, a choice) are kept, then given to the live
// exercise once its cell ran, in the same order.
import { WIDGET_VIEW, state } from "./core.js";

// ----------------------------------------------- before the exercises are live
// Each widget cell says under it that Python is starting (with the seconds); answers
// given meanwhile (clicks, typed text, a choice in a list) are kept and given to the
// live exercise as soon as it is there, in the same order.
function widgetCells() {
  var cells = [];
  document.querySelectorAll('script[type="' + WIDGET_VIEW + '"]').forEach(function (tag) {
    var cell = tag.closest('[class*="tt-cell-"]');
    if (cell && cells.indexOf(cell) < 0) {
      cells.push(cell);
    }
  });
  return cells;
}

export function showWaiting(page) {
  widgetCells().forEach(function (cell) {
    var notice = document.createElement("p");
    notice.className = "tt-live-wait";
    notice.setAttribute("role", "status");
    notice.style.cssText = "font-size:0.9em;color:#5c4900;background:#fff8e0;" +
      "border-left:3px solid #8a6d00;padding:0.2em 0.6em;margin:0.3em 0";
    var text = document.createElement("span");
    var seconds = document.createElement("span");
    seconds.setAttribute("aria-live", "off");
    var kept = document.createElement("span");
    notice.appendChild(text);
    notice.appendChild(seconds);
    notice.appendChild(kept);
    // Under the exercise, not above it: when the notice goes, nothing the learner may be
    // pointing at moves (above, the exercise jumped up a line as Python became ready).
    (cell.querySelector(".cell_output") || cell).appendChild(notice);
    page.notices.push({ cell: cell, text: text, seconds: seconds, kept: kept, node: notice });
  });
  function tick() {
    if (state.page !== page || page.live) {
      return;
    }
    var elapsed = Math.floor((performance.now() - page.started) / 1000);
    var starting = state.status === "connecting";
    page.notices.forEach(function (n) {
      n.text.textContent = starting ? "Starting Python… " : "Getting the exercise ready… ";
      n.seconds.textContent = elapsed + " s";
    });
    page.timer = setTimeout(tick, 1000 - ((performance.now() - page.started) % 1000));
  }
  tick();
}

export function clearNotices(page) {
  clearTimeout(page.timer);
  page.notices.forEach(function (n) {
    if (n.node.parentNode) {
      n.node.parentNode.removeChild(n.node);
    }
  });
  page.notices = [];
}

export function staticTarget(node) {
  var sub = node && node.closest ? node.closest(".widget-subarea:not(.tt-live)") : null;
  if (!sub || !state.page || state.page.live) {
    return null;
  }
  var cell = sub.closest('[class*="tt-cell-"]');
  if (!cell) {
    return null;
  }
  var index = /tt-cell-(\d+)/.exec(cell.className)[1];
  var subs = Array.prototype.slice.call(
    cell.querySelectorAll(".widget-subarea:not(.tt-live)"));
  // The control is found again in the live view as the n-th of its kind (the live view
  // is built from the same widgets as the static one).
  var kind = controlKind(node);
  var nth = Array.prototype.indexOf.call(sub.querySelectorAll(kind), node);
  return { cell: cell, index: index, k: subs.indexOf(sub), selector: kind, nth: nth,
    label: controlLabel(node) };
}

function controlKind(node) {
  if (node.tagName === "INPUT") {
    return /^(radio|checkbox)$/.test(node.type) ? "input[type=" + node.type + "]"
      : "input:not([type=radio]):not([type=checkbox])";
  }
  return node.tagName.toLowerCase();
}

function controlLabel(node) {
  return node.tagName === "BUTTON" ? (node.textContent || "").trim().slice(0, 60) : "";
}

export function keep(record) {
  var page = state.page;
  var last = page.queue[page.queue.length - 1];
  if (last && record.kind === "value" && last.kind === "value" &&
    last.selector === record.selector && last.nth === record.nth && last.k === record.k &&
    last.index === record.index) {
    page.queue.pop(); // typing: only the last text counts
  }
  page.queue.push(record);
  state.queued = page.queue.length;
  page.notices.forEach(function (n) {
    if (n.cell === record.cell) {
      n.kept.textContent = " — your answer is kept and will be checked as soon as it is ready.";
    }
  });
}

export function watchEarlyAnswers() {
  document.addEventListener("click", function (event) {
    var control = event.target.closest && event.target.closest("button, input");
    if (!control || (control.tagName === "INPUT" && !/^(radio|checkbox)$/.test(control.type))) {
      return; // a click on a label reaches its input as a click too
    }
    var record = staticTarget(control);
    if (record) {
      record.kind = "click";
      keep(record);
    }
  }, true);
  function changed(event) {
    var control = event.target;
    if (!control || !/^(INPUT|TEXTAREA|SELECT)$/.test(control.tagName) ||
      /^(radio|checkbox)$/.test(control.type)) {
      return;
    }
    var record = staticTarget(control);
    if (record) {
      record.kind = control.tagName === "SELECT" ? "select" : "value";
      record.value = control.tagName === "SELECT" ? control.selectedIndex : control.value;
      keep(record);
    }
  }
  document.addEventListener("input", changed, true);
  document.addEventListener("change", changed, true);
}

export function idle() {
  return new Promise(function (resolve) {
    (function poll() {
      if (state.pending === 0) {
        requestAnimationFrame(function () {
          setTimeout(resolve, 0);
        });
      } else {
        setTimeout(poll, 20);
      }
    })();
  });
}

function liveTarget(record) {
  var cell = document.querySelector(".tt-cell-" + record.index);
  var sub = cell && cell.querySelectorAll(".widget-subarea.tt-live")[record.k];
  var el = sub && sub.querySelectorAll(record.selector)[record.nth];
  if (!el || controlLabel(el) !== record.label) {
    return null;
  }
  return el;
}

// A box's children are drawn a little after the box: wait for the control (up to 5 s).
export function findLive(record) {
  var started = performance.now();
  return new Promise(function (resolve) {
    (function poll() {
      var el = liveTarget(record);
      if (el || performance.now() - started > 5000) {
        resolve(el);
      } else {
        setTimeout(poll, 25);
      }
    })();
  });
}

function askAgain(page, cell) {
  if (cell.querySelector(".tt-live-again")) {
    return;
  }
  var note = document.createElement("p");
  note.className = "tt-live-again";
  note.setAttribute("role", "status");
  note.style.cssText = "font-size:0.9em;padding:0.2em 0.6em;margin:0.3em 0;" +
    "border-left:3px solid #8a6d00";
  note.textContent = "Python is ready, but the exercise changed meanwhile: please answer again.";
  var outputs = cell.querySelector(".cell_output") || cell;
  outputs.insertBefore(note, outputs.firstChild);
}

// One cell's live views are in place: its notice goes, and the answers given in it are
// given to it (the other cells' wait for theirs).
export function cellLive(page, index) {
  if (state.page !== page) {
    return;
  }
  var mine = function (cell) {
    return cell.classList.contains("tt-cell-" + index);
  };
  page.notices = page.notices.filter(function (n) {
    if (mine(n.cell) && n.node.parentNode) {
      n.node.parentNode.removeChild(n.node);
    }
    return !mine(n.cell);
  });
  page.liveAt[index] = performance.now(); // (for the tests)
  var records = page.queue.filter(function (record) {
    return mine(record.cell);
  });
  page.queue = page.queue.filter(function (record) {
    return !mine(record.cell);
  });
  replay(page, records);
}

// Gives the kept answers to the live views, one after the other (after those given
// before), each once the kernel answered the one before.
export function replay(page, records) {
  var chain = page.replaying || Promise.resolve();
  records.forEach(function (record) {
    chain = chain.then(function () {
      if (state.page !== page) {
        return null;
      }
      return findLive(record);
    }).then(function (el) {
      if (state.page !== page) {
        return null;
      }
      if (!el) {
        state.dropped = (state.dropped || 0) + 1;
        askAgain(page, record.cell);
        return null;
      }
      if (record.kind === "click") {
        el.click();
      } else if (record.kind === "select") {
        el.selectedIndex = record.value;
        el.dispatchEvent(new Event("change", { bubbles: true }));
      } else {
        el.value = record.value;
        el.dispatchEvent(new Event("input", { bubbles: true }));
        el.dispatchEvent(new Event("change", { bubbles: true }));
      }
      state.replayed = (state.replayed || 0) + 1;
      return idle();
    });
  });
  page.replaying = chain;
  return chain;
}
