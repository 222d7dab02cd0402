"""What keeps a slow or greedy client from freezing the server: more descriptors, a cap on
the connections of a client, time limits on a request's headers and body and on an idle
connection, and one log line (not a traceback each time) when connections cannot be
accepted."""

from __future__ import annotations

import contextlib
import errno
import time

# Seconds a client may take to send a request's headers (and may stay idle between two
# requests), and its body. A WebSocket, once open, has pings instead (server.WS_PING_MS).
HEADER_TIMEOUT, BODY_TIMEOUT = 20, 60
# Connections one client address may hold at once (every local program shares 127.0.0.1:
# a browser needs a few per tab, far fewer than this).
MAX_CONNECTIONS = 256
LOG_EVERY = 30  # seconds between two log lines about connections refused
_OUT_OF_DESCRIPTORS = {errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM}


def raise_descriptor_limit(wanted: int = 65536) -> int:
    """Raise this process's limit on open files towards ``wanted`` (no further than the
    hard limit): each kernel holds a few dozen, each connection one. The new limit.

    >>> raise_descriptor_limit() >= 256
    True
    """
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


class _Refusals:
    """Refused connections, in the log at most once every ``LOG_EVERY`` seconds."""

    def __init__(self, log, clock=time.monotonic) -> None:
        self.log, self.clock = log, clock
        self.count, self.said = 0, None

    def refused(self, why: str) -> None:
        self.count += 1
        now = self.clock()
        if self.said is None or now - self.said >= LOG_EVERY:
            self.log.warning("connections refused (%s): %d since the last such line",
                             why, self.count)
            self.count, self.said = 0, now


def guard_connections(http_server, log, limit: int = MAX_CONNECTIONS) -> None:
    """Set ``http_server``'s (a tornado HTTPServer, not yet serving) time limits, and close
    at once a connection beyond ``limit`` from one client address."""
    params = http_server.conn_params
    params.header_timeout, params.body_timeout = HEADER_TIMEOUT, BODY_TIMEOUT
    streams: dict = {}  # client address -> its open streams
    refusals = _Refusals(log)
    handle = http_server.handle_stream

    def handle_stream(stream, address) -> None:
        client = address[0] if isinstance(address, tuple) and address else str(address)
        open_now = [known for known in streams.get(client, ()) if not known.closed()]
        if len(open_now) >= limit:
            stream.close()
            refusals.refused(f"more than {limit} connections from {client}")
            return
        open_now.append(stream)
        streams[client] = open_now
        handle(stream, address)

    http_server.handle_stream = handle_stream


class LoopErrors:
    """The event loop's exception handler: a write to a page's WebSocket that had just
    closed (jupyter_server does not wait on its writes) is ignored, not a traceback in the
    learner's terminal; a connection that cannot be accepted (no descriptor left) is one
    log line now and then; anything else as before.

    >>> from tornado.websocket import WebSocketClosedError
    >>> LoopErrors(log=None)(None, {"exception": WebSocketClosedError()})  # nothing printed
    """

    def __init__(self, log) -> None:
        self.refusals = _Refusals(log)

    def __call__(self, loop, context) -> None:
        from tornado.iostream import StreamClosedError
        from tornado.websocket import WebSocketClosedError

        error = context.get("exception")
        if isinstance(error, (WebSocketClosedError, StreamClosedError)):
            return
        if isinstance(error, OSError) and error.errno in _OUT_OF_DESCRIPTORS:
            self.refusals.refused(error.strerror or str(error))
            return
        loop.default_exception_handler(context)
