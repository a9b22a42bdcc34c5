"""Tables through the site: started, played hand by hand to the payout, corrected.

A five-player Razzle table and a three-handed Chicago table are each played from the
new-table form to the winners' shares of the stake, by posting the forms a scorer posts.
"""

import datetime
import json
from decimal import Decimal

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.urls import reverse
from pytest_django.asserts import assertContains, assertNotContains

from scoring.models import Member, TableGame, TableHand
from scoring.tablegames import services as tablegames_services
from tests.factories import night_with_schedule

pytestmark = pytest.mark.django_db

RAZZLE_PLAYERS = "Ann\nBob\nCy\nDi\nEd"


def start(client, **fields):
    data = {"variant": "razzle", "date": "2026-11-20", "unit": "0.01", **fields}
    return client.post(reverse("scoring:table-create"), data)


def post_hand(client, table, **fields):
    data = {key: "" if value is None else value for key, value in fields.items()}
    return client.post(reverse("scoring:table-detail", args=[table.pk]), data)


def test_a_five_player_razzle_table_is_played_to_its_payout(client_as, scorer):
    client = client_as(scorer)
    Member.objects.create(name="Cy")
    response = start(client, new_players=RAZZLE_PLAYERS, stake="1.00", name="Friday Razzle")
    table = TableGame.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("scoring:table-detail", args=[table.pk])
    assert [p.member.name for p in table.players.order_by("number")] == [
        "Ann",
        "Bob",
        "Cy",
        "Di",
        "Ed",
    ]
    assert Member.objects.filter(name="Cy").count() == 1  # the member, not a new one

    # The format's example: card by card with a partner, then a bidder alone by totals.
    cards = dict(high=2, low=1, jack=4, game=3, right_pedro=2, left_pedro=5)
    assert post_hand(client, table, bidder=2, bid=6, partner=4, **cards).status_code == 302
    assert (
        post_hand(client, table, bidder=1, bid=9, partner=None, points_a=7, points_b=7).status_code
        == 302
    )
    table.refresh_from_db()
    assert table.scores == [-2, 14, 14, 14, 14]
    assert table.cinches == [1, 0, 0, 0, 0]

    # Bob calls Cy twice with all 14: Bob and Cy reach 42 together and share the pot.
    for _ in range(2):
        post_hand(client, table, bidder=2, bid=14, partner=3, points_a=14, points_b=0)
    table.refresh_from_db()
    assert table.winners == [2, 3]

    page = client.get(reverse("scoring:table-detail", args=[table.pk]))
    board = page.context["board"]
    assert [row.share for row in board.players] == [
        Decimal("0.00"),
        Decimal("2.50"),
        Decimal("2.50"),
        Decimal("0.00"),
        Decimal("0.00"),
    ]
    assert sum(row.share for row in board.players) == board.pot == Decimal("5.00")
    assert "Won by Bob (42) and Cy (42), who reached 42 together" in page.content.decode()
    assert "Hand 5" not in page.content.decode()  # no entry form once it is won


def test_a_three_handed_table_is_played_to_its_payout(client_as, scorer):
    client = client_as(scorer)
    start(client, variant="chicago42", new_players="Ann\nBob\nCy", stake="0.50")
    table = TableGame.objects.get()
    for bidder in (1, 2, 1):
        post_hand(client, table, bidder=bidder, bid=7, points_a=13, points_b=1, points_c=0)
    table.refresh_from_db()
    assert table.scores == [39, -5, 0]  # Bob bid 7 and took 1: set back 7
    assert table.cinches == [0, 1, 0]
    # Ann bids 1 (the dealer's forced bid) and takes High, Low and the Jack: 42.
    post_hand(client, table, bidder=1, bid=1, high=1, low=1, jack=1)
    table.refresh_from_db()
    assert (table.scores, table.winners) == ([42, -5, 0], [1])

    board = client.get(reverse("scoring:table-detail", args=[table.pk])).context["board"]
    assert [row.share for row in board.players] == [Decimal("1.50"), Decimal("0"), Decimal("0")]


