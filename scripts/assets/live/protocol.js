// @ts-check
// The Jupyter messaging protocol as the page speaks it: message ids, messages, and the
// WebSocket's frames (scripts/assets/live/main.js says how the page goes live).

/** A random id (RFC 4122 version 4), as Jupyter's messages have. @returns {string} */
export function uuid() {
  var bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  bytes[6] = (bytes[6] & 15) | 64;
  bytes[8] = (bytes[8] & 63) | 128;
  var hex = Array.prototype.map.call(bytes, function (b) {
    return (b + 256).toString(16).slice(1);
  }).join("");
  return hex.slice(0, 8) + "-" + hex.slice(8, 12) + "-" + hex.slice(12, 16) + "-" +
    hex.slice(16, 20) + "-" + hex.slice(20);
}
/**
 * A Jupyter message of this page's ``session`` (content as given, on ``channel``).
 * @param {string} session
 * @param {string} msgType
 * @param {any} content
 * @param {string} [channel] "shell" unless said
 * @returns {any}
 */
export function makeMessage(session, msgType, content, channel) {
  return {
    header: {
      msg_id: uuid(), msg_type: msgType, session: session, username: "learner",
      date: new Date().toISOString(), version: "5.3",
    },
    parent_header: {}, metadata: {}, content: content, channel: channel || "shell",
    buffers: [],
  };
}

// A message with binary buffers (e.g. a file chosen in an upload) is one binary frame, as
// Jupyter's kernel WebSocket protocol has it: the number of parts, the offset of each,
// then the parts (the JSON message without its buffers, then each buffer).
/** @param {ArrayBuffer | ArrayBufferView} buffer */
export function bytesOf(buffer) {
  return ArrayBuffer.isView(buffer)
    ? new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength)
    : new Uint8Array(buffer);
}
/** The WebSocket frame of ``msg``: text, or binary with its buffers. @param {any} msg */
export function encodeFrame(msg) {
  if (!msg.buffers || !msg.buffers.length) {
    return JSON.stringify(msg);
  }
  var plain = {};
  Object.keys(msg).forEach(function (key) {
    if (key !== "buffers") {
      plain[key] = msg[key];
    }
  });
  var parts = [new TextEncoder().encode(JSON.stringify(plain))].concat(
    msg.buffers.map(bytesOf));
  var offset = 4 * (parts.length + 1);
  var frame = new Uint8Array(parts.reduce(function (size, part) {
    return size + part.byteLength;
  }, offset));
  var view = new DataView(frame.buffer);
  view.setUint32(0, parts.length);
  parts.forEach(function (part, i) {
    view.setUint32(4 * (i + 1), offset);
    frame.set(part, offset);
    offset += part.byteLength;
  });
  return frame.buffer;
}
/** The message of a WebSocket frame. @param {string | ArrayBuffer} data @returns {any} */
export function decodeFrame(data) {
  if (typeof data === "string") {
    return JSON.parse(data);
  }
  var view = new DataView(data);
  var offsets = [];
  for (var i = 0; i < view.getUint32(0); i++) {
    offsets.push(view.getUint32(4 * (i + 1)));
  }
  offsets.push(data.byteLength);
  var msg = JSON.parse(new TextDecoder().decode(
    new Uint8Array(data, offsets[0], offsets[1] - offsets[0])));
  msg.buffers = [];
  for (var j = 1; j + 1 < offsets.length; j++) {
    msg.buffers.push(new DataView(data, offsets[j], offsets[j + 1] - offsets[j]));
  }
  return msg;
}

// A lone half of a UTF-16 surrogate pair (a box can hold one: typed, pasted, or left by a
// deletion) cannot be encoded in UTF-8: the kernel's server failed on it and the page lost
// its connection (issue 27). Each lone half becomes U+FFFD, as a UTF-8 decoder would have it.
var SURROGATES = /[\ud800-\udbff][\udc00-\udfff]|[\ud800-\udfff]/g;

/**
 * ``value`` with every string in it (keys too) well formed: a lone surrogate replaced by
 * U+FFFD. Plain objects and arrays are copied; other values are returned as they are.
 * @param {any} value
 * @returns {any}
 */
export function wellFormed(value) {
  if (typeof value === "string") {
    return value.replace(SURROGATES, function (found) {
      return found.length === 2 ? found : "\ufffd";
    });
  }
  if (Array.isArray(value)) {
    return value.map(wellFormed);
  }
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    /** @type {Record<string, any>} */
    var copy = {};
    Object.keys(value).forEach(function (key) {
      copy[wellFormed(key)] = wellFormed(value[key]);
    });
    return copy;
  }
  return value;
}

/** An execute_request's content for ``code``. @param {string} code */
export function executeContent(code) {
  return {
    code: code, silent: false, store_history: false, user_expressions: {},
    allow_stdin: false, stop_on_error: true,
  };
}
