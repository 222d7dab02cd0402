"""A static file server for the tests and benchmarks: the built book served as any static web
host would (the static Pyodide mode), on 127.0.0.1 only. `tarot-teach` itself serves the
book through its own server (tarot_teach/app/server.py)."""

from __future__ import annotations

import functools
import http.server
from pathlib import Path


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    # The types browsers insist on for modules and WebAssembly (the static Pyodide mode).
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript", ".mjs": "text/javascript", ".wasm": "application/wasm",
        ".json": "application/json", ".whl": "application/zip",
    }

    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass


def make_server(directory: Path, port: int = 0) -> http.server.ThreadingHTTPServer:
    """A static file server for ``directory``, listening on 127.0.0.1 only."""
    handler = functools.partial(_QuietHandler, directory=str(directory))
    return http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
