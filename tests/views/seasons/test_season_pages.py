"""Seasons: a director names one, its page shows the rules core's ladder (sortable, CSV,
a column per night), its sheet prints it, and ``export_season`` prints the CLI's ladder."""

import datetime
import io
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse
from pypdf import PdfReader

from scoring.core.records import kept_summaries
from scoring.games import services as games_services
from scoring.models import Member, Night, Season
from scoring.rules.jsonio import dump_json
from scoring.rules.ladder import ladder_document
from scoring.seasons import selectors as seasons_selectors
from tests.factories import night_with_schedule, play_out

pytestmark = pytest.mark.django_db

REPOSITORY = Path(__file__).resolve().parents[3]


@pytest.fixture
def season():
    """Three nights in November (the last still going) and one in December."""
    first = night_with_schedule(4, name="First", date=datetime.date(2026, 11, 3))
    play_out(first, upsets=[(3, 4)])
    second = night_with_schedule(3, name="Second", date=datetime.date(2026, 11, 10))
    play_out(second, upsets=[(1, 2)])
    third = night_with_schedule(3, name="Third", date=datetime.date(2026, 11, 17))
    play_out(third, leave=[(2, 3)])
    play_out(night_with_schedule(2, name="December", date=datetime.date(2026, 12, 1)))
    return Season.objects.create(
        name="November 2026",
        first_date=datetime.date(2026, 11, 1),
        last_date=datetime.date(2026, 11, 30),
        best=1,
    )


def test_the_season_takes_the_nights_in_its_dates_and_those_picked(season):
    assert [n.name for n in seasons_selectors.season_nights(season)] == ["First", "Second", "Third"]

    season.picked.add(Night.objects.get(name="December"))

    assert [n.name for n in seasons_selectors.season_nights(season)][-1] == "December"


def test_the_page_shows_the_rules_cores_ladder(client, season):
    response = client.get(reverse("scoring:season-detail", args=[season.pk]))

    expected = ladder_document(seasons_selectors.season_document(season))
    assert response.context["ladder"].document == expected
    shown = [
        (row.record["player"], row.record["counted"]) for row in response.context["table"].rows
    ]
    assert shown == [(row["player"], row["counted"]) for row in expected["ladder"]]
    assert expected["nights_counted"] == 2  # the third night cannot be paid out yet


def test_each_player_has_points_under_each_night_played(client, season):
    response = client.get(reverse("scoring:season-detail", args=[season.pk]))

    first, second, third = seasons_selectors.season_nights(season)
    rows = {row.record["player"]: row for row in response.context["table"].rows}
    for name, row in rows.items():
        points = [row.record[f"night_{n.pk}"] for n in (first, second)]
        assert [p for p in points if p is not None] == next(
            r["points"]
            for r in response.context["ladder"].document["ladder"]
            if r["player"] == name
        )
        assert row.record[f"night_{third.pk}"] is None
    assert rows["Player 7"].record[f"night_{first.pk}"] == 4 - 2 + 1  # the upset won 3 of 3


def test_the_ladder_sorts_and_exports_safe_csv(client, season):
    Member.objects.filter(name="Player 7").update(name="=cmd|' /C calc'!A0")
    url = reverse("scoring:season-detail", args=[season.pk])

    players = [
        row.record["player"] for row in client.get(url + "?sort=player").context["table"].rows
    ]
    csv = client.get(url + "?_export=csv").content.decode()

    assert players == sorted(players)
    second = Night.objects.get(name="Second")
    by_night = client.get(url + f"?sort=-night_{second.pk}")  # Players 7 and 8 missed it
    points = [row.record[f"night_{second.pk}"] for row in by_night.context["table"].rows]
    assert by_night.status_code == 200
    assert [p for p in points if p is not None] == sorted(filter(None, points), reverse=True)
    assert csv.splitlines()[0].startswith("Rank,Player,Nights,Points counted,")
    assert "\n'=cmd" in csv.replace(",", "\n")


