"""Who may run code: the browser's key, the one-use code that brings it, and secrets kept
out of the logs.

The server makes a new key at each start, kept in its memory only: a key from an earlier
start, which a page served later on the same port could read, is refused. ``tarot-teach``
opens the browser on a file only this user may read (as Jupyter does: ``ps`` shows every
browser's command line to every local user), which sends it on to :data:`OPEN_PATH`
``#code=…`` (a fragment never reaches a server or a log): a one-use code that the page
(scripts/assets/live/open.html) trades for the key by a same-origin request, keeps in
localStorage, which belongs to this origin alone (cookies ignore ports, so none is used),
and removes from the address. The terminal shows an address with the key itself, for
another browser.
"""

from __future__ import annotations

import hmac
import os
import secrets
import threading
import time
import webbrowser
from pathlib import Path

KEY_HEADER = "X-Tarot-Teach-Key"  # (written as such in open.html)
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
    try:
        return name == "localhost" or ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def private_write(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` readable by this user only (mode 0600, folder 0700)."""
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.fchmod(descriptor, 0o600)
    with os.fdopen(descriptor, "w", encoding="ascii") as stream:
        stream.write(text)


def _same(a: str, b: str) -> bool:
    return hmac.compare_digest(a.encode(), b.encode())


class BrowserKey:
    """The secret that lets a browser have a kernel. It expires after ``lifetime`` seconds
    without use (each use renews it) and is then replaced by a new one (``on_new_key`` is
    told). The browser gets it for a one-use code (:meth:`new_code`, :meth:`trade`): only
    the code is ever written where another could see it (the address opened, its history).

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
        self.lifetime, self.clock = lifetime, clock or time.time
        self.codes: dict[str, float] = {}  # one-use code -> when it expires
        self.current, self.last_used = secrets.token_urlsafe(32), self.clock()
        self.on_new_key = on_new_key

    def _fresh(self) -> bool:
        """Renew the key if it was used recently enough (True), else replace it (False)."""
        now = self.clock()
        fresh = now - self.last_used <= self.lifetime
        if not fresh:
            self.current = secrets.token_urlsafe(32)
            if self.on_new_key is not None:
                self.on_new_key(self.current)
        self.last_used = now
        return fresh

    def accepts(self, offered: str) -> bool:
        """True for the current key, used recently enough (and then renewed)."""
        return bool(offered) and _same(offered, self.current) and self._fresh()

    def new_code(self, lifetime: "float | None" = None) -> str:
        """A new one-use code for the key, good for ``lifetime`` seconds (CODE_LIFETIME)."""
        code = secrets.token_urlsafe(24)
        self.codes[code] = self.clock() + (CODE_LIFETIME if lifetime is None else lifetime)
        return code

    def trade(self, code: str) -> "str | None":
        """The key (renewed, or a new one if it expired) for a code from :meth:`new_code`
        neither used nor expired: it is used up now. None for any other code."""
        now = self.clock()
        known = [made for made in self.codes if _same(made, code or "")]
        expires = self.codes.pop(known[0]) if known else None
        self.codes = {made: end for made, end in self.codes.items() if end >= now}
        if expires is None or now > expires:
            return None
        self._fresh()
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
        import logging

        try:
            text = record.getMessage()
        except Exception:  # a broken format string: keep the raw message
            text = str(record.msg)
        record.msg, record.args = self._clean(text), ()
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = self._clean(record.exc_text)
        return True


def scrub_logs(scrubber: SecretScrubber, *loggers) -> None:
    """Attach ``scrubber`` to every handler these loggers (and the root logger) write to."""
    import logging

    for logger in (logging.getLogger(), *loggers):
        while logger is not None:
            for handler in logger.handlers:
                handler.addFilter(scrubber)  # (once: logging adds a filter only once)
            logger = logger.parent if logger.propagate else None


REDIRECT_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="referrer" content="no-referrer">
<meta http-equiv="refresh" content="0;url={target}"><title>Opening the tutorial</title>
</head><body><p><a href="{target}">Open the tutorial</a></p></body></html>
"""


def open_address(port: int, key: BrowserKey, folder: Path) -> str:
    """The address to open the learner's browser on: ``folder/open-<port>.html``, which
    only this user may read, sending the browser on to the opener with a new one-use code.
    Neither the key nor the code is in that address.

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
