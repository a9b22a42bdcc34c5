"""People's names in the order the page's language sorts them (``words.names``), on both
databases (SQLite sorts by code point, PostgreSQL by its server's locale): the members
page (as listed and sorted by its heading), the pickers and selects, the people page,
and the season ladder's players level, on the page and the printed sheet."""

import datetime
import io
import random
import re

import pytest
from django.urls import reverse
from pypdf import PdfReader

from scoring.models import Member, Season
from scoring.nights import services as nights_services
from tests.factories import DirectorFactory, ScorerFactory, play_out

pytestmark = [pytest.mark.django_db, pytest.mark.database]

NAMES = ["Élise", "walt", "Walt", "Zoé", "Ève", "Anne"]
IN_ORDER = ["Anne", "Élise", "Ève", "walt", "Walt", "Zoé"]
LANGUAGES = [
    pytest.param({}, id="english"),
    pytest.param({"HTTP_ACCEPT_LANGUAGE": "fr"}, id="french"),
]


@pytest.fixture
def members():
    """Made one by one, as the admin would (a look-alike such as "walt" beside "Walt"
    is the admin's to refuse, not the lists' to hide)."""
    return [Member.objects.create(name=name) for name in NAMES]


def in_page(text: str, names) -> list[str]:
    """``names`` in the order the page shows them (each as a whole word)."""
    found = {name: re.search(rf"(?<!\w){name}(?!\w)", text) for name in names}
    return sorted((name for name in names if found[name]), key=lambda name: found[name].start())


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_members_page_lists_names_as_the_language_sorts_them(client, members, language):
    response = client.get(reverse("scoring:member-list"), **language)

    assert [row.record.name for row in response.context["table"].rows] == IN_ORDER
    assert in_page(response.content.decode(), NAMES) == IN_ORDER


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_members_heading_sorts_names_both_ways(client, members, language):
    url = reverse("scoring:member-list")

    up = client.get(url + "?sort=name", **language).context["table"].rows
    down = client.get(url + "?sort=-name", **language).context["table"].rows

    assert [row.record.name for row in up] == IN_ORDER
    assert [row.record.name for row in down] == IN_ORDER[::-1]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_pickers_list_members_by_name(client_for, members, language):
    night_form = client_for("director").get(reverse("scoring:night-create"), **language)
    table_form = client_for("scorer").get(reverse("scoring:table-create"), **language)

    ticked = [str(member) for member in night_form.context["form"].fields["members"].queryset]
    choices = night_form.context["form"].fields["members"].choices
    assert [label for _value, label in choices] == IN_ORDER
    assert sorted(ticked) != IN_ORDER  # the database's own order would not do
    house = [label for value, label in night_form.context["form"].fields["house_player"].choices]
    assert house[2:] == IN_ORDER
    assert in_page(table_form.content.decode(), NAMES) == IN_ORDER


def test_the_substitute_select_lists_members_by_name(client_for, members):
    night = nights_services.night_create(
        name="Tuesday",
        date=datetime.date(2026, 11, 17),
        variant="club11",
        player_names=["Élise", "walt", "Zoé", "Ève"],
    )
    nights_services.night_draw(night=night, chance=random.Random(1))
    nights_services.night_schedule(night=night)

    game = night.games.first()
    response = client_for("director").get(reverse("scoring:game-detail", args=[game.pk]))

    select = re.search(
        r'<select name="member"[^>]*>(.*?)</select>', response.content.decode(), re.S
    )
    assert in_page(select.group(1), NAMES) == IN_ORDER


def test_the_people_page_lists_directors_then_scorers_by_name(client_for):
    for name in ("zed", "Émile", "bob"):
        ScorerFactory(username=name)
    DirectorFactory(username="Étienne")

    text = client_for("director").get(reverse("scoring:people")).content.decode()

    people = in_page(text, ["Étienne", "bob", "Émile", "zed"])
    assert people == ["Étienne", "bob", "Émile", "zed"]


@pytest.fixture
def level_season():
    """Two nights of the same three pairs, the second's results the first's turned round:
    the six players level on 4 points."""
    names = ["Élise", "walt", "Zoé", "Ève", "Anne", "Yves"]
    for day, upsets in ((3, ()), (10, [(1, 2), (1, 3), (2, 3)])):
        night = nights_services.night_create(
            name=f"November {day}",
            date=datetime.date(2026, 11, day),
            variant="club11",
            player_names=names,
        )
        nights_services.night_draw(night=night, chance=random.Random(3))
        nights_services.night_schedule(night=night)
        play_out(night, upsets=upsets)
    return Season.objects.create(
        name="November",
        first_date=datetime.date(2026, 11, 1),
        last_date=datetime.date(2026, 11, 30),
    )


LEVEL = ["Anne", "Élise", "Ève", "walt", "Yves", "Zoé"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_ladder_lists_players_level_by_name(client, level_season, language):
    page = client.get(reverse("scoring:season-detail", args=[level_season.pk]), **language)
    sheet = client.get(reverse("scoring:season-ladder", args=[level_season.pk]), **language)

    rows = page.context["ladder"].document["ladder"]
    assert [(row["rank"], row["counted"]) for row in rows] == [(1, 4)] * 6
    assert [row["player"] for row in rows] == LEVEL
    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(sheet.content)).pages)
    assert in_page(text, LEVEL) == LEVEL
