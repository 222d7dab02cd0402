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
})();
