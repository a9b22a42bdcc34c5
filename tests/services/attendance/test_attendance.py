"""The site's attendance services (rules.md, "When the night does not go to plan"):
a house player, substitutes, a pair withdrawn and brought back, a late pair."""

import datetime
import random

import pytest
from django.core.exceptions import ValidationError

from scoring.attendance import services as attendance_services
from scoring.core.records import errors
from scoring.games import selectors as games_selectors
from scoring.games import services as games_services
from scoring.models import Game, Member, Seat, Substitute
from scoring.nights import services as nights_services
from scoring.results import selectors as results_selectors
from scoring.results import services as results_services
from scoring.rules.schedule import schedule
from tests.factories import night_with_schedule, play_out, player_names

pytestmark = pytest.mark.django_db


def finish(game: Game, winner: int | None = None) -> Game:
    """Type a plain result: ``winner`` (the first pair by default) 11 to 5."""
    winner = winner or game.pair_a
    score = [11, 5] if winner == game.pair_a else [5, 11]
    return games_services.game_result_record(
        game=game, result={"winner": winner, "score": score, "cinches": [0, 0]}
    )


def play_rounds(night, last_round: int) -> None:
    games = Game.objects.filter(night=night, round__lte=last_round, winner=None, forfeit=False)
    for game in games.order_by("pk"):
        finish(game)


def standings(night) -> dict:
    night.refresh_from_db()
    return results_selectors.night_standings(night)


def odd_night_with_house(player_count: int = 13, house: str = "House"):
    return nights_services.night_create(
        name="Odd",
        date=datetime.date(2026, 11, 17),
        variant="club11",
        player_names=[*player_names(player_count), house],
        house_player=house,
    )


def test_a_house_player_is_seated_and_pays_nothing():
    night = odd_night_with_house()
    nights_services.night_draw(night=night, chance=random.Random(3))
    nights_services.night_schedule(night=night)
    play_rounds(night, 7)

    house = Seat.objects.get(night=night, house=True)
    money = {row["number"]: row for row in standings(night)["money"]["players"]}
    assert house.member.name == "House"
    assert money[house.number]["paid"] == "0.00"
    assert money[house.number]["won"] in ("0.00", None)
    partner = house.number + 1 if house.number % 2 else house.number - 1
    assert money[partner]["paid"] != "0.00"


def test_a_volunteering_member_can_be_the_house_player():
    Member.objects.create(name="Vera")
    night = odd_night_with_house(house="Vera")

    assert Seat.objects.get(night=night, house=True).member.name == "Vera"


