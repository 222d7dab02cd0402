// The site's service worker: keeps Pyodide, the wheels and the other vendored files in the
// browser across visits, on any static host (a plain static server sends no cache headers).
//
// scripts/sphinx_offline_site.py writes it to the site root as tt-sw.js (so that its scope
// is the whole site) after each build, with VERSION (a hash of the vendored files and the
// built pages: a new build gets a new cache and the old one is deleted) and COMPRESSED
// (files that also exist gzipped as <file>.gz: fetched compressed and unpacked here,
// whatever the server does). nav.js registers it. It never asks another host for anything.
//
// Vendored files and Sphinx's versioned assets (?v=, ?digest=): from the cache, else
// fetched once. Pages and the rest: from the network (compressed when possible), the cached
// copy only without a connection. nav.js also hands over (message "tt-keep") what the first
// page loaded before this worker was there, so that the next visit finds it.
//
// Never kept: _static/vendor/live/ (session.json, and in local mode the opener page
// open.html, whose address carries a one-use code, and the other answers about the
// browser's key), the kernels' traffic. Addresses are kept without their fragment.
"use strict";
var VERSION = "__VERSION__";
var COMPRESSED = __COMPRESSED__;
var CACHE = "tarot-teach-" + VERSION;
var SCOPE = new URL(self.registration.scope);
var VENDOR = new URL("_static/vendor/", SCOPE).href;
// Answers about the browser's key and its kernel: never from (or into) a cache.
var LIVE = new URL("_static/vendor/live/", SCOPE).href;
var TYPES = { wasm: "application/wasm", mjs: "text/javascript", js: "text/javascript",
  json: "application/json", zip: "application/zip", svg: "image/svg+xml", css: "text/css",
  html: "text/html; charset=utf-8", ttf: "font/ttf", eot: "application/vnd.ms-fontobject",
  txt: "text/plain; charset=utf-8" };
// The server's protections, copied onto every answer this worker builds itself (a page
// unpacked from its .gz copy would otherwise lose them: framed by any other page).
var SECURITY_HEADERS = ["Content-Security-Policy", "X-Frame-Options", "X-Content-Type-Options",
  "Referrer-Policy", "Cross-Origin-Opener-Policy", "Cross-Origin-Resource-Policy"];

self.addEventListener("install", function () {
  self.skipWaiting();
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf("tarot-teach-") === 0 && name !== CACHE;
    }).map(function (name) {
      return caches.delete(name);
    }));
  }).then(function () {
    return self.clients.claim();
  }));
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== SCOPE.origin ||
    url.href.indexOf(SCOPE.href) !== 0 || neverKept(url) ||
    url.pathname.indexOf("/jupyter/") >= 0 || request.headers.has("range")) {
    return; // the kernel's own traffic and anything unusual go straight to the network
  }
  if (kept(url)) {
    event.respondWith(cacheFirst(request, url));
  } else {
    event.respondWith(networkFirst(request, url));
  }
});

function kept(url) {
  return url.href.indexOf(VENDOR) === 0 || /[?&](v|digest)=/.test(url.search);
}

function neverKept(url) {
  return url.href.indexOf(LIVE) === 0;
}

// The address a copy is kept under: never its fragment (Request.url has it).
function cacheKey(request) {
  return request.url.split("#")[0];
}

function relative(url) {
  return url.href.slice(SCOPE.href.length).split(/[?#]/)[0];
}

self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (data.type !== "tt-keep" || !Array.isArray(data.urls)) {
    return;
  }
  event.waitUntil(Promise.all(data.urls.map(function (href) {
    var url = new URL(href);
    if (url.origin !== SCOPE.origin || url.href.indexOf(SCOPE.href) !== 0 || !kept(url) ||
      neverKept(url)) {
      return null; // (session.json is asked for afresh by each page, with the page's key)
    }
    return cacheFirst(new Request(url.href), url).catch(function () {});
  })));
});

// Files that never change under a given address (the vendored tree is renamed by VERSION,
// Sphinx's own assets carry ?v= or ?digest=): from the cache, else fetched once.
function cacheFirst(request, url) {
  return caches.open(CACHE).then(function (cache) {
    return cache.match(cacheKey(request)).then(function (hit) {
      if (hit) {
        return hit;
      }
      return fetchOnce(request, url).then(function (response) {
        if (response.ok) {
          cache.put(cacheKey(request), response.clone());
        }
        return response;
      });
    });
  });
}

function fetchOnce(request, url) {
  // Loaded before this worker took over (in the browser's HTTP cache)? Then only ask the
  // server whether it changed since (an answer without body when it did not): a file of
  // an older build (same address, other content) must not come back from that cache.
  return fetch(request.url, { cache: "only-if-cached", mode: "same-origin" }).then(
    function (response) {
      if (!response.ok) {
        throw new Error("not cached");
      }
      return fetch(request.url, { cache: "no-cache" });
    }).catch(function () {
    return fetchMaybeCompressed(request, url);
  });
}

// The network (never a stale copy of the browser's HTTP cache: the cache is this worker's),
// the compressed copy when there is one.
function fetchMaybeCompressed(request, url) {
  var path = relative(url);
  if (COMPRESSED.indexOf(path) >= 0 && typeof DecompressionStream === "function") {
    return fetchCompressed(request, path).catch(function () {
      return fetch(request, { cache: "no-cache" });
    });
  }
  return fetch(request, { cache: "no-cache" });
}

function fetchCompressed(request, path) {
  var headers = {};
  return fetch(new URL(path + ".gz", SCOPE).href, { cache: "no-cache" }).then(function (response) {
    if (!response.ok) {
      throw new Error("no compressed copy");
    }
    SECURITY_HEADERS.forEach(function (name) {
      if (response.headers.has(name)) {
        headers[name] = response.headers.get(name);
      }
    });
    return response.arrayBuffer();
  }).then(function (bytes) {
    var head = new Uint8Array(bytes, 0, 2);
    var body = bytes;
    if (head[0] === 0x1f && head[1] === 0x8b) { // not already unpacked by the server
      body = new Response(new Blob([bytes]).stream().pipeThrough(
        new DecompressionStream("gzip"))).arrayBuffer();
    }
    return Promise.resolve(body).then(function (plain) {
      var ext = path.split(".").pop();
      headers["Content-Type"] = TYPES[ext] || "application/octet-stream";
      return new Response(plain, { status: 200, headers: headers });
    });
  });
}

// Pages and the rest: the network (through the browser's HTTP cache), else the copy kept
// from an earlier visit, so that pages already read still open without a connection.
function networkFirst(request, url) {
  return fetchMaybeCompressed(request, url).then(function (response) {
    if (response.ok && (response.type === "basic" || response.type === "default")) {
      var copy = response.clone();
      caches.open(CACHE).then(function (cache) {
        cache.put(cacheKey(request), copy);
      });
    }
    return response;
  }).catch(function (error) {
    return caches.open(CACHE).then(function (cache) {
      return cache.match(cacheKey(request));
    }).then(function (hit) {
      if (hit) {
        return hit;
      }
      throw error;
    });
  });
}
