// @ts-check
// The page's glue: session.json asked, the kernel connected by its transport, the widget
// manager loaded, the page's cells run and its live views put in place, and nav.js's page
// swaps followed (main.js calls start()).
import { Kernel } from "./comm.js";
import {
  LIVE_FIRST_GRACE, calm, fail, mark, message, quietAgain, setStatus, showNotice, state,
} from "./core.js";
import { clearNotices, replay, showWaiting, watchEarlyAnswers } from "./early.js";
import { holdNewQuestions } from "./hold.js";
import { addressPage, askSession, dropKeyFromAddress } from "./key.js";
import { keepProgress } from "./progress.js";
import { executeContent } from "./protocol.js";
import { connectLite } from "./transport-lite.js";
import { connectJupyter } from "./transport-server.js";
import {
  currentArticle, domReady, drawStatic, drawSwappedStatics, drawUncovered, leavePage, newPage,
  runPage, swapPage,
} from "./views.js";

export function start() {
  var kernel = new Kernel();
  var info;
  dropKeyFromAddress();
  var connected = askSession(addressPage()).then(function (data) {
    info = data;
    state.mode = info.mode;
    state.kernel = info.kernel; // (its id, and whether the tab had it: for the tests)
    state.reused = info.reused;
    mark("session");
    if (info.mode !== "jupyter") {
      drawStatic(); // (a local kernel answers at once: its live views may come first, see
      calm(); //      swapPage; the saved ones are drawn if they are late)
    }
    if (info.mode === "jupyter") {
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
  holdNewQuestions(document);
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
export function execute(kernel, code) {
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
