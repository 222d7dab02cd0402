// @ts-check
// The kernel as the page sees it (requests, the messages that answer them, the widgets'
// comms) whatever carries the messages: kernel.transport, see transport-server.js and
// transport-lite.js.
import { fail, message, state, trace, widgetGone } from "./core.js";
import { wellFormed } from "./protocol.js";

// ------------------------------------------------------------------ the kernel
// A kernel connection: send(msg) -> Promise resolved when the kernel is done with it
// (iopub status idle). Messages from the kernel go to dispatch().
// Code goes to the kernel EXECUTE_AHEAD requests at a time, the others wait here: a
// widget's message (a click) is not queued in the kernel behind a page's later cells, so
// the first exercise answers while the rest of the page is still being built.
export var EXECUTE_AHEAD = 2;
/** @constructor */
export function Kernel() {
  this.waiting = {}; // parent msg_id -> {onIopub, resolve, code}
  this.comms = {};
  this.manager = null;
  this.early = []; // comm messages before the manager exists
  this.code = []; // execute requests not sent yet
  this.running = 0; // execute requests sent and not yet done
}
Kernel.prototype.request = function (msg, onIopub) {
  var self = this;
  msg.content = wellFormed(msg.content); // (what the learner typed may not be: see there)
  msg.metadata = wellFormed(msg.metadata);
  var code = msg.header.msg_type === "execute_request";
  return new Promise(function (resolve) {
    self.waiting[msg.header.msg_id] = { onIopub: onIopub, resolve: resolve, code: code };
    trace("out", msg);
    state.sent += 1;
    state.pending += 1;
    if (code) {
      self.code.push(msg);
      self.sendCode();
    } else {
      self.transport.send(msg);
    }
  });
};
Kernel.prototype.sendCode = function () {
  while (this.running < EXECUTE_AHEAD && this.code.length) {
    this.running += 1;
    this.transport.send(this.code.shift());
  }
};
Kernel.prototype.dispatch = function (msg, way) {
  var type = msg.header && msg.header.msg_type;
  if (type !== "status" || (msg.parent_header || {}).msg_id in this.waiting) {
    trace(way || "in", msg);
  }
  if (type === "comm_open" || type === "comm_msg" || type === "comm_close") {
    if (this.manager) {
      this.handleComm(msg);
    } else {
      this.early.push(msg);
    }
  }
  var parent = msg.parent_header && msg.parent_header.msg_id;
  var waiter = parent && this.waiting[parent];
  if (!waiter) {
    return;
  }
  if (waiter.onIopub) {
    try {
      waiter.onIopub(msg);
    } catch (error) {
      fail("handling " + type, error);
    }
  }
  if (type === "status" && msg.content.execution_state === "idle") {
    delete this.waiting[parent];
    state.pending -= 1;
    if (waiter.code) {
      this.running -= 1;
      this.sendCode();
    }
    waiter.resolve(msg);
  }
};
Kernel.prototype.setManager = function (manager) {
  this.manager = manager;
  var early = this.early.splice(0);
  for (var i = 0; i < early.length; i++) {
    this.handleComm(early[i]);
  }
};
Kernel.prototype.handleComm = function (msg) {
  var type = msg.header.msg_type;
  var content = msg.content;
  if (type === "comm_open") {
    if (content.target_name !== "jupyter.widget") {
      return;
    }
    if (this.comms[content.comm_id]) {
      trace("dropped, open already:", msg); // (its model and views are kept)
      return;
    }
    var comm = new Comm(this, content.comm_id, content.target_name);
    this.comms[content.comm_id] = comm;
    if (this.onComm) {
      this.onComm(content.comm_id);
    }
    this.manager.handle_comm_open(comm, msg).then(sendInOrder).catch(function (error) {
      fail("creating a widget", error);
    });
  } else {
    var target = this.comms[content.comm_id];
    if (!target) {
      return;
    }
    if (type === "comm_close") {
      delete this.comms[content.comm_id];
    }
    target.receive(msg);
  }
};

// A widget model that sends each change when it is made. @jupyter-widgets/base holds a
// model's change while the kernel is busy with its previous one (a throttle meant for
// sliders) but sends a button's click at once: a learner who changed an answer and pressed
// Check a moment later (or while the page's cells kept the kernel busy) was judged on the
// answer before. Sent at once, changes and clicks reach the kernel in the learner's order.
export function sendInOrder(model) {
  if (model) {
    Object.defineProperty(model, "_pending_msgs", {
      configurable: true, get: function () { return 0; }, set: function () {},
    });
  }
  return model;
}

// The comm interface @jupyter-widgets/base expects (IClassicComm). A widget's model is
// made a moment after its comm_open (its class is loaded first): the comm's messages
// that come meanwhile (its first updates) are kept until the model listens, not lost.
/** @constructor */
export function Comm(kernel, id, target) {
  this.kernel = kernel;
  this.comm_id = id;
  this.target_name = target;
  this.msgHandler = null;
  this.closeHandler = null;
  this.held = [];
}
Comm.prototype.receive = function (msg) {
  var handler = msg.header.msg_type === "comm_msg" ? this.msgHandler : this.closeHandler;
  if (handler && !this.held.length) {
    handler(msg);
  } else {
    this.held.push(msg);
  }
};
Comm.prototype.release = function () {
  while (this.held.length) {
    var next = this.held[0];
    var handler = next.header.msg_type === "comm_msg" ? this.msgHandler : this.closeHandler;
    if (!handler) {
      return;
    }
    this.held.shift();
    handler(next);
  }
};
Comm.prototype.on_msg = function (callback) {
  this.msgHandler = callback;
  this.release();
};
Comm.prototype.on_close = function (callback) {
  this.closeHandler = callback;
  this.release();
};
Comm.prototype.open = function () {
  return "";
};
// sending.custom(answered), when set, is told of each widget's custom message (a click) as
// it goes, with a promise of the kernel's answer (see hold.js).
export var sending = { custom: null };
Comm.prototype._send = function (type, content, callbacks, metadata, buffers) {
  var msg = message(type, content);
  msg.metadata = metadata || {};
  msg.buffers = buffers || []; // (a file chosen in an upload: its content)
  var answered = this.kernel.request(msg, function (reply) {
    var iopub = callbacks && callbacks.iopub;
    if (iopub && reply.header.msg_type === "status" && iopub.status) {
      iopub.status(reply);
    } else if (reply.header.msg_type === "error") { // (the widgets catch their own)
      var text = "a widget's Python code failed: " + reply.content.ename + ": " +
        reply.content.evalue;
      state.errors.push(text);
      console.error("live exercises: " + text);
    } else if (reply.header.msg_type === "stream" &&
      String(reply.content.text).indexOf("No such comm") >= 0) {
      widgetGone();
    }
  });
  if (sending.custom && content.data && content.data.method === "custom") {
    sending.custom(answered);
  }
  return msg.header.msg_id;
};
Comm.prototype.send = function (data, callbacks, metadata, buffers) {
  return this._send("comm_msg", { comm_id: this.comm_id, data: data }, callbacks, metadata,
    buffers);
};
Comm.prototype.close = function (data, callbacks, metadata, buffers) {
  delete this.kernel.comms[this.comm_id];
  return this._send("comm_close", { comm_id: this.comm_id, data: data || {} }, callbacks,
    metadata, buffers);
};
