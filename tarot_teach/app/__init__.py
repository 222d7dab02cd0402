"""The tutorial's own server, on this machine only (127.0.0.1).

``tarot-teach`` builds the book when a source is newer than the last build
(:mod:`~tarot_teach.app.build`), makes a new browser key (:mod:`~tarot_teach.app.keys`)
and serves the book and one kernel per browser tab (:mod:`~tarot_teach.app.server`; the
kernels in :mod:`~tarot_teach.app.kernels`, their warm pool in :mod:`~tarot_teach.app.pool`).

This package imports nothing at import time: a kernel imports every module of
``tarot_teach`` but this one's (see :data:`tarot_teach.app.pool.WARM_UP`).
"""
