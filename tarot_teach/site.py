"""Kept for callers of the old module: the book's build and static server now live in
:mod:`tarot_teach.app.build`, the live server in :mod:`tarot_teach.app.server`."""

from .app.build import (DEFAULT_PORT, STAMP, book_is_stale, build_book,  # noqa: F401
                        html_dir, make_server, project_root)

__all__ = ["project_root", "html_dir", "book_is_stale", "build_book", "make_server",
           "DEFAULT_PORT", "STAMP", "main_serve"]


def main_serve(*args, **kwargs) -> int:
    """:func:`tarot_teach.app.server.main_serve`."""
    from .app.server import main_serve as serve

    return serve(*args, **kwargs)
