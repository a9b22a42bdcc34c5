"""Every page a director reaches, read in French: no English left in what a reader sees.

The demo night (``fixtures/demo-night.json``, rounds 1 and 2 played, 3 to 5 open) is
loaded once for the module, with a season, a table and a cash count beside it; each page
is fetched with ``Accept-Language: fr``, stripped to its visible text, and searched for
phrases French never uses. Player names are the demo night's own (none of them trips a
phrase below); "Cinch", "CSV", "JSON" and "PDF" are the same in both languages.
"""

import datetime
import html
import re
from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from scoring.links import scorers
from scoring.links.tokens import link_path
from scoring.management.commands.load_demo import demo_document
from scoring.models import CashCount, Game, Hand, League, Night, Season, TableGame
from scoring.nights import services as nights_services
from scoring.tablegames import services as tablegames_services
from tests.factories import DirectorFactory, play_out

pytestmark = pytest.mark.django_db

FRENCH = {"HTTP_ACCEPT_LANGUAGE": "fr"}

# Words and phrases certainly English (a French sentence has none of them), whole words
# (``cinch-night/1`` names a format, not a night), over the visible text with its white
# space made single spaces.
ENGLISH = [
    *(
        rf"(?<![\w-]){word}(?![\w-])"
        for word in (
            "the", "and", "of", "for", "with", "is", "are", "not", "no", "yet", "to", "by",
            "from", "when", "at", "this", "that", "you", "your", "has", "have", "was", "will",
            "[Rr]ound", "[Gg]ame", "[Hh]and", "[Hh]ands", "Save", "[Pp]lay-offs?", "pot", "won",
            "[Bb]id", "[Bb]ids", "Standings", "[Pp]layers?", "[Nn]ight", "[Nn]ights", "High",
            "Low", "Jack", "Edit", "Delete", "Back", "Print", "[Ss]eason", "[Ww]inner", "Total",
            # Words a French page showed in English: the audit trail's, the hand lines',
            # the bid a French menu calls "Argent", a stored envelope's label.
            "[Cc]reated", "null", "seed", "Booby", "alone", "[Rr]evoke", "Money", "House",
            "[Ww]inners", "stake",
        )
    ),
    r"\b[Pp]air \d",
    r"\b[Pp]airs \d",
]  # fmt: skip
TELL_TALE = re.compile("|".join(ENGLISH))


def build_night() -> Night:
    director = DirectorFactory(username="walker")
    night = nights_services.night_import(
        document=demo_document() | {"name": "Soirée démo"}, user=director
    )
    # Its sheets are printed in French too (a night's sheets follow the night's language).
    Night.objects.filter(pk=night.pk).update(language="fr")
    Season.objects.create(
        name="Automne",
        first_date=night.date - datetime.timedelta(days=10),
        last_date=night.date + datetime.timedelta(days=10),
        best=2,
    )
    table = tablegames_services.table_create(
        variant="razzle",
        player_names=["Ann", "Bob", "Cy", "Di"],
        date=night.date,
        stake=Decimal("1.50"),
    )
    # Hands played with a partner and alone: their lines on the table page, its sheet
    # and its audit trail.
    for hand in (
        {"bidder": 1, "bid": 5, "partner": 2, "points": [9, 5]},
        {"bidder": 3, "bid": 2, "points": [2, 12]},
    ):
        tablegames_services.table_hand_record(table=table, data=hand, user=director)
    CashCount.objects.create(
        night=night, expected=Decimal("30"), counted=Decimal("29.50"), counted_by=director
    )
    scorers.device_add(night=night, user=director, name="Marqueur 2")  # its code, its pages
    return night


def visible(text: str) -> str:
    """What a reader sees: no scripts, styles or tags, entities read, spaces single."""
    text = re.sub(r"(?s)<(script|style)\b.*?</\1>", " ", text)
    text = re.sub(r"(?s)<!--.*?-->", " ", text)
    text = re.sub(r"(?s)<[^>]*>", " ", text)
    return re.sub(r"\s+", " ", html.unescape(text))


