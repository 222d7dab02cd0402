// Transport 2 (scripts/assets/live/transport-lite.js) over a fake Web Worker: comlink's
// wire format as the page writes and reads it, pinned to the vendored worker's version;
// one request at a time, a widget's message before the page's later cells.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { FakeWorker, installPage, settle } from "./fakes.mjs";

installPage();
globalThis.Worker = FakeWorker;
const { Kernel } = await import("../../scripts/assets/live/comm.js");
const { env, message, quietAgain } = await import("../../scripts/assets/live/core.js");
const { executeContent } = await import("../../scripts/assets/live/protocol.js");
const { startLite } = await import("../../scripts/assets/live/transport-lite.js");
env.root = new URL("http://127.0.0.1:8000/book/");
quietAgain();

const LITE = new URL("../../vendor/site/_static/vendor/lite/", import.meta.url);
// The versions whose wire format the page was written against (see the last test).
const COMLINK = "4.4.2";
const KERNEL_EXTENSION = "@jupyterlite/pyodide-kernel-extension@0.8.6";

const INFO = {
  mode: "lite", worker: "comlink.worker.js", pyodide: "pyodide/pyodide.mjs",
  piplite: "pypi/piplite.whl", indexes: ["pypi/all.json"], preload: ["micropip"],
};

/** A kernel on a worker that has started (its "initialize" answered). */
async function started(info) {
  const kernel = new Kernel();
  const dispatched = [];
  const dispatch = kernel.dispatch;
  kernel.dispatch = function (msg, way) {
    dispatched.push(msg);
    return dispatch.call(this, msg, way);
  };
  const ready = startLite(kernel, info || INFO);
  const worker = FakeWorker.made[FakeWorker.made.length - 1];
  worker.reply({ id: worker.posted[0].id, type: "RAW", value: undefined });
  await ready;
  return { kernel, worker, dispatched };
}

test("the worker is started with comlink's APPLY of initialize, its options RAW", () => {
  const kernel = new Kernel();
  startLite(kernel, INFO);
  const worker = FakeWorker.made[FakeWorker.made.length - 1];
  assert.equal(worker.url, "http://127.0.0.1:8000/book/_static/vendor/lite/comlink.worker.js");
  assert.deepEqual(worker.options, { type: "module" });
  assert.equal(worker.posted.length, 1);
  const call = worker.posted[0];
  assert.deepEqual(Object.keys(call).sort(), ["argumentList", "id", "path", "type"]);
  assert.equal(call.type, "APPLY");
  assert.deepEqual(call.path, ["initialize"]);
  assert.equal(call.argumentList.length, 1);
  assert.equal(call.argumentList[0].type, "RAW");
  const options = call.argumentList[0].value;
  assert.equal(options.baseUrl, "http://127.0.0.1:8000/book/");
  assert.equal(options.indexUrl, "http://127.0.0.1:8000/book/_static/vendor/lite/pyodide/");
  assert.deepEqual(options.pipliteUrls,
    ["http://127.0.0.1:8000/book/_static/vendor/lite/pypi/all.json"]);
  assert.equal(options.disablePyPIFallback, true);
  assert.deepEqual(options.loadPyodideOptions, { packages: ["micropip"] });
});

test("a call the worker throws on is refused with its message", async () => {
  const kernel = new Kernel();
  const ready = startLite(kernel, INFO);
  const worker = FakeWorker.made[FakeWorker.made.length - 1];
  worker.reply({
    id: worker.posted[0].id, type: "HANDLER", name: "throw",
    value: { isError: true, value: { message: "no WebAssembly", name: "Error" } },
  });
  await assert.rejects(ready, /no WebAssembly/);
});

test("an execute request goes as APPLY execute(content, msg); idle once answered",
  async () => {
    const { kernel, worker, dispatched } = await started();
    const msg = message("execute_request", executeContent("1 + 1"));
    const done = kernel.request(msg);
    const call = worker.posted[1];
    assert.deepEqual(call.path, ["execute"]);
    assert.deepEqual(call.argumentList.map((a) => a.type), ["RAW", "RAW"]);
    assert.deepEqual(call.argumentList[0].value, msg.content);
    assert.equal(call.argumentList[1].value, msg);
    // The kernel's output comes as _kernelMessage, before the call's answer.
    worker.reply({ _kernelMessage: { type: "execute_error", parentHeader: msg.header,
      content: { ename: "E", evalue: "v" } } });
    worker.reply({ _kernelMessage: { type: "stream", parentHeader: msg.header,
      bundle: { name: "stdout", text: "2" } } });
    worker.reply({ id: call.id, type: "RAW", value: { status: "ok" } });
    const idle = await done;
    assert.equal(idle.content.execution_state, "idle");
    assert.deepEqual(dispatched.map((m) => [m.header.msg_type, m.channel]),
      [["error", "iopub"], ["stream", "iopub"], ["status", "iopub"]]);
    assert.deepEqual(dispatched[1].content, { name: "stdout", text: "2" });
  });

test("one request at a time; a widget's message before the page's later cells",
  async () => {
    const { kernel, worker } = await started();
    const cells = [message("execute_request", executeContent("a")),
      message("execute_request", executeContent("b"))];
    cells.forEach((msg) => kernel.request(msg));
    const click = message("comm_msg", { comm_id: "w", data: {} });
    kernel.request(click);
    assert.equal(worker.posted.length, 2); // (the first cell only)
    worker.reply({ id: worker.posted[1].id, type: "RAW", value: {} });
    await settle();
    assert.deepEqual(worker.posted[2].path, ["commMsg"]);
    assert.equal(worker.posted[2].argumentList[0].value, click);
    worker.reply({ id: worker.posted[2].id, type: "RAW", value: undefined });
    await settle();
    assert.deepEqual(worker.posted[3].path, ["execute"]);
    assert.equal(worker.posted[3].argumentList[1].value, cells[1]);
  });

test("the vendored worker speaks the comlink version this framing was written for",
  { skip: !existsSync(LITE) && "vendor/ not fetched (scripts/fetch_assets.py)" }, () => {
    const licences = JSON.parse(readFileSync(new URL("kernel-third-party-licenses.json",
      LITE), "utf-8"));
    const comlink = licences.packages.filter((p) => p.name === "comlink");
    assert.deepEqual(comlink.map((p) => p.versionInfo), [COMLINK],
      "comlink changed in the vendored kernel: check transport-lite.js's framing, then " +
      "the versions in this test");
    const fetched = JSON.parse(readFileSync(new URL(".fetched.json", LITE), "utf-8"));
    assert.ok(fetched.packages.includes(KERNEL_EXTENSION), fetched.packages.join(", "));
    const worker = readFileSync(new URL("comlink.worker.js", LITE), "utf-8");
    for (const part of ['case"APPLY"', '{type:"RAW",value:', 'type:"HANDLER",name:',
      '"throw"', "_kernelMessage", "_logMessage"]) {
      assert.ok(worker.includes(part), part);
    }
  });
