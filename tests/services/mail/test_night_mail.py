"""Each player's night by e-mail, sent to a real mail server (aiosmtpd, ``smtp``): the
messages a closed night sends, in each player's language, plain text and HTML, with the
night's link and the stop link; one per night and player however often it is re-opened
and closed, a correction at most; a server that says "not now" then yes (sent once), one
that says no for good (refused, with its answer), a hall offline (kept, then sent)."""

from datetime import timedelta

import pytest
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import timezone, translation
from django_tasks import TaskResultStatus
from django_tasks_db.models import DBTaskResult

from scoring.core.records.outbox import night_mail_counts
from scoring.games import services as games_services
from scoring.mail import outbox, services, tokens
from scoring.mail.figures import NightFigures
from scoring.mail.messages import site_url
from scoring.models import Game, Member, OutgoingMail, Season
from scoring.results import services as results_services
from scoring.results.selectors import night_results
from scoring.seasons.selectors import season_ladder
from scoring.words.money import shown_money
from scoring.words.places import ordinal
from tests.factories import night_with_schedule, play_out
from tests.mail import free_port
from tests.queue import DATABASE_QUEUE, work

pytestmark = pytest.mark.django_db

State = OutgoingMail.State
NAMES = ["Ann Lee", "Bob Roy", "Cy Dunn", "Di Fox", "Ed Hall", "Flo Gray"]


def asks(name: str, email: str, language: str = "") -> Member:
    """``name`` with an address, who said yes by the invitation's link."""
    member = Member.objects.get(name=name)
    services.member_mail_set(member=member, email=email, language=language)
    return services.member_mail_yes(token=tokens.yes_token(member.pk, email))


@pytest.fixture
def night(db):
    """Three pairs, their games played: Ann (English) and Cy (French) asked for their
    nights, Ed has an address and never said yes, Bob and the others have none."""
    night = night_with_schedule(3, names=NAMES, name="Tuesday night")
    play_out(night)
    asks("Ann Lee", "ann@example.org")
    asks("Cy Dunn", "cy@example.org", "fr")
    Member.objects.filter(name="Ed Hall").update(email="ed@example.org")
    return night


def close(night, commits):
    with commits(execute=True):
        return results_services.night_close(night=night)


def reopen(night):
    return results_services.night_reopen(night=night)


def header(message, name: str) -> str:
    """A header's value, unfolded (a long one starts on the line after its name)."""
    return str(message[name]).strip()


def text_of(message) -> str:
    return message.get_body(("plain",)).get_content()


def html_of(message) -> str:
    return message.get_body(("html",)).get_content()


def test_a_closed_night_mails_each_player_who_asked_in_their_language(
    night, smtp, django_capture_on_commit_callbacks
):
    close(night, django_capture_on_commit_callbacks)

    assert sorted(message["To"] for message in smtp.accepted) == [
        "ann@example.org",
        "cy@example.org",
    ]
    (ann,), (cy,) = smtp.to("ann@example.org"), smtp.to("cy@example.org")
    assert header(ann, "Subject") == "Your night at Cinch Club: Tuesday night (November 17, 2026)"
    assert header(cy, "Subject") == "Votre soirée au Cinch Club : Tuesday night (17 novembre 2026)"
    assert "Hello Ann Lee," in text_of(ann) and "Bonjour Cy Dunn," in text_of(cy)
    assert "Hello Ann Lee," in html_of(ann) and "Bonjour Cy Dunn," in html_of(cy)
    assert "The night on the site: http://localhost:8000/nights/" in text_of(ann)
    assert f'href="http://localhost:8000/nights/{night.pk}/standings/"' in html_of(ann)


def test_a_hall_s_messages_link_the_address_members_reach_from_home(
    night, smtp, settings, django_capture_on_commit_callbacks
):
    settings.SITE_URL = "http://192.168.1.20:8000"  # make hall's: the hall's Wi-Fi only
    settings.MAIL_SITE_URL = "https://cinch.example.org"

    close(night, django_capture_on_commit_callbacks)

    (ann,) = smtp.to("ann@example.org")
    assert f"https://cinch.example.org/nights/{night.pk}/standings/" in text_of(ann)
    assert "192.168.1.20" not in text_of(ann) + html_of(ann)


def test_the_message_tells_the_player_s_figures_from_the_night_s_results(
    night, smtp, django_capture_on_commit_callbacks
):
    close(night, django_capture_on_commit_callbacks)

    results = night_results(night)
    ann_seat = next(seat for seat in results.seats if seat.member.name == "Ann Lee")
    row = next(row for row in results.standings["standings"] if row["pair"] == ann_seat.pair)
    line = next(line for line in results.ledger if line.number == ann_seat.number)
    partner = next(name for name in row["players"] if name != "Ann Lee")
    with translation.override("en"):
        said = [
            f"Place: {ordinal(row['rank'])}, pair {row['pair']} with {partner}",
            f"Games: {row['wins']} won, {row['losses']} lost",
            f"Paid {shown_money(line.paid)}, won {shown_money(line.won)}: "
            f"{shown_money(line.won - line.paid)} for the night",
        ]
    text = text_of(smtp.to("ann@example.org")[0])
    for words in said:
        assert words in text
    # The standings: every pair, Ann's marked.
    for standing in results.standings["standings"]:
        assert f"Pair {standing['pair']}, {results.names[standing['pair']]}:" in text
    assert f"Pair {row['pair']}, {results.names[row['pair']]}: " in text
    assert "← you" in text
    assert sum(row["wins"] for row in results.standings["standings"]) == 3  # 3 games played


