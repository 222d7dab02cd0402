// Stand-ins for the browser the live page's modules need in Node (node --test): a small
// document (elements with classes, children, attributes, listeners), window, a WebSocket
// and a Web Worker that record what the page sends and let a test answer.

export class FakeElement {
  constructor(tag) {
    this.tagName = String(tag).toUpperCase();
    this.children = [];
    this.parentNode = null;
    this.attributes = {};
    this.style = {};
    this.textContent = "";
    this.className = "";
    this.listeners = {};
    this.disabled = false;
    const self = this;
    this.classList = {
      add(name) {
        if (!self.classList.contains(name)) {
          self.className = (self.className + " " + name).trim();
        }
      },
      contains(name) {
        return self.className.split(/\s+/).includes(name);
      },
    };
  }
  setAttribute(name, value) {
    this.attributes[name] = String(value);
  }
  getAttribute(name) {
    return name in this.attributes ? this.attributes[name] : null;
  }
  removeAttribute(name) {
    delete this.attributes[name];
  }
  appendChild(child) {
    return this.insertBefore(child, null);
  }
  insertBefore(child, before) {
    if (child.parentNode) {
      child.parentNode.removeChild(child);
    }
    const at = before ? this.children.indexOf(before) : -1;
    this.children.splice(at < 0 ? this.children.length : at, 0, child);
    child.parentNode = this;
    return child;
  }
  removeChild(child) {
    this.children.splice(this.children.indexOf(child), 1);
    child.parentNode = null;
    return child;
  }
  get firstChild() {
    return this.children[0] || null;
  }
  addEventListener(type, listener) {
    (this.listeners[type] = this.listeners[type] || []).push(listener);
  }
  click() {
    this.dispatchEvent({ type: "click" });
  }
  dispatchEvent(event) {
    (this.listeners[event.type] || []).forEach((listener) => listener({ target: this }));
  }
  /** Every element below this one, depth first. */
  descendants() {
    return this.children.flatMap((child) => [child, ...child.descendants()]);
  }
  /** Simple selectors only (what the page's code asks): tag, .class, :not(.class),
   * [class*="text"], [type=x]; several joined by commas. */
  matches(selector) {
    return selector.split(",").some((one) => {
      let rest = one.trim();
      const tag = /^[a-z]+/i.exec(rest);
      if (tag && tag[0].toUpperCase() !== this.tagName) {
        return false;
      }
      rest = rest.slice(tag ? tag[0].length : 0);
      const parts = rest.match(/:not\([^)]*\)|\.[\w-]+|\[[^\]]+\]/g) || [];
      return parts.every((part) => {
        if (part.startsWith(":not(")) {
          return !this.matches(part.slice(5, -1));
        }
        if (part.startsWith(".")) {
          return this.classList.contains(part.slice(1));
        }
        const [, name, op, value] = /^\[(\w+)(\*?=)"?([^"]*)"?\]$/.exec(part);
        const actual = name === "class" ? this.className : String(this[name] ?? "");
        return op === "*=" ? actual.includes(value) : actual === value;
      });
    });
  }
  querySelectorAll(selector) {
    return this.descendants().filter((node) => node.matches(selector));
  }
  querySelector(selector) {
    return this.querySelectorAll(selector)[0] || null;
  }
  closest(selector) {
    for (let node = this; node; node = node.parentNode) {
      if (node.matches && node.matches(selector)) {
        return node;
      }
    }
    return null;
  }
}

