"""Bounded reading of what learners type (issue 13, "Input"): parse_number, read_number, read_text."""

import time
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tarot_teach.teach.inputs as inputs
from tarot_teach.teach import AnswerError, parse_number, read_number, read_text


@pytest.mark.parametrize("typed, value", [
    ("41", 41), ("-54", -54), ("40.5", Fraction(81, 2)), ("40,5", Fraction(81, 2)), ("+94", 94),
    ("  43 ", 43), ("1 000", 1000), ("−20", -20), (".5", Fraction(1, 2)), ("5.", 5),
    ("007", 7), ("12.50", Fraction(25, 2)), ("\u00a043\u00a0", 43),
])
def test_what_learners_type_is_read_exactly(typed, value):
    assert parse_number(typed) == value
    assert isinstance(parse_number(typed), Fraction)


HOSTILE = ["1e100000000", "1E5", "9" * 5000, "x" * 100_000, "nan", "NaN", "inf", "-Infinity",
           "\x00", "4\x001", "0x1F", "1/2", "1_000", "٣", "１２", "--5", "5-", "4.5.5", "", "  ",
           "1" * 21, "0." + "1" * 21, '{"a": 1}', "[1, 2]", "null", "١٢٣"]


@pytest.mark.parametrize("typed", HOSTILE, ids=lambda t: repr(t[:12]))
def test_anything_else_is_refused_with_a_message(typed):
    with pytest.raises(AnswerError) as refusal:
        parse_number(typed)
    message = str(refusal.value)
    assert message and len(message) < 200
    assert "\x00" not in message


def test_huge_input_never_reaches_the_number_constructors(monkeypatch):
    """Only short digit strings are ever converted: the bound holds before any arithmetic."""
    seen = []

    class SpyInt(int):
        def __new__(cls, value=0, *args):
            seen.append(value)
            return int(value, *args)

    class SpyFraction(Fraction):
        def __new__(cls, *args):
            seen.extend(args)
            return Fraction(*args)

    monkeypatch.setattr(inputs, "int", SpyInt, raising=False)
    monkeypatch.setattr(inputs, "Fraction", SpyFraction)
    for typed in ["1e100000000", "9" * 5000, "9" * 21, "1" + "0" * 4400, "4" * 200 + ".5"]:
        with pytest.raises(AnswerError):
            parse_number(typed)
    assert parse_number("40,5") == Fraction(81, 2)
    assert seen  # the spies did watch
    short = [value for value in seen
             if isinstance(value, int) and value.bit_length() < 100
             or isinstance(value, str) and value.isascii() and value.isdigit()
             and len(value) <= 2 * inputs.MAX_DIGITS]
    assert short == seen, seen  # never an exponent, never a long string


def test_refusing_the_exponent_is_quick():
    """A hang bound (the issue saw more than 45 s), not a benchmark."""
    start = time.perf_counter()
    for typed in ["1e100000000", "9" * 5000, "x" * 100_000]:
        with pytest.raises(AnswerError):
            read_number(typed)
    assert time.perf_counter() - start < 1


def test_the_exponent_gets_its_own_explanation():
    with pytest.raises(AnswerError, match="in full"):
        parse_number("1e100000000")


@given(st.decimals(min_value=-10**9, max_value=10**9, places=3, allow_nan=False,
                   allow_infinity=False), st.sampled_from([".", ","]), st.booleans())
@settings(max_examples=200, deadline=None)
def test_round_trip(value, mark, spaced):
    text = format(value, "f").replace(".", mark)
    if spaced:
        text = f"  {text} "
    assert parse_number(text) == Fraction(value)


@pytest.mark.slow  # hypothesis, 300 texts
@given(st.text(max_size=400))
@settings(max_examples=300, deadline=None)
def test_any_text_is_a_number_or_a_refusal(text):
    try:
        value = parse_number(text)
    except AnswerError as refusal:
        assert str(refusal)
    else:
        assert isinstance(value, Fraction)
        assert abs(value) < 10 ** inputs.MAX_DIGITS


def test_read_number_keeps_the_tarot_bounds():
    assert read_number("40,5") == Fraction(81, 2)
    with pytest.raises(AnswerError, match="whole number or a half"):
        read_number("40.25")
    with pytest.raises(AnswerError, match="whole number"):
        read_number("40.5", allow_half=False)
    with pytest.raises(AnswerError, match="far too large"):
        read_number("999999999")
    with pytest.raises(AnswerError, match="the target in the box"):
        read_number(" ", "the target")
    assert read_number(Fraction(7, 2)) == Fraction(7, 2)  # an already-read number passes


def test_read_text_refuses_long_text_and_null_bytes():
    assert read_text("  KH QH ") == "KH QH"
    with pytest.raises(AnswerError, match="far too long"):
        read_text("KH " * 1000, "the cards")
    with pytest.raises(AnswerError):
        read_text("K\x00H")
