// @ts-check
// Transport 2: JupyterLite's Pyodide kernel in a Web Worker, driven over comlink's wire
// format (the vendored jupyterlite-pyodide-kernel's comlink.worker.js).
import { env, fail, mark, message, session, state } from "./core.js";
import { executeContent, uuid } from "./protocol.js";
import { restoreProgress } from "./progress.js";

// ---------------------------------- transport 2: JupyterLite's Pyodide kernel (worker)
export function connectLite(kernel, info) {
  // Start the worker once the service worker controls the page (nav.js), so that Pyodide
  // and the wheels are kept for the next visit (and served compressed, see tt-sw.js).
  var ready = window.ttNav && window.ttNav.swReady ? window.ttNav.swReady : Promise.resolve();
  return ready.then(function () {
    mark("sw");
    return startLite(kernel, info);
  });
}

export function startLite(kernel, info) {
  var liteBase = new URL(info.base || "_static/vendor/lite/", env.root);
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
    baseUrl: env.root.href,
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
