"""French a francophone club would print: the words a French reader meets on the pages
and refusals, held to what a French proof-reader asks for. No gendered word for a
player the site knows nothing of, elision before a vowel (d'Ann, qu'Ed), a variant by
its name, never its code, dates in words, "6 h 16", the minus sign, a space before ":",
and a cash count said as a treasurer says it."""

import datetime
import random
import re
from decimal import Decimal

import polib
import pytest
from django.conf import settings
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse
from django.utils import translation

from scoring.core.ui.tables import NumberColumn
from scoring.games import services as games_services
from scoring.links import scorers
from scoring.mail import services as mail_services
from scoring.mail import tokens
from scoring.models import Game, Member
from scoring.results import selectors as results_selectors
from scoring.results import services as results_services
from scoring.rules import InvalidInput, get_variant, play_game
from scoring.rules.simulate import as_totals, random_game
from scoring.rules.table import read_table
from scoring.tablegames import services as tablegames_services
from scoring.words.elision import with_names
from scoring.words.problems import said
from tests.factories import night_with_schedule, play_out

pytestmark = pytest.mark.django_db

FRENCH = {"HTTP_ACCEPT_LANGUAGE": "fr"}
MINUS = "\u2212"
CATALOGUE = settings.BASE_DIR / "locale" / "fr" / "LC_MESSAGES" / "django.po"


def page(response) -> str:
    """The page's text as a reader sees it: tags dropped, spaces run together."""
    assert response.status_code == 200
    text = re.sub(r"(?s)<(script|style)\b.*?</\1>", " ", response.content.decode())
    return re.sub(r"[ \t\r\n]+", " ", re.sub(r"<[^>]+>", " ", text))  # no-break spaces kept


@pytest.fixture(scope="module")
def catalogue():
    return [entry for entry in polib.pofile(str(CATALOGUE)) if not entry.obsolete]


def french_texts(catalogue):
    for entry in catalogue:
        yield entry, entry.msgstr
        yield from ((entry, text) for text in entry.msgstr_plural.values())


def test_the_catalogue_writes_apostrophes_one_way(catalogue):
    straight = [entry.msgid for entry, text in french_texts(catalogue) if "'" in text]
    assert straight == []


def test_the_catalogue_says_score_sheet_as_the_glossary_does(catalogue):
    assert [entry.msgid for entry, text in french_texts(catalogue) if "pointage" in text] == []


def test_the_catalogue_has_no_article_left_uncontracted(catalogue):
    """ "de le tour" for "du tour", "à le" for "au": a template written for a noun that
    takes another article."""
    wrong = re.compile(r"\b(de|à) (le|les) (tour|tournoi|soirée|ronde)")
    assert [entry.msgid for entry, text in french_texts(catalogue) if wrong.search(text)] == []


def test_a_count_out_refusal_needs_no_gender_and_names_its_hand():
    chicago42 = get_variant("chicago42")
    hands = random_game(chicago42, (1, 2, 3), random.Random(1), totals_share=1.0)
    *before, last = hands
    offered = [*before, as_totals(chicago42, (1, 2, 3), last)]

    with pytest.raises(InvalidInput) as refused, translation.override("fr"):
        play_game(chicago42, (1, 2, 3), offered, word="player")
    with translation.override("fr"):
        (message,) = [said(problem) for problem in refused.value.problems]

    assert f"atteindraient ensemble 42 à la main {len(offered)} : gagne qui l’atteint" in message
    for gendered in ("toutes", "tous", "la première", "le premier"):
        assert gendered not in message
    assert message.startswith("joueurs ")


def test_elision_before_a_name_that_starts_with_a_vowel():
    template = "la renonce de %(player)s, alors que %(rivals)s ; de %(other)s"
    values = {"player": "Ann", "rivals": "Ed avait 40", "other": "Hank"}
    with translation.override("fr"):
        assert with_names(template, values) == ("la renonce d’Ann, alors qu’Ed avait 40 ; de Hank")
        assert with_names("de %(name)s", {"name": "Élise"}) == "d’Élise"
        assert with_names("de %(name)s", {"name": "Zoé"}) == "de Zoé"
    with translation.override("en"):
        assert with_names("de %(name)s", {"name": "Ann"}) == "de Ann"


