"""The tutorial's own server, on this machine only (127.0.0.1): ``tarot-teach`` builds the
book when a source is newer than the last build (:mod:`.build`), makes a new browser key
(:mod:`.keys`) and serves the book and one kernel per browser tab (:mod:`.server`).

This package imports nothing at import time: a kernel imports every module of
``tarot_teach`` but this one's (see :data:`tarot_teach.app.pool.WARM_UP`).
"""