def test_french_figures_are_said_in_french(night, smtp, django_capture_on_commit_callbacks):
    close(night, django_capture_on_commit_callbacks)

    text = text_of(smtp.to("cy@example.org")[0])
    assert "Place : " in text and "Parties : " in text and "Classement de la soirée :" in text
    assert "La soirée sur le site : http://localhost:8000/nights/" in text
    assert "← vous" in text


def stop_token_of(link: str) -> tokens.Signed | None:
    """Whom a stop link speaks for (its token is signed with the second it was made, so
    the link is read, not made again and compared)."""
    prefix = site_url(reverse("scoring:mail-stop", args=["TOKEN"])).split("TOKEN")[0]
    assert link.startswith(prefix)
    return tokens.read_stop(link.removeprefix(prefix).rstrip("/"))


def test_each_message_carries_its_stop_link_and_its_message_id(
    night, smtp, django_capture_on_commit_callbacks
):
    close(night, django_capture_on_commit_callbacks)

    (ann,) = smtp.to("ann@example.org")
    member = Member.objects.get(name="Ann Lee")
    row = OutgoingMail.objects.get(member=member)
    assert header(ann, "Message-ID") == row.message_id
    assert f"night{night.pk}-member{member.pk}-results" in row.message_id
    link = header(ann, "List-Unsubscribe").strip("<>")
    assert stop_token_of(link) == tokens.Signed(member.pk, "ann@example.org")
    assert header(ann, "List-Unsubscribe-Post") == "List-Unsubscribe=One-Click"
    assert link in text_of(ann) and link in html_of(ann)
    assert row.state == State.SENT and row.address == "ann@example.org"


def test_re_opened_and_closed_unchanged_sends_nothing_more(
    night, smtp, django_capture_on_commit_callbacks
):
    close(night, django_capture_on_commit_callbacks)
    for _ in range(3):
        reopen(night)
        close(night, django_capture_on_commit_callbacks)

    assert len(smtp.accepted) == 2
    assert OutgoingMail.objects.filter(night=night).count() == 2


def _turn_a_game(night) -> None:
    """The game Ann's pair won, given to the other pair (a mistake mended)."""
    ann = night.seats.get(member__name="Ann Lee")
    game = Game.objects.filter(night=night, winner=ann.pair).first()
    other = game.pair_b if game.pair_a == ann.pair else game.pair_a
    score = [5, 11] if game.pair_a == ann.pair else [11, 5]
    game = games_services.game_reopen(game=game)
    games_services.game_result_record(
        game=game, result={"winner": other, "score": score, "cinches": [0, 0]}
    )


def said_of(night) -> dict[str, dict]:
    """What a message would say of each asking player's night, as it stands."""
    figures = NightFigures(night)
    return {member.name: figures.player(member).said() for member in outbox.asking(night)}


def test_a_correction_after_closing_sends_one_short_corrected_message(
    night, smtp, django_capture_on_commit_callbacks
):
    close(night, django_capture_on_commit_callbacks)
    before = said_of(night)
    reopen(night)
    _turn_a_game(night)
    after = said_of(night)
    close(night, django_capture_on_commit_callbacks)
    reopen(night)
    _turn_a_game(night)  # another change: the night's page tells it, no third message
    close(night, django_capture_on_commit_callbacks)

    changed = {name for name in before if before[name] != after[name]}
    assert "Ann Lee" in changed
    ann = smtp.to("ann@example.org")
    assert [header(message, "Subject") for message in ann] == [
        "Your night at Cinch Club: Tuesday night (November 17, 2026)",
        "Corrected: your night at Cinch Club, Tuesday night (November 17, 2026)",
    ]
    text = text_of(ann[1])
    assert "was corrected after it was closed. Your night now:" in text
    assert "Games: {wins} won, {losses} lost".format(**after["Ann Lee"]) in text
    assert "The night's standings" not in text  # short
    corrections = OutgoingMail.objects.filter(night=night, kind="correction")
    assert {mail.member.name for mail in corrections} == changed
    assert corrections.filter(state=State.SENT).count() == len(changed)
    assert len(smtp.accepted) == 2 + len(changed)


def test_the_database_refuses_a_second_message_of_a_kind(night):
    member = Member.objects.get(name="Ann Lee")
    OutgoingMail.objects.create(kind="results", night=night, member=member, message_id="<a@b>")

    with pytest.raises(IntegrityError), transaction.atomic():
        OutgoingMail.objects.create(kind="results", night=night, member=member, message_id="<c@d>")


