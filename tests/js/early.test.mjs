// Answers given before the exercises are live (scripts/assets/live/early.js): kept in
// order, and given to the live exercise once its cell ran, each once.
import { test } from "node:test";
import assert from "node:assert/strict";
import { FakeElement, installPage } from "./fakes.mjs";

const { document, main } = installPage();
const { state } = await import("../../scripts/assets/live/core.js");
const { cellLive, watchEarlyAnswers } = await import("../../scripts/assets/live/early.js");

function element(tag, className, parent, text) {
  const node = new FakeElement(tag);
  node.className = className || "";
  node.textContent = text || "";
  if (parent) {
    parent.appendChild(node);
  }
  return node;
}

/** A cell with its saved view: a Check button and a text box. */
function cell(index) {
  const node = element("div", "cell tt-cell-" + index, main);
  const outputs = element("div", "cell_output", node);
  const saved = element("div", "widget-subarea", outputs);
  const button = element("button", "", saved, "Check");
  const box = element("input", "", saved);
  box.type = "text";
  return { node, outputs, button, box };
}

/** The cell's live view (drawn once its cell ran): what it was given is recorded. */
function liveView(at, label) {
  const view = element("div", "widget-subarea tt-live", at.outputs);
  const got = [];
  const button = element("button", "", view, label || "Check");
  button.addEventListener("click", () => got.push("click"));
  const box = element("input", "", view);
  box.type = "text";
  box.addEventListener("input", () => got.push("input " + box.value));
  box.addEventListener("change", () => got.push("change " + box.value));
  return got;
}

function newPage() {
  state.pending = 0;
  state.page = { id: 1, live: false, queue: [], notices: [], liveAt: {}, views: [] };
  return state.page;
}

function fire(type, target) {
  document.listeners[type].forEach((listener) => listener({ target }));
}

watchEarlyAnswers();

test("clicks and typing ahead of the cells are given once the cell is live, once each",
  async () => {
    const page = newPage();
    const first = cell(3);
    const other = cell(4);
    const notice = { cell: first.node, kept: element("span"), node: element("p") };
    page.notices.push(notice);
    first.box.value = "Pet";
    fire("input", first.box);
    first.box.value = "Petite";
    fire("input", first.box); // (typing: only the last text counts)
    fire("click", first.button);
    fire("click", other.button);
    assert.deepEqual(page.queue.map((r) => [r.index, r.kind, r.value]),
      [["3", "value", "Petite"], ["3", "click", undefined], ["4", "click", undefined]]);
    assert.match(notice.kept.textContent, /your answer is kept/);

    const got = liveView(first);
    cellLive(page, 3);
    await page.replaying;
    assert.deepEqual(got, ["input Petite", "change Petite", "click"]);
    assert.deepEqual(page.queue.map((r) => r.index), ["4"]); // (its cell is not live yet)
    assert.equal(state.replayed, 2);
    cellLive(page, 3); // (again: nothing is given twice)
    await page.replaying;
    assert.deepEqual(got, ["input Petite", "change Petite", "click"]);

    const later = liveView(other);
    cellLive(page, 4);
    await page.replaying;
    assert.deepEqual(later, ["click"]);
    assert.deepEqual(page.queue, []);
  });

test("a click on a live view, or once the page is live, is not kept", () => {
  const page = newPage();
  const at = cell(5);
  liveView(at);
  fire("click", at.outputs.querySelector(".widget-subarea.tt-live").querySelector("button"));
  assert.deepEqual(page.queue, []);
  page.live = true;
  fire("click", at.button);
  assert.deepEqual(page.queue, []);
});

test("an answer whose control changed meanwhile is not given: the learner is asked again",
  async () => {
    const page = newPage();
    const at = cell(6);
    fire("click", at.button);
    const got = liveView(at, "Next deal"); // (another button in that place now)
    const dropped = state.dropped || 0;
    // (findLive waits up to 5 s for the control: let time run faster)
    const now = performance.now;
    let shift = 0;
    performance.now = () => now.call(performance) + (shift += 1000);
    try {
      cellLive(page, 6);
      await page.replaying;
    } finally {
      performance.now = now;
    }
    assert.deepEqual(got, []);
    assert.equal(state.dropped, dropped + 1);
    assert.match(at.outputs.querySelector(".tt-live-again").textContent, /answer again/);
  });
