// Progress in the browser (scripts/assets/live/progress.js, static mode): the stored text
// goes to the kernel as it is, Python's merge (merge_stored) comes back and is stored, its
// notice shown, a damaged value set aside; read, merge and write under the Web Lock.
import { test } from "node:test";
import assert from "node:assert/strict";
import { FakeKernel, installLocks, installPage, settle } from "./fakes.mjs";

const page = installPage();
const { PROGRESS_KEY, keepProgress, restoreProgress, saveProgress } = await import(
  "../../scripts/assets/live/progress.js");
const storage = page.window.localStorage;

/** The text the code sent gives Python to merge (None: nothing). */
function sentText(code) {
  const start = code.lastIndexOf("_tt_merge_stored(") + "_tt_merge_stored(".length;
  const literal = code.slice(start, code.lastIndexOf(")))"));
  return literal === "None" ? null : JSON.parse(literal);
}
/** merge_stored's answer as the kernel prints it (one JSON line). */
function printed(text, notice = null, damaged = null) {
  return JSON.stringify({ text, notice, damaged }) + "\n";
}
function notices() {
  return page.document.querySelectorAll(".tt-live-notice").map((n) => n.textContent);
}
function reset() {
  storage.clear();
  page.document.querySelectorAll(".tt-live-notice").forEach((n) => n.parentNode.removeChild(n));
}

test("the stored text goes to the kernel verbatim, the merged text is stored", async () => {
  reset();
  const locks = installLocks();
  const stored = '{"solved": {"a": "2026-11-30T10:00:00"}, "x": "é \\u2028 \' \\"\u2028\\\\"}';
  storage.setItem(PROGRESS_KEY, stored);
  const kernel = new FakeKernel();
  const saved = saveProgress(kernel);
  await settle();
  assert.equal(kernel.requests.length, 1);
  const code = kernel.requests[0].code;
  assert.match(code, /from tarot_teach\.widgets\.progress import merge_stored/);
  assert.equal(sentText(code), stored);
  const merged = '{\n "version": 1,\n "solved": {\n  "a": "2026-11-30T09:00:00.000000+00:00"\n }\n}';
  kernel.answer(0, printed(merged));
  await saved;
  assert.equal(storage.getItem(PROGRESS_KEY), merged);
  assert.deepEqual(locks.taken, [PROGRESS_KEY]);
  assert.deepEqual(notices(), []);
});

test("read, merge and write hold the lock: a second tab's save waits for the first", async () => {
  reset();
  const locks = installLocks();
  storage.setItem(PROGRESS_KEY, "stored at first");
  const [first, second] = [new FakeKernel(), new FakeKernel()];
  const saves = [saveProgress(first), saveProgress(second)];
  await settle();
  assert.equal(locks.held, PROGRESS_KEY);
  assert.equal(first.requests.length, 1);
  assert.equal(second.requests.length, 0); // (not read yet)
  first.answer(0, printed("merged by the first"));
  await saves[0];
  await settle();
  assert.equal(second.requests.length, 1);
  assert.equal(sentText(second.requests[0].code), "merged by the first");
  assert.equal(locks.held, PROGRESS_KEY);
  second.answer(0, printed("merged by the second"));
  await saves[1];
  assert.equal(storage.getItem(PROGRESS_KEY), "merged by the second");
  assert.equal(locks.held, null);
  assert.deepEqual(locks.taken, [PROGRESS_KEY, PROGRESS_KEY]);
});

test("the kernel's notice is shown once", async () => {
  reset();
  installLocks();
  const notice = "Your progress was reset in another tab (30 November 2026 at 10:00): " +
    "1 solved exercise from before then was removed here too.";
  const kernel = new FakeKernel();
  for (let i = 0; i < 2; i++) {
    const saved = saveProgress(kernel);
    await settle();
    kernel.answer(i, printed("{}", notice));
    await saved;
  }
  assert.deepEqual(notices(), [notice]);
});

test("a damaged stored value is set aside under a new name, never overwritten", async () => {
  reset();
  installLocks();
  const kernel = new FakeKernel();
  for (const [i, text] of [[0, null], [1, "{\"solved\": {}}"]]) {
    storage.setItem(PROGRESS_KEY, "{not json");
    const saved = saveProgress(kernel);
    await settle();
    assert.equal(sentText(kernel.requests[i].code), "{not json");
    kernel.answer(i, printed(text, null, "it is not JSON"));
    await saved;
    assert.equal(storage.getItem(PROGRESS_KEY), text); // (none, or the kernel's file)
  }
  const aside = [...storage.keys()].filter((k) => k.startsWith(PROGRESS_KEY + ".damaged-"));
  assert.equal(aside.length, 2);
  assert.deepEqual(aside.map((k) => storage.getItem(k)), ["{not json", "{not json"]);
  const said = notices();
  assert.equal(said.length, 2);
  assert.match(said[0], /^The progress saved in this browser was damaged; it has been kept aside/);
  assert.ok(aside.some((k) => said[0].includes(k)), said[0]);

  // Where it cannot be set aside, it stays where it is.
  const setItem = storage.setItem;
  storage.setItem = (key, value) => {
    if (key !== PROGRESS_KEY) {
      throw new Error("quota exceeded");
    }
    setItem(key, value);
  };
  try {
    storage.setItem(PROGRESS_KEY, "{not json either");
    const saved = saveProgress(kernel);
    await settle();
    kernel.answer(2, printed("{\"solved\": {}}", null, "it is not JSON"));
    await saved;
    assert.equal(storage.getItem(PROGRESS_KEY), "{not json either");
  } finally {
    storage.setItem = setItem;
  }
});