def test_the_draw_never_pairs_two_house_players():
    night = night_with_schedule(4, draw=False)
    Seat.objects.filter(night=night, number__in=[1, 2]).update(house=True)
    for seed in range(30):
        nights_services.night_draw(night=night, chance=random.Random(seed))
        numbers = Seat.objects.filter(night=night, house=True).values_list("number", flat=True)
        assert len({(number + 1) // 2 for number in numbers}) == 2


# --- substitutes ----------------------------------------------------------------------


def test_a_substitute_is_recorded_and_changes_no_figure():
    night = night_with_schedule(4)
    game = Game.objects.filter(night=night, round=1).first()
    before = standings(night)
    seat = Seat.objects.select_related("member").get(night=night, number=2 * game.pair_a)

    attendance_services.substitute_record(game=game, number=seat.number, name="Zed")

    assert standings(night) == before
    assert games_selectors.game_pair_names(game)[game.pair_a].endswith(
        f"Zed for {seat.member.name}"
    )
    assert Substitute.objects.get().name == "Zed"


def test_a_typed_name_of_a_member_is_linked_to_the_member():
    night = night_with_schedule(4)
    zed = Member.objects.create(name="Zed")
    game = Game.objects.filter(night=night).first()

    substitute = attendance_services.substitute_record(
        game=game, number=2 * game.pair_a, name=" zed "
    )

    assert substitute.member == zed
    assert substitute.name == "Zed"


def test_a_substitute_for_a_seat_not_in_the_game_is_refused():
    night = night_with_schedule(4)
    game = Game.objects.filter(night=night, pair_a__in=[1, 2], pair_b__in=[1, 2]).get()

    with pytest.raises(ValidationError) as refused:
        attendance_services.substitute_record(game=game, number=5, name="Zed")

    assert refused.value.message_dict["number"] == [
        "Player 5 is not in this game (players 1, 2, 3, 4)."
    ]
    assert not Substitute.objects.exists()


# --- withdrawal -------------------------------------------------------------------------


def test_withdrawing_a_pair_makes_its_games_from_that_round_forfeits():
    night = night_with_schedule(4)
    play_rounds(night, 1)
    plan = attendance_services.withdrawal_plan(night, 4, 2)

    attendance_services.pair_withdraw(night=night, pair=4, from_round=2)

    forfeits = list(Game.objects.filter(night=night, forfeit=True).order_by("round"))
    assert [game.pk for game in forfeits] == sorted(game.pk for game in plan.forfeits)
    assert [game.round for game in forfeits] == [2, 3]
    assert all(game.winner != 4 and game.finished for game in forfeits)
    document = standings(night)
    assert [row.get("withdrawn") for row in document["standings"]][-1] is True
    assert [game["round"] for game in document["games"] if game.get("forfeit")] == [2, 3]


def test_a_pair_that_has_played_the_round_cannot_withdraw_from_it():
    night = night_with_schedule(4)
    play_rounds(night, 2)

    with pytest.raises(ValidationError) as refused:
        attendance_services.pair_withdraw(night=night, pair=4, from_round=2)

    assert "withdraw it from a later round" in refused.value.message_dict["from_round"][0]
    night.refresh_from_db()
    assert night.withdrawn == []


def test_the_game_between_two_withdrawn_pairs_is_void_and_holds_nothing_up():
    night = night_with_schedule(5)
    play_rounds(night, 1)
    attendance_services.pair_withdraw(night=night, pair=4, from_round=2)
    attendance_services.pair_withdraw(night=night, pair=5, from_round=2)
    play_rounds(night, 5)

    void = Game.objects.get(night=night, forfeit=True, winner__isnull=True)
    assert set(void.pairs) == {4, 5}
    assert standings(night)["money"]["places"] is not None


def test_a_withdrawal_is_undone_until_the_night_is_final():
    night = night_with_schedule(4)
    play_rounds(night, 1)
    attendance_services.pair_withdraw(night=night, pair=4, from_round=2)

    attendance_services.pair_return(night=night, pair=4)

    assert not Game.objects.filter(night=night, forfeit=True).exists()
    assert Game.objects.filter(night=night, round=2, winner__isnull=True).count() == 2
    night.refresh_from_db()
    assert night.withdrawn == []


def test_a_final_night_takes_no_withdrawal_back():
    night = night_with_schedule(4)
    play_rounds(night, 1)
    attendance_services.pair_withdraw(night=night, pair=4, from_round=2)
    play_rounds(night, 3)
    results_services.night_close(night=night)

    with pytest.raises(errors.NightFinal):
        attendance_services.pair_return(night=night, pair=4)


def test_a_forfeit_takes_no_hands():
    night = night_with_schedule(4)
    attendance_services.pair_withdraw(night=night, pair=4, from_round=1)
    forfeit = Game.objects.filter(night=night, forfeit=True).first()

    with pytest.raises(ValidationError, match="is a forfeit"):
        finish(forfeit, forfeit.winner)


# --- a late pair ------------------------------------------------------------------------


def test_a_late_pair_takes_the_bye_and_makes_up_the_rounds_played():
    night = night_with_schedule(5)
    play_rounds(night, 2)
    byes = {r["round"]: r["bye"] for r in schedule(5)}

    made = attendance_services.late_pair_add(night=night, names=["Late One", "Late Two"])

    assert [(g.round, g.table, g.pairs) for g in made] == [
        (3, 3, (byes[3], 6)),
        (4, 3, (byes[4], 6)),
        (5, 3, (byes[5], 6)),
        (6, 1, (byes[1], 6)),
        (7, 1, (byes[2], 6)),
    ]
    assert Seat.objects.filter(night=night, number__in=[11, 12]).count() == 2
    play_rounds(night, 7)
    document = standings(night)
    assert len(document["standings"]) == 6
    assert document["money"]["places"] is not None


def test_an_even_night_says_why_a_late_pair_cannot_join():
    night = night_with_schedule(4)

    with pytest.raises(ValidationError) as refused:
        attendance_services.late_pair_add(night=night, names=["Late One", "Late Two"])

    assert "an even number: there is no bye" in refused.value.messages[0]
    assert "table of its own" in refused.value.messages[0]


def test_a_late_pair_cannot_join_once_every_round_has_started():
    night = night_with_schedule(3)
    play_rounds(night, 3)

    with pytest.raises(ValidationError, match="Every round has started"):
        attendance_services.late_pair_add(night=night, names=["Late One", "Late Two"])


def test_a_late_pair_joins_after_a_withdrawal_and_wins_its_forfeits():
    night = night_with_schedule(5)
    play_rounds(night, 2)
    attendance_services.pair_withdraw(night=night, pair=5, from_round=3)

    made = attendance_services.late_pair_add(night=night, names=["Late One", "Late Two"])

    against_5 = [game for game in made if 5 in game.pairs]
    assert len(made) == 5 and len(against_5) == 1
    play_rounds(night, 7)
    document = standings(night)
    forfeit = next(g for g in document["games"] if 5 in g["pairs"] and 6 in g["pairs"])
    assert forfeit["forfeit"] is True and forfeit["winner"] == 6
    assert document["money"]["places"] is not None


# --- refusals a director meets ------------------------------------------------------------


def test_nobody_sits_in_for_a_forfeit():
    night = night_with_schedule(4)
    attendance_services.pair_withdraw(night=night, pair=4, from_round=1)
    forfeit = Game.objects.filter(night=night, forfeit=True).first()

    with pytest.raises(ValidationError, match="is a forfeit: nobody sits in for it"):
        attendance_services.substitute_record(game=forfeit, number=2 * forfeit.pair_a, name="Zed")
    assert not Substitute.objects.exists()


def test_nobody_sits_in_for_a_playoff():
    night = night_with_schedule(6)
    play_out(night, upsets=[(1, 5)])
    results_services.playoffs_start(night=night)
    playoff = Game.objects.get(night=night, is_playoff=True)

    with pytest.raises(ValidationError, match="is a play-off: nobody sits in for it"):
        attendance_services.substitute_record(game=playoff, number=2 * playoff.pair_a, name="Zed")


def test_a_substitute_name_with_a_hidden_character_is_refused_naming_it():
    night = night_with_schedule(4)
    game = Game.objects.filter(night=night).first()

    with pytest.raises(ValidationError) as refused:
        attendance_services.substitute_record(game=game, number=2 * game.pair_a, name="Ze\u200bd")

    assert "U+200B" in refused.value.message_dict["name"][0]
    assert not Substitute.objects.exists()


def test_a_blank_substitute_name_is_refused():
    night = night_with_schedule(4)
    game = Game.objects.filter(night=night).first()

    with pytest.raises(ValidationError) as refused:
        attendance_services.substitute_record(game=game, number=2 * game.pair_a, name="   ")

    assert refused.value.message_dict["name"] == ["Give the substitute's name or choose a member."]


def test_a_player_cannot_substitute_for_themself():
    night = night_with_schedule(4)
    game = Game.objects.filter(night=night).first()
    seat = Seat.objects.select_related("member").get(night=night, number=2 * game.pair_a)

    with pytest.raises(ValidationError) as refused:
        attendance_services.substitute_record(game=game, number=seat.number, member=seat.member)

    assert refused.value.message_dict["name"] == [
        f"{seat.member.name} holds number {seat.number}: no substitute."
    ]


def test_withdrawing_a_pair_the_night_does_not_have_is_refused():
    night = night_with_schedule(4)

    with pytest.raises(ValidationError) as refused:
        attendance_services.withdrawal_plan(night, 5, 1)

    assert refused.value.message_dict["pair"] == ["There is no pair 5 this night."]


def test_a_pair_cannot_withdraw_twice():
    night = night_with_schedule(4)
    attendance_services.pair_withdraw(night=night, pair=4, from_round=2)
    night.refresh_from_db()

    with pytest.raises(ValidationError) as refused:
        attendance_services.pair_withdraw(night=night, pair=4, from_round=3)

    assert refused.value.message_dict["pair"] == ["Pair 4 has withdrawn already."]


def test_a_pair_in_a_playoff_cannot_withdraw():
    night = night_with_schedule(6)
    play_out(night, upsets=[(1, 5)])
    results_services.playoffs_start(night=night)

    with pytest.raises(ValidationError, match="Pair 1 has play-off games: it cannot withdraw"):
        attendance_services.withdrawal_plan(night, 1, 6)


def test_a_pair_that_never_withdrew_cannot_return():
    night = night_with_schedule(4)

    with pytest.raises(ValidationError, match="Pair 2 has not withdrawn."):
        attendance_services.pair_return(night=night, pair=2)


def test_withdrawing_every_pair_is_refused_and_nothing_is_saved():
    night = night_with_schedule(2)
    attendance_services.pair_withdraw(night=night, pair=1, from_round=1)
    night.refresh_from_db()

    with pytest.raises(ValidationError):
        attendance_services.pair_withdraw(night=night, pair=2, from_round=1)

    night.refresh_from_db()
    assert night.withdrawn == [{"pair": 1, "from_round": 1}]


def test_a_late_pair_name_with_a_hidden_character_is_refused():
    night = night_with_schedule(5)

    with pytest.raises(ValidationError) as refused:
        attendance_services.late_pair_add(night=night, names=["Late\u202eOne", "Late Two"])

    assert "U+202E" in refused.value.message_dict["names"][0]
    assert Seat.objects.filter(night=night).count() == 10


@pytest.mark.parametrize("second", ["", "late one"])
def test_a_late_pair_needs_two_players_not_seated_tonight(second):
    night = night_with_schedule(5)

    with pytest.raises(ValidationError) as refused:
        attendance_services.late_pair_add(night=night, names=["Late One", second])

    assert "give two players not seated tonight" in refused.value.message_dict["names"][0]
    assert Seat.objects.filter(night=night).count() == 10
