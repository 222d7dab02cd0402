"""Who may run code: the browser's key, the one-use code that brings it, and secrets kept
out of the logs.

The server makes a new key at each start (kept in its memory only: a key from an earlier
start, which a page served later on the same port could read, is refused). ``tarot-teach``
opens the browser on a file only this user may read (as Jupyter does; ``ps`` shows every
browser's command line to every local user), which sends it on to
``/_static/vendor/live/open.html#code=…`` (a fragment never reaches a server or a log): a
one-use code, good for two minutes, that the page trades for the key by a same-origin
request, then keeps in localStorage, which belongs to this origin alone (cookies ignore
ports, so none is used), and removes from the address. The terminal shows an address with
the key itself, for another browser.
"""

from __future__ import annotations

import os
import threading
import time
import webbrowser
from pathlib import Path

KEY_HEADER = "X-Tarot-Teach-Key"
CODE_HEADER = "X-Tarot-Teach-Code"
OPEN_PATH = "/_static/vendor/live/open.html"
KEY_PATH = "/_static/vendor/live/key.json"  # the opener's code (or key) for the key
KEY_LIFETIME = 12 * 3600  # seconds without use after which a browser's key is refused
CODE_LIFETIME = 120  # seconds a one-use code for the key is good for (a browser starting)


