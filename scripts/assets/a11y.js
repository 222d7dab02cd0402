// Inlined in every page by scripts/sphinx_a11y.py. An exercise's feedback area
// (.tt-feedback) becomes a polite ARIA live region as soon as it is on the page, so that a
// screen reader reads out each verdict ("✔ Right: ...") when the learner presses Check.
// The card table's announcements (.tt-announcer: each card played) are made live the same way.
// ipywidgets cannot set ARIA attributes itself; the area must be live BEFORE it changes.
(function () {
  "use strict";
  var queued = false;
  function mark() {
    queued = false;
    var areas = document.querySelectorAll(".tt-feedback:not([aria-live]), .tt-announcer:not([aria-live])");
    for (var i = 0; i < areas.length; i++) {
      areas[i].setAttribute("aria-live", "polite");
    }
  }
  new MutationObserver(function () {
    if (!queued) {
      queued = true;
      (window.requestAnimationFrame || setTimeout)(mark);
    }
  }).observe(document.documentElement, { childList: true, subtree: true });

  // Arrow keys move between the cards of a hand (the table's .tt-hand, an exercise's card
  // row .tt-cards) and the table's bids (.tt-actions) as in a toolbar; Enter or Space plays
  // or picks the card in focus. Home and End go to the first and the last card. Tab still
  // moves on to the next control.
  var CARD_ROWS = ".tt-hand, .tt-cards, .tt-actions";
  var STEPS = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };
  document.addEventListener("keydown", function (event) {
    var target = event.target;
    if (!target || target.tagName !== "BUTTON" || event.altKey || event.ctrlKey ||
        event.metaKey || !target.closest) {
      return;
    }
    var row = target.closest(CARD_ROWS);
    if (!row) {
      return;
    }
    var cards = Array.prototype.filter.call(row.querySelectorAll("button"), function (b) {
      return b.offsetParent !== null;
    });
    var at = cards.indexOf(target);
    var to = null;
    if (event.key in STEPS) {
      to = at + STEPS[event.key];
    } else if (event.key === "Home") {
      to = 0;
    } else if (event.key === "End") {
      to = cards.length - 1;
    }
    if (to === null || at < 0 || to < 0 || to >= cards.length) {
      return;
    }
    event.preventDefault();
    cards[to].focus();
  });

  // After a card, a bid, the discard or New deal pressed by key at a card table, the focus
  // goes where the table marks the next step (.tt-next: a playable card, the first bid,
  // Discard once the cards are chosen, New deal; widgets/table.py), once the mark is new
  // (tt-next-0/1 alternate at each turn), unless the learner took the focus elsewhere.
  var ACTS = ".tt-tcard, .tt-action, .tt-discard, .tt-new";
  var acted = null; // {table, was}: the table a key acted in, its mark then
  var queuedMove = false;
  var watch = new MutationObserver(function () {
    if (!queuedMove) {
      queuedMove = true;
      (window.requestAnimationFrame || setTimeout)(moveFocus);
    }
  });
  function nextMark(table) { // the one visible mark, or null (also while it is being moved)
    var marks = table.querySelectorAll(".tt-next");
    if (marks.length !== 1 || marks[0].offsetParent === null) {
      return null;
    }
    return { el: marks[0], turn: marks[0].classList.contains("tt-next-1") };
  }
  function stopWatching() {
    acted = null;
    watch.disconnect();
  }
  function moveFocus() {
    queuedMove = false;
    var next = acted && nextMark(acted.table);
    if (!next || (acted.was && next.el === acted.was.el && next.turn === acted.was.turn)) {
      return;
    }
    var at = document.activeElement;
    var lost = !at || at === document.body || at.offsetParent === null;
    var here = !lost && acted.table.contains(at) && at.matches(ACTS);
    stopWatching();
    if (lost || here) {
      next.el.focus();
    }
  }
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Enter" && event.key !== " ") {
      return;
    }
    stopWatching();
    var target = event.target;
    var table = target && target.closest && target.closest(".tt-table");
    if (table && target.matches(ACTS)) {
      acted = { table: table, was: nextMark(table) };
      watch.observe(table, { subtree: true, childList: true, attributes: true,
                             attributeFilter: ["class", "style"] });
    }
  }, true);
  document.addEventListener("pointerdown", stopWatching, true);
})();