def pages(night: Night) -> dict[str, str]:
    """Every page a director reaches, by a name for the test's id."""
    played = Game.objects.filter(night=night, hands__isnull=False).distinct().first()
    open_game = Game.objects.filter(night=night, round=3).first()
    hand = Hand.objects.filter(game=played).first()
    table = TableGame.objects.get()
    season = Season.objects.get()
    n = night.pk
    device = scorers.device_token(night.scorer_devices.get())
    live = reverse("scoring:night-live", args=[n])
    league, _ = League.objects.get_or_create(slug="region", defaults={"name": "Regional"})
    league.clubs.add(night.club)
    return {
        "home": reverse("scoring:home"),
        "night-create": reverse("scoring:night-create"),
        "night-import": reverse("scoring:night-import"),
        "night-detail": reverse("scoring:night-detail", args=[n]),
        "night-draw": reverse("scoring:night-draw", args=[n]),
        "night-schedule": reverse("scoring:night-schedule", args=[n]),
        "night-edit": reverse("scoring:night-edit", args=[n]),
        "night-delete": reverse("scoring:night-delete", args=[n]),
        "night-archive": reverse("scoring:night-archive", args=[n]),
        "night-draw-again": reverse("scoring:night-draw-again", args=[n]),
        "night-tiebreak": reverse("scoring:night-tiebreak", args=[n]),
        "game-reopen": reverse("scoring:game-reopen", args=[played.pk]),
        "hand-delete": reverse("scoring:hand-delete", args=[hand.pk]),
        "night-round": reverse("scoring:night-round", args=[n]),
        "projector": live,
        "projector-standings": live + "?page=standings",
        "projector-playing": live + "?page=playing",
        "projector-pot": live + "?page=pot",
        "projector-ladder": live + "?page=ladder",
        "night-standings": reverse("scoring:night-standings", args=[n]),
        "night-pot": reverse("scoring:night-pot", args=[n]),
        "night-attendance": reverse("scoring:night-attendance", args=[n]),
        "night-attendance-withdraw": reverse("scoring:night-attendance", args=[n])
        + "?pair=2&from_round=3",
        "members": reverse("scoring:member-list"),
        "seasons": reverse("scoring:season-list"),
        "season-create": reverse("scoring:season-create"),
        "season": reverse("scoring:season-detail", args=[season.pk]),
        "season-edit": reverse("scoring:season-edit", args=[season.pk]),
        "people": reverse("scoring:people"),
        "game-played": reverse("scoring:game-detail", args=[played.pk]),
        "game-open": reverse("scoring:game-detail", args=[open_game.pk]),
        "hand-edit": reverse("scoring:hand-edit", args=[hand.pk]),
        "table-link": link_path(open_game, open_game.pair_a),
        "table-link-result": link_path(open_game, open_game.pair_a) + "result/",
        "device-home": reverse("scoring:device-home", args=[device]),
        "device-game": reverse("scoring:device-game", args=[device, open_game.pk]),
        "tables": reverse("scoring:table-list"),
        "table-create": reverse("scoring:table-create"),
        "table-import": reverse("scoring:table-import"),
        "table": reverse("scoring:table-detail", args=[table.pk]),
        "table-sheet": reverse("scoring:table-sheet-preview", args=[table.pk]) + "?language=fr",
        "sheet-packet": reverse("scoring:night-scorers-sheet-preview", args=[n, "packet"]),
        "sheet-playoffs": reverse("scoring:night-scorers-sheet-preview", args=[n, "playoffs"]),
        "sheet-tables": reverse("scoring:night-scorers-sheet-preview", args=[n, "tables"]),
        "sheet-standings": reverse("scoring:night-sheet-preview", args=[n, "standings"]),
        "sheet-payouts": reverse("scoring:night-scorers-sheet-preview", args=[n, "payouts"]),
        "password-change": reverse("password_change"),
        "league": reverse("scoring:league-detail", args=[league.slug]),
    }