def local_host(host: str) -> bool:
    """True for a Host header naming this machine's loopback (127.x, ::1, localhost).

    >>> local_host("127.0.0.1:8276"), local_host("[::1]:80"), local_host("evil.example")
    (True, True, False)
    """
    import ipaddress
    import re

    name = re.sub(r":\d+$", "", host or "").strip("[]").lower()
    if name == "localhost":
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def private_write(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` readable by this user only (mode 0600, folder 0700)."""
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.fchmod(descriptor, 0o600)
    with os.fdopen(descriptor, "w", encoding="ascii") as stream:
        stream.write(text)


class BrowserKey:
    """The secret that lets a browser have a kernel: a new one at each start of the server,
    kept in its memory only (a key from an earlier start is refused, so a page served later
    on the same port finds only a dead key in the browser's storage). It expires after
    ``lifetime`` seconds without use (each use renews it); an expired key is replaced by a
    new one (``on_new_key`` is told).

    The browser gets it for a one-use code (:meth:`new_code`, :meth:`trade`), worth nothing
    after its first use or ``CODE_LIFETIME`` seconds: only the code is ever written where
    another could see it (the address the browser opens, its history).

    >>> clock = [1000.0]
    >>> keys = BrowserKey(3600, clock=lambda: clock[0])
    >>> first = keys.current
    >>> keys.accepts(first), keys.accepts("guess"), keys.accepts("")
    (True, False, False)
    >>> clock[0] += 3000; keys.accepts(first)     # used within the hour: renewed
    True
    >>> clock[0] += 3601; keys.accepts(first)     # an hour unused: refused, and replaced
    False
    >>> keys.current != first, BrowserKey().current != BrowserKey().current
    (True, True)
    >>> code = keys.new_code()
    >>> keys.trade(code) == keys.current, keys.trade(code)
    (True, None)
    """

    def __init__(self, lifetime: float = KEY_LIFETIME, clock=None, on_new_key=None) -> None:
        self.lifetime = lifetime
        self.clock = clock or time.time
        self.on_new_key = None
        self.codes: dict[str, float] = {}  # one-use code -> when it expires
        self._new_key()
        self.on_new_key = on_new_key

    def _new_key(self) -> None:
        import secrets

        self.current = secrets.token_urlsafe(32)
        self.last_used = self.clock()
        if self.on_new_key is not None:
            self.on_new_key(self.current)

    def accepts(self, offered: str) -> bool:
        """True for the current key, used recently enough (and then renewed)."""
        import hmac

        if not offered or not hmac.compare_digest(offered.encode(), self.current.encode()):
            return False
        if self.clock() - self.last_used > self.lifetime:
            self._new_key()
            return False
        self.last_used = self.clock()
        return True

    def new_code(self, lifetime: "float | None" = None) -> str:
        """A new one-use code for the key, good for ``lifetime`` seconds (CODE_LIFETIME)."""
        import secrets

        code = secrets.token_urlsafe(24)
        self.codes[code] = self.clock() + (CODE_LIFETIME if lifetime is None else lifetime)
        return code

    def trade(self, code: str) -> "str | None":
        """The key (renewed, or a new one if it expired) for a code from :meth:`new_code`
        neither used nor expired: it is used up now. None for any other code."""
        import hmac

        now = self.clock()
        offered = (code or "").encode()
        known = [made for made in self.codes if hmac.compare_digest(made.encode(), offered)]
        expires = self.codes.pop(known[0]) if known else None
        self.codes = {made: end for made, end in self.codes.items() if end >= now}
        if expires is None or now > expires:
            return None
        if now - self.last_used > self.lifetime:
            self._new_key()
        self.last_used = now
        return self.current


class SecretScrubber:
    """A logging filter that replaces the server's secrets in every log line by ``[secret]``
    (the message, its arguments and any traceback text)."""

    def __init__(self, *secrets_: str) -> None:
        self.secrets = [s for s in secrets_ if s]

    def add(self, secret: str) -> None:
        self.secrets.append(secret)

    def _clean(self, text: str) -> str:
        for secret in self.secrets:
            text = text.replace(secret, "[secret]")
        return text

    def filter(self, record) -> bool:
        try:
            text = record.getMessage()
        except Exception:  # a broken format string: keep the raw message
            text = str(record.msg)
        record.msg, record.args = self._clean(text), ()
        if record.exc_info and not record.exc_text:
            import logging

            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = self._clean(record.exc_text)
        return True


def scrub_logs(scrubber: SecretScrubber, *loggers) -> None:
    """Attach ``scrubber`` to every handler these loggers (and the root logger) write to."""
    import logging

    seen = set()
    for logger in (logging.getLogger(), *loggers):
        while logger is not None:
            for handler in logger.handlers:
                if id(handler) not in seen:
                    seen.add(id(handler))
                    handler.addFilter(scrubber)
            logger = logger.parent if logger.propagate else None


# The opener: it trades the one-use code of its address (#code=..., or the key itself,
# #key=..., from the address printed in the terminal) for the key, by a same-origin request,
# and keeps the key in this origin's storage in place of any older one (a key of an earlier
# start is worth nothing; the progress, kept in the same storage, is left alone).
OPENER_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="referrer" content="no-referrer">
<title>Opening the tutorial</title></head><body><p>Opening the tutorial…</p><script>
(function () {
  var found = /(?:^#|&)(code|key)=([A-Za-z0-9_-]+)/.exec(location.hash);
  history.replaceState(null, "", location.pathname);
  var gone = false;
  function go() {
    if (!gone) {
      gone = true;
      location.replace("../../../");
    }
  }
  // The site's service worker is installed here, before the first page: that page then
  // loads its widget code at once instead of waiting for the worker (up to 4 s).
  function installThenGo() {
    if (!("serviceWorker" in navigator)) {
      go();
      return;
    }
    setTimeout(go, 3000);
    navigator.serviceWorker.register("../../../tt-sw.js", { scope: "/" }).then(function () {
      return navigator.serviceWorker.ready;
    }).then(go, go);
  }
  if (!found) {
    installThenGo();
    return;
  }
  var headers = {};
  headers[found[1] === "code" ? "__CODE__" : "__KEY__"] = found[2];
  fetch("key.json", { method: "POST", cache: "no-store", headers: headers }).then(
    function (answer) {
      if (!answer.ok) {
        throw new Error(String(answer.status));
      }
      return answer.json();
    }).then(function (answer) {
    localStorage.setItem("tarot_teach.key", answer.key);
  }).catch(function () {
    gone = true; // (what the learner can do instead, and the book, if this browser has a key)
    document.body.firstChild.innerHTML = "This address was used already or is too old: " +
      "open the one tarot-teach printed, or stop it and run it again. " +
      '<a href="../../../">The tutorial</a>';
  }).then(installThenGo);
})();
</script></body></html>
""".replace("__CODE__", CODE_HEADER).replace("__KEY__", KEY_HEADER)
# The file the learner's browser is opened on (mode 0600, as Jupyter does): only its path
# is on the browser's command line, which every local user may read (ps).
REDIRECT_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="referrer" content="no-referrer">
<meta http-equiv="refresh" content="0;url={target}"><title>Opening the tutorial</title>
</head><body><p><a href="{target}">Open the tutorial</a></p></body></html>
"""


def open_address(port: int, key: BrowserKey, folder: Path) -> str:
    """The address to open the learner's browser on: ``folder/open-<port>.html``, which
    only this user may read, sending the browser on to the opener with a new one-use code
    (see :class:`BrowserKey`). Neither the key nor the code is in that address.

    >>> import tempfile, pathlib
    >>> keys = BrowserKey()
    >>> address = open_address(8276, keys, pathlib.Path(tempfile.mkdtemp()))
    >>> address.startswith("file:///"), keys.current in address, len(keys.codes)
    (True, False, 1)
    """
    import html

    target = f"http://127.0.0.1:{port}{OPEN_PATH}#code={key.new_code()}"
    path = folder / f"open-{port}.html"
    private_write(path, REDIRECT_PAGE.format(target=html.escape(target)))
    return path.resolve().as_uri()


def open_browser_on(address: str) -> None:
    """Open the learner's browser on ``address`` (in the background: it may take a while)."""
    threading.Thread(target=webbrowser.open, args=(address,), daemon=True).start()

