// @ts-check
// The page on screen and its widget views: the views saved at build time (drawn, or not
// when the live ones come first), the page's cells run in the kernel, and the live views
// put in place of the saved ones.
import { HELD_STATE, STATE, WIDGET_VIEW, fail, mark, message, state } from "./core.js";
import { executeContent } from "./protocol.js";
import { cellLive, clearNotices } from "./early.js";

// -------------------------------------------------------------------- the page
// One kernel for the whole visit: nav.js swaps the article when a link is followed
// ("tt:leave" before, "tt:page" after) and each page's cells run in the same kernel.
// state.page describes the page on screen: its number, its name (from tt-live-cells),
// whether its exercises are live yet, and the answers given before they were.
var pageCount = 0;

export function pageCells() {
  var tag = document.getElementById("tt-live-cells");
  return tag ? JSON.parse(tag.textContent).cells : [];
}

function pageName() {
  var tag = document.getElementById("tt-live-cells");
  return tag ? JSON.parse(tag.textContent).page : null;
}

export function currentArticle() {
  return document.querySelector("main article") || document.body;
}

export function newPage() {
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

export function domReady() {
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

export function drawStatic() {
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
export function drawSwappedStatics() {
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
export function drawUncovered(HTMLManager) {
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
export function staticViewsDrawn() {
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

// Runs the page's cells in the kernel, once per page, as soon as it is connected (the
// widget manager may still be loading: Python works meanwhile). Only the cells the widgets
// need run (marked when the book was built, tarot_teach/live_cells.py): the other
// outputs are on the page as built. One request per cell, so that each view comes back
// with its cell. Resolves with [{index, views: [model ids]}].
export function runPage(kernel, page) {
  if (!page.run) {
    page.run = sendCells(kernel, page, pageCells());
  }
  return page.run;
}

export function sendCells(kernel, page, cells) {
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
export function swapPage(manager, page, HTMLManager) {
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

export function swapViews(manager, page, index, modelIds) {
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
export function leavePage(kernel) {
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
