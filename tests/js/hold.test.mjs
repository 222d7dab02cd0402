// A live exercise held while its next question comes (scripts/assets/live/hold.js): a click
// on New question (.tt-new) holds its view until the kernel has answered that click; what
// the learner does there meanwhile is dropped, elsewhere and after it is not.
import { test } from "node:test";
import assert from "node:assert/strict";
import { FakeElement, installPage, settle } from "./fakes.mjs";

const { document } = installPage();
const { sending } = await import("../../scripts/assets/live/comm.js");
const { holdNewQuestions, heldViewOf } = await import("../../scripts/assets/live/hold.js");
holdNewQuestions(document);

/** A live view holding a New question button and an answer, and one beside it. */
function views() {
  const make = (extra) => {
    const view = new FakeElement("div");
    view.className = "widget-subarea tt-live";
    const newQuestion = new FakeElement("button");
    newQuestion.className = "tt-new";
    const answer = new FakeElement("input");
    view.appendChild(newQuestion);
    view.appendChild(answer);
    document.body.appendChild(view);
    return { view, newQuestion, answer, ...extra };
  };
  return [make(), make()];
}

/** An event as the page's capture listeners get it; ``dropped`` once they drop it. */
function dispatch(type, target, extra = {}) {
  const event = {
    type, target, dropped: false, ...extra,
    preventDefault() { this.dropped = true; },
    stopImmediatePropagation() { this.stopped = true; },
  };
  for (const listener of document.listeners[type] || []) {
    if (event.stopped) break;
    listener(event);
  }
  return event;
}

test("New question holds its view until the kernel has answered it", async () => {
  const [one, other] = views();
  let answer;
  const answered = new Promise((resolve) => { answer = resolve; });
  assert.equal(dispatch("click", one.newQuestion).dropped, false);
  sending.custom(answered); // (its widget sends the click in the same event)
  assert.equal(one.view.getAttribute("aria-busy"), "true");
  assert.equal(heldViewOf(one.answer), one.view);
  assert.equal(dispatch("click", one.answer).dropped, true);
  assert.equal(dispatch("keydown", one.answer, { key: " " }).dropped, true);
  assert.equal(dispatch("beforeinput", one.answer).dropped, true);
  assert.equal(dispatch("keydown", one.answer, { key: "Tab" }).dropped, false);
  assert.equal(dispatch("click", other.answer).dropped, false); // (another exercise)
  answer();
  await settle();
  assert.equal(one.view.getAttribute("aria-busy"), null);
  assert.equal(dispatch("click", one.answer).dropped, false);
});

test("a click on anything else, or a message sent later, holds nothing", async () => {
  const [one] = views();
  dispatch("click", one.answer);
  sending.custom(Promise.resolve()); // (a Check: not a new question)
  assert.equal(one.view.getAttribute("aria-busy"), null);
  dispatch("click", one.newQuestion);
  await new Promise((resolve) => setTimeout(resolve, 5)); // (its message never went)
  sending.custom(new Promise(() => {}));
  assert.equal(one.view.getAttribute("aria-busy"), null);
});
