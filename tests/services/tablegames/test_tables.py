"""Table services: a hand is kept only if the table still folds under the rules core."""

import datetime

import pytest
from django.core.exceptions import ValidationError

from scoring.core.records.errors import NightFinal
from scoring.models import TableHand
from scoring.tablegames import services as tablegames_services
from tests.factories import night_with_schedule

pytestmark = pytest.mark.django_db

WIN = {"bidder": 1, "bid": 7, "points": [14, 0]}


def two_handed(**settings):
    return tablegames_services.table_create(
        variant="chicago42",
        player_names=["Ann", "Bob"],
        date=datetime.date(2026, 11, 20),
        **settings,
    )


def won(table):
    hands = [tablegames_services.table_hand_record(table=table, data=WIN) for _ in range(3)]
    table.refresh_from_db()
    assert table.winners == [1]
    return hands


def test_no_hand_follows_the_win():
    table = two_handed()
    won(table)

    with pytest.raises(ValidationError, match="already won by player 1"):
        tablegames_services.table_hand_record(table=table, data=WIN)
    assert TableHand.objects.count() == 3


def test_a_finished_table_is_corrected_by_a_director_only(scorer, director):
    table = two_handed()
    last = won(table)[-1]
    smaller = {"bidder": 1, "bid": 7, "points": [13, 1]}

    with pytest.raises(ValidationError, match="only a director may correct it"):
        tablegames_services.table_hand_correct(hand=last, data=smaller, version=1, user=scorer)
    tablegames_services.table_hand_correct(hand=last, data=smaller, version=1, user=director)

    table.refresh_from_db()
    assert (table.scores, table.winners) == ([41, 1], [])


def test_deleting_a_hand_scores_the_table_again():
    table = two_handed()
    first = tablegames_services.table_hand_record(
        table=table, data={"bidder": 2, "bid": 9, "points": [7, 7]}
    )
    tablegames_services.table_hand_record(table=table, data=WIN)

    tablegames_services.table_hand_delete(hand=first)

    table.refresh_from_db()
    assert (table.scores, table.cinches) == ([14, 0], [0, 0])


def test_a_table_beside_a_final_night_takes_no_hand():
    night = night_with_schedule(2)
    table = two_handed(night=night)
    night.is_final = True
    night.save()

    with pytest.raises(NightFinal):
        tablegames_services.table_hand_record(table=table, data=WIN)
    assert not TableHand.objects.exists()


def test_a_name_that_hides_a_character_is_refused_beside_the_players():
    with pytest.raises(ValidationError) as refused:
        tablegames_services.table_create(
            variant="chicago42", player_names=["Ann", "B\u200bob"], date=datetime.date(2026, 11, 20)
        )
    assert "U+200B" in refused.value.message_dict["players"][0]


def test_a_table_outlives_the_night_it_was_played_beside():
    night = night_with_schedule(2)
    table = two_handed(night=night)
    won(table)

    night.delete()

    table.refresh_from_db()
    assert table.night is None and table.winners == [1]
