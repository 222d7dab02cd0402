// The widget manager of the book's pages: bundled by scripts/fetch_assets.py with esbuild
// (the dependencies of package.json, pinned in package-lock.json) into
// _static/vendor/widgets/bundle/widgets.js and widgets.css; loaded by embed-loader.js.
//
// It stands in for @jupyter-widgets/html-manager's embed-amd.js (3.6 MB) and defines the
// same AMD modules for require.js (live.js and nav.js ask for them by these names):
//   @jupyter-widgets/html-manager              {HTMLManager}
//   @jupyter-widgets/html-manager/dist/libembed-amd   {renderWidgets, requireLoader}
//   @jupyter-widgets/base, @jupyter-widgets/controls
// What it leaves out: the Output widget (the book's widgets do not use it) and with it
// JupyterLab's renderers, React and the rest that embed-amd.js evaluated on every page
// (a third of a second of the browser's main thread before the first answer), the
// ipywidgets 7 classes (the kernels run ipywidgets 8) and the schema validation of the
// saved state (written by our own build). Its HTMLManager and renderWidgets are
// html-manager 1.0.15's (lib/htmlmanager.js, lib/libembed.js) without those parts.

import * as base from "@jupyter-widgets/base";
import * as controls from "@jupyter-widgets/controls";
import { ManagerBase } from "@jupyter-widgets/base-manager";
import { MessageLoop } from "@lumino/messaging";
import { Widget } from "@lumino/widgets";
import "@fortawesome/fontawesome-free/css/all.min.css";
import "@lumino/widgets/style/index.css";
import "@jupyter-widgets/controls/css/labvariables.css";
import "@jupyter-widgets/controls/css/widgets-base.css";

const VIEW = "application/vnd.jupyter.widget-view+json";
const STATE = "application/vnd.jupyter.widget-state+json";

export class HTMLManager extends ManagerBase {
  constructor(options) {
    super();
    this.loader = options && options.loader;
    this._viewList = new Set();
    window.addEventListener("resize", () => {
      this._viewList.forEach((view) => {
        MessageLoop.postMessage(view.luminoWidget || view.pWidget,
          Widget.ResizeMessage.UnknownSize);
      });
    });
  }

  async display_view(view, el) {
    let v;
    try {
      v = await view;
    } catch (error) {
      const msg = `Could not create a view for ${view}`;
      console.error(msg);
      const ModelCls = base.createErrorWidgetModel(error, msg);
      v = new base.ErrorWidgetView({ model: new ModelCls() });
      v.render();
    }
    Widget.attach(v.luminoWidget || v.pWidget, el);
    this._viewList.add(v);
    v.once("remove", () => {
      this._viewList.delete(v);
    });
  }

  _get_comm_info() {
    return Promise.resolve({});
  }

  _create_comm() {
    return Promise.resolve({ on_close: () => {}, on_msg: () => {}, close: () => {} });
  }

  loadClass(className, moduleName, moduleVersion) {
    let module;
    if (moduleName === "@jupyter-widgets/base") {
      module = Promise.resolve(base);
    } else if (moduleName === "@jupyter-widgets/controls") {
      module = Promise.resolve(controls);
    } else if (this.loader !== undefined) {
      module = Promise.resolve(this.loader(moduleName, moduleVersion));
    } else {
      module = Promise.reject(new Error(`Could not load module ${moduleName}@${moduleVersion}`));
    }
    return module.then((loaded) => loaded && loaded[className] ? loaded[className]
      : Promise.reject(new Error(`Class ${className} not found in module ` +
        `${moduleName}@${moduleVersion}`)));
  }
}

// Other widget modules from require.js (setup.js points them at a local folder).
export function requireLoader(moduleName) {
  return new Promise((resolve, reject) => window.requirejs([moduleName], resolve, reject));
}

// Draws the saved views of `element`'s saved widget state in place (libembed.js).
export async function renderWidgets(element = document.documentElement, loader = requireLoader) {
  const states = element.querySelectorAll(`script[type="${STATE}"]`);
  await Promise.all(Array.from(states).map(async (tag) => {
    const manager = new HTMLManager({ loader });
    const models = await manager.set_state(JSON.parse(tag.textContent));
    const views = element.querySelectorAll(`script[type="${VIEW}"]`);
    await Promise.all(Array.from(views).map(async (viewTag) => {
      const modelId = JSON.parse(viewTag.textContent).model_id;
      const model = models.find((item) => item.model_id === modelId);
      if (model !== undefined && viewTag.parentElement !== null) {
        const place = document.createElement("div");
        place.className = "widget-subarea";
        viewTag.parentElement.insertBefore(place, viewTag);
        manager.display_view(await manager.create_view(model), place);
      }
    }));
  }));
}

const define = window.define;
if (define && define.amd) {
  define("@jupyter-widgets/base", [], () => base);
  define("@jupyter-widgets/controls", [], () => controls);
  define("@jupyter-widgets/html-manager", [], () => ({ HTMLManager, requireLoader }));
  define("@jupyter-widgets/html-manager/dist/libembed-amd", [], () => ({
    renderWidgets, requireLoader,
  }));
} else {
  console.error("widgets.js needs require.js on the page, loaded before it");
}
