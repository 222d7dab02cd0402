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
  // row .tt-cards) as in a toolbar; Enter or Space plays or picks the card in focus. Home
  // and End go to the first and the last card. Tab still moves on to the next control.
  var CARD_ROWS = ".tt-hand, .tt-cards";
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
})();
