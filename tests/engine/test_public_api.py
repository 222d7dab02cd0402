"""The package's public names: every name in ``__all__`` is reachable, and the coach's names
are imported only when first asked for (``import tarot_teach`` stays light for the browser)."""

import subprocess
import sys

import tarot_teach


def test_every_public_name_is_reachable():
    for name in tarot_teach.__all__:
        assert getattr(tarot_teach, name) is not None, name


def test_the_coach_is_imported_on_first_use_only():
    code = ("import sys, tarot_teach; assert 'tarot_teach.coach' not in sys.modules; "
            "from tarot_teach import review, coach; assert review is coach.review; "
            "assert tarot_teach.StrongPlayer.__module__ == 'tarot_teach.players'")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_an_unknown_name_is_an_attribute_error():
    try:
        tarot_teach.no_such_name
    except AttributeError as error:
        assert "no_such_name" in str(error)
    else:
        raise AssertionError("an unknown name was found")