def test_a_razzle_table_says_its_hands_without_gender_and_with_elision(client_as, scorer):
    table = tablegames_services.table_create(
        variant="razzle",
        player_names=["Bob", "Cy", "Ann", "Di"],
        date=datetime.date(2026, 11, 20),
    )
    alone = {"bidder": 2, "bid": 2, "partner": None, "points": [2, 12]}
    tablegames_services.table_hand_record(table=table, data=alone)
    cards = {"high": 1, "low": 4, "jack": 1, "game": 2, "right_pedro": 4, "left_pedro": None}
    revoked = {"bidder": 1, "bid": 6, "partner": 4, "revoke": 3, **cards}
    tablegames_services.table_hand_record(table=table, data=revoked)

    text = page(client_as(scorer).get(reverse("scoring:table-detail", args=[table.pk]), **FRENCH))

    assert "Cy enchérit 2 sans partenaire" in text
    assert "renonce d’Ann" in text
    for wrong in (", seul", "renonce de Ann"):
        assert wrong not in text, wrong
    assert not re.search(r"pas sorti\b", text), "not out, said for a masculine card only"


@pytest.mark.parametrize(
    ("variant", "names"),
    [("chicago42", ["Bob", "Ann", "Cy"]), ("razzle", ["Bob", "Ann", "Cy", "Ed"])],
    ids=["chicago42-three", "razzle-four"],
)
def test_a_players_table_in_play_says_its_target_without_gender(client_as, scorer, variant, names):
    players = tuple(range(1, len(names) + 1))
    *before, last = random_game(get_variant(variant), players, random.Random(3))
    table = tablegames_services.table_create(
        variant=variant, player_names=names, date=datetime.date(2026, 11, 20)
    )
    for hand in before:
        tablegames_services.table_hand_record(table=table, data=hand)
    url = reverse("scoring:table-detail", args=[table.pk])
    client = client_as(scorer)

    in_play = page(client.get(url, **FRENCH))
    tablegames_services.table_hand_record(table=table, data=last)
    finished = page(client.get(url, **FRENCH))

    assert "En cours : gagne qui atteint 42 en premier" in in_play
    assert "qui a atteint 42 en premier" in finished
    for text in (in_play, finished):
        assert not re.search(r"\b(le premier|la première|premier à|première à)\b", text)


def test_a_players_table_has_no_typed_result_so_no_winner_is_named_by_gender():
    """The rules core's refusals of a typed result say "le gagnant", "le perdant": a
    pair's game only. A players' table is its hands; were a typed result allowed there,
    those refusals would need a wording with no gender first."""
    document = {
        "format": "cinch-game/1",
        "variant": "chicago42",
        "players": ["Ann", "Bob"],
        "result": {"winner": 1, "score": [30, 42], "cinches": [0, 0]},
    }
    with pytest.raises(InvalidInput) as refused:
        read_table(document)
    assert [str(problem) for problem in refused.value.problems] == [
        "result: not a field of cinch-game/1"
    ]


def test_a_refusal_names_the_variant_not_its_code(client_as, scorer):
    game = Game.objects.get(night=night_with_schedule(2), round=1)
    data = {"bidder": "1", "bid": "9", "high": "1", "low": "1", "jack": "", "game": ""}

    response = client_as(scorer).post(
        reverse("scoring:game-detail", args=[game.pk]), data, **FRENCH
    )

    text = response.content.decode()
    assert "les enchères du Cinch du club en 11 vont de 2 à 4" in text
    assert "club11 vont" not in text


@pytest.fixture
def played_night():
    night = night_with_schedule(4, name="Soirée", date=datetime.date(2026, 11, 5))
    play_out(night, leave=[(1, 2)])
    return night


def unplayed(night) -> Game:
    """The game ``played_night`` left for its test to play."""
    return Game.objects.get(night=night, pair_a__in=(1, 2), pair_b__in=(1, 2))


def test_the_nights_list_gives_dates_in_words(client_as, director, played_night):
    text = page(client_as(director).get(reverse("scoring:home"), **FRENCH))

    assert "5 novembre 2026" in text
    assert "05/11/2026" not in text


