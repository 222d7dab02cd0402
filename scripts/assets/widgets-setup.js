// Loaded by myst-nb on pages that embed ipywidgets state, between require.js and
// @jupyter-widgets/html-manager's embed-amd.js (see nb_ipywidgets_js in _config.yml).
// scripts/fetch_assets.py copies it to _static/vendor/widgets/ in the built site.
//
// It keeps the widget manager from reaching outside this site:
// * Font Awesome fonts (widget icons) are loaded from the webpack public path; point it
//   at our copy of html-manager/dist instead of a path guessed from the AMD module name.
// * Widget modules that the manager does not bundle (anything but @jupyter-widgets/base,
//   controls and output) are looked up under the URL in a script tag's
//   data-jupyter-widgets-cdn attribute (default: cdn.jsdelivr.net). Point that at a
//   local folder, so a third-party widget fails with a local 404 instead of a CDN fetch.
(function () {
  "use strict";
  var script = document.currentScript;
  if (!script || !script.src) {
    return;
  }
  var here = new URL(".", script.src);
  window.__jupyter_widgets_assets_path__ = new URL("html-manager/", here).href;
  script.setAttribute("data-jupyter-widgets-cdn", new URL("modules/", here).href);
})();
