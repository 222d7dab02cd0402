"""The optional native search of the open-hand solver (tarot_teach/_solver.c).

Everything else is in pyproject.toml. The extension is optional: without a C compiler the
install goes on and the pure Python search runs. ``TAROT_TEACH_PURE=1`` leaves it out, for
the pure-Python wheel (py3-none-any) that the static site's Pyodide installs.
"""

import os

from setuptools import Extension, setup

NATIVE = [] if os.environ.get("TAROT_TEACH_PURE") == "1" else [
    Extension("tarot_teach._solver", ["tarot_teach/_solver.c"], optional=True,
              extra_compile_args=["-O2"])]

setup(ext_modules=NATIVE, exclude_package_data={"tarot_teach": ["*.c"]})  # (the .c in the sdist only)
