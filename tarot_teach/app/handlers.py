"""The live server's own HTTP handlers (the book, the opener, the key, a tab's session).
Each is given the :class:`~.server.LiveServer` as ``live`` (tornado's ``initialize``)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from tornado import web

from .kernels import TooManyTabs
from .keys import CODE_HEADER, KEY_HEADER, KEY_PATH, OPEN_PATH, local_host

JUPYTER_BASE = "/jupyter/"
SESSION_PATH = "/_static/vendor/live/session.json"
RELEASE_PATH = "/_static/vendor/live/release"
OPENER_FILE = Path(__file__).resolve().parents[2] / "scripts" / "assets" / "live" / "open.html"
TAB_HEADER = "X-Tarot-Teach-Tab"
# Which load of its tab the page is (1, 2, ...: live.js counts them in sessionStorage).
LOAD_HEADER = "X-Tarot-Teach-Load"
SECURITY_HEADERS = {"Content-Security-Policy": "frame-ancestors 'self'",
                    "X-Frame-Options": "SAMEORIGIN", "X-Content-Type-Options": "nosniff",
                    "Referrer-Policy": "same-origin"}
_TAB_ID = re.compile(r"[A-Za-z0-9-]{8,64}")


def security_headers(handler) -> None:
    """Set :data:`SECURITY_HEADERS` on ``handler``'s answer (framed by this origin only)."""
    for name, value in SECURITY_HEADERS.items():
        handler.set_header(name, value)


def _same_origin_only(handler) -> None:
    """Refuse a request about the key that no page of this origin sent: a browser says
    where a request comes from (Sec-Fetch-Site, Origin); a request saying neither is
    refused too (any local program may send the headers, but it has no key)."""
    site = handler.request.headers.get("Sec-Fetch-Site")
    origin = handler.request.headers.get("Origin")
    own = f"{handler.request.protocol}://{handler.request.host}"
    if (origin, site) not in ((own, None), (own, "same-origin"), (None, "same-origin")):
        raise web.HTTPError(403, "same-origin requests only")


class QuietErrors:
    """What every handler here shares: ``live``, a loopback Host only, the security headers,
    and a short plain error page, no traceback on the page or in the terminal."""

    def initialize(self, live, **kwargs) -> None:
        self.live = live
        super().initialize(**kwargs)

    def prepare(self):
        if not local_host(self.request.host):
            raise web.HTTPError(403, "this server only answers to 127.0.0.1")
        security_headers(self)

    def write_error(self, status_code, **kwargs):
        security_headers(self)  # the headers were cleared for the error
        self.set_header("Content-Type", "text/plain; charset=utf-8")
        self.finish(f"{status_code} {self._reason}\n")

    def log_exception(self, typ, value, tb):
        if not isinstance(value, web.HTTPError):
            self.live.log.warning("%s %s: %s", self.request.method, self.request.path,
                                  f"{typ.__name__}: {value}")


class BookHandler(QuietErrors, web.StaticFileHandler):
    """The built book's files, never cached unchecked."""

    def prepare(self):
        super().prepare()
        if "\x00" in self.request.path or "%00" in self.request.uri:
            raise web.HTTPError(400, "no such page")
        if "/." in "/" + self.path_args[0]:  # the build's hidden files (.buildinfo, ...)
            raise web.HTTPError(404)

    def set_extra_headers(self, path):
        security_headers(self)
        self.set_header("Cache-Control", "no-cache")


class LiveHandler(QuietErrors, web.RequestHandler):
    """A handler of this server's own (not a file), never cached."""

    def prepare(self):
        super().prepare()
        self.set_header("Cache-Control", "no-store")

    def check_xsrf_cookie(self):
        # No cookie is involved: the key must come in a header, which a page of another
        # origin cannot add to a request without this server's consent (CORS).
        pass

    def answer_json(self, value) -> None:
        self.set_header("Content-Type", "application/json")
        self.finish(json.dumps(value, default=str))


class OpenerHandler(LiveHandler):
    """The page the browser is opened on. The browser first clears this origin's HTTP cache
    (pages maybe another program served on this port while the tutorial was stopped); the
    page then replaces any earlier key. Not the origin's storage: that also emptied the tabs
    already open, whose Reconnect after a restart then never came back."""

    def get(self):
        self.set_header("Clear-Site-Data", '"cache"')
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.finish(OPENER_FILE.read_bytes())


class KeyHandler(LiveHandler):
    """The key, for a one-use code (the opener's) or for the key itself (the address
    printed in the terminal: the opener stores only a key the server accepts)."""

    def post(self):
        _same_origin_only(self)
        key = self.live.key
        current = key.current if key.accepts(self.request.headers.get(KEY_HEADER, "")) \
            else key.trade(self.request.headers.get(CODE_HEADER, ""))
        if current is None:
            raise web.HTTPError(403, "this address was used already or is too old")
        self.answer_json({"key": current})


class KeyedHandler(LiveHandler):
    """A request of a page holding the key, saying which tab (and which load of it) it is."""

    def prepare(self):
        super().prepare()
        _same_origin_only(self)
        if not self.live.key.accepts(self.request.headers.get(KEY_HEADER, "")):
            raise web.HTTPError(403, "open the tutorial with the tarot-teach command")
        self.tab = self.request.headers.get(TAB_HEADER, "")
        if not _TAB_ID.fullmatch(self.tab):
            raise web.HTTPError(400, "a page must say which tab it is")
        load = self.request.headers.get(LOAD_HEADER, "")
        # (0: the page could not count its loads; not compared)
        self.load = (int(load) or None) if load.isdigit() and len(load) < 16 else None


class SessionHandler(KeyedHandler):
    async def get(self):
        live = self.live
        if live.tabs.left(self.tab, self.load):
            raise web.HTTPError(409, "this tab has gone on to another page")
        try:
            kernel_id, reused = await live.tabs.kernel_for(self.tab, live.pool)
        except TooManyTabs:
            raise web.HTTPError(503, "too many tabs of the tutorial are open") from None
        self.answer_json({"mode": "jupyter", "base": JUPYTER_BASE, "token": live.token,
                          "kernel": kernel_id, "reused": reused})


class ReleaseHandler(KeyedHandler):
    def post(self):
        self.live.tabs.release(self.tab, self.load)
        self.set_status(204)


class NoFavicon(web.RequestHandler):
    def get(self):  # the book has none; say so without a 404 in the console
        self.set_status(204)


def routes(live) -> list:
    """The book's and the key's routes, their handlers given ``live`` (a LiveServer)."""
    given = {"live": live}
    return [(SESSION_PATH, SessionHandler, given), (RELEASE_PATH, ReleaseHandler, given),
            (OPEN_PATH, OpenerHandler, given), (KEY_PATH, KeyHandler, given),
            (r"/favicon\.ico", NoFavicon),
            (r"/(?!jupyter/)(.*)", BookHandler,
             {**given, "path": str(live.directory), "default_filename": "index.html"})]