def test_the_variant_must_fit_the_player_count(client_as, scorer):
    response = start(client_as(scorer), variant="razzle", new_players="Ann\nBob\nCy")

    assert response.status_code == 200
    assert "Razzle-Dazzle Cinch is for 4 to 6 players" in response.content.decode()
    assert not TableGame.objects.exists()


def test_a_player_twice_is_refused(client_as, scorer):
    response = start(client_as(scorer), variant="chicago42", new_players="Ann\n ann ")

    assert "a player sits once at a table" in response.content.decode()
    assert not TableGame.objects.exists()


def test_a_player_name_with_a_hidden_character_is_refused(client_as, scorer):
    response = start(client_as(scorer), variant="chicago42", new_players="Ann\nBob\u200b\nCy")

    assert "contains U+200B (ZERO WIDTH SPACE)" in response.content.decode()
    assert not TableGame.objects.exists()


def test_a_stake_below_zero_is_refused_beside_it(client_as, scorer):
    response = start(client_as(scorer), new_players=RAZZLE_PLAYERS, stake="-1")

    assert response.context["form"].errors["stake"]
    assert not TableGame.objects.exists()


def make_table(variant="razzle", names=("Ann", "Bob", "Cy", "Di"), **settings):
    return tablegames_services.table_create(
        variant=variant, player_names=list(names), date=datetime.date(2026, 11, 20), **settings
    )


def test_a_refused_hand_says_why_beside_the_field_and_saves_nothing(client_as, scorer):
    table = make_table()

    response = post_hand(
        client_as(scorer), table, bidder=2, bid=6, partner=2, points_a=7, points_b=7
    )

    assert response.status_code == 200
    assert response.context["hand_form"].errors["partner"] == [
        "the partner is the player holding the card the bidder called: never the bidder "
        "(no partner when the bidder plays alone)"
    ]
    assert not TableHand.objects.exists()


def test_the_same_hand_posted_twice_is_saved_once(client_as, scorer):
    table = make_table()
    client = client_as(scorer)
    fields = dict(position=1, bidder=1, bid=5, partner=None, points_a=9, points_b=5)

    post_hand(client, table, **fields)
    response = post_hand(client, table, **fields)

    assert response.status_code == 302
    assert TableHand.objects.count() == 1


def test_a_correction_rescored_and_a_stale_one_refused(client_as, scorer):
    table = make_table()
    hand = tablegames_services.table_hand_record(
        table=table, data={"bidder": 1, "bid": 5, "points": [9, 5]}
    )
    client = client_as(scorer)
    url = reverse("scoring:table-hand-edit", args=[hand.pk])
    fields = {"bidder": 1, "bid": 5, "partner": 3, "points_a": 9, "points_b": 5, "version": 1}

    assert client.post(url, fields).status_code == 302
    table.refresh_from_db()
    assert table.scores == [9, 5, 9, 5]

    stale = client.post(url, {**fields, "partner": 4})
    assert "changed by someone else" in stale.content.decode()
    table.refresh_from_db()
    assert table.scores == [9, 5, 9, 5]


def test_the_audit_trail_names_who_changed_what(client_as, scorer):
    table = make_table()
    client = client_as(scorer)
    post_hand(client, table, bidder=1, bid=5, partner=None, points_a=9, points_b=5)

    audit = client.get(reverse("scoring:table-detail", args=[table.pk])).context["audit"]

    assert (audit[0].who, audit[0].what, audit[0].action) == ("scorer", "Table", "changed")
    assert any(entry.what == "Hand 1" and entry.action == "added" for entry in audit)


