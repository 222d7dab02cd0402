// @ts-check
// The browser's key (local mode: tarot-teach gives it through its opener page), the tab's
// id and the page load's number, and the question to the server: session.json.
import { env } from "./core.js";
import { uuid } from "./protocol.js";

// ------------------------------------------------ the browser's key and the tab's id
var KEY_ITEM = "tarot_teach.key";
var TAB_ITEM = "tarot_teach.tab";

// A key in the address of a book page is never kept (only the opener page takes one, and
// only once the server accepts it): it is only taken out of the address and the history.
export function dropKeyFromAddress() {
  if (/(?:^#|&)(key|code)=/.test(window.location.hash)) {
    window.history.replaceState(window.history.state, "",
      window.location.pathname + window.location.search);
  }
}

// A key the server refused is forgotten (unless another page stored a new one meanwhile).
export function forgetKey(refused) {
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
export function foreignFrame() {
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

var load = 0;
/** This page load's number, and the next one's when the page comes back from the cache. */
export function countLoads() {
  load = nextLoad();
  window.addEventListener("pageshow", function (event) {
    if (event.persisted) {
      load = nextLoad();
    }
  });
}

export function sessionHeaders() {
  return {
    "X-Tarot-Teach-Key": stored("localStorage", KEY_ITEM),
    "X-Tarot-Teach-Tab": stored("sessionStorage", TAB_ITEM, uuid),
    "X-Tarot-Teach-Load": String(load),
  };
}

// What session.json says; {mode: "locked"} when tarot-teach refused this browser's key.
// The page's name as the book names it ("book/07-tricks"), from its address.
export function addressPage() {
  var path = decodeURIComponent(window.location.pathname);
  if (path.indexOf(env.root.pathname) !== 0 || !/\.html$/.test(path)) {
    return "";
  }
  return path.slice(env.root.pathname.length).replace(/\.html$/, "");
}

// ``page``: the page whose cells the server may run at once (the first page of the tab).
export function askSession(page) {
  if (foreignFrame()) {
    return Promise.resolve({ mode: "framed" });
  }
  var address = new URL("_static/vendor/live/session.json", env.root);
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