def test_nothing_goes_while_the_night_is_open_again(night, smtp, settings):
    """Queued, then re-opened before a worker took them: they wait for its closing."""
    settings.TASKS = DATABASE_QUEUE
    results_services.night_close(night=night)
    reopen(night)
    outbox.send_due_mail.call()

    assert smtp.accepted == []
    assert night_mail_counts(night).to_send == 2


# --- the mail server ----------------------------------------------------------------------

pytest_worker = pytest.mark.django_db(transaction=True)


@pytest.fixture
def queued(settings):
    """The database queue as the site runs it: a worker (``tests.queue.work``) sends."""
    settings.TASKS = DATABASE_QUEUE


def now_due() -> None:
    """The back-off waited out: the rows to try again and their queued run due now."""
    OutgoingMail.objects.filter(state=State.RETRYING).update(next_try_at=timezone.now())
    DBTaskResult.objects.filter(status=TaskResultStatus.READY).update(run_after=timezone.now())


@pytest_worker
def test_a_server_that_says_not_now_then_yes_gets_each_message_once(night, smtp, queued):
    smtp.answers = ["451 4.7.1 Try again later"]
    results_services.night_close(night=night)
    work()

    first = OutgoingMail.objects.get(state=State.RETRYING)
    assert first.answer == "451 4.7.1 Try again later" and first.attempts == 1
    assert len(smtp.accepted) == 1  # the other went
    retry = DBTaskResult.objects.filter(status=TaskResultStatus.READY).order_by("run_after")[0]
    assert retry.run_after >= first.next_try_at - timedelta(seconds=1)
    assert first.next_try_at - timezone.now() > timedelta(seconds=25)  # 30 s back-off

    now_due()
    work()
    first.refresh_from_db()
    assert first.state == State.SENT and first.attempts == 2
    assert len(smtp.accepted) == 2 and smtp.tries == 3
    assert sorted(m["To"] for m in smtp.accepted) == ["ann@example.org", "cy@example.org"]


@pytest_worker
def test_a_server_that_says_no_for_good_leaves_it_refused_with_its_answer(night, smtp, queued):
    smtp.answers = ["550 5.1.1 No such mailbox"]
    results_services.night_close(night=night)
    work()
    now_due()
    work()

    refused = OutgoingMail.objects.get(state=State.REFUSED)
    assert refused.answer == "550 5.1.1 No such mailbox" and refused.attempts == 1
    counts = night_mail_counts(night)
    assert (counts.to_send, counts.sent, counts.refused) == (0, 1, 1)
    assert [(r.name, r.answer) for r in counts.refusals] == [
        (refused.member.name, "550 5.1.1 No such mailbox")
    ]


@pytest_worker
def test_a_hall_offline_keeps_them_and_sends_them_once_online(night, smtp, queued, settings):
    online = settings.EMAIL_PORT
    settings.EMAIL_PORT = free_port()  # nobody listens: the connection is refused
    results_services.night_close(night=night)
    work()

    waiting = OutgoingMail.objects.filter(night=night)
    # The first refusal stops the run: one connection tried, not one a message.
    assert sorted(waiting.values_list("state", "attempts")) == [
        (State.RETRYING, 1),
        (State.TO_SEND, 0),
    ]
    assert night_mail_counts(night).to_send == 2

    settings.EMAIL_PORT = online
    with transaction.atomic():
        assert services.night_mail_send_now(night=night) == 1
    DBTaskResult.objects.filter(status=TaskResultStatus.READY).update(run_after=timezone.now())
    work()
    assert sorted(waiting.values_list("state", flat=True)) == [State.SENT, State.SENT]
    assert len(smtp.accepted) == 2


@pytest_worker
def test_two_runs_never_take_the_same_message(night, queued):
    results_services.night_close(night=night)
    until = timezone.now() + outbox.hold()

    first, second, third = outbox._take(until), outbox._take(until), outbox._take(until)

    assert first and second and first.pk != second.pk and third is None
    assert {first.state, second.state} == {State.SENDING}


def test_the_back_off_doubles_up_to_half_an_hour():
    assert [outbox.delay_after(n).total_seconds() for n in (1, 2, 3, 7, 20)] == [
        30,
        60,
        120,
        1800,
        1800,
    ]


def test_a_night_in_a_season_tells_the_player_s_place_on_its_ladder(
    night, smtp, django_capture_on_commit_callbacks
):
    season = Season.objects.create(name="Fall 2026", first_date=night.date, last_date=night.date)
    close(night, django_capture_on_commit_callbacks)

    ladder = season_ladder(season).document["ladder"]
    ann_rank = next(row["rank"] for row in ladder if row["player"] == "Ann Lee")
    cy_rank = next(row["rank"] for row in ladder if row["player"] == "Cy Dunn")
    with translation.override("en"):
        ann_words = f"Season Fall 2026: {ordinal(ann_rank)} on the ladder"
    with translation.override("fr"):
        cy_words = f"Saison Fall 2026 : {ordinal(cy_rank)} place au classement"
    assert ann_words in text_of(smtp.to("ann@example.org")[0])
    assert cy_words in text_of(smtp.to("cy@example.org")[0])
    assert "Fall 2026" in html_of(smtp.to("ann@example.org")[0])