@pytest.mark.parametrize(("role", "status"), [("anonymous", 302), ("member", 403)])
def test_only_scorers_start_tables_and_enter_hands(client_for, role, status):
    table = make_table()
    client = client_for(role)

    assert client.get(reverse("scoring:table-create")).status_code == status
    assert post_hand(client, table, bidder=1, bid=5, points_a=9, points_b=5).status_code == status
    assert client.get(reverse("scoring:table-detail", args=[table.pk])).status_code == 200
    assert not TableHand.objects.exists()


def test_the_night_page_lists_its_other_tables(client_as, scorer):
    night = night_with_schedule(2)
    beside = make_table(night=night, name="Corner Razzle")
    make_table(name="Elsewhere")

    page = client_as(scorer).get(reverse("scoring:night-detail", args=[night.pk]))

    assert [table.pk for table in page.context["tables"]] == [beside.pk]
    assert "Corner Razzle" in page.content.decode()
    assert f"?night={night.pk}" in page.content.decode()


def test_no_table_starts_beside_a_final_night(scorer):
    night = night_with_schedule(2)
    night.is_final = True
    night.save()

    with pytest.raises(Exception, match="is final"):
        make_table(night=night)
    assert not TableGame.objects.exists()


@pytest.mark.parametrize("hands", [3, 25])
def test_the_table_page_costs_the_same_queries_however_many_hands(
    client_as, scorer, django_assert_num_queries, hands
):
    table = make_table(variant="razzle", names=("Ann", "Bob", "Cy", "Di", "Ed", "Flo"))
    for number in range(hands):
        tablegames_services.table_hand_record(
            table=table, data={"bidder": number % 6 + 1, "bid": 1, "points": [1, 1]}
        )
    client = client_as(scorer)

    # Session and user 2, the club with the scorer's role 1; the table, its players, its
    # hands 3; the audit trail's two histories 2.
    with django_assert_num_queries(8):
        response = client.get(reverse("scoring:table-detail", args=[table.pk]))

    assert len(response.context["board"].hands) == hands


@pytest.mark.parametrize("tables", [1, 4])
def test_the_night_page_costs_the_same_queries_however_many_tables(
    client, django_assert_num_queries, tables
):
    night = night_with_schedule(2)
    for number in range(tables):
        make_table(night=night, names=(f"A{number}", f"B{number}"), variant="chicago42")

    # Anonymous: the night page's 5 (test_query_counts), and the tables' players 1.
    with django_assert_num_queries(6):
        response = client.get(reverse("scoring:night-detail", args=[night.pk]))

    assert len(response.context["tables"]) == tables


def test_the_game_file_downloads_and_imports_back(client_as, scorer):
    table = make_table(stake=Decimal("1.00"), name="Friday")
    tablegames_services.table_hand_record(
        table=table, data={"bidder": 1, "bid": 5, "partner": 2, "points": [9, 5]}
    )
    client = client_as(scorer)

    download = client.get(reverse("scoring:table-file", args=[table.pk]))
    document = json.loads(download.content)
    assert download["Content-Disposition"] == 'attachment; filename="2026-11-20-friday.json"'
    assert document["format"] == "cinch-game/1"
    assert document["stake"] == "1.00"
    assert document["hands"] == [{"bidder": 1, "bid": 5, "partner": 2, "points": [9, 5]}]

    upload = SimpleUploadedFile("t.json", download.content, content_type="application/json")
    response = client.post(reverse("scoring:table-import"), {"file": upload})
    copy = TableGame.objects.latest("pk")
    assert response["Location"] == reverse("scoring:table-detail", args=[copy.pk])
    assert copy.pk != table.pk and copy.scores == [9, 9, 5, 5]


def test_a_refused_game_file_lists_its_problems_and_saves_nothing(client_as, scorer):
    bad = {"format": "cinch-game/1", "variant": "razzle", "players": ["A", "B", "C", "D"]}
    bad["hands"] = [{"bidder": 1, "bid": 20, "points": [1, 1]}]
    upload = SimpleUploadedFile("t.json", json.dumps(bad).encode())

    response = client_as(scorer).post(reverse("scoring:table-import"), {"file": upload})

    assert response.status_code == 200
    assert (
        "hand 1, bid: bid 20 is out of range: Razzle-Dazzle Cinch bids are 1 to 14"
        in response.content.decode()
    )
    assert not TableGame.objects.exists()


