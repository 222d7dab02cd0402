// One Python for the whole visit: same-site links are followed inside the page.
//
// Added to every page of the book by scripts/sphinx_offline_site.py (before the widget
// scripts); scripts/fetch_assets.py copies it to _static/vendor/widgets/nav.js.
//
// A click on a link to another page of the book fetches that page, swaps the article, the
// sidebar's table of contents, the title and the address bar (history.pushState), loads
// the scripts the new page needs that this one did not have (the widget scripts, MathJax)
// and tells live.js (event "tt:page"), which re-runs the new page's cells in the kernel
// that is already running. Back/forward do the same (popstate). Anything unusual is left
// to the browser (a full page load): modifier keys, target=_blank, downloads, other sites,
// addresses with a query (search results), the search page, non-HTML files, a page whose
// scripts this one cannot add, a fetch error.
//
// It also registers the site's service worker (tt-sw.js at the site root), which keeps
// Pyodide, the wheels and the other vendored files in the browser across visits.
(function () {
  "use strict";
  var script = document.currentScript;
  if (!script || !script.src || window.ttNav) {
    return;
  }
  var root = new URL("../../../", script.src); // the site root (script is in _static/vendor/widgets/)
  var firstAddress = location.href; // (the address changes when a link is followed inside)
  var nav = (window.ttNav = {
    root: root.href, swaps: 0, fullLoads: 0, busy: null, swReady: null,
  });

  // ------------------------------------------------------------------ service worker
  nav.swReady = (function () {
    if (!("serviceWorker" in navigator) || !window.isSecureContext ||
      !/^https?:$/.test(location.protocol)) {
      return Promise.resolve(false);
    }
    var registered = navigator.serviceWorker.register(new URL("tt-sw.js", root).href, {
      scope: root.pathname,
    }).catch(function (error) {
      console.warn("tarot_teach: no offline cache (" + error + ")");
      return null;
    });
    // Resolves once this page is controlled (the Python worker started after that has its
    // downloads cached), or after a few seconds in any case.
    return new Promise(function (resolve) {
      if (navigator.serviceWorker.controller) {
        resolve(true);
        return;
      }
      var timer = setTimeout(function () {
        resolve(false);
      }, 4000);
      navigator.serviceWorker.addEventListener("controllerchange", function () {
        clearTimeout(timer);
        resolve(true);
        keepEarlyDownloads();
      });
      registered.then(function (registration) {
        if (!registration) {
          clearTimeout(timer);
          resolve(false);
        }
      });
    });
  })();

  // Scripts the page names as data-tt-lazy (the theme's icons, MathJax: see
  // sphinx_offline_site.py) are loaded once the service worker is there, compressed and
  // kept, in their order. Also wait until the page is parsed: on a later visit the worker
  // already controls the page, swReady is settled at once, and the lazy tags further down
  // the page would not exist yet (MathJax was then never loaded).
  var parsed = document.readyState !== "loading" ? Promise.resolve() : new Promise(
    function (resolve) {
      document.addEventListener("DOMContentLoaded", resolve, { once: true });
    });
  // In local mode they also wait until the page's exercises are live (live.js: quiet):
  // MathJax took a quarter of a second of the main thread the first answer waited for.
  Promise.all([nav.swReady, parsed]).then(function () {
    return window.ttLive && window.ttLive.quiet;
  }).then(function () {
    document.querySelectorAll("script[data-tt-lazy]").forEach(function (tag) {
      var real = document.createElement("script");
      real.async = false;
      real.src = new URL(tag.getAttribute("data-tt-lazy"), firstAddress).href;
      tag.removeAttribute("data-tt-lazy");
      document.head.appendChild(real);
    });
  });

  // What this page loaded before the service worker was there: ask it to keep those too
  // (it fetches them compressed where it can), now and once the page has loaded.
  function keepEarlyDownloads() {
    function send() {
      var worker = navigator.serviceWorker.controller;
      if (!worker || !window.performance || !performance.getEntriesByType) {
        return;
      }
      var urls = performance.getEntriesByType("resource").map(function (entry) {
        return entry.name;
      });
      worker.postMessage({ type: "tt-keep", urls: urls });
    }
    send();
    if (document.readyState !== "complete") {
      window.addEventListener("load", send);
    }
  }

  // --------------------------------------------------------------------- which links
  function pageUrl(href) {
    var url = new URL(href, location.href);
    url.hash = "";
    return url.href;
  }

  // The URL to follow inside the page, or null to let the browser do it.
  function followable(link, event) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey ||
      event.shiftKey || event.altKey) {
      return null;
    }
    if (!link.href || link.hasAttribute("download") ||
      (link.target && link.target !== "_self") || link.getAttribute("rel") === "external") {
      return null;
    }
    var url = new URL(link.href, location.href);
    if (url.origin !== location.origin || url.href.indexOf(root.href) !== 0 || url.search) {
      return null;
    }
    var path = url.pathname;
    if (!/(\.html|\/)$/.test(path) || /\/(search|genindex)\.html$/.test(path) ||
      /\/_(sources|static|images|downloads)\//.test(path)) {
      return null;
    }
    if (pageUrl(url.href) === pageUrl(location.href)) {
      return null; // an anchor on this page: the browser scrolls and keeps the history
    }
    return url;
  }

  document.addEventListener("click", function (event) {
    var link = event.target && event.target.closest ? event.target.closest("a[href]") : null;
    if (!link) {
      return;
    }
    var url = followable(link, event);
    if (!url) {
      return;
    }
    event.preventDefault();
    go(url.href, true);
  });

  window.addEventListener("popstate", function () {
    if (pageUrl(location.href) === nav.current) {
      return; // only the anchor changed
    }
    go(location.href, false);
  });

  // Scroll positions per history entry (restored on back/forward).
  if ("scrollRestoration" in history) {
    history.scrollRestoration = "manual";
  }
  nav.current = pageUrl(location.href);
  history.replaceState(Object.assign({}, history.state || {}, { tt: true }), "");
  window.addEventListener("scroll", function () {
    if (nav.scrollTimer) {
      return;
    }
    nav.scrollTimer = setTimeout(function () {
      nav.scrollTimer = null;
      history.replaceState(Object.assign({}, history.state || {}, { ttScroll: window.scrollY }),
        "");
    }, 150);
  }, { passive: true });
  window.addEventListener("load", function () {
    var saved = history.state && history.state.ttScroll;
    if (saved && !location.hash) {
      window.scrollTo(0, saved); // a reload keeps its place
    }
  });

  // ------------------------------------------------------------------------ the swap
  function fullLoad(url, push) {
    nav.fullLoads += 1;
    if (push) {
      location.assign(url);
    } else {
      location.reload();
    }
  }

  function go(url, push) {
    if (nav.busy) {
      nav.busy.abort();
    }
    var controller = new AbortController();
    nav.busy = controller;
    var started = performance.now();
    document.documentElement.setAttribute("data-tt-nav", "loading");
    fetch(url, { signal: controller.signal, credentials: "same-origin" }).then(function (response) {
      var type = response.headers.get("Content-Type") || "";
      if (!response.ok || type.indexOf("html") < 0) {
        throw new Error("not a page (" + response.status + " " + type + ")");
      }
      return response.text();
    }).then(function (text) {
      if (controller.signal.aborted) {
        return;
      }
      var doc = new DOMParser().parseFromString(text, "text/html");
      var plan = headPlan(doc, url);
      if (!plan) {
        fullLoad(url, push);
        return;
      }
      return swap(doc, url, push, plan, started);
    }).catch(function (error) {
      if (error && error.name === "AbortError") {
        return;
      }
      console.warn("tarot_teach: following the link with a full load (" + error + ")");
      fullLoad(url, push);
    }).then(function () {
      if (nav.busy === controller) {
        nav.busy = null;
        document.documentElement.removeAttribute("data-tt-nav");
      }
    });
  }

  function absolute(src, base) {
    return new URL(src, base).href;
  }

  function loadedScripts() {
    var seen = {};
    document.querySelectorAll("script[src]").forEach(function (tag) {
      seen[tag.src] = true;
    });
    return seen;
  }

  function inlineKey(tag) {
    return (tag.getAttribute("type") || "") + "\n" + tag.textContent.trim();
  }

  function isJs(tag) {
    var type = (tag.getAttribute("type") || "").toLowerCase();
    return !type || type === "text/javascript" || type === "application/javascript";
  }

  // What the new page's <head> needs beyond this page's, or null when a full load is safer
  // (a script this page has not loaded and that cannot be added late).
  function headPlan(doc, url) {
    var loaded = loadedScripts();
    // Lazy scripts this page has yet to load (see above: in local mode they wait until the
    // exercises are live) will be loaded here all the same.
    document.querySelectorAll("head script[data-tt-lazy]").forEach(function (tag) {
      loaded[absolute(tag.getAttribute("data-tt-lazy"), firstAddress)] = true;
    });
    var inline = {};
    document.querySelectorAll("head script:not([src])").forEach(function (tag) {
      inline[inlineKey(tag)] = true;
    });
    var steps = [];
    var vendor = new URL("_static/vendor/", root).href;
    var scripts = doc.querySelectorAll("head script");
    for (var i = 0; i < scripts.length; i++) {
      var tag = scripts[i];
      var lazy = tag.getAttribute("data-tt-lazy");
      if (tag.hasAttribute("src") || lazy) {
        var src = absolute(lazy || tag.getAttribute("src"), url);
        if (loaded[src]) {
          continue;
        }
        if (src.indexOf(vendor) !== 0 || tag.type === "module") {
          return null; // not one of ours: it may expect DOMContentLoaded
        }
        steps.push({ src: src, attrs: tag.attributes, lazy: !!lazy });
      } else if (isJs(tag) && !inline[inlineKey(tag)]) {
        steps.push({ code: tag.textContent });
      }
    }
    var links = [];
    var have = {};
    document.querySelectorAll('link[rel="stylesheet"]').forEach(function (link) {
      have[link.href] = true;
    });
    doc.querySelectorAll('head link[rel="stylesheet"]').forEach(function (link) {
      var href = absolute(link.getAttribute("href"), url);
      if (!have[href]) {
        links.push(href);
      }
    });
    if (!doc.querySelector("main#main-content") || !document.querySelector("main#main-content")) {
      return null;
    }
    return { steps: steps, links: links };
  }

  function runScript(step) {
    return new Promise(function (resolve) {
      var tag = document.createElement("script");
      if (step.src) {
        for (var i = 0; i < step.attrs.length; i++) {
          var attr = step.attrs[i];
          if (!/^(src|defer|async|data-tt-lazy)$/.test(attr.name)) {
            tag.setAttribute(attr.name, attr.value);
          }
        }
        tag.async = false;
        tag.onload = tag.onerror = function () {
          resolve();
        };
        tag.src = step.src;
        document.head.appendChild(tag);
      } else {
        tag.textContent = step.code;
        document.head.appendChild(tag);
        resolve();
      }
    });
  }

  function replaceStateScripts(doc) {
    var type = 'script[type="application/vnd.jupyter.widget-state+json"]';
    // (with the state embed-loader.js held back and live.js never needed: see live.js)
    var held = 'script[type="application/x.tt-held-widget-state+json"]';
    document.querySelectorAll(type + ", " + held).forEach(function (tag) {
      tag.parentNode.removeChild(tag);
    });
    doc.querySelectorAll(type).forEach(function (tag) {
      document.head.appendChild(document.importNode(tag, true));
    });
  }

  // Inline scripts inside swapped content do not run by themselves: run them (JSON data
  // such as the widget views stays as it is).
  function activateScripts(container) {
    container.querySelectorAll("script").forEach(function (old) {
      if (!isJs(old) || old.src) {
        return;
      }
      var tag = document.createElement("script");
      tag.textContent = old.textContent;
      old.parentNode.replaceChild(tag, old);
    });
  }

  function swap(doc, url, push, plan, started) {
    window.dispatchEvent(new CustomEvent("tt:leave", { detail: { from: nav.current, to: url } }));
    if (push) {
      history.replaceState(Object.assign({}, history.state || {}, { ttScroll: window.scrollY }),
        "");
      history.pushState({ tt: true }, "", url);
    }
    nav.current = pageUrl(url);
    document.title = doc.title;
    plan.links.forEach(function (href) {
      var link = document.createElement("link");
      link.rel = "stylesheet";
      link.href = href;
      document.head.appendChild(link);
    });
    replaceStateScripts(doc);
    var main = document.querySelector("main#main-content");
    main.innerHTML = doc.querySelector("main#main-content").innerHTML;
    var sidebar = document.querySelector(".bd-docs-nav");
    var newSidebar = doc.querySelector(".bd-docs-nav");
    if (sidebar && newSidebar) {
      var scroll = sidebar.parentNode.scrollTop;
      sidebar.innerHTML = newSidebar.innerHTML;
      sidebar.parentNode.scrollTop = scroll;
    }
    activateScripts(main);
    var hadEmbed = !!window.ttEmbed; // (embed-loader.js: a new one renders by itself)
    // What the page names as lazy (MathJax), and what comes after it, waits until the
    // page's exercises are live, as on a page opened directly: loading MathJax cost the
    // next page's first answer half a second.
    var firstLazy = plan.steps.findIndex(function (step) {
      return step.lazy;
    });
    var now = firstLazy < 0 ? plan.steps : plan.steps.slice(0, firstLazy);
    var later = firstLazy < 0 ? [] : plan.steps.slice(firstLazy);
    var chain = Promise.resolve();
    now.forEach(function (step) {
      chain = chain.then(function () {
        return runScript(step);
      });
    });
    return chain.then(function () {
      nav.swaps += 1;
      nav.times = { start: started, swapped: performance.now() };
      if (window.ttInstallMathJaxHub) {
        window.ttInstallMathJaxHub();
      }
      refreshTheme();
      followPageToc();
      if (hadEmbed && !(window.ttLive && window.ttLive.drawsSwappedViews)) {
        window.ttEmbed.then(renderStaticWidgets); // (live.js draws them itself, or not)
      }
      var state = history.state || {};
      var target = location.hash && document.getElementById(decodeURIComponent(
        location.hash.slice(1)));
      if (target) {
        target.scrollIntoView();
      } else {
        window.scrollTo(0, push ? 0 : state.ttScroll || 0);
      }
      var heading = main.querySelector("h1");
      if (heading && push) {
        heading.setAttribute("tabindex", "-1");
        heading.focus({ preventScroll: true });
      }
      window.dispatchEvent(new CustomEvent("tt:page", { detail: { url: url } }));
      typesetLater(main);
      if (later.length) {
        runLater(later);
      }
    });
  }

  // Resolved once the page on screen no longer waits for the main thread (live.js: quiet;
  // a page swapped in meanwhile has a quiet of its own, waited for too).
  function whenQuiet() {
    var quiet = window.ttLive && window.ttLive.quiet;
    return Promise.resolve(quiet).then(function () {
      return window.ttLive && window.ttLive.quiet !== quiet ? whenQuiet() : null;
    });
  }

  // Runs the steps once the page on screen is quiet, in their order, but a script loaded
  // meanwhile (another page swapped in asked for it too) is not loaded twice; MathJax
  // typesets the page by itself when it starts.
  function runLater(steps) {
    var chain = whenQuiet();
    steps.forEach(function (step) {
      chain = chain.then(function () {
        return step.src && loadedScripts()[step.src] ? null : runScript(step);
      });
    });
  }

  // The saved views of the page on screen (after a swap: by live.js when it is there).
  function renderStaticWidgets() {
    if (!document.querySelector('script[type="application/vnd.jupyter.widget-view+json"]')) {
      return;
    }
    window.requirejs(["@jupyter-widgets/html-manager/dist/libembed-amd"], function (embed) {
      embed.renderWidgets(document.documentElement);
    });
  }

  nav.renderStaticWidgets = renderStaticWidgets;

  // "On this page": the theme marks the section being read, for the page it was loaded
  // with only. After a swap the same is done here for the new article's headings.
  var tocSpy = null;
  function followPageToc() {
    if (tocSpy) {
      tocSpy.disconnect();
      tocSpy = null;
    }
    var toc = document.querySelector("#pst-page-toc-nav");
    if (!toc || !("IntersectionObserver" in window)) {
      return;
    }
    var links = Array.prototype.slice.call(toc.querySelectorAll('a[href^="#"]'));
    var entries = Array.prototype.slice.call(toc.querySelectorAll(".toc-entry"));
    var byHeading = new Map();
    links.forEach(function (link) {
      var section = document.getElementById(decodeURIComponent(
        link.getAttribute("href").slice(1)));
      if (section) {
        byHeading.set(section.querySelector("h1, h2, h3, h4, h5, h6") || section, link);
      }
    });
    function mark(link) {
      if (!link) {
        return;
      }
      links.forEach(function (other) {
        other.classList.toggle("active", other === link);
        if (other === link) {
          other.setAttribute("aria-current", "true");
        } else {
          other.removeAttribute("aria-current");
        }
      });
      entries.forEach(function (entry) {
        entry.classList.toggle("active", entry.contains(link));
      });
    }
    var header = document.querySelector("#pst-header");
    var top = header ? Math.round(header.getBoundingClientRect().height) : 0;
    var spy = (tocSpy = new IntersectionObserver(function (seen) {
      var shown = seen.filter(function (entry) {
        return entry.isIntersecting;
      }).pop();
      if (shown && tocSpy === spy) {
        mark(byHeading.get(shown.target));
      }
    }, { rootMargin: "-" + top + "px 0px -70% 0px", threshold: 0 }));
    byHeading.forEach(function (link, heading) {
      spy.observe(heading);
    });
    mark(links.filter(function (link) {
      return location.hash && link.hash === location.hash;
    })[0]);
  }

  // What the theme and Sphinx's extensions do once per page load, done again for the new
  // article (each is skipped when its script is not on the page); the formulas: typesetLater.
  function refreshTheme() {
    /* global initToggleItems, addCopyButtonToCodeCells */
    try {
      if (typeof initToggleItems === "function") {
        initToggleItems();
      }
      if (typeof addCopyButtonToCodeCells === "function") {
        addCopyButtonToCodeCells();
      }
    } catch (error) {
      console.warn("tarot_teach: after the page swap: " + error);
    }
  }

  // The formulas of a swapped page, once it is quiet (when MathJax is there already).
  function typesetLater(main) {
    var mj = window.MathJax;
    var swaps = nav.swaps;
    if (mj && mj.typesetPromise && main.querySelector(".math")) {
      whenQuiet().then(function () {
        if (nav.swaps === swaps) { // (a page swapped in since typesets its own)
          mj.startup.promise = mj.startup.promise.then(function () {
            return mj.typesetPromise([main]);
          });
        }
      });
    }
  }
})();