test("without Web Locks (or anything stored) the save still runs", async () => {
  reset();
  installLocks(false);
  const kernel = new FakeKernel();
  const saved = saveProgress(kernel);
  await settle();
  assert.equal(sentText(kernel.requests[0].code), null);
  kernel.answer(0, printed("the kernel's file"));
  await saved;
  assert.equal(storage.getItem(PROGRESS_KEY), "the kernel's file");
});

test("the page's start brings what is stored into the kernel, nothing if nothing is",
  async () => {
    reset();
    const locks = installLocks();
    const kernel = new FakeKernel();
    assert.equal(restoreProgress(kernel), null);
    assert.equal(kernel.requests.length, 0);
    storage.setItem(PROGRESS_KEY, '{"solved": {"a": "2026-11-30T10:00:00Z"}}');
    const restored = restoreProgress(kernel);
    await settle();
    assert.equal(sentText(kernel.requests[0].code), storage.getItem(PROGRESS_KEY));
    assert.equal(locks.held, PROGRESS_KEY);
    kernel.answer(0, printed("merged at the start"));
    await restored;
    assert.equal(storage.getItem(PROGRESS_KEY), "merged at the start");
  });

test("a kernel that answers late releases the lock in time, then saves again", async () => {
  reset();
  const locks = installLocks();
  page.window.ttLiveProgressTimeout = 5;
  try {
    storage.setItem(PROGRESS_KEY, "as stored");
    const kernel = new FakeKernel();
    await saveProgress(kernel);
    assert.equal(locks.held, null);
    storage.setItem(PROGRESS_KEY, "stored by another tab meanwhile");
    kernel.answer(0, printed("too late"));
    await settle();
    assert.equal(storage.getItem(PROGRESS_KEY), "stored by another tab meanwhile");
    assert.equal(kernel.requests.length, 2); // (the save again, with what is stored now)
    assert.equal(sentText(kernel.requests[1].code), "stored by another tab meanwhile");
    kernel.answer(1, printed("merged again"));
    await settle();
    assert.equal(storage.getItem(PROGRESS_KEY), "merged again");
    assert.equal(locks.held, null);
  } finally {
    delete page.window.ttLiveProgressTimeout;
  }
});

test("another tab's save (a storage event) goes to the kernel as it is, then this tab saves",
  async () => {
  reset();
  const locks = installLocks();
  const kernel = new FakeKernel();
  keepProgress(kernel);
  const heard = (event) => page.window.listeners.storage.forEach((l) => l(event));
  heard({ key: "other", newValue: "x" });
  heard({ key: PROGRESS_KEY, newValue: null });
  assert.equal(kernel.requests.length, 0);
  const text = '{"solved": {"b": "soon"}} \u2028"';
  heard({ key: PROGRESS_KEY, newValue: text });
  assert.equal(kernel.requests.length, 1);
  const code = kernel.requests[0].code;
  assert.match(code, /import merge_into_file as _tt_merge\n/);
  const literal = code.slice(code.indexOf("_tt_merge(") + "_tt_merge(".length,
    code.indexOf(")\nif _tt_message"));
  assert.equal(JSON.parse(literal), text);
  // This tab's copy of the store may have lagged behind when it last saved (a browser
  // brings it up to date a moment later): what the kernel holds beyond it is written back.
  storage.setItem(PROGRESS_KEY, text);
  kernel.answer(0, "");
  await settle();
  assert.equal(kernel.requests.length, 2);
  assert.equal(sentText(kernel.requests[1].code), text);
  kernel.answer(1, printed("with this tab's solves too"));
  await settle();
  assert.equal(storage.getItem(PROGRESS_KEY), "with this tab's solves too");
  assert.deepEqual(locks.taken, [PROGRESS_KEY]);
});

test("a merged text equal to the stored one is not written again", async () => {
  reset();
  installLocks();
  storage.setItem(PROGRESS_KEY, "the same");
  const writes = [];
  const setItem = storage.setItem;
  storage.setItem = (key, value) => { writes.push(value); setItem(key, value); };
  try {
    const kernel = new FakeKernel();
    const saved = saveProgress(kernel);
    await settle();
    kernel.answer(0, printed("the same"));
    await saved;
    assert.deepEqual(writes, []); // (no storage event for the other tabs)
    const again = saveProgress(kernel);
    await settle();
    kernel.answer(1, printed("more"));
    await again;
    assert.deepEqual(writes, ["more"]);
  } finally {
    storage.setItem = setItem;
  }
});