# The club, the season, its nights with their kept summaries, whether any night is
# picked; the nights in play (summaries stale) have theirs computed in two more, not saved.
QUERIES = 4
STALE_QUERIES = QUERIES + 2


def test_queries_do_not_grow_with_nights(client, season, django_assert_num_queries):
    url = reverse("scoring:season-detail", args=[season.pk])
    with django_assert_num_queries(STALE_QUERIES):
        client.get(url)
    kept_summaries.keep(list(Night.objects.values_list("pk", flat=True)))
    with django_assert_num_queries(QUERIES):
        client.get(url)
    fourth = night_with_schedule(5, name="Fourth", date=datetime.date(2026, 11, 24))
    play_out(fourth)
    with django_assert_num_queries(STALE_QUERIES):
        client.get(url)
    kept_summaries.keep([fourth.pk])

    with django_assert_num_queries(QUERIES):
        response = client.get(url)

    assert len(response.context["ladder"].nights) == 4


def test_a_director_names_a_season(client_for, season):
    response = client_for("director").post(
        reverse("scoring:season-create"),
        {"name": "Winter", "first_date": "2026-11-01", "last_date": "2026-11-12", "best": "2"},
    )

    made = Season.objects.get(name="Winter")
    assert response.url == reverse("scoring:season-detail", args=[made.pk])
    assert (made.best, [n.name for n in seasons_selectors.season_nights(made)]) == (
        2,
        ["First", "Second"],
    )


def test_a_director_picks_nights_instead_of_dates(client_for, season):
    december = Night.objects.get(name="December")
    client_for("director").post(
        reverse("scoring:season-create"), {"name": "Cup", "picked": [december.pk]}
    )

    assert [n.name for n in seasons_selectors.season_nights(Season.objects.get(name="Cup"))] == [
        "December"
    ]


@pytest.mark.parametrize(
    "form, field, message",
    [
        ({"name": "X"}, "first_date", "Give the season's first and last date, or pick its nights."),
        ({"name": "X", "first_date": "2026-11-01"}, "last_date", "Give both the first"),
        (
            {"name": "X", "first_date": "2026-11-09", "last_date": "2026-11-01"},
            "last_date",
            "The last date must not be before the first date.",
        ),
        (
            {"name": "X", "first_date": "2026-11-01", "last_date": "2026-11-09", "best": "0"},
            "best",
            "greater than or equal to 1",
        ),
    ],
)
def test_a_bad_season_is_refused_with_its_field(client_for, form, field, message):
    response = client_for("director").post(reverse("scoring:season-create"), form)

    assert response.status_code == 200
    assert message in " ".join(response.context["form"].errors[field])
    assert not Season.objects.exists()


@pytest.mark.parametrize("role", ["scorer", "member"])
def test_only_directors_name_seasons(client_for, role):
    response = client_for(role).post(reverse("scoring:season-create"), {"name": "X"})

    assert response.status_code == 403
    assert not Season.objects.exists()


def test_the_season_list_links_each_season(client, season):
    response = client.get(reverse("scoring:season-list"))

    assert reverse("scoring:season-detail", args=[season.pk]) in response.content.decode()


def test_the_ladder_sheet_prints(client, season, tmp_path):
    response = client.get(reverse("scoring:season-ladder", args=[season.pk]))
    out = tmp_path / "ladder.pdf"
    call_command("print_season", str(season.pk), "--out", str(out), stdout=io.StringIO())

    assert response["Content-Type"] == "application/pdf"
    text = PdfReader(io.BytesIO(response.content)).pages[0].extract_text()
    assert "November 2026" in text and "Player 7" in text
    assert out.read_bytes() == response.content  # the kept sheet, from the same renderer


