// The kernel as the page sees it (scripts/assets/live/comm.js): the order its requests go
// out in, the comm messages held until the widget manager is there, a duplicate comm_open.
import { test } from "node:test";
import assert from "node:assert/strict";
import { idle, installPage, kernelMessage, settle } from "./fakes.mjs";

installPage();
const { Kernel, EXECUTE_AHEAD } = await import("../../scripts/assets/live/comm.js");
const { message, state } = await import("../../scripts/assets/live/core.js");
const { executeContent } = await import("../../scripts/assets/live/protocol.js");

function kernelSending() {
  const kernel = new Kernel();
  const sent = [];
  kernel.transport = { send: (msg) => sent.push(msg) };
  return { kernel, sent };
}

function code(text) {
  return message("execute_request", executeContent(text));
}

function commOpen(id) {
  return kernelMessage("comm_open", { comm_id: id, target_name: "jupyter.widget", data: {} });
}

/** A widget manager that records the comms it is given. */
function manager() {
  return {
    opened: [],
    handle_comm_open(comm, msg) {
      this.opened.push([comm, msg]);
      return Promise.resolve();
    },
  };
}

test("code goes out EXECUTE_AHEAD requests at a time, a widget's message at once", async () => {
  const { kernel, sent } = kernelSending();
  const cells = [code("a = 1"), code("b = 2"), code("c = 3")];
  const done = cells.map((msg) => kernel.request(msg));
  assert.equal(EXECUTE_AHEAD, 2);
  assert.deepEqual(sent, cells.slice(0, 2));
  const click = message("comm_msg", { comm_id: "w", data: { method: "custom" } });
  kernel.request(click);
  assert.deepEqual(sent, [cells[0], cells[1], click]); // (ahead of the third cell)
  kernel.dispatch(idle(cells[0].header.msg_id));
  assert.deepEqual(sent, [cells[0], cells[1], click, cells[2]]);
  const reply = await done[0];
  assert.equal(reply.content.execution_state, "idle");
  assert.equal(state.pending, 3);
});

test("a request's messages reach its callback until its idle status", async () => {
  const { kernel } = kernelSending();
  const msg = code("print('hi')");
  const seen = [];
  const done = kernel.request(msg, (reply) => seen.push(reply.header.msg_type));
  kernel.dispatch(kernelMessage("stream", { name: "stdout", text: "hi" }, msg.header.msg_id));
  kernel.dispatch(idle(msg.header.msg_id));
  kernel.dispatch(kernelMessage("stream", { name: "stdout", text: "late" }, msg.header.msg_id));
  await done;
  assert.deepEqual(seen, ["stream", "status"]);
  assert.equal(msg.header.msg_id in kernel.waiting, false);
});

test("comm messages before the widget manager wait for it, in order", () => {
  const { kernel } = kernelSending();
  const open = commOpen("c1");
  const update = kernelMessage("comm_msg", { comm_id: "c1", data: { method: "update" } });
  kernel.dispatch(open);
  kernel.dispatch(update);
  assert.deepEqual(kernel.early, [open, update]);
  const widgets = manager();
  kernel.setManager(widgets);
  assert.equal(widgets.opened.length, 1);
  const comm = widgets.opened[0][0];
  assert.equal(comm.comm_id, "c1");
  // The model listens a moment later: the update was kept for it.
  const heard = [];
  comm.on_msg((msg) => heard.push(msg));
  assert.deepEqual(heard, [update]);
  assert.deepEqual(kernel.early, []);
});

test("a second comm_open for a comm already open is dropped", () => {
  const { kernel } = kernelSending();
  const widgets = manager();
  kernel.setManager(widgets);
  const models = [];
  kernel.onComm = (id) => models.push(id);
  kernel.dispatch(commOpen("c2"));
  const first = kernel.comms.c2;
  kernel.dispatch(commOpen("c2")); // (the same comm, by a second route)
  assert.equal(widgets.opened.length, 1);
  assert.equal(kernel.comms.c2, first);
  assert.deepEqual(models, ["c2"]);
  assert.match(state.trace[state.trace.length - 1], /dropped, open already/);
});

test("comm_open of another target is ignored; comm_close forgets the comm", () => {
  const { kernel } = kernelSending();
  const widgets = manager();
  kernel.setManager(widgets);
  kernel.dispatch(kernelMessage("comm_open", { comm_id: "x", target_name: "other" }));
  assert.equal(widgets.opened.length, 0);
  kernel.dispatch(commOpen("c3"));
  const closed = [];
  kernel.comms.c3.on_close((msg) => closed.push(msg));
  kernel.dispatch(kernelMessage("comm_close", { comm_id: "c3", data: {} }));
  assert.equal(closed.length, 1);
  assert.equal("c3" in kernel.comms, false);
});

test("a widget's message sent through its comm: callbacks, errors, a comm gone", async () => {
  const { kernel, sent } = kernelSending();
  kernel.setManager(manager());
  kernel.dispatch(commOpen("c4"));
  const comm = kernel.comms.c4;
  const statuses = [];
  const id = comm.send({ method: "custom" }, { iopub: { status: (m) => statuses.push(m) } });
  const msg = sent[sent.length - 1];
  assert.equal(msg.header.msg_id, id);
  assert.deepEqual(msg.content, { comm_id: "c4", data: { method: "custom" } });
  kernel.dispatch(kernelMessage("error", { ename: "ValueError", evalue: "bad" }, id));
  assert.match(state.errors[state.errors.length - 1], /ValueError: bad/);
  kernel.dispatch(idle(id));
  assert.equal(statuses.length, 1);
  // ipykernel only says on stderr that the widget is no longer there.
  const again = comm.send({ method: "custom" });
  kernel.dispatch(kernelMessage("stream", { name: "stderr", text: "No such comm: c4" }, again));
  await settle();
  assert.ok(document.querySelector(".tt-live-gone"));
  assert.match(state.errors[state.errors.length - 1], /no longer in the kernel/);
});

test("a lone surrogate typed in a box goes to the kernel as U+FFFD (issue 27)", () => {
  const { kernel, sent } = kernelSending();
  kernel.setManager(manager());
  kernel.dispatch(commOpen("c5"));
  // (a broken pair: the kernel's server cannot encode it and drops the connection)
  kernel.comms.c5.send({ method: "update", state: { value: "a\ud800b\udc00 \ud83c\udca1" } },
    null, { note: "\udfff" });
  const msg = sent[sent.length - 1];
  assert.deepEqual(msg.content.data.state, { value: "a\ufffdb\ufffd \ud83c\udca1" });
  assert.deepEqual(msg.metadata, { note: "\ufffd" });
  assert.equal(JSON.stringify(msg).includes("\\ud"), false);
});