def test_the_round_board_says_times_scores_and_colons_as_french_does(
    client_as, director, played_night
):
    game = unplayed(played_night)
    games_services.hand_record(
        game=game, data={"bidder": game.pair_a, "bid": 4, "high": game.pair_b, "low": game.pair_b}
    )

    text = page(
        client_as(director).get(reverse("scoring:night-round", args=[played_night.pk]), **FRENCH)
    )

    assert f"en cours : {MINUS}4 – 2" in text
    assert re.search(r"\b\d{1,2}\sh\s\d\d\b", text), "the last change's time, as 6 h 16"
    assert not re.search(r"\b\d\d:\d\d\b", text)
    assert not re.search(r"(?<![\w/])-\d", text), "a hyphen for a minus"


def test_the_game_page_writes_every_score_below_zero_with_the_minus_sign(
    client_as, scorer, played_night
):
    game = unplayed(played_night)
    games_services.hand_record(
        game=game, data={"bidder": game.pair_a, "bid": 4, "high": game.pair_b, "low": game.pair_b}
    )

    text = page(client_as(scorer).get(reverse("scoring:game-detail", args=[game.pk]), **FRENCH))

    assert f"{MINUS}4 ({MINUS}4)" in text
    assert f"0 → {MINUS}4" in text  # the audit trail
    assert not re.search(r"(?<![\w/])-\d", text), "a hyphen for a minus"


def test_the_cash_count_and_the_closing_history_in_french(client_as, director):
    played_night = night_with_schedule(4, name="Soirée", date=datetime.date(2026, 11, 5))
    play_out(played_night)
    pot = results_selectors.night_results(played_night).summary.fees.pot
    client = client_as(director)

    response = client.post(
        reverse("scoring:night-cash", args=[played_night.pk]),
        {"counted": str(pot - Decimal("0.36"))},
        follow=True,
        **FRENCH,
    )
    assert "Caisse comptée" in page(response) and "il manque 0,36\u00a0$" in page(response)
    with translation.override("fr"), pytest.raises(ValidationError) as refused:
        results_services.night_close(night=played_night, user=director)
    assert "ne correspond pas à la cagnotte" in refused.value.messages[0]
    assert "il manque 0,36\u00a0$" in refused.value.messages[0]

    results_services.cash_count_record(
        night=played_night, counted=pot + Decimal("1000"), note="un don", user=director
    )
    results_services.night_close(night=played_night, user=director)
    results_services.night_reopen(night=played_night, user=director)
    response = client.get(reverse("scoring:night-standings", args=[played_night.pk]), **FRENCH)
    text = page(response)
    assert "</strong>\u00a0: a marqué la soirée définitive" in response.content.decode()
    assert not re.search(r"\w: ", text), "a colon without the space French puts before it"


def test_one_french_name_for_chicago_cinch(catalogue):
    assert [entry.msgid for entry, text in french_texts(catalogue) if "Chicago Cinch" in text] == []


def test_the_tables_blurbs_name_four_handed_chicago(client_as, director, played_night):
    client = client_as(director)
    tables = page(client.get(reverse("scoring:table-list"), **FRENCH))
    night = page(client.get(reverse("scoring:night-detail", args=[played_night.pk]), **FRENCH))

    assert "Cinch de Chicago à deux, trois ou quatre" in tables
    assert "Cinch de Chicago à deux, trois ou quatre" in night


def test_a_scorer_device_s_code_is_named_with_elision(client_as, director, played_night):
    scorers.device_add(night=played_night, user=director, name="iPad de la table 2")

    response = client_as(director).get(
        reverse("scoring:night-detail", args=[played_night.pk]), **FRENCH
    )

    assert 'alt="Code QR d’iPad de la table 2"' in response.content.decode()


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("Élise", "chaque soirée d’Élise à"),
        ("Ann", "chaque soirée d’Ann à"),
        ("Zoé", "chaque soirée de Zoé à"),
    ],
    ids=["accented-vowel", "vowel", "consonant"],
)
def test_the_member_s_yes_page_elides_before_a_vowel(name, said):
    member = Member.objects.create(name=name)
    mail_services.member_mail_set(member=member, email="m@example.org", language="fr")
    yes = reverse("scoring:mail-yes", args=[tokens.yes_token(member.pk, "m@example.org")])

    text = page(Client().get(yes))

    assert said in text
    assert not re.search(r"\bde [AEIOUÉÈÊ]", text), "de before a vowel"


def test_a_table_s_count_below_zero_is_printed_with_the_minus_sign_and_kept_bare_in_csv():
    column = NumberColumn()
    assert (column.render(-4), column.render(3)) == (f"{MINUS}4", 3)
    assert column.value(-4) == -4