def test_export_season_is_byte_equal_to_the_cli(season, tmp_path):
    exported, season_file = io.StringIO(), io.StringIO()
    call_command("export_season", str(season.pk), stdout=exported)
    call_command("export_season", str(season.pk), "--season-file", stdout=season_file)
    path = tmp_path / "season.json"
    path.write_text(season_file.getvalue(), encoding="utf-8")

    cli = subprocess.run(
        [sys.executable, "-m", "scoring.rules", "ladder", str(path)],
        cwd=REPOSITORY,
        capture_output=True,
        check=True,
    )

    assert exported.getvalue().encode() == cli.stdout
    assert exported.getvalue() == dump_json(
        ladder_document(seasons_selectors.season_document(season))
    )


def test_a_changed_night_changes_the_ladder(client, season):
    url = reverse("scoring:season-detail", args=[season.pk])
    client.get(url)
    third = Night.objects.get(name="Third")
    game = third.games.get(winner=None)
    games_services.game_result_record(
        game=game, result={"winner": game.pair_b, "score": [3, 11], "cinches": [0, 0]}
    )

    response = client.get(url)

    assert response.context["ladder"].document["nights_counted"] == 3
    assert response.context["ladder"].document == ladder_document(
        seasons_selectors.season_document(season)
    )


def test_a_director_changes_a_season(client_for, season):
    response = client_for("director").post(
        reverse("scoring:season-edit", args=[season.pk]),
        {"name": "November", "first_date": "2026-11-01", "last_date": "2026-11-30", "best": ""},
    )

    season.refresh_from_db()
    assert response.status_code == 302
    assert (season.name, season.best) == ("November", None)
    assert ladder_document(seasons_selectors.season_document(season))["best"] is None


def test_an_unknown_season_is_not_found(client):
    assert client.get(reverse("scoring:season-detail", args=[404])).status_code == 404
    assert client.get(reverse("scoring:season-ladder", args=[404])).status_code == 404


def test_a_night_that_cannot_be_scored_is_named_and_counts_for_nobody(client, season):
    broken = Night.objects.get(name="Third")
    broken.seats.order_by("number").last().delete()  # by hand in the admin
    broken.save()

    response = client.get(reverse("scoring:season-detail", args=[season.pk]))
    with pytest.raises(CommandError) as refused:
        call_command("export_season", str(season.pk), stdout=io.StringIO(), stderr=io.StringIO())

    assert response.context["ladder"].unscored == [broken]
    assert "Cannot be scored, so counted for nobody" in response.content.decode()
    assert response.context["ladder"].document["nights_counted"] == 2
    assert refused.value.returncode == 2


def test_print_season_refuses_an_unknown_season(tmp_path):
    out = tmp_path / "ladder.pdf"
    with pytest.raises(CommandError) as refused:
        call_command("print_season", "404", "--out", str(out), stdout=io.StringIO())

    assert (str(refused.value), refused.value.returncode) == ("There is no season 404.", 2)
    assert not out.exists()


def test_print_season_says_which_file_it_cannot_write(season, tmp_path):
    out = tmp_path / "no-such-folder" / "ladder.pdf"
    with pytest.raises(CommandError) as refused:
        call_command("print_season", str(season.pk), "--out", str(out), stdout=io.StringIO())

    assert str(refused.value).startswith(f"Cannot write {out}: ")
    assert refused.value.returncode == 2


def test_export_season_refuses_an_unknown_season():
    with pytest.raises(CommandError) as refused:
        call_command("export_season", "404", stdout=io.StringIO())

    assert (str(refused.value), refused.value.returncode) == ("There is no season 404.", 2)


def test_the_ladder_sheet_says_which_night_each_number_is(client, season):
    response = client.get(reverse("scoring:season-ladder", args=[season.pk]))

    reader = PdfReader(io.BytesIO(response.content))
    text = " ".join(" ".join(page.extract_text() for page in reader.pages).split())
    assert "Points, nights 1, 2, 3 … as listed below" in text
    assert "The nights" in text
    assert "First — November 3, 2026" in text and "Second — November 10, 2026" in text
    assert re.search(r"1: (\d+|—) · 2: (\d+|—) · 3: (\d+|—)", text)
