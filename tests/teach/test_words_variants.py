"""Issue 28 item 8: variant wording — Cosmic Tribe feedback names the trick's own suits."""

from tarot_teach.teach.variants import check_cosmic_trick


def test_an_air_trick_won_by_a_court_does_not_talk_of_earth_and_water():
    feedback = check_cosmic_trick(["1S", "KS", "5S"], "1S")
    assert not feedback.ok
    assert feedback.message == "Not quite: Archon of Air wins. The courts rank above every pip."


def test_a_trick_won_by_a_trump_says_so():
    feedback = check_cosmic_trick(["9D", "T3", "10D"], "10D")
    assert feedback.message == ("Not quite: trump 3 wins. A trump was played: the highest trump "
                                "wins, whatever the plain cards.")


def test_a_card_of_another_suit_is_told_it_did_not_follow():
    feedback = check_cosmic_trick(["2D", "KH", "3D"], "KH")
    assert feedback.message == ("Not quite: 3 of Earth wins. Archon of Water is not of the suit "
                                "led (Earth): a card of another suit never wins.")


def test_pips_of_the_suit_led_are_explained_with_that_suit():
    assert check_cosmic_trick(["4H", "9H", "2H"], "4H").message.endswith(
        "In Water, as in Earth, the pips keep the usual order, 1 lowest up to 10, below the "
        "courts.")
    assert check_cosmic_trick(["9C", "4C", "6C"], "9C").message.endswith(
        "In Fire, as in Air, the pips run from 10 (lowest) up to 1 (highest), below the courts.")


def test_variants_and_tables_are_listed_by_their_names_once():
    from tarot_teach.rules import VARIANTS
    from tarot_teach.teach.variants import scoring_table_lines, variant_lines
    from tarot_teach.variants import SCORING_TABLES

    lines = variant_lines()
    assert len(lines) == len(VARIANTS)
    assert "Misère: no trump and no Excuse, or no face card and no bout, earns 10 from each " \
           "player" in lines
    assert any(line.startswith("Cosmic Tribe: three players") for line in lines)
    tables = scoring_table_lines()
    assert len(tables) == len(SCORING_TABLES)
    assert tables[0].startswith("FFT, from the FFT rules: (25 + margin")
    for line in lines + tables:
        title, _, rest = line.partition(":")
        assert not rest.strip().lower().startswith(title.split(",")[0].lower() + ":"), line
        assert "_" not in title and not title.startswith(("Fft", "Misere")), line


def test_the_variants_page_lists_them_by_those_names():
    from pathlib import Path
    page = (Path(__file__).resolve().parents[2] / "book" / "30-variants.md").read_text("utf-8")
    assert "bullet_list(variant_lines())" in page and "bullet_list(scoring_table_lines())" in page
    assert ".capitalize()" not in page