@pytest.mark.parametrize("asked", ["abc", "99999999999999999999999", "-1", ""])
def test_a_new_table_form_ignores_a_night_that_is_not_one(client_as, scorer, asked):
    response = client_as(scorer).get(reverse("scoring:table-create") + f"?night={asked}")

    assert response.status_code == 200
    assert response.context["form"].initial.get("night") is None


def test_the_night_pages_button_starts_a_table_beside_it(client_as, scorer):
    night = night_with_schedule(2)

    response = client_as(scorer).get(reverse("scoring:table-create") + f"?night={night.pk}")

    assert response.context["form"].initial["night"] == night
    assert response.context["form"].initial["date"] == night.date


def test_the_tables_page_lists_every_table_with_its_players(client):
    make_table(name="Corner Razzle")

    response = client.get(reverse("scoring:table-list"))

    assert response.status_code == 200
    assert "Corner Razzle" in response.content.decode()
    assert "Ann, Bob, Cy, Di" in response.content.decode()


@pytest.mark.parametrize(
    "name", ["table-detail", "table-file", "table-sheet", "table-sheet-preview"]
)
def test_a_table_that_does_not_exist_is_404(client, name):
    assert client.get(reverse(f"scoring:{name}", args=[999])).status_code == 404


def test_a_refused_correction_says_why_and_changes_nothing(client_as, scorer):
    table = make_table()
    hand = tablegames_services.table_hand_record(
        table=table, data={"bidder": 1, "bid": 5, "points": [9, 5]}
    )
    url = reverse("scoring:table-hand-edit", args=[hand.pk])

    response = client_as(scorer).post(
        url, {"bidder": 1, "bid": 5, "points_a": 3, "points_b": 3, "version": 1}
    )

    assert response.status_code == 200
    assert "3 v 3 cannot happen in Razzle-Dazzle Cinch" in response.content.decode()
    hand.refresh_from_db()
    assert hand.points == [9, 5] and hand.version == 1


def test_a_hand_is_deleted_from_its_page(client_as, scorer):
    table = make_table()
    hand = tablegames_services.table_hand_record(
        table=table, data={"bidder": 1, "bid": 5, "points": [9, 5]}
    )

    response = client_as(scorer).post(reverse("scoring:table-hand-delete", args=[hand.pk]))

    assert response["Location"] == reverse("scoring:table-detail", args=[table.pk])
    table.refresh_from_db()
    assert table.scores == [0, 0, 0, 0] and not TableHand.objects.exists()


def test_a_finished_table_refuses_a_scorers_deletion_with_a_message(client_as, scorer):
    table = make_table(variant="chicago42", names=("Ann", "Bob"))
    hands = [
        tablegames_services.table_hand_record(
            table=table, data={"bidder": 1, "bid": 7, "points": [14, 0]}
        )
        for _ in range(3)
    ]
    client = client_as(scorer)

    response = client.post(reverse("scoring:table-hand-delete", args=[hands[0].pk]), follow=True)

    assert "only a director may correct it now" in response.content.decode()
    assert TableHand.objects.count() == 3


def test_a_hand_is_deleted_only_once_its_page_has_asked(client_as, scorer):
    table = make_table()
    hand = tablegames_services.table_hand_record(
        table=table, data={"bidder": 1, "bid": 5, "points": [9, 5]}
    )
    url = reverse("scoring:table-hand-delete", args=[hand.pk])
    client = client_as(scorer)

    correction = client.get(reverse("scoring:table-hand-edit", args=[hand.pk]))
    question = client.get(url)

    assertContains(correction, f'<a class="button danger" href="{url}">')
    assertContains(question, "<h1>Delete hand 1?</h1>")
    assertContains(question, "Delete hand 1</button>")
    assert TableHand.objects.filter(pk=hand.pk).exists()
    client.post(url)
    assert not TableHand.objects.exists()


