"""Issue 28 item 8: the table's Hint at the discard names the whole discard."""

from tarot_teach import Phase
from tarot_teach.players import discard_plans

from test_widgets_table import discarding_table


def test_the_discard_hint_names_every_card_of_the_discard():
    table = discarding_table()
    plan = discard_plans(table.state)["usual"]
    feedback = table.show_hint()
    assert len(plan) == table.rules.dog_size == 6
    assert feedback.ok
    head = feedback.message.split(" — ")[0]
    assert head == "Hint: discard " + ", ".join(c.short_name for c in plan[:-1]) \
        + f" and {plan[-1].short_name}", feedback.message
    assert table.state.phase is Phase.DISCARD, "a hint changes nothing"
