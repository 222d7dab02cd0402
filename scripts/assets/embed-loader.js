// Loads the widget manager once the site's service worker controls the page, so that even
// the first visit gets it compressed and keeps it (tt-sw.js): bundle/widgets.js and its
// widgets.css (built from scripts/npm/entry.js: @jupyter-widgets/base and controls,
// 0.8 MB), or, if that cannot be loaded, @jupyter-widgets/html-manager's embed-amd.js
// (3.6 MB), which defines the same AMD modules. Published as
// _static/vendor/widgets/lazy/embed-amd.js and named in nb_ipywidgets_js (_config.yml),
// between setup.js and live.js. window.ttEmbed resolves once the widget code has run
// (live.js waits for it).
//
// The page's saved widget state is held back first (its <script> gets the type
// HELD_STATE), so that embed-amd.js would not draw the saved views by itself at "load":
// live.js draws them (drawStatic there) when they are worth drawing, i.e. unless a local
// kernel's live views are about to take their place (drawing them first cost the browser
// a few tenths of a second, for views shown a moment only).
(function () {
  "use strict";
  var script = document.currentScript;
  if (!script || !script.src || window.ttEmbed) {
    return;
  }
  var STATE = "application/vnd.jupyter.widget-state+json";
  var HELD_STATE = "application/x.tt-held-widget-state+json"; // (live.js has the same name)
  var stamp = new URL(script.src).search; // the same build stamp (?v=...)
  function address(path) {
    var url = new URL(path, script.src);
    url.search = stamp;
    return url.href;
  }
  function load(src) {
    return new Promise(function (resolve, reject) {
      var tag = document.createElement("script");
      tag.async = false;
      tag.onload = resolve;
      tag.onerror = function () {
        tag.parentNode.removeChild(tag);
        reject(new Error("cannot load " + src));
      };
      tag.src = src;
      document.head.appendChild(tag);
    });
  }
  var ready = window.ttNav && window.ttNav.swReady ? window.ttNav.swReady : Promise.resolve();
  window.ttEmbed = ready.then(function () {
    // (live.js, which comes right after this script on every page that has this one,
    // draws the saved views: see drawStatic there.)
    document.querySelectorAll('script[type="' + STATE + '"]').forEach(function (tag) {
      tag.type = HELD_STATE;
    });
    var style = document.createElement("link");
    style.rel = "stylesheet";
    style.href = address("../bundle/widgets.css");
    document.head.appendChild(style);
    return load(address("../bundle/widgets.js")).catch(function (error) {
      console.warn("widgets: " + error.message + "; loading html-manager's embed-amd.js");
      style.parentNode.removeChild(style);
      return load(address("../html-manager/embed-amd.js"));
    });
  });
})();