def test_the_saved_note_names_the_hand_just_saved_when_another_came_first(client_as, scorer):
    """A second scorer saves hand 1 after this page was read: the hand posted from it is
    hand 2, and the note says so."""
    table = make_table()
    client = client_as(scorer)
    other = {"bidder": 1, "bid": 5, "points": [9, 5]}
    read = []

    def other_scorer_saves_after_the_table_is_read(execute, sql, params, many, context):
        result = execute(sql, params, many, context)
        if not read and '"scoring_tablegame"' in sql and sql.lstrip().startswith("SELECT"):
            read.append(sql)
            tablegames_services.table_hand_record(table=table, data=other)
        return result

    with connection.execute_wrapper(other_scorer_saves_after_the_table_is_read):
        response = client.post(
            reverse("scoring:table-detail", args=[table.pk]),
            {"bidder": 2, "bid": 6, "partner": "", "points_a": 8, "points_b": 6},
            follow=True,
        )

    assert read and TableHand.objects.count() == 2
    assertContains(response, "Hand 2 saved")
    assertNotContains(response, "Hand 1 saved")


def test_a_table_hand_posted_after_one_was_deleted_meanwhile_is_not_saved(client_as, scorer):
    table = make_table()
    client = client_as(scorer)
    url = reverse("scoring:table-detail", args=[table.pk])
    for _ in range(2):
        tablegames_services.table_hand_record(
            table=table, data={"bidder": 1, "bid": 5, "points": [9, 5]}
        )
    opened = client.get(url).context["hand_form"]["position"].value()
    tablegames_services.table_hand_delete(hand=TableHand.objects.order_by("position").last())

    response = post_hand(
        client, table, position=opened, bidder=2, bid=6, partner=None, points_a=8, points_b=6
    )

    assert opened == 3
    assertContains(response, "A hand was deleted meanwhile: this would be hand 2, not 3.")
    assert TableHand.objects.count() == 1


def test_a_four_handed_chicago42_table_takes_four_totals(client_as, scorer):
    """Law 1: four may play chicago42 each for themselves; a hand gives four totals."""
    client = client_as(scorer)
    start(client, variant="chicago42", new_players="Ann\nBob\nCy\nDi")
    table = TableGame.objects.get()

    page = client.get(reverse("scoring:table-detail", args=[table.pk]))
    post_hand(client, table, bidder=4, bid=6, points_a=1, points_b=1, points_c=5, points_d=7)

    assert 'name="points_d"' in page.content.decode()
    table.refresh_from_db()
    assert table.scores == [1, 1, 5, 7]


def finished_chicago_table():
    table = make_table(variant="chicago42", names=("Ann", "Bob"))
    hands = [
        tablegames_services.table_hand_record(
            table=table, data={"bidder": 1, "bid": 7, "points": [14, 0]}
        )
        for _ in range(3)
    ]
    return table, hands


def test_a_finished_table_offers_a_scorer_no_correction_form(client_as, scorer):
    table, hands = finished_chicago_table()

    response = client_as(scorer).get(reverse("scoring:table-hand-edit", args=[hands[0].pk]))

    assert response["Location"] == reverse("scoring:table-detail", args=[table.pk])
    page = client_as(scorer).get(response["Location"])
    assert reverse("scoring:table-hand-edit", args=[hands[0].pk]) not in page.content.decode()


def test_a_director_still_opens_a_finished_tables_correction_form(client_as, director):
    _table, hands = finished_chicago_table()

    response = client_as(director).get(reverse("scoring:table-hand-edit", args=[hands[0].pk]))

    assert response.status_code == 200 and "form" in response.context


