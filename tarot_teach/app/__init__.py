"""The tutorial's own server, on this machine only (127.0.0.1): ``tarot-teach`` builds the
book when a source is newer than the last build (:mod:`.build`), makes a new browser key
(:mod:`.keys`) and serves the book and one kernel per browser tab (:mod:`.server`).

This package imports nothing at import time (it only keeps rfc3987_syntax out, below): a
kernel imports every module of ``tarot_teach`` but this one's (see
:data:`tarot_teach.app.pool.WARM_UP`).
"""

import sys

# jsonschema (under jupyter_server's event logger) takes its "iri" format checks from
# rfc3987_syntax, whose import builds some forty grammars: a second of every start of the
# server. No schema of jupyter_server, jupyter_events or nbformat uses "iri"
# (tests/app/test_app_imports.py checks), so this package's processes go without it.
sys.modules.setdefault("rfc3987_syntax", None)
