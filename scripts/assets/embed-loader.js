// Loads @jupyter-widgets/html-manager's embed-amd.js (3.6 MB, 0.9 MB gzipped) once the site's
// service worker controls the page, so that even the first visit gets it compressed and
// keeps it (tt-sw.js). Published as _static/vendor/widgets/lazy/embed-amd.js and named in
// nb_ipywidgets_js (_config.yml) in place of the real file, between setup.js and live.js.
// window.ttEmbed resolves once the real embed-amd.js has run (live.js waits for it); the
// real file renders the static widgets by itself, as when the page named it directly.
(function () {
  "use strict";
  var script = document.currentScript;
  if (!script || !script.src || window.ttEmbed) {
    return;
  }
  var real = new URL("../html-manager/embed-amd.js", script.src);
  real.search = new URL(script.src).search; // the same build stamp (?v=...)
  var ready = window.ttNav && window.ttNav.swReady ? window.ttNav.swReady : Promise.resolve();
  window.ttEmbed = ready.then(function () {
    return new Promise(function (resolve, reject) {
      var tag = document.createElement("script");
      tag.async = false;
      tag.onload = resolve;
      tag.onerror = function () {
        reject(new Error("cannot load " + real.href));
      };
      tag.src = real.href;
      document.head.appendChild(tag);
    });
  });
})();