def test_a_tables_card_choices_and_totals_name_the_players(client_as, scorer):
    table = make_table(variant="chicago42", names=("Ann", "Bob", "Cy"))

    form = (
        client_as(scorer).get(reverse("scoring:table-detail", args=[table.pk])).context["hand_form"]
    )

    card = form.variant.cards[0].key
    assert [label for _, label in form.fields[card].choices][:3] == ["Ann", "Bob", "Cy"]
    assert [field.label for field in form.points_fields] == ["Ann", "Bob", "Cy"]


def table_audit(client, table, **language) -> dict[str, str]:
    """Each field of the table's trail and the value it was last given, as shown."""
    response = client.get(reverse("scoring:table-detail", args=[table.pk]), **language)
    entries = response.context["audit"][::-1]  # oldest first: the newest value wins
    return {field: after for entry in entries for field, _before, after in entry.changes}


def test_the_audit_trail_names_a_tables_players_not_their_numbers(client_as, scorer):
    table = make_table()
    tablegames_services.table_hand_record(
        table=table,
        data={
            "bidder": 3,
            "bid": 6,
            "partner": 1,
            "revoke": 4,
            "high": 3,
            "low": 2,
            "jack": 1,
            "game": 3,
            "right_pedro": 2,
            "left_pedro": None,
        },
    )

    english = table_audit(client_as(scorer), table)
    french = table_audit(client_as(scorer), table, HTTP_ACCEPT_LANGUAGE="fr")

    assert (english["bidder"], english["partner"], english["revoke"]) == ("Cy", "Ann", "Di")
    assert english["cards"].startswith("High Cy, Low Bob, Jack Ann, Game Cy")
    assert (french["enchérisseur"], french["partenaire"], french["renonce"]) == ("Cy", "Ann", "Di")
    assert french["cartes"].startswith("le Haut Cy, le Bas Bob, le Valet Ann, la Partie Cy")


def test_the_audit_trail_names_a_tables_variant_as_the_pages_do(client_as, scorer):
    table = make_table()

    english = table_audit(client_as(scorer), table)
    french = table_audit(client_as(scorer), table, HTTP_ACCEPT_LANGUAGE="fr")

    assert english["variant"] == "Razzle-Dazzle Cinch"
    assert french["variante"] == "Cinch Razzle-Dazzle"


def test_ticked_members_are_numbered_by_name_in_the_reader_s_order(client_as, scorer):
    ticked = [Member.objects.create(name=name) for name in ("Walt", "Élise", "Ève", "Zoé", "Ann")]

    response = start(client_as(scorer), members=[member.pk for member in ticked])

    assert response.status_code == 302
    table = TableGame.objects.get()
    numbered = [player.member.name for player in table.players.order_by("number")]
    assert numbered == ["Ann", "Élise", "Ève", "Walt", "Zoé"]  # the odd cent goes to Ann


def test_the_odd_cent_follows_the_reader_s_order_of_the_ticked_members(client_as, scorer):
    """Ève and Zoé share 5.05: the odd cent goes to the lower number, Ève's, as she comes
    before Zoé by name (numbered in the database's order, Zoé would take it)."""
    ticked = [Member.objects.create(name=name) for name in ("Walt", "Élise", "Ève", "Zoé", "Ann")]
    client = client_as(scorer)
    start(client, members=[member.pk for member in ticked], stake="1.01")
    table = TableGame.objects.get()
    number = {player.member.name: player.number for player in table.players.all()}

    for _ in range(3):
        post_hand(
            client,
            table,
            bidder=number["Zoé"],
            bid=14,
            partner=number["Ève"],
            points_a=14,
            points_b=0,
        )

    board = client.get(reverse("scoring:table-detail", args=[table.pk])).context["board"]
    shares = {row.name: row.share for row in board.players if row.share}
    assert shares == {"Ève": Decimal("2.53"), "Zoé": Decimal("2.52")}
