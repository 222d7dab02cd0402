// Transport 1 (scripts/assets/live/transport-server.js) over a fake WebSocket: frames
// queued until the socket opens, each kernel message dispatched once in order, and
// the lost-connection path (said on the page, Reconnect to the same kernel).
import { test } from "node:test";
import assert from "node:assert/strict";
import { FakeWebSocket, idle, installPage, kernelMessage, settle } from "./fakes.mjs";

const { window } = installPage();
globalThis.WebSocket = FakeWebSocket;
const { Kernel } = await import("../../scripts/assets/live/comm.js");
const { env, message, quietAgain, setStatus, state } =
  await import("../../scripts/assets/live/core.js");
const { executeContent, encodeFrame, decodeFrame } =
  await import("../../scripts/assets/live/protocol.js");
const { openSocket } = await import("../../scripts/assets/live/transport-server.js");
env.root = new URL("http://127.0.0.1:8000/");
quietAgain(); // (as main.js does first)

const INFO = { mode: "jupyter", base: "/", kernel: "k1", token: "t1" };

/** A kernel whose dispatched messages are recorded, on a socket not open yet. */
function connecting() {
  const kernel = new Kernel();
  const seen = [];
  const dispatch = kernel.dispatch;
  kernel.dispatch = function (msg, way) {
    seen.push(msg.header.msg_id);
    return dispatch.call(this, msg, way);
  };
  const info = { ...INFO };
  const opened = openSocket(kernel, info, new URL(info.base, env.root));
  const socket = FakeWebSocket.made[FakeWebSocket.made.length - 1];
  return { kernel, seen, opened, socket, info };
}

function code(text) {
  return message("execute_request", executeContent(text));
}

test("the socket's address names the kernel, the session and the token", () => {
  const { socket } = connecting();
  const url = new URL(socket.url);
  assert.equal(url.protocol, "ws:");
  assert.equal(url.pathname, "/api/kernels/k1/channels");
  assert.equal(url.searchParams.get("token"), "t1");
  assert.ok(url.searchParams.get("session_id"));
});

test("requests made before the socket opens go out when it does, in order", async () => {
  const { kernel, opened, socket } = connecting();
  const first = code("1");
  const click = message("comm_msg", { comm_id: "w", data: {} });
  kernel.request(first);
  kernel.request(click);
  assert.deepEqual(socket.sent, []);
  socket.open();
  await opened;
  assert.deepEqual(socket.sent.map((m) => m.header.msg_id),
    [first.header.msg_id, click.header.msg_id]);
  assert.ok(state.times.socket);
});

test("a message with buffers is one binary frame, read back whole", () => {
  const msg = message("comm_msg", { comm_id: "u", data: {} });
  msg.buffers = [new Uint8Array([1, 2, 3]), new Uint8Array([250])];
  const frame = encodeFrame(msg);
  assert.ok(frame instanceof ArrayBuffer);
  const back = decodeFrame(frame);
  assert.deepEqual(back.content, msg.content);
  assert.deepEqual(back.buffers.map((view) => Array.from(new Uint8Array(view.buffer,
    view.byteOffset, view.byteLength))), [[1, 2, 3], [250]]);
  assert.equal(typeof encodeFrame(message("comm_msg", {})), "string");
});

test("every message of the kernel is dispatched once, in the order it came", async () => {
  const { seen, opened, socket } = connecting();
  socket.open();
  await opened;
  const sent = [kernelMessage("comm_open", { comm_id: "a", target_name: "jupyter.widget" }),
    kernelMessage("comm_msg", { comm_id: "a", data: {} }),
    kernelMessage("comm_msg", { comm_id: "b", data: {} })];
  sent.forEach((msg) => socket.receive(msg));
  assert.deepEqual(seen, sent.map((msg) => msg.header.msg_id));
});

test("a lost connection is said on the page, and Reconnect finds the same kernel",
  async () => {
    setStatus("ready");
    const { kernel, opened, socket } = connecting();
    socket.open();
    await opened;
    const pending = code("x");
    kernel.request(pending);
    socket.close();
    assert.equal(state.status, "disconnected");
    assert.equal(document.documentElement.getAttribute("data-tt-live"), "disconnected");
    assert.deepEqual(kernel.waiting, {});
    assert.equal(state.pending, 0);
    const notice = document.querySelector(".tt-live-lost");
    assert.ok(notice);
    assert.equal(notice.getAttribute("role"), "alert");
    // A click while disconnected: nothing more is said (one notice).
    kernel.request(message("comm_msg", { comm_id: "w", data: {} }));
    assert.equal(document.querySelectorAll(".tt-live-lost").length, 1);

    globalThis.fetch = () => Promise.resolve({
      ok: true, json: () => Promise.resolve({ ...INFO, token: "t2" }),
    });
    const button = notice.querySelector("button");
    button.click();
    assert.equal(button.disabled, true);
    await settle();
    const again = FakeWebSocket.made[FakeWebSocket.made.length - 1];
    assert.notEqual(again, socket);
    assert.equal(new URL(again.url).searchParams.get("token"), "t2");
    again.open();
    await settle();
    assert.equal(state.status, "ready");
    assert.equal(document.querySelector(".tt-live-lost"), null);
    assert.equal(state.reconnected, 1);
    // The kernel answers on the new socket.
    const after = code("y");
    const done = kernel.request(after);
    assert.equal(again.sent[again.sent.length - 1].header.msg_id, after.header.msg_id);
    again.receive(idle(after.header.msg_id));
    await done;
  });

test("Reconnect when the kernel is gone reloads the page", async () => {
  setStatus("ready");
  const { opened, socket } = connecting();
  socket.open();
  await opened;
  // The kernel died: the server says so on iopub.
  socket.receive(kernelMessage("status", { execution_state: "dead" }));
  assert.equal(state.status, "disconnected");
  globalThis.fetch = () => Promise.resolve({
    ok: true, json: () => Promise.resolve({ ...INFO, kernel: "k2" }),
  });
  document.querySelector(".tt-live-lost").querySelector("button").click();
  await settle();
  assert.equal(window.reloaded, true);
});

test("Reconnect with the server gone says so and can be pressed again", async () => {
  document.querySelector(".tt-live-lost")?.parentNode.removeChild(
    document.querySelector(".tt-live-lost"));
  setStatus("ready");
  const { opened, socket } = connecting();
  socket.open();
  await opened;
  socket.close();
  globalThis.fetch = () => Promise.reject(new TypeError("Failed to fetch"));
  const button = document.querySelector(".tt-live-lost").querySelector("button");
  button.click();
  await settle();
  await settle();
  const detail = button.parentNode.children[button.parentNode.children.length - 1];
  assert.match(detail.textContent, /Still no connection \(the tutorial's server does not answer\)/);
  assert.equal(button.disabled, false);
  assert.equal(state.status, "disconnected");
});
