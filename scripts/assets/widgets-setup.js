// Loaded by myst-nb on pages that embed ipywidgets state, between require.js and
// @jupyter-widgets/html-manager's embed-amd.js (see nb_ipywidgets_js in _config.yml).
// scripts/fetch_assets.py copies it to _static/vendor/widgets/setup.js in the built site.
//
// It keeps the widget manager from reaching outside this site:
// * embed-amd.js defines the AMD modules @jupyter-widgets/{base,controls,html-manager,...}.
//   Their CSS refers to Font Awesome files (widget icons) relative to each module's URL,
//   which require.js derives from the module name and the page's folder
//   (e.g. book/@jupyter-widgets/controls.js -> 404). Map those names onto our copy of
//   html-manager/dist, where the font files are.
// * Widget modules that the manager does not bundle (anything but @jupyter-widgets/base,
//   controls and output) are fetched from the URL in a script tag's
//   data-jupyter-widgets-cdn attribute (default: https://cdn.jsdelivr.net/npm/). Point it
//   at a local folder, so a third-party widget fails with a local 404, not a CDN request.
// * ipywidgets typesets labels and descriptions with the MathJax 2 call
//   `MathJax.Hub.Queue(["Typeset", MathJax.Hub, element])` whenever window.MathJax exists.
//   The book serves MathJax 3 (on pages with math), which has no Hub: every such widget
//   threw "Cannot read properties of undefined (reading 'Queue')". Provide a small Hub
//   that forwards to MathJax 3's typesetPromise.
(function () {
  "use strict";
  var script = document.currentScript;
  if (!script || !script.src) {
    return;
  }
  var here = new URL(".", script.src);
  var dist = new URL("html-manager/", here).href; // ends with "/"
  var distNoSlash = dist.slice(0, -1);
  window.__jupyter_widgets_assets_path__ = dist;
  if (window.requirejs && window.requirejs.config) {
    window.requirejs.config({
      paths: {
        "@jupyter-widgets": distNoSlash,
        "@jupyter-widgets/html-manager/dist": distNoSlash,
      },
    });
  }
  script.setAttribute("data-jupyter-widgets-cdn", new URL("modules/", here).href);
  installMathJaxHub();
  // nav.js calls it again after a page swap that brought MathJax (or its configuration).
  window.ttInstallMathJaxHub = installMathJaxHub;

  function installMathJaxHub() {
    var pageLoadsMathJax = !!document.querySelector('script[src*="mathjax"]');
    if (window.MathJax === undefined && !pageLoadsMathJax) {
      return; // no MathJax on this page: ipywidgets skips typesetting
    }
    if (window.MathJax && window.MathJax.Hub && window.MathJax.Hub.ttHub) {
      return; // already there
    }
    var pending = [];
    var hub = {
      ttHub: true,
      Queue: function () {
        for (var i = 0; i < arguments.length; i++) {
          var cmd = arguments[i];
          if (Array.isArray(cmd) && cmd[0] === "Typeset" && cmd[2]) {
            typeset(cmd[2]);
          }
        }
      },
    };
    function typeset(element) {
      var mj = window.MathJax;
      if (mj && mj.version && mj.typesetPromise && mj.startup && mj.startup.promise) {
        mj.startup.promise = mj.startup.promise
          .then(function () {
            return mj.typesetPromise([element]);
          })
          .catch(function (err) {
            console.warn("MathJax could not typeset a widget:", err);
          });
      } else {
        pending.push(element); // MathJax 3 not started yet; typeset when it is
      }
    }
    var mj = window.MathJax;
    if (mj && mj.version) {
      // MathJax already running (3.x: add the Hub; 2.x would have its own)
      if (!mj.Hub) {
        mj.Hub = hub;
      }
      return;
    }
    // window.MathJax is MathJax 3's configuration (or absent): keep a Hub on it until
    // MathJax replaces the object, then put the Hub back from the startup.ready hook.
    mj = window.MathJax = mj || {};
    mj.Hub = hub;
    mj.startup = mj.startup || {};
    var previousReady = mj.startup.ready;
    mj.startup.ready = function () {
      if (previousReady) {
        previousReady();
      } else {
        window.MathJax.startup.defaultReady();
      }
      window.MathJax.Hub = hub;
      var waiting = pending.splice(0);
      for (var i = 0; i < waiting.length; i++) {
        typeset(waiting[i]);
      }
    };
  }
})();
