// Live exercises: loaded by myst-nb on pages with widgets, after require.js, setup.js and
// @jupyter-widgets/html-manager's embed-amd.js (nb_ipywidgets_js in _config.yml);
// scripts/fetch_assets.py copies it to _static/vendor/widgets/live.js.
//
// The page first shows the widgets as saved at build time (embed-amd.js). Meanwhile this
// script gets a Python kernel, re-runs the page's code cells in it (their sources are
// embedded by scripts/sphinx_offline_site.py as <script id="tt-live-cells">, each marked
// whether the widgets need it) and replaces each static widget view by a live one whose
// callbacks run in that kernel.
//
// Where the kernel comes from is said by _static/vendor/live/session.json:
// * {"mode": "jupyter", base, token, kernel, reused, prerun}: `tarot-teach` serves the book
//   and a Jupyter server on 127.0.0.1; the kernel is already started and warm, and the
//   server has begun to run this page's cells in it (session.json?page=...: "prerun" names
//   that run, see takeRun) while this page loads its widget code. Jupyter messages go
//   over the kernel's WebSocket (JSON frames). session.json is only answered to a request
//   carrying the browser's key (header X-Tarot-Teach-Key): tarot-teach opens the book on
//   its opener page (_static/vendor/live/open.html#code=... or #key=...), which alone moves
//   the key into localStorage, which belongs to this origin (scheme, host AND port) alone,
//   once the server accepts it (a #key= on any other page is dropped from the address,
//   never kept: any site could link to one). A key the server refuses is forgotten. No
//   cookie: cookies ignore ports, so another local server would get them. A page inside a
//   frame of another origin never goes live (nor asks for its kernel). One kernel per tab (X-Tarot-Teach-Tab, an id kept in sessionStorage): a reload
//   gets the same kernel back; the server shuts down kernels no page is connected to.
// * {"mode": "lite", ...}: a static copy of the book; JupyterLite's Pyodide kernel runs in a
//   Web Worker (the worker script of jupyterlite-pyodide-kernel, driven through its comlink
//   interface), with Pyodide and the wheels (ipywidgets, tarot_teach, ...) served by the site.
// * anything else: the static widgets stay as they are.
//
// The widget manager is html-manager's HTMLManager with real comms. Nothing is fetched
// from another host. Progress is reported on <html data-tt-live="..."> and in
// window.ttLive (timings, for the browser tests).
(function () {
  "use strict";
  var script = document.currentScript;
  if (!script || !script.src || !window.requirejs || window.ttLive) {
    return; // (nav.js never loads it twice; a copy of the page might)
  }
  var WIDGET_VIEW = "application/vnd.jupyter.widget-view+json";
  var STATE = "application/vnd.jupyter.widget-state+json";
  // The saved state as embed-loader.js holds it back (embed-amd.js draws nothing by itself).
  var HELD_STATE = "application/x.tt-held-widget-state+json";
  // Local mode: how long after the widget code is ready the saved views wait for the live
  // ones (the server's run of the page's cells) before they are drawn after all (ms;
  // window.ttLiveFirstGrace for the tests).
  var LIVE_FIRST_GRACE = 800;
  var root = new URL("../../../", script.src); // the site root (script is in _static/vendor/widgets/)
  // sent/pending count kernel requests (the tests wait for pending === 0 after a click).
  var state = (window.ttLive = {
    times: { start: performance.now() }, errors: [], sent: 0, pending: 0,
    drawsSwappedViews: true, // (nav.js leaves a swapped page's saved views to this script)
  });
  var session = uuid();
  // The last kernel messages of the page, one short line each (type, comm id, parent,
  // where it came from), for a failing test to say what the page saw (tests/live_page.py).
  var TRACE_LENGTH = 120;
  state.trace = [];
  function trace(way, msg) {
    var content = msg.content || {};
    var parent = msg.parent_header && msg.parent_header.msg_id;
    var line = [Math.round(performance.now()), way, msg.header && msg.header.msg_type,
      (content.comm_id || "").slice(0, 8), (msg.header && msg.header.msg_id || "").slice(-8),
      (parent || "").slice(-8), content.execution_state || content.name || ""].join(" ");
    if (content.name === "stderr") {
      line += " " + String(content.text).slice(0, 120);
    }
    state.trace.push(line);
    if (state.trace.length > TRACE_LENGTH) {
      state.trace.shift();
    }
  }
  // Resolved once the page's first answer no longer waits for this tab's main thread: nav.js
  // loads what can wait (MathJax, the search index) after it. At once unless a local
  // kernel is about to answer (session); else a second after the exercises are live (a
  // click made at once is answered first), or when they fail or cannot start, or after
  // 4 s (window.ttLiveQuietTimeout, ms, for the tests). A page swapped in (nav.js) has
  // a quiet of its own: a second after its exercises are live, in either mode.
  var calm;
  function quietAgain() {
    var resolve;
    state.quiet = new Promise(function (done) {
      resolve = done;
    });
    calm = resolve;
    setTimeout(resolve, window.ttLiveQuietTimeout || 4000); // (a slow start: not for long)
  }
  quietAgain();
  setStatus("connecting");

  function setStatus(status) {
    state.status = status;
    if (status === "ready") {
      setTimeout(calm, 1000);
    } else if (status !== "connecting" && status !== "running" && calm) {
      calm();
    }
    document.documentElement.setAttribute("data-tt-live", status);
  }
  function mark(name) {
    state.times[name] = performance.now();
  }
  function uuid() {
    var bytes = new Uint8Array(16);
    (window.crypto || window.msCrypto).getRandomValues(bytes);
    bytes[6] = (bytes[6] & 15) | 64;
    bytes[8] = (bytes[8] & 63) | 128;
    var hex = Array.prototype.map.call(bytes, function (b) {
      return (b + 256).toString(16).slice(1);
    }).join("");
    return hex.slice(0, 8) + "-" + hex.slice(8, 12) + "-" + hex.slice(12, 16) + "-" +
      hex.slice(16, 20) + "-" + hex.slice(20);
  }
  function message(msgType, content, channel) {
    return {
      header: {
        msg_id: uuid(), msg_type: msgType, session: session, username: "learner",
        date: new Date().toISOString(), version: "5.3",
      },
      parent_header: {}, metadata: {}, content: content, channel: channel || "shell",
      buffers: [],
    };
  }
  function showNotice(text) {
    var notice = document.createElement("div");
    notice.className = "tt-live-notice";
    notice.setAttribute("role", "status");
    notice.style.cssText = "border:1px solid #8a6d00;color:#5c4900;background:#fff8e0;" +
      "padding:0.5em;margin:0.5em 0";
    notice.textContent = text;
    var main = document.querySelector("main, article, .bd-article, body");
    main.insertBefore(notice, main.firstChild);
    return notice;
  }

  // A notice the learner has to act on (role "alert", class ``className``), ending with
  // the button that does it (returned; the notice is its parent).
  function showAlert(text, className, label) {
    var notice = showNotice(text);
    notice.classList.add(className);
    notice.setAttribute("role", "alert");
    var button = document.createElement("button");
    button.type = "button";
    button.textContent = label;
    notice.appendChild(button);
    return button;
  }

  // The kernel no longer has the widget a click went to (ipykernel only writes "No such
  // comm" on the click's stderr): said once, next to the exercise in use, with a way out.
  function widgetGone() {
    if (document.querySelector(".tt-live-gone")) {
      return;
    }
    state.errors.push("a widget clicked is no longer in the kernel");
    var button = showAlert("This exercise has lost its Python side and cannot answer. " +
      "Reload the page to start it again (solved exercises are saved). ", "tt-live-gone",
      "Reload the page");
    button.addEventListener("click", function () {
      location.reload();
    });
    var notice = button.parentNode;
    var focused = document.activeElement;
    var place = focused && focused.closest && focused.closest(".widget-subarea");
    if (place && place.parentNode) {
      place.parentNode.insertBefore(notice, place);
    }
  }

  function fail(what, error) {
    var text = what + ": " + (error && error.message ? error.message : String(error));
    state.errors.push(text);
    setStatus("failed");
    console.error("live exercises: " + text);
    drawStatic();
    var page = state.page;
    if (page && !page.live) { // say so where the learner waits, instead of counting on
      clearTimeout(page.timer);
      page.live = true;
      page.queue = [];
      page.notices.forEach(function (n) {
        n.text.textContent = "This exercise could not start here, so it cannot answer. " +
          "Reloading the page may help.";
        n.seconds.textContent = "";
        n.kept.textContent = "";
      });
    }
  }

  // ------------------------------------------------------------------ the kernel
  // A kernel connection: send(msg) -> Promise resolved when the kernel is done with it
  // (iopub status idle). Messages from the kernel go to dispatch().
  // Code goes to the kernel EXECUTE_AHEAD requests at a time, the others wait here: a
  // widget's message (a click) is not queued in the kernel behind a page's later cells, so
  // the first exercise answers while the rest of the page is still being built.
  var EXECUTE_AHEAD = 2;
  function Kernel() {
    this.waiting = {}; // parent msg_id -> {onIopub, resolve, code}
    this.comms = {};
    this.manager = null;
    this.early = []; // comm messages before the manager exists
    this.code = []; // execute requests not sent yet
    this.running = 0; // execute requests sent and not yet done
  }
  Kernel.prototype.request = function (msg, onIopub) {
    var self = this;
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
      this.manager.handle_comm_open(comm, msg).catch(function (error) {
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

  // The comm interface @jupyter-widgets/base expects (IClassicComm). A widget's model is
  // made a moment after its comm_open (its class is loaded first): the comm's messages
  // that come meanwhile (its first updates) are kept until the model listens, not lost.
  function Comm(kernel, id, target) {
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
  Comm.prototype._send = function (type, content, callbacks, metadata, buffers) {
    var msg = message(type, content);
    msg.metadata = metadata || {};
    msg.buffers = buffers || []; // (a file chosen in an upload: its content)
    this.kernel.request(msg, function (reply) {
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

  // ---------------------------------------------------- transport 1: a Jupyter server
  // A message with binary buffers (e.g. a file chosen in an upload) is one binary frame, as
  // Jupyter's kernel WebSocket protocol has it: the number of parts, the offset of each,
  // then the parts (the JSON message without its buffers, then each buffer).
  function bytesOf(buffer) {
    return ArrayBuffer.isView(buffer)
      ? new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength)
      : new Uint8Array(buffer);
  }
  function encodeFrame(msg) {
    if (!msg.buffers || !msg.buffers.length) {
      return JSON.stringify(msg);
    }
    var plain = {};
    Object.keys(msg).forEach(function (key) {
      if (key !== "buffers") {
        plain[key] = msg[key];
      }
    });
    var parts = [new TextEncoder().encode(JSON.stringify(plain))].concat(
      msg.buffers.map(bytesOf));
    var offset = 4 * (parts.length + 1);
    var frame = new Uint8Array(parts.reduce(function (size, part) {
      return size + part.byteLength;
    }, offset));
    var view = new DataView(frame.buffer);
    view.setUint32(0, parts.length);
    parts.forEach(function (part, i) {
      view.setUint32(4 * (i + 1), offset);
      frame.set(part, offset);
      offset += part.byteLength;
    });
    return frame.buffer;
  }
  function decodeFrame(data) {
    if (typeof data === "string") {
      return JSON.parse(data);
    }
    var view = new DataView(data);
    var offsets = [];
    for (var i = 0; i < view.getUint32(0); i++) {
      offsets.push(view.getUint32(4 * (i + 1)));
    }
    offsets.push(data.byteLength);
    var msg = JSON.parse(new TextDecoder().decode(
      new Uint8Array(data, offsets[0], offsets[1] - offsets[0])));
    msg.buffers = [];
    for (var j = 1; j + 1 < offsets.length; j++) {
      msg.buffers.push(new DataView(data, offsets[j], offsets[j + 1] - offsets[j]));
    }
    return msg;
  }

  function connectJupyter(kernel, info) {
    var base = new URL(info.base, root);
    var opened = openSocket(kernel, info, base);
    if (info.reused && !info.prerun) {
      // The tab's kernel kept the widgets of the page shown before (a reload): close them
      // (the server did, before it ran this page's cells).
      kernel.request(message("execute_request", executeContent(
        "import ipywidgets as _tt_w\n_tt_w.Widget.close_all()\ndel _tt_w\n")));
    }
    // Tell the server the page is gone: it shuts the kernel down unless the tab comes back
    // at once (a reload); without this it does so once no page was connected for a while.
    window.addEventListener("pagehide", function () {
      try {
        fetch(new URL("_static/vendor/live/release", root), {
          method: "POST", keepalive: true, cache: "no-store", headers: sessionHeaders(),
        }).catch(function () {});
      } catch (error) {
        /* nothing to do */
      }
    });
    return opened;
  }

  function openSocket(kernel, info, base) {
    var ws = new URL("api/kernels/" + encodeURIComponent(info.kernel) + "/channels", base);
    ws.protocol = ws.protocol === "https:" ? "wss:" : "ws:";
    ws.search = "session_id=" + session + "&token=" + encodeURIComponent(info.token);
    return new Promise(function (resolve, reject) {
      var socket = new WebSocket(ws.href);
      socket.binaryType = "arraybuffer";
      var queue = [];
      var opened = false;
      kernel.transport = {
        send: function (msg) {
          if (socket.readyState === 1) {
            socket.send(encodeFrame(msg));
          } else if (socket.readyState === 0) {
            queue.push(msg);
          } else {
            connectionLost(kernel, info, base); // the click is lost: say so at once
          }
        },
      };
      socket.onopen = function () {
        opened = true;
        mark("socket");
        queue.splice(0).forEach(function (msg) {
          socket.send(encodeFrame(msg));
        });
        resolve();
      };
      socket.onerror = function () {
        if (!opened) {
          reject(new Error("cannot reach the kernel"));
        }
      };
      socket.onclose = function () {
        if (opened) {
          connectionLost(kernel, info, base);
        }
      };
      socket.onmessage = function (event) {
        var msg = decodeFrame(event.data);
        if (msg.channel === "iopub") {
          var id = msg.header && msg.header.msg_id;
          if (kernel.held) {
            kernel.held.push(msg); // after the messages of the server's run (takeRun)
          } else if (kernel.ran && kernel.ran[id]) {
            delete kernel.ran[id]; // a late copy of one of them: dispatched already
          } else {
            kernel.dispatch(msg);
          }
          if (msg.header && msg.header.msg_type === "status" &&
            msg.content.execution_state === "dead") {
            connectionLost(kernel, info, base); // the kernel itself is gone
          }
        }
      };
    });
  }

  // The kernel's connection closed (server stopped, computer asleep, a message too large):
  // say so on the page, with a button that connects again (to the same kernel if it still
  // runs, so nothing typed is lost; else the page is reloaded with a new one).
  function connectionLost(kernel, info, base) {
    if (state.status === "disconnected" || document.querySelector(".tt-live-lost")) {
      return;
    }
    setStatus("disconnected");
    // Requests on the closed socket will never be answered.
    kernel.waiting = {};
    state.pending = 0;
    var button = showAlert("The connection to the exercises was lost: your answers are " +
      "not checked until it is back (solved exercises are saved). ", "tt-live-lost",
      "Reconnect");
    button.className = "tt-live-reconnect";
    var notice = button.parentNode;
    var detail = document.createElement("span");
    notice.appendChild(detail);
    button.addEventListener("click", function () {
      button.disabled = true;
      detail.textContent = " Connecting…";
      askSession().then(function (again) {
        if (again.mode !== "jupyter") {
          throw new Error(again.mode === "locked" ? "this browser's key was refused"
            : "the tutorial's server does not answer");
        }
        if (again.kernel !== info.kernel) {
          location.reload(); // the old kernel is gone: start the page afresh
          return new Promise(function () {});
        }
        info.token = again.token;
        state.reconnected = (state.reconnected || 0) + 1;
        return openSocket(kernel, info, base);
      }).then(function () {
        kernel.running = 0; // (the code sent before the loss will not answer: go on)
        kernel.sendCode();
        notice.parentNode.removeChild(notice);
        setStatus("ready");
      }).catch(function (error) {
        detail.textContent = " Still no connection (" + (error && error.message || error) +
          "). Is tarot-teach still running? Start it again, then press Reconnect.";
        button.disabled = false;
      });
    });
  }

  // The server ran the page's cells as soon as it was asked for the kernel (app/prerun.py
  // PageRuns), while this page was loading: one request brings what they did. Their widget
  // messages are dispatched as if they had come over the WebSocket; messages that came over
  // it meanwhile wait (kernel.held) and follow, without the ones already dispatched. The
  // WebSocket's own copies of the run's messages can also come after this request's answer
  // (a loaded machine): they are dropped (kernel.ran). Dispatched twice, a comm_open made a
  // second model of a widget, and the view on screen no longer heard its Python side.
  // Resolves with {page, cells: [{index, views, error}]}, or {error} (then the page runs
  // its cells itself).
  function takeRun(kernel, info, page) {
    kernel.held = [];
    return fetch(new URL("_static/vendor/live/prerun.json?run=" +
      encodeURIComponent(info.prerun), root), {
      method: "POST", // (taken once; the service worker keeps no copy of a POST)
      cache: "no-store", credentials: "same-origin", headers: sessionHeaders(),
    }).then(function (response) {
      return response.ok ? response.json() : { error: "HTTP " + response.status };
    }).catch(function (error) {
      return { error: String(error) };
    }).then(function (result) {
      mark("ranAhead");
      var seen = {};
      (result.messages || []).forEach(function (msg) {
        seen[msg.header.msg_id] = true;
        kernel.dispatch(msg, "ran");
      });
      var held = kernel.held;
      kernel.held = null;
      held.forEach(function (msg) {
        if (seen[msg.header.msg_id]) {
          delete seen[msg.header.msg_id];
        } else {
          kernel.dispatch(msg, "held");
        }
      });
      kernel.ran = seen; // (the WebSocket may bring its copies of the others later still)
      if (result.error) {
        console.warn("live exercises: the page's cells did not run ahead (" + result.error +
          "); running them now");
      }
      result.page = page;
      return result;
    });
  }

  // ---------------------------------- transport 2: JupyterLite's Pyodide kernel (worker)
  function connectLite(kernel, info) {
    // Start the worker once the service worker controls the page (nav.js), so that Pyodide
    // and the wheels are kept for the next visit (and served compressed, see tt-sw.js).
    var ready = window.ttNav && window.ttNav.swReady ? window.ttNav.swReady : Promise.resolve();
    return ready.then(function () {
      mark("sw");
      return startLite(kernel, info);
    });
  }

  function startLite(kernel, info) {
    var liteBase = new URL(info.base || "_static/vendor/lite/", root);
    var worker = new Worker(new URL(info.worker, liteBase), { type: "module" });
    state.workers = (state.workers || 0) + 1;
    var calls = {};
    function call(method, args) {
      return new Promise(function (resolve, reject) {
        var id = uuid();
        calls[id] = { resolve: resolve, reject: reject };
        worker.postMessage({
          id: id, type: "APPLY", path: [method],
          argumentList: args.map(function (value) {
            return { type: "RAW", value: value };
          }),
        });
      });
    }
    worker.addEventListener("message", function (event) {
      var data = event.data || {};
      if (data._kernelMessage) {
        var m = data._kernelMessage;
        var type = m.type === "execute_error" ? "error" : m.type;
        kernel.dispatch({
          header: { msg_id: uuid(), msg_type: type, session: session },
          parent_header: m.parentHeader || {},
          metadata: m.metadata || {},
          content: m.bundle || m.content || {},
          buffers: m.buffers || [],
          channel: "iopub",
        });
      } else if (data._logMessage) {
        var log = data._logMessage;
        if (log.level === "critical") {
          console.warn("live exercises (kernel): " + log.data);
        }
      } else if (data.id && calls[data.id]) {
        var pending = calls[data.id];
        delete calls[data.id];
        if (data.type === "HANDLER" && data.name === "throw") {
          var v = data.value || {};
          pending.reject(v.isError ? new Error(v.value && v.value.message) : v.value);
        } else {
          pending.resolve(data.value);
        }
      }
    });
    worker.addEventListener("error", function (event) {
      fail("the Python worker", event.message || "could not start");
    });
    // One request at a time, as the kernel expects; "idle" once the worker answered. A
    // widget's message (a click) goes before the code not yet started (the page's later
    // cells): an exercise live already answers without waiting for the rest of the page.
    var urgent = [];
    var later = [];
    var working = false;
    function next() {
      var job = urgent.shift() || later.shift();
      working = !!job;
      if (job) {
        job().then(next);
      }
    }
    kernel.transport = {
      send: function (msg) {
        var job = function () {
          var type = msg.header.msg_type;
          var done;
          if (type === "execute_request") {
            done = call("execute", [msg.content, msg]);
          } else if (type === "comm_msg") {
            done = call("commMsg", [msg, msg]);
          } else if (type === "comm_close") {
            done = call("commClose", [msg, msg]);
          } else {
            done = Promise.resolve();
          }
          return done.catch(function (error) {
            fail(type, error);
          }).then(function () {
            kernel.dispatch({
              header: { msg_id: uuid(), msg_type: "status", session: session },
              parent_header: msg.header, metadata: {},
              content: { execution_state: "idle" }, channel: "iopub",
            });
          });
        };
        (msg.header.msg_type === "execute_request" ? later : urgent).push(job);
        if (!working) {
          next();
        }
      },
    };
    var options = {
      baseUrl: root.href,
      pyodideUrl: new URL(info.pyodide, liteBase).href,
      indexUrl: new URL(info.pyodide, liteBase).href.replace(/[^/]*$/, ""),
      pipliteWheelUrl: new URL(info.piplite, liteBase).href,
      pipliteUrls: info.indexes.map(function (u) {
        return new URL(u, liteBase).href;
      }),
      disablePyPIFallback: true,
      location: "",
      mountDrive: false,
      loadPyodideOptions: { packages: info.preload || [] },
      browsingContextId: session,
      kernelId: session,
    };
    return call("initialize", [options]).then(function () {
      mark("pyodide");
      if (info.setup) {
        return kernel.request(message("execute_request", executeContent(info.setup)));
      }
    }).then(function () {
      return restoreProgress(kernel);
    });
  }

  // ------------------------------------------- progress in the browser (static mode)
  // The browser's Python keeps files in memory only: the learner's progress file is kept in
  // localStorage. Other tabs of the site save there too, so nothing is ever simply
  // overwritten: after each click in an exercise the kernel's file is merged into what is
  // stored (solves are only ever added), and what another tab stores (a "storage" event) is
  // merged into this kernel's file. A stored value that cannot be read is set aside under a
  // new name, with a notice, never overwritten. Times are read and merged as
  // widgets/progress.py does (utc_time, parse_record, merge_records): made UTC, an entry
  // whose time is not a date left out, a reset not a date or in the future ignored, and
  // what a reset from another tab drops here said in a notice.
  var PROGRESS_KEY = "tarot_teach.progress";
  var PROGRESS_MERGE = "from tarot_teach.widgets.progress import merge_into_file as _tt_merge\n";
  var PROGRESS_PATH = "from tarot_teach.widgets.progress import default_progress_path as _tt_path\n";
  var TIME = new RegExp("^(\\d{4})-(\\d\\d)-(\\d\\d)(?:[T ](\\d\\d):(\\d\\d)(?::(\\d\\d)" +
    "(?:\\.(\\d{1,6}))?)?(Z|[+-]\\d\\d:?\\d\\d)?)?$"); // (TIME_PATTERN in progress.py)

  // A progress time as UTC, written one way (texts sort as the times do), or null if it is
  // not a date; without an offset it is this computer's local time.
  function utcTime(text) {
    var found = typeof text === "string" && TIME.exec(text);
    if (!found) {
      return null;
    }
    var n = found.slice(1, 7).map(function (part) {
      return Number(part || 0);
    });
    var zone = found[8];
    var day = new Date(Date.UTC(n[0], n[1] - 1, n[2]));
    if (n[0] < 1970 || n[0] > 9998 || day.getUTCMonth() !== n[1] - 1 ||
      day.getUTCDate() !== n[2] || n[3] > 23 || n[4] > 59 || n[5] > 59) {
      return null;
    }
    var time;
    if (!zone) {
      time = new Date(n[0], n[1] - 1, n[2], n[3], n[4], n[5]).getTime();
    } else {
      var hours = zone === "Z" ? 0 : Number(zone.slice(1, 3));
      var minutes = zone === "Z" ? 0 : Number(zone.slice(-2));
      if (hours > 23 || minutes > 59) {
        return null;
      }
      time = Date.UTC(n[0], n[1] - 1, n[2], n[3], n[4], n[5]) -
        (zone[0] === "-" ? -1 : 1) * (hours * 60 + minutes) * 60000;
    }
    return new Date(time).toISOString().slice(0, 19) + "." +
      ((found[7] || "") + "000000").slice(0, 6) + "+00:00";
  }
  function utcNow() {
    return utcTime(new Date().toISOString().replace("Z", "+00:00"));
  }
  // A UTC time of utcTime in words, in local time ("30 November 2026 at 10:00").
  function localWords(time) {
    var date = new Date(time.slice(0, 23) + "Z");
    var two = function (number) {
      return (number < 10 ? "0" : "") + number;
    };
    return date.toLocaleDateString("en-GB", { day: "numeric", month: "long",
      year: "numeric" }) + " at " + two(date.getHours()) + ":" + two(date.getMinutes());
  }
  // How many entries, in words ("2 solved exercises and 1 answer"; "" for none).
  function entries(counts) {
    var parts = [];
    ["solved exercise", "answer", "saved game"].forEach(function (word, i) {
      if (counts[i]) {
        parts.push(counts[i] + " " + word + (counts[i] === 1 ? "" : "s"));
      }
    });
    return parts.length > 1 ? parts.slice(0, -1).join(", ") + " and " + parts.pop()
      : parts.join("");
  }
  function were(words) {
    return /^1 /.test(words) && words.indexOf(" and ") < 0 ? "was" : "were";
  }
  function isObject(value) {
    return value !== null && typeof value === "object" && !Array.isArray(value);
  }

  // {solved, games, answers, reset, notes} (notes: what was left out, in words), or null if
  // the text cannot be read at all.
  function parseProgress(text) {
    var data;
    try {
      data = JSON.parse(text);
    } catch (error) {
      return null;
    }
    if (!isObject(data) || !isObject(data.solved) || (data.games !== undefined &&
      !isObject(data.games))) {
      return null;
    }
    var names = Object.keys(data.solved);
    for (var i = 0; i < names.length; i++) {
      if (typeof data.solved[names[i]] !== "string") {
        return null;
      }
    }
    var games = data.games || {};
    var keys = Object.keys(games);
    for (var j = 0; j < keys.length; j++) {
      if (!isObject(games[keys[j]])) {
        return null;
      }
    }
    var record = { solved: {}, games: games, answers: {}, reset: null, notes: [] };
    var left = [0, 0, 0];
    names.forEach(function (name) {
      var time = utcTime(data.solved[name]);
      if (time) {
        record.solved[name] = time;
      } else {
        left[0] += 1;
      }
    });
    // Answers (exercise → time → right or wrong): checked in full by the kernel
    // (widgets/progress.py) when merged there; here only those that can be used are kept.
    var answers = isObject(data.answers) ? data.answers : {};
    Object.keys(answers).filter(function (name) {
      return isObject(answers[name]);
    }).forEach(function (name) {
      Object.keys(answers[name]).forEach(function (time) {
        var answer = answers[name][time];
        var utc = utcTime(time);
        if (!isObject(answer) || typeof answer.ok !== "boolean") {
          return;
        }
        if (!utc) {
          left[1] += 1;
          return;
        }
        record.answers[name] = record.answers[name] || {};
        record.answers[name][utc] = answer;
      });
    });
    var words = entries(left);
    if (words) {
      record.notes.push(words + " whose time is not a date " + were(words) + " left out");
    }
    if (data.reset !== undefined && data.reset !== null) {
      var reset = utcTime(data.reset);
      if (!reset) {
        record.notes.push("the reset time is not a date: it was ignored");
      } else if (reset > utcNow()) {
        record.notes.push("the reset time (" + localWords(reset) + ") is in the future: " +
          "it was ignored");
      } else {
        record.reset = reset;
      }
    }
    return record;
  }

  // What is kept in localStorage (and merged into the kernel's file).
  function storable(record) {
    var kept = { version: 1, solved: record.solved, games: record.games,
      answers: record.answers };
    if (record.reset) {
      kept.reset = record.reset;
    }
    return kept;
  }

  // {merged, dropped}: every solve and answer of both (a solve with its earliest date),
  // minus what is older than the later reset; the newer side's games win. dropped counts
  // what each side lost to the reset, [solves, answers, games] (as merge_records).
  function mergeProgress(older, newer) {
    var reset = [older.reset, newer.reset].filter(Boolean).sort().pop() || null;
    var solved = {};
    var answers = {};
    var dropped = {};
    [["older", older], ["newer", newer]].forEach(function (side) {
      var lost = (dropped[side[0]] = [0, 0, 0]);
      var record = side[1];
      Object.keys(record.solved).forEach(function (name) {
        var date = record.solved[name];
        if (reset && date < reset) {
          lost[0] += 1;
        } else {
          solved[name] = solved[name] && solved[name] < date ? solved[name] : date;
        }
      });
      Object.keys(record.answers || {}).forEach(function (name) {
        Object.keys(record.answers[name]).forEach(function (time) {
          if (reset && time < reset) {
            lost[1] += 1;
          } else {
            answers[name] = answers[name] || {};
            answers[name][time] = record.answers[name][time];
          }
        });
      });
    });
    var games = {};
    // A reset that only the newer side has seen forgets the older side's games too.
    var forgotten = newer.reset && newer.reset === reset && older.reset !== reset;
    if (forgotten) {
      dropped.older[2] = Object.keys(older.games).filter(function (key) {
        return !(key in newer.games);
      }).length;
    }
    [forgotten ? {} : older.games, newer.games].forEach(function (source) {
      Object.keys(source).forEach(function (key) {
        games[key] = source[key];
      });
    });
    return { merged: { solved: solved, games: games, answers: answers, reset: reset },
      dropped: dropped };
  }

  var progressSaid = {};
  function sayOnce(text) {
    if (!progressSaid[text]) {
      progressSaid[text] = true;
      showNotice(text);
    }
  }

  // The stored progress (parsed), null if there is none; an unreadable one is set aside.
  function storedProgress() {
    var text = null;
    try {
      text = window.localStorage.getItem(PROGRESS_KEY);
    } catch (error) {
      return null;
    }
    if (!text) {
      return null;
    }
    var parsed = parseProgress(text);
    if (!parsed) {
      var aside = PROGRESS_KEY + ".damaged-" + new Date().toISOString() + "-" +
        uuid().slice(0, 8);
      try {
        window.localStorage.setItem(aside, text);
        window.localStorage.removeItem(PROGRESS_KEY);
        showNotice("The progress saved in this browser was damaged; it has been kept aside " +
          "(as " + aside + " in this site's storage) and a new one started.");
      } catch (error) {
        console.warn("live exercises: damaged progress could not be set aside (" + error + ")");
      }
    } else if (parsed.notes.length) {
      sayOnce("In the progress saved in this browser, " + parsed.notes.join("; ") + ".");
    }
    return parsed;
  }

  function mergeIntoKernel(kernel, text) {
    // A JSON string literal is also a Python string literal.
    var code = PROGRESS_MERGE + "_tt_message = _tt_merge(" + JSON.stringify(text) + ")\n" +
      "if _tt_message:\n    print(_tt_message)\n";
    return kernel.request(message("execute_request", executeContent(code)), function (reply) {
      if (reply.header.msg_type === "stream") {
        console.warn("live exercises: " + reply.content.text);
      }
    });
  }

  function restoreProgress(kernel) {
    var saved = storedProgress();
    return saved ? mergeIntoKernel(kernel, JSON.stringify(storable(saved))) : null;
  }

  function saveProgress(kernel) {
    var text = "";
    var code = PROGRESS_PATH +
      "print(_tt_path().read_text(encoding='utf-8') if _tt_path().exists() else '', end='')\n";
    return kernel.request(message("execute_request", executeContent(code)), function (reply) {
      if (reply.header.msg_type === "stream" && reply.content.name === "stdout") {
        text += reply.content.text;
      }
    }).then(function () {
      var mine = text && parseProgress(text);
      if (!mine) {
        return;
      }
      // Read, merge and write in one go (no await in between): another tab's save is kept.
      var result = mergeProgress(storedProgress() || mine, mine);
      var lost = entries(result.dropped.newer);
      if (lost && result.merged.reset !== mine.reset) {
        sayOnce("Your progress was reset in another tab (" + localWords(result.merged.reset) +
          "): " + lost + " from before then " + were(lost) + " removed here too.");
      }
      try {
        window.localStorage.setItem(PROGRESS_KEY, JSON.stringify(storable(result.merged)));
      } catch (error) {
        console.warn("live exercises: progress not saved in this browser (" + error + ")");
      }
    });
  }

  function keepProgress(kernel) {
    // Listening in the capture phase, then waiting for the current event to finish, puts
    // the save right behind the widget's own message: the kernel answers them in order.
    document.addEventListener("click", function (event) {
      var target = event.target;
      if (!target || !target.closest || !target.closest(".tt-live")) {
        return;
      }
      setTimeout(function () {
        saveProgress(kernel).catch(function () {});
      }, 0);
    }, true);
    // Another tab saved: bring its solves into this page's file, so they show here and
    // this page's next save keeps them.
    window.addEventListener("storage", function (event) {
      if (event.key === PROGRESS_KEY && event.newValue && parseProgress(event.newValue)) {
        mergeIntoKernel(kernel, event.newValue).catch(function () {});
      }
    });
  }
  // For the tests: the progress file read and merged as in the browser.
  state.progressFiles = { time: utcTime, parse: parseProgress, merge: mergeProgress };

  function executeContent(code) {
    return {
      code: code, silent: false, store_history: false, user_expressions: {},
      allow_stdin: false, stop_on_error: true,
    };
  }

  // -------------------------------------------------------------------- the page
  // One kernel for the whole visit: nav.js swaps the article when a link is followed
  // ("tt:leave" before, "tt:page" after) and each page's cells run in the same kernel.
  // state.page describes the page on screen: its number, its name (from tt-live-cells),
  // whether its exercises are live yet, and the answers given before they were.
  var pageCount = 0;

  function pageCells() {
    var tag = document.getElementById("tt-live-cells");
    return tag ? JSON.parse(tag.textContent).cells : [];
  }

  function pageName() {
    var tag = document.getElementById("tt-live-cells");
    return tag ? JSON.parse(tag.textContent).page : null;
  }

  function currentArticle() {
    return document.querySelector("main article") || document.body;
  }

  function newPage() {
    pageCount += 1;
    var page = {
      id: pageCount, name: pageName(), live: false, article: currentArticle(), queue: [], models: [], views: [],
      notices: [], started: performance.now(), liveAt: {}, // cell index -> when its views went live
    };
    state.page = page;
    state.pageName = page.name;
    state.times.pageStart = page.started;
    delete state.times.pageReady;
    return page;
  }

  function domReady() {
    return new Promise(function (resolve) {
      if (document.readyState === "loading") {
        document.addEventListener("DOMContentLoaded", resolve);
      } else {
        resolve();
      }
    });
  }

  // ------------------------------------------------------------ the saved views
  // The views saved at build time are drawn by drawStatic() (embed-amd.js's own
  // renderWidgets, once the page is parsed), or by nav.js after a swap; and not at all on
  // a page opened in local mode whose live views come first (see swapPage): drawing them
  // cost the browser's main thread a few tenths of a second, for a view shown a moment.
  // `statics`: null while nothing is decided; a promise once they are drawn (or not).
  var statics = null;

  function drawStatic() {
    if (statics) {
      return statics;
    }
    statics = Promise.all([window.ttEmbed, domReady()]).catch(function () {
      return null; // (the widget code did not load: reported by start)
    }).then(function () {
      var held = document.querySelectorAll('script[type="' + HELD_STATE + '"]');
      if (!held.length) {
        return null; // (drawn by embed-amd.js itself: an older page, or no saved state)
      }
      held.forEach(function (tag) {
        tag.type = STATE;
      });
      mark("static");
      return new Promise(function (resolve) {
        window.requirejs(["@jupyter-widgets/html-manager/dist/libembed-amd"], function (embed) {
          embed.renderWidgets(document.documentElement);
          resolve();
        }, function (error) {
          console.warn("live exercises: the saved views cannot be drawn (" + error + ")");
          resolve();
        });
      });
    });
    return statics;
  }

  // A page swapped in (nav.js) with no kernel to run it: its saved views, drawn at once.
  function drawSwappedStatics() {
    Promise.resolve(window.ttEmbed).then(window.ttNav.renderStaticWidgets, function () {});
  }

  // A saved view's tag that has a view (saved or live) drawn in front of it.
  function drawnBefore(tag) {
    var before = tag.previousElementSibling;
    return !!(before && before.classList.contains("widget-subarea"));
  }

  // After live views were drawn in place of saved ones never drawn: a saved view that no
  // live one replaced (a cell that showed no widget this time, or not yet) is drawn as
  // saved. (Its place is taken at once: a live view coming later replaces it.)
  function drawUncovered(HTMLManager) {
    var held = document.querySelectorAll('script[type="' + HELD_STATE + '"], script[type="' +
      STATE + '"]');
    var uncovered = Array.prototype.filter.call(
      document.querySelectorAll('script[type="' + WIDGET_VIEW + '"]'), function (tag) {
        return tag.parentNode && !drawnBefore(tag);
      });
    if (!held.length || !uncovered.length) {
      return Promise.resolve();
    }
    var saved = new HTMLManager();
    return Promise.all(Array.prototype.map.call(held, function (tag) {
      return saved.set_state(JSON.parse(tag.textContent));
    })).then(function (lists) {
      var models = [].concat.apply([], lists);
      return Promise.all(uncovered.map(function (tag) {
        var id = JSON.parse(tag.textContent).model_id;
        var model = models.filter(function (m) {
          return m.model_id === id;
        })[0];
        if (!model || !tag.parentNode || drawnBefore(tag)) {
          return null; // (a live view came meanwhile)
        }
        var place = document.createElement("div");
        place.className = "widget-subarea";
        tag.parentNode.insertBefore(place, tag);
        return saved.create_view(model).then(function (view) {
          return saved.display_view(view, place);
        });
      }));
    }).catch(function (error) {
      console.warn("live exercises: a saved view cannot be drawn (" + error + ")");
    });
  }

  // The static views are drawn by drawStatic() (or by nav.js after a swap); wait for
  // them so that a live view never races a static one into the same place.
  function staticViewsDrawn() {
    return new Promise(function (resolve) {
      var started = performance.now();
      (function poll() {
        var tags = document.querySelectorAll('script[type="' + WIDGET_VIEW + '"]').length;
        var drawn = document.querySelectorAll(".widget-subarea").length;
        if ((document.readyState === "complete" && drawn >= tags) ||
          performance.now() - started > 15000) {
          resolve();
        } else {
          setTimeout(poll, 30);
        }
      })();
    });
  }

  // A cell that fails in this kernel (e.g. it imports matplotlib, which the browser's Python
  // lacks) only matters if it shows widgets: the others are explanations already on the page.
  function cellFailed(cell, error) {
    var showsWidgets = document.querySelector(
      ".tt-cell-" + cell.index + ' script[type="' + WIDGET_VIEW + '"]');
    if (showsWidgets) {
      fail("cell " + cell.index, error);
    } else {
      console.warn("live exercises: cell " + cell.index + " did not run here (" + error +
        "); its output stays as built");
    }
  }

  function showsWidgets(cell) {
    return !!document.querySelector(
      ".tt-cell-" + cell.index + ' script[type="' + WIDGET_VIEW + '"]');
  }

  // Runs the page's cells in the kernel, once per page, as soon as it is connected (the
  // widget manager may still be loading: Python works meanwhile); the first page of a tab
  // in local mode was run by the server already (takeRun). Only the cells the widgets
  // need run (marked when the book was built, tarot_teach/live_cells.py): the other
  // outputs are on the page as built. One request per cell, so that each view comes back
  // with its cell. Resolves with [{index, views: [model ids]}].
  function runPage(kernel, page) {
    if (!page.run) {
      var ahead = state.ahead;
      state.ahead = null; // (only the first page of the tab was run ahead)
      page.run = !ahead ? sendCells(kernel, page, pageCells()) : ahead.then(function (result) {
        if (result.error || result.page !== page.name) {
          return sendCells(kernel, page, pageCells());
        }
        mark("ran");
        result.cells.forEach(function (cell) {
          if (cell.error && state.page === page) {
            cellFailed(cell, cell.error);
          }
        });
        return result.cells;
      });
    }
    return page.run;
  }

  function sendCells(kernel, page, cells) {
    mark("cellsSent");
    var results = [];
    var runs = cells.filter(function (cell) {
      return cell.needed !== false; // (decided when the book was built)
    }).map(function (cell) {
      var views = [];
      var result = { index: cell.index, views: views };
      results.push(result);
      var content = executeContent(cell.source);
      content.stop_on_error = false; // a cell that fails does not stop the next ones
      var msg = message("execute_request", content);
      return (result.done = kernel.request(msg, function (reply) {
        var type = reply.header.msg_type;
        if ((type === "display_data" || type === "execute_result") &&
          reply.content.data && reply.content.data[WIDGET_VIEW]) {
          views.push(reply.content.data[WIDGET_VIEW].model_id);
        } else if (type === "error" && state.page === page) {
          cellFailed(cell, reply.content.ename + ": " + reply.content.evalue);
        }
      }));
    });
    page.cellRuns = results; // (each with its own promise: see swapPage)
    return Promise.all(runs).then(function () {
      mark("ran");
      return results;
    });
  }

  // Once the cells ran and the static views are drawn: live views in their place, each
  // cell's as soon as it ran when the page runs its cells itself. When the saved views were
  // not drawn yet (local mode, the server's run came first), they never are: the live
  // views are drawn where they would have been.
  function swapPage(manager, page, HTMLManager) {
    var direct = false;
    if ((statics !== null || page.swapped) && page.cellRuns) {
      // The cells run one by one here: each cell's live views go in as soon as that cell
      // ran, with the answers given in it meanwhile; in place of the saved views once
      // these are drawn, or (a page swapped in while Python runs, see tt:page) where they
      // would be, the saved ones of the cells not live yet drawn after a moment only.
      var drawn = page.swapped ? Promise.resolve() : statics.then(staticViewsDrawn);
      return drawn.then(function () {
        return Promise.all(page.cellRuns.map(function (run) {
          return run.done.then(function () {
            if (state.page !== page || !run.views.length) {
              return null;
            }
            return swapViews(manager, page, run.index, run.views).then(function () {
              cellLive(page, run.index);
            });
          });
        }));
      }).then(function (swapped) {
        return page.swapped && state.page === page && HTMLManager ?
          drawUncovered(HTMLManager).then(function () {
            return swapped;
          }) : swapped;
      });
    }
    return page.run.then(function (cells) {
      if (statics === null) {
        direct = true;
        statics = Promise.resolve();
        mark("direct");
        return cells;
      }
      return statics.then(staticViewsDrawn).then(function () {
        return cells;
      });
    }).then(function (cells) {
      if (state.page !== page) {
        return null; // the learner moved on meanwhile
      }
      return Promise.all(cells.filter(function (r) {
        return r.views.length;
      }).map(function (r) {
        return swapViews(manager, page, r.index, r.views);
      }));
    }).then(function (swapped) {
      return direct && HTMLManager ? drawUncovered(HTMLManager).then(function () {
        return swapped;
      }) : swapped;
    });
  }

  function swapViews(manager, page, index, modelIds) {
    var container = document.querySelector(".tt-cell-" + index);
    if (!container) {
      return Promise.resolve();
    }
    var old = Array.prototype.slice.call(
      container.querySelectorAll(".widget-subarea:not(.tt-live)"));
    var tags = container.querySelectorAll('script[type="' + WIDGET_VIEW + '"]');
    return Promise.all(modelIds.map(function (modelId, k) {
      return manager.get_model(modelId).then(function (model) {
        return manager.create_view(model);
      }).then(function (view) {
        if (state.page !== page) {
          view.remove();
          return null;
        }
        page.views.push(view);
        var place = document.createElement("div");
        place.className = "widget-subarea tt-live";
        // (a swapped page's saved views may be drawn while this one is: see tt:page)
        var anchor = page.swapped ? tags[k] || null : old[k] || tags[k] || null;
        if (anchor) {
          anchor.parentNode.insertBefore(place, anchor);
        } else {
          var outputs = container.querySelector(".cell_output") || container;
          outputs.appendChild(place);
        }
        return manager.display_view(view, place).then(function () {
          var stale = page.swapped ? container.querySelectorAll(".widget-subarea:not(.tt-live)")
            : old.slice(k, k + 1);
          Array.prototype.forEach.call(stale, function (node) {
            if (node.parentNode) {
              node.parentNode.removeChild(node);
            }
          });
        });
      });
    }));
  }

  // The models of a page that is left are closed in the kernel (which closes them here
  // too) and their views removed, so that a long visit does not pile them up.
  function leavePage(kernel) {
    var page = state.page;
    if (!page) {
      return;
    }
    page.views.forEach(function (view) {
      try {
        view.remove();
      } catch (error) {
        /* already gone with the old article */
      }
    });
    clearNotices(page);
    if (kernel && page.models.length) {
      var code = "try:\n    from ipywidgets.widgets.widget import _instances as _tt_w\n" +
        "except ImportError:\n    _tt_w = {}\n" +
        "for _tt_id in " + JSON.stringify(page.models) + ":\n" +
        "    if _tt_id in _tt_w:\n        _tt_w[_tt_id].close()\n";
      kernel.request(message("execute_request", executeContent(code)));
    }
    state.page = null;
  }

  // ----------------------------------------------- before the exercises are live
  // Each widget cell says in place that Python is starting (with the seconds); answers
  // given meanwhile (clicks, typed text, a choice in a list) are kept and given to the
  // live exercise as soon as it is there, in the same order.
  function widgetCells() {
    var cells = [];
    document.querySelectorAll('script[type="' + WIDGET_VIEW + '"]').forEach(function (tag) {
      var cell = tag.closest('[class*="tt-cell-"]');
      if (cell && cells.indexOf(cell) < 0) {
        cells.push(cell);
      }
    });
    return cells;
  }

  function showWaiting(page) {
    widgetCells().forEach(function (cell) {
      var notice = document.createElement("p");
      notice.className = "tt-live-wait";
      notice.setAttribute("role", "status");
      notice.style.cssText = "font-size:0.9em;color:#5c4900;background:#fff8e0;" +
        "border-left:3px solid #8a6d00;padding:0.2em 0.6em;margin:0.3em 0";
      var text = document.createElement("span");
      var seconds = document.createElement("span");
      seconds.setAttribute("aria-live", "off");
      var kept = document.createElement("span");
      notice.appendChild(text);
      notice.appendChild(seconds);
      notice.appendChild(kept);
      var outputs = cell.querySelector(".cell_output") || cell;
      outputs.insertBefore(notice, outputs.firstChild);
      page.notices.push({ cell: cell, text: text, seconds: seconds, kept: kept, node: notice });
    });
    function tick() {
      if (state.page !== page || page.live) {
        return;
      }
      var elapsed = Math.floor((performance.now() - page.started) / 1000);
      var starting = state.status === "connecting";
      page.notices.forEach(function (n) {
        n.text.textContent = starting ? "Starting Python… " : "Getting the exercise ready… ";
        n.seconds.textContent = elapsed + " s";
      });
      page.timer = setTimeout(tick, 1000 - ((performance.now() - page.started) % 1000));
    }
    tick();
  }

  function clearNotices(page) {
    clearTimeout(page.timer);
    page.notices.forEach(function (n) {
      if (n.node.parentNode) {
        n.node.parentNode.removeChild(n.node);
      }
    });
    page.notices = [];
  }

  function staticTarget(node) {
    var sub = node && node.closest ? node.closest(".widget-subarea:not(.tt-live)") : null;
    if (!sub || !state.page || state.page.live) {
      return null;
    }
    var cell = sub.closest('[class*="tt-cell-"]');
    if (!cell) {
      return null;
    }
    var index = /tt-cell-(\d+)/.exec(cell.className)[1];
    var subs = Array.prototype.slice.call(
      cell.querySelectorAll(".widget-subarea:not(.tt-live)"));
    // The control is found again in the live view as the n-th of its kind (the live view
    // is built from the same widgets as the static one).
    var kind = controlKind(node);
    var nth = Array.prototype.indexOf.call(sub.querySelectorAll(kind), node);
    return { cell: cell, index: index, k: subs.indexOf(sub), selector: kind, nth: nth,
      label: controlLabel(node) };
  }

  function controlKind(node) {
    if (node.tagName === "INPUT") {
      return /^(radio|checkbox)$/.test(node.type) ? "input[type=" + node.type + "]"
        : "input:not([type=radio]):not([type=checkbox])";
    }
    return node.tagName.toLowerCase();
  }

  function controlLabel(node) {
    return node.tagName === "BUTTON" ? (node.textContent || "").trim().slice(0, 60) : "";
  }

  function keep(record) {
    var page = state.page;
    var last = page.queue[page.queue.length - 1];
    if (last && record.kind === "value" && last.kind === "value" &&
      last.selector === record.selector && last.nth === record.nth && last.k === record.k &&
      last.index === record.index) {
      page.queue.pop(); // typing: only the last text counts
    }
    page.queue.push(record);
    state.queued = page.queue.length;
    page.notices.forEach(function (n) {
      if (n.cell === record.cell) {
        n.kept.textContent = " — your answer is kept and will be checked as soon as it is ready.";
      }
    });
  }

  function watchEarlyAnswers() {
    document.addEventListener("click", function (event) {
      var control = event.target.closest && event.target.closest("button, input");
      if (!control || (control.tagName === "INPUT" && !/^(radio|checkbox)$/.test(control.type))) {
        return; // a click on a label reaches its input as a click too
      }
      var record = staticTarget(control);
      if (record) {
        record.kind = "click";
        keep(record);
      }
    }, true);
    function changed(event) {
      var control = event.target;
      if (!control || !/^(INPUT|TEXTAREA|SELECT)$/.test(control.tagName) ||
        /^(radio|checkbox)$/.test(control.type)) {
        return;
      }
      var record = staticTarget(control);
      if (record) {
        record.kind = control.tagName === "SELECT" ? "select" : "value";
        record.value = control.tagName === "SELECT" ? control.selectedIndex : control.value;
        keep(record);
      }
    }
    document.addEventListener("input", changed, true);
    document.addEventListener("change", changed, true);
  }

  function idle() {
    return new Promise(function (resolve) {
      (function poll() {
        if (state.pending === 0) {
          requestAnimationFrame(function () {
            setTimeout(resolve, 0);
          });
        } else {
          setTimeout(poll, 20);
        }
      })();
    });
  }

  function liveTarget(record) {
    var cell = document.querySelector(".tt-cell-" + record.index);
    var sub = cell && cell.querySelectorAll(".widget-subarea.tt-live")[record.k];
    var el = sub && sub.querySelectorAll(record.selector)[record.nth];
    if (!el || controlLabel(el) !== record.label) {
      return null;
    }
    return el;
  }

  // A box's children are drawn a little after the box: wait for the control (up to 5 s).
  function findLive(record) {
    var started = performance.now();
    return new Promise(function (resolve) {
      (function poll() {
        var el = liveTarget(record);
        if (el || performance.now() - started > 5000) {
          resolve(el);
        } else {
          setTimeout(poll, 25);
        }
      })();
    });
  }

  function askAgain(page, cell) {
    if (cell.querySelector(".tt-live-again")) {
      return;
    }
    var note = document.createElement("p");
    note.className = "tt-live-again";
    note.setAttribute("role", "status");
    note.style.cssText = "font-size:0.9em;padding:0.2em 0.6em;margin:0.3em 0;" +
      "border-left:3px solid #8a6d00";
    note.textContent = "Python is ready, but the exercise changed meanwhile: please answer again.";
    var outputs = cell.querySelector(".cell_output") || cell;
    outputs.insertBefore(note, outputs.firstChild);
  }

  // One cell's live views are in place: its notice goes, and the answers given in it are
  // given to it (the other cells' wait for theirs).
  function cellLive(page, index) {
    if (state.page !== page) {
      return;
    }
    var mine = function (cell) {
      return cell.classList.contains("tt-cell-" + index);
    };
    page.notices = page.notices.filter(function (n) {
      if (mine(n.cell) && n.node.parentNode) {
        n.node.parentNode.removeChild(n.node);
      }
      return !mine(n.cell);
    });
    page.liveAt[index] = performance.now(); // (for the tests)
    var records = page.queue.filter(function (record) {
      return mine(record.cell);
    });
    page.queue = page.queue.filter(function (record) {
      return !mine(record.cell);
    });
    replay(page, records);
  }

  // Gives the kept answers to the live views, one after the other (after those given
  // before), each once the kernel answered the one before.
  function replay(page, records) {
    var chain = page.replaying || Promise.resolve();
    records.forEach(function (record) {
      chain = chain.then(function () {
        if (state.page !== page) {
          return null;
        }
        return findLive(record);
      }).then(function (el) {
        if (state.page !== page) {
          return null;
        }
        if (!el) {
          state.dropped = (state.dropped || 0) + 1;
          askAgain(page, record.cell);
          return null;
        }
        if (record.kind === "click") {
          el.click();
        } else if (record.kind === "select") {
          el.selectedIndex = record.value;
          el.dispatchEvent(new Event("change", { bubbles: true }));
        } else {
          el.value = record.value;
          el.dispatchEvent(new Event("input", { bubbles: true }));
          el.dispatchEvent(new Event("change", { bubbles: true }));
        }
        state.replayed = (state.replayed || 0) + 1;
        return idle();
      });
    });
    page.replaying = chain;
    return chain;
  }

  // Runs the page on screen in the kernel: cells, live views, then the kept answers.
  function activate(kernel, manager, page) {
    setStatus("running");
    runPage(kernel, page);
    return swapPage(manager, page, manager.constructor).then(function () {
      if (state.page !== page) {
        return null;
      }
      page.live = true;
      clearNotices(page);
      mark("ready");
      state.times.pageReady = performance.now();
      state.readyPage = page.name;
      if (state.status !== "failed") {
        setStatus("ready");
      }
      return replay(page, page.queue.splice(0));
    });
  }

  // ------------------------------------------------ the browser's key and the tab's id
  var KEY_ITEM = "tarot_teach.key";
  var TAB_ITEM = "tarot_teach.tab";

  // A key in the address of a book page is never kept (only the opener page takes one, and
  // only once the server accepts it): it is only taken out of the address and the history.
  function dropKeyFromAddress() {
    if (/(?:^#|&)(key|code)=/.test(window.location.hash)) {
      window.history.replaceState(window.history.state, "",
        window.location.pathname + window.location.search);
    }
  }

  // A key the server refused is forgotten (unless another page stored a new one meanwhile).
  function forgetKey(refused) {
    try {
      if (refused && window.localStorage.getItem(KEY_ITEM) === refused) {
        window.localStorage.removeItem(KEY_ITEM);
      }
    } catch (error) {
      // (no storage: nothing kept)
    }
  }

  // True inside a frame of another origin (a page of another site, or of another port,
  // showing this one): such a page stays static and never asks for a kernel.
  function foreignFrame() {
    if (window.top === window.self) {
      return false;
    }
    try {
      return window.top.location.origin !== window.location.origin;
    } catch (error) {
      return true; // (another origin's window cannot be read)
    }
  }

  function stored(storage, name, make) {
    try {
      var value = window[storage].getItem(name);
      if (!value && make) {
        value = make();
        window[storage].setItem(name, value);
      }
      return value || "";
    } catch (error) {
      return make ? make() : "";
    }
  }

  // Each page load in the tab takes the next number (a page back from the browser's cache
  // too): the server refuses a request of a page the tab has left (it may come late, after
  // the next page's), which would take the kernel from under the page on screen.
  var LOADS_ITEM = "tarot_teach.loads";

  function nextLoad() {
    try {
      var count = (parseInt(window.sessionStorage.getItem(LOADS_ITEM), 10) || 0) + 1;
      window.sessionStorage.setItem(LOADS_ITEM, String(count));
      return count;
    } catch (error) {
      return 0; // (not compared by the server)
    }
  }

  var load = nextLoad();
  window.addEventListener("pageshow", function (event) {
    if (event.persisted) {
      load = nextLoad();
    }
  });

  function sessionHeaders() {
    return {
      "X-Tarot-Teach-Key": stored("localStorage", KEY_ITEM),
      "X-Tarot-Teach-Tab": stored("sessionStorage", TAB_ITEM, uuid),
      "X-Tarot-Teach-Load": String(load),
    };
  }

  // What session.json says; {mode: "locked"} when tarot-teach refused this browser's key.
  // The page's name as the book names it ("book/07-tricks"), from its address.
  function addressPage() {
    var path = decodeURIComponent(window.location.pathname);
    if (path.indexOf(root.pathname) !== 0 || !/\.html$/.test(path)) {
      return "";
    }
    return path.slice(root.pathname.length).replace(/\.html$/, "");
  }

  // ``page``: the page whose cells the server may run at once (the first page of the tab).
  function askSession(page) {
    if (foreignFrame()) {
      return Promise.resolve({ mode: "framed" });
    }
    var address = new URL("_static/vendor/live/session.json", root);
    if (page) {
      address.search = "page=" + encodeURIComponent(page);
    }
    var headers = sessionHeaders();
    return fetch(address, {
      cache: "no-store", credentials: "same-origin", headers: headers,
    }).then(function (response) {
      if (response.ok) {
        return response.json();
      }
      // 403 from tarot-teach: this browser was not given the key, or it expired
      // (tarot_teach/app/keys.py); 503: too many tabs have a kernel already.
      if (response.status === 403) {
        forgetKey(headers["X-Tarot-Teach-Key"]);
        return { mode: "locked" };
      }
      return { mode: response.status === 503 ? "busy" : "static" };
    }, function () {
      return { mode: "unreachable" };
    });
  }

  function start() {
    var kernel = new Kernel();
    var info;
    dropKeyFromAddress();
    // (window.ttLiveNoPrerun: the server does not run the page's cells ahead, for
    // benchmarks/site.py --no-prerun)
    var firstPage = window.ttLiveNoPrerun ? "" : addressPage();
    var connected = askSession(firstPage).then(function (data) {
      info = data;
      state.mode = info.mode;
      state.kernel = info.kernel; // (its id, and whether the tab had it: for the tests)
      state.reused = info.reused;
      mark("session");
      if (!(info.mode === "jupyter" && info.prerun)) {
        drawStatic(); // (else the live views may come first: see swapPage)
        calm();
      }
      if (info.mode === "jupyter") {
        if (info.prerun) {
          state.ahead = takeRun(kernel, info, firstPage);
        }
        return connectJupyter(kernel, info);
      }
      if (info.mode === "lite") {
        return connectLite(kernel, info);
      }
      return null;
    });
    var modules = Promise.resolve(window.ttEmbed).then(function () { // see embed-loader.js
      return new Promise(function (resolve, reject) {
        window.requirejs(["@jupyter-widgets/html-manager"], function (loaded) {
          mark("modules");
          resolve(loaded);
        }, reject);
      });
    });
    // The saved views are drawn after all if the live ones are late (see swapPage).
    modules.then(function () {
      setTimeout(drawStatic, window.ttLiveFirstGrace || LIVE_FIRST_GRACE);
    }, function () {});
    var live = null; // {kernel, manager} once the kernel answers
    watchEarlyAnswers();
    var shown = domReady().then(function () {
      if (!state.page) {
        showWaiting(newPage());
      }
    });
    // The page's cells go to the kernel as soon as it is there, while the widget manager
    // loads (its comm messages wait in kernel.early).
    Promise.all([connected, shown]).then(function () {
      if (info && (info.mode === "jupyter" || info.mode === "lite") && state.page &&
        !state.page.live) {
        runPage(kernel, state.page);
      }
    }, function () {}); // (a failure is reported below)
    kernel.onComm = function (commId) {
      if (state.page) {
        state.page.models.push(commId);
      }
    };
    window.addEventListener("tt:leave", function () {
      leavePage(live && live.kernel);
    });
    window.addEventListener("tt:page", function () {
      if (state.page && state.page.article === currentArticle()) {
        return; // this script came with the page and has taken it already
      }
      var page = newPage();
      calm();
      quietAgain();
      if (state.status === "static" || (state.status === "failed" && !live)) {
        page.live = true; // nothing will become live here
        drawSwappedStatics();
        calm();
        return;
      }
      showWaiting(page);
      if (!live) {
        drawSwappedStatics();
        return; // activated when the kernel is there
      }
      // Python runs already: the live views come within a moment, drawn straight in
      // place (drawing the saved ones first took the main thread for a few tenths of a
      // second they were shown); a cell not live after LIVE_FIRST_GRACE gets its saved one.
      page.swapped = true;
      setTimeout(function () {
        if (state.page === page && !page.live) {
          drawUncovered(live.manager.constructor);
        }
      }, window.ttLiveFirstGrace || LIVE_FIRST_GRACE);
      activate(live.kernel, live.manager, page).catch(function (error) {
        fail("running the page", error);
      });
    });
    // Pyodide never settles when its WebAssembly cannot be loaded: give up after a while
    // (window.ttLiveStartTimeout, ms, for the tests) rather than count seconds for ever.
    var patience = new Promise(function (resolve, reject) {
      setTimeout(function () {
        reject(new Error("Python did not start within " +
          Math.round((window.ttLiveStartTimeout || 180000) / 1000) + " s"));
      }, window.ttLiveStartTimeout || 180000);
    });
    Promise.race([Promise.all([connected, modules, domReady()]), patience]).then(function (results) {
      if (!info || (info.mode !== "jupyter" && info.mode !== "lite")) {
        if (info && info.mode === "locked") {
          showNotice("The exercises on this page are not live in this browser. Start the " +
            "tutorial with the tarot-teach command: it opens the address that lets this " +
            "browser run them.");
        }
        if (info && info.mode === "busy") {
          showNotice("Too many tabs of the tutorial are open: the exercises on this page " +
            "are not live. Close the tabs you no longer use, then reload this page.");
        }
        if (state.page) {
          clearNotices(state.page);
          state.page.live = true; // nothing will become live: answers are not kept
        }
        setStatus("static");
        return null;
      }
      mark("kernel");
      var HTMLManager = results[1].HTMLManager;
      var manager = new HTMLManager();
      // Widgets created by the kernel come with their comm; the manager never opens one.
      manager._create_comm = function () {
        return Promise.reject(new Error("front-end comms are not used"));
      };
      manager._get_comm_info = function () {
        return Promise.resolve({});
      };
      kernel.setManager(manager);
      live = { kernel: kernel, manager: manager };
      state.execute = function (code) {
        return execute(kernel, code);
      };
      if (info.mode === "lite") {
        keepProgress(kernel);
      }
      return activate(kernel, manager, state.page || newPage());
    }).catch(function (error) {
      fail("starting the live exercises", error);
    });
  }

  // Runs code in the kernel; resolves with what it printed (for the browser tests).
  function execute(kernel, code) {
    var out = "";
    return kernel.request(message("execute_request", executeContent(code)), function (reply) {
      if (reply.header.msg_type === "stream") {
        out += reply.content.text;
      } else if (reply.header.msg_type === "error") {
        out += reply.content.ename + ": " + reply.content.evalue;
      }
    }).then(function () {
      return out;
    });
  }

  start();
})();
