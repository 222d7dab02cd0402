// @ts-check
// Transport 1: a Jupyter server (`tarot-teach`): the kernel's WebSocket (the page is the
// kernel's only client: the server runs no code in it), and a lost connection said on the
// page.
import { env, mark, message, session, setStatus, showAlert, state } from "./core.js";
import { decodeFrame, encodeFrame, executeContent } from "./protocol.js";
import { askSession, sessionHeaders } from "./key.js";

export function connectJupyter(kernel, info) {
  var base = new URL(info.base, env.root);
  var opened = openSocket(kernel, info, base);
  if (info.reused) {
    // The tab's kernel kept the widgets of the page shown before (a reload): close them.
    kernel.request(message("execute_request", executeContent(
      "import ipywidgets as _tt_w\n_tt_w.Widget.close_all()\ndel _tt_w\n")));
  }
  // Tell the server the page is gone: it shuts the kernel down unless the tab comes back
  // at once (a reload); without this it does so once no page was connected for a while.
  window.addEventListener("pagehide", function () {
    try {
      fetch(new URL("_static/vendor/live/release", env.root), {
        method: "POST", keepalive: true, cache: "no-store", headers: sessionHeaders(),
      }).catch(function () {});
    } catch (error) {
      /* nothing to do */
    }
  });
  return opened;
}

export function openSocket(kernel, info, base) {
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
        kernel.dispatch(msg);
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
export function connectionLost(kernel, info, base) {
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