/** A fresh document and window as globals (and their listeners, for the tests). */
export function installPage() {
  const documentElement = new FakeElement("html");
  const body = new FakeElement("body");
  const main = new FakeElement("main");
  documentElement.appendChild(body);
  body.appendChild(main);
  const document = {
    documentElement, body, readyState: "complete", listeners: {},
    createElement: (tag) => new FakeElement(tag),
    querySelector: (selector) => documentElement.querySelector(selector),
    querySelectorAll: (selector) => documentElement.querySelectorAll(selector),
    getElementById: () => null,
    addEventListener(type, listener) {
      (this.listeners[type] = this.listeners[type] || []).push(listener);
    },
  };
  const window = {
    listeners: {}, ttLiveQuietTimeout: 5, location: { reload() { window.reloaded = true; } },
    addEventListener(type, listener) {
      (this.listeners[type] = this.listeners[type] || []).push(listener);
    },
    localStorage: new Map(), sessionStorage: new Map(),
  };
  for (const storage of [window.localStorage, window.sessionStorage]) {
    storage.getItem = (key) => (storage.has(key) ? storage.get(key) : null);
    storage.setItem = (key, value) => storage.set(key, String(value));
    storage.removeItem = (key) => storage.delete(key);
  }
  globalThis.document = document;
  globalThis.requestAnimationFrame = (callback) => setTimeout(callback, 0);
  globalThis.window = window;
  globalThis.location = window.location;
  return { document, window, main };
}

/** A WebSocket that records the frames sent; the test opens, answers and closes it. */
export class FakeWebSocket {
  constructor(url) {
    this.url = url;
    this.readyState = 0;
    this.sent = [];
    FakeWebSocket.made.push(this);
  }
  send(frame) {
    this.sent.push(typeof frame === "string" ? JSON.parse(frame) : frame);
  }
  open() {
    this.readyState = 1;
    this.onopen();
  }
  receive(msg) {
    this.onmessage({ data: JSON.stringify(msg) });
  }
  close() {
    this.readyState = 3;
    this.onclose();
  }
}
FakeWebSocket.made = [];

/** A Web Worker that records the posted messages; the test answers with reply(). */
export class FakeWorker {
  constructor(url, options) {
    this.url = String(url);
    this.options = options;
    this.posted = [];
    this.listeners = {};
    FakeWorker.made.push(this);
  }
  postMessage(data) {
    this.posted.push(data);
  }
  addEventListener(type, listener) {
    (this.listeners[type] = this.listeners[type] || []).push(listener);
  }
  reply(data) {
    (this.listeners.message || []).forEach((listener) => listener({ data }));
  }
}
FakeWorker.made = [];

/** Lets the promises waiting settle. */
export function settle() {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** A kernel message as the kernel sends it (iopub unless said). */
export function kernelMessage(type, content, parentId, channel) {
  return {
    header: { msg_id: "k-" + Math.random().toString(16).slice(2), msg_type: type },
    parent_header: parentId ? { msg_id: parentId } : {}, metadata: {}, content,
    channel: channel || "iopub", buffers: [],
  };
}

/** The "idle" status that ends the request ``parentId``. */
export function idle(parentId) {
  return kernelMessage("status", { execution_state: "idle" }, parentId);
}

/** A kernel that records the requests (code, iopub callback) until the test answers. */
export class FakeKernel {
  constructor() {
    this.requests = [];
  }
  request(msg, onIopub) {
    return new Promise((resolve) => {
      this.requests.push({ code: msg.content.code, msg, onIopub, resolve });
    });
  }
  /** Request ``i`` answered: ``stdout`` printed, then done (idle). */
  answer(i, stdout) {
    const request = this.requests[i];
    if (stdout) {
      request.onIopub(kernelMessage("stream", { name: "stdout", text: stdout },
        request.msg.header.msg_id));
    }
    request.resolve();
  }
}

/** The Web Locks API as navigator.locks (one queue per name), recording what is held; with
 * ``false``, a browser without it. */
export function installLocks(present = true) {
  const locks = {
    taken: [], held: null, queues: {},
    request(name, task) {
      locks.taken.push(name);
      const run = (locks.queues[name] || Promise.resolve()).then(() => {
        locks.held = name;
        return task();
      }).finally(() => {
        locks.held = null;
      });
      locks.queues[name] = run.catch(() => {});
      return run;
    },
  };
  Object.defineProperty(globalThis, "navigator", {
    value: present ? { locks } : {}, configurable: true, writable: true,
  });
  return locks;
}
