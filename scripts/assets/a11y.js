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
})();