PAGES = [
    "home", "night-create", "night-import", "night-detail", "night-draw", "night-schedule",
    "night-edit", "night-delete", "night-archive", "night-draw-again", "night-tiebreak",
    "game-reopen", "hand-delete", "night-round", "projector", "projector-standings",
    "projector-playing", "projector-pot", "projector-ladder", "night-standings", "night-pot",
    "night-attendance", "night-attendance-withdraw", "members",
    "seasons", "season-create", "season", "season-edit", "people", "game-played", "game-open",
    "hand-edit", "table-link", "table-link-result", "device-home", "device-game", "tables",
    "table-create", "table-import", "table", "table-sheet", "sheet-packet", "sheet-playoffs",
    "sheet-tables", "sheet-standings", "sheet-payouts", "password-change", "league",
]  # fmt: skip


def english_left(text: str) -> list[str]:
    """Each English phrase found, with a little of the text around it."""
    return [text[max(0, m.start() - 40) : m.end() + 40] for m in TELL_TALE.finditer(text)]


@pytest.mark.parametrize("page", PAGES)
def test_no_english_left_on_the_page(client, night, page):
    client.force_login(User.objects.get(username="walker"))
    response = client.get(pages(night)[page], **FRENCH)

    assert response.status_code == 200, response.status_code
    text = response.content.decode()
    assert '<html lang="fr"' in text
    assert english_left(visible(text)) == []


def test_no_english_left_on_the_login_page(client):
    response = client.get(reverse("login"), **FRENCH)

    assert english_left(visible(response.content.decode())) == []


# The pages that change once every game is in: prizes, the pot's checks, final standings.
PLAYED_OUT = [
    "night-detail", "night-standings", "night-pot", "projector-standings", "projector-pot",
    "night-round", "sheet-standings", "sheet-payouts",
]  # fmt: skip


def test_no_english_left_once_every_game_is_in(client, night):
    finished = Game.objects.filter(night=night).exclude(winner=None)
    play_out(night, leave=[game.pairs for game in finished])
    client.force_login(User.objects.get(username="walker"))
    urls = pages(night)

    found = {}
    for page in PLAYED_OUT:
        response = client.get(urls[page], **FRENCH)
        assert response.status_code == 200, page
        found[page] = english_left(visible(response.content.decode()))

    assert "cagnotte" in visible(client.get(urls["night-pot"], **FRENCH).content.decode())
    assert found == {page: [] for page in PLAYED_OUT}


@pytest.mark.parametrize(
    ("typed", "field", "said"),
    [
        (
            {"bidder": "1", "bid": "money", "high": "1", "low": "2"},
            "jack",
            "qui enchérit Argent tient le Valet, il est donc en jeu : créditez-le à une paire",
        ),
        (
            {"bidder": "1", "bid": "2"},
            "__all__",
            "indiquez qui a pris chaque carte qui compte (le Haut, le Bas, le Valet, la Partie) "
            "ou les points par camp",
        ),
    ],
)
def test_the_hand_form_names_the_cards_in_french(client, night, typed, field, said):
    hand = Hand.objects.filter(game__night=night).order_by("pk").first()
    client.force_login(User.objects.get(username="walker"))
    data = {"bidder": "", "bid": "", "high": "", "low": "", "jack": "", "game": ""} | typed

    response = client.post(
        reverse("scoring:hand-edit", args=[hand.pk]),
        data | {"version": str(hand.version)},
        **FRENCH,
    )

    assert response.context["form"].errors[field] == [said]


def test_a_file_that_is_not_json_is_refused_in_french(client, night):
    client.force_login(User.objects.get(username="walker"))
    upload = SimpleUploadedFile("night.json", b'{"name": "Mardi",\n  oops}')

    response = client.post(reverse("scoring:night-import"), {"file": upload}, **FRENCH)

    assert response.context["form"].errors["file"] == [
        "Pas un document JSON : il y a une erreur à la ligne 2, colonne 3"
    ]


def test_a_tables_hand_lines_are_french(client, night):
    table = TableGame.objects.get()
    response = client.get(reverse("scoring:table-detail", args=[table.pk]), **FRENCH)

    text = visible(response.content.decode())
    assert "Ann enchérit 5 avec Bob · points 9 à 5" in text
    assert "Cy enchérit 2 sans partenaire · points 2 à 12" in text
