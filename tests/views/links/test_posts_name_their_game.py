"""A result goes only where it was meant: every post from a phone names its game and
carries its entry key (``games.entries``), a pair's code is stored and kept, and who may
confirm is read from who entered (``core.records.authors.entered_by``). Each case here was seen
on the site's earlier pair links, where a code opened "the pair's game of the moment"
worked out again at every request."""

import random

import pytest
from django.core.exceptions import ValidationError
from django.db.models import Q

from scoring.games import confirmation
from scoring.games import services as games_services
from scoring.links import scorers
from scoring.models import Game, Night, PhoneEntry
from scoring.nights import services as nights_services
from scoring.results import services as results_services
from tests.factories import DirectorFactory, ScorerFactory, night_with_schedule, play_out
from tests.phones import Phone, code_path, game_path, new_key

pytestmark = pytest.mark.django_db
JSON = {"HTTP_ACCEPT": "application/json"}


def result_form(game: Game, winner: int, loser_score: int = 5) -> dict:
    first = winner == game.pair_a
    scores = (11, loser_score) if first else (loser_score, 11)
    return {
        "result-winner": str(winner),
        "result-score_a": str(scores[0]),
        "result-score_b": str(scores[1]),
        "result-cinches_a": "0",
        "result-cinches_b": "0",
        "result-version": str(game.version),
    }


def game_in(night: Night, round_: int, pair: int) -> Game | None:
    """``pair``'s game of round ``round_`` (``None``: its bye)."""
    return Game.objects.filter(Q(pair_a=pair) | Q(pair_b=pair), night=night, round=round_).first()


def round_three(night: Night) -> tuple[Game, int, int]:
    """A game of round 3 whose first pair plays in round 4 too, and its two pairs (that
    one first)."""
    for game in Game.objects.filter(night=night, round=3).order_by("table"):
        for pair in game.pairs:
            if game_in(night, 4, pair) is not None:
                return game, pair, game.pair_b if pair == game.pair_a else game.pair_a
    raise AssertionError("no pair plays rounds 3 and 4")


def finish_rounds(night: Night, last: int) -> None:
    """Every game of rounds 1 to ``last`` won by its lower pair, and confirmed."""
    scorer, second = ScorerFactory(), ScorerFactory(username="second")
    for game in Game.objects.filter(night=night, round__lte=last).order_by("round", "table"):
        winner = min(game.pairs)
        score = [11, 5] if winner == game.pair_a else [5, 11]
        result = {"winner": winner, "score": score, "cinches": [0, 0]}
        games_services.game_result_record(game=game, result=result, user=scorer)
        confirmation.game_result_confirm(game=game, user=second)


def answer(response) -> tuple[str, str]:
    data = response.json()
    return data["outcome"], " ".join(data["messages"])


@pytest.fixture
def night():
    night = night_with_schedule(5, confirm_results=True)
    finish_rounds(night, 2)
    return night


def test_two_phones_of_a_pair_posting_the_same_result_write_it_once(night):
    game, a, other = round_three(night)
    nxt = game_in(night, 4, a)
    phones = Phone(), Phone()
    shown = [phone.get(code_path(night, a)).context["game"].pk for phone in phones]
    assert shown == [game.pk, game.pk]

    first = phones[0].post(game_path(night, a, game, "result"), result_form(game, a), **JSON)
    second = phones[1].post(game_path(night, a, game, "result"), result_form(game, a), **JSON)

    assert answer(first)[0] == "saved"
    assert answer(second) == ("done", f"The result was already saved: won by pair {a}.")
    nxt.refresh_from_db()
    assert nxt.winner is None and not nxt.hands.exists()


def test_a_resent_result_whose_answer_was_lost_is_done(night):
    game, a, other = round_three(night)
    phone, key = Phone(), new_key()
    path, form = game_path(night, a, game, "result"), result_form(game, a)

    seen = game.version
    answers = [answer(phone.post(path, form, entry=key, seen=seen, **JSON))[0] for _ in "ab"]

    assert answers == ["saved", "done"]
    assert PhoneEntry.objects.filter(key=key).count() == 1
    assert game_in(night, 4, a).winner is None


def test_a_second_confirm_confirms_nothing_else(night):
    game, a, other = round_three(night)
    Phone().post(game_path(night, a, game, "result"), result_form(game, a))
    later = game_in(night, 4, other)
    typed = {"winner": other, "score": [11, 0] if later.pair_a == other else [0, 11]}
    games_services.game_result_record(
        game=later, result=typed | {"cinches": [0, 0]}, user=ScorerFactory()
    )
    x, y = Phone(), Phone()
    x.get(code_path(night, other))
    y.get(code_path(night, other))

    confirmed = x.post(game_path(night, other, game, "confirm"), **JSON)
    again = y.post(game_path(night, other, game, "confirm"), **JSON)

    assert answer(confirmed)[0] == "saved"
    assert answer(again)[0] == "done"
    later.refresh_from_db()
    assert not later.confirmed


def test_a_confirmation_of_a_result_changed_since_the_page_showed_it_is_refused(night):
    game, a, other = round_three(night)
    Phone().post(game_path(night, a, game, "result"), result_form(game, a))
    seen = Game.objects.get(pk=game.pk).version
    games_services.game_result_clear(game=game, user=DirectorFactory())
    corrected = {"winner": other, "score": [11, 9] if game.pair_a == other else [9, 11]}
    games_services.game_result_record(
        game=game, result=corrected | {"cinches": [0, 0]}, user=DirectorFactory()
    )

    stale = Phone().post(game_path(night, other, game, "confirm"), seen=seen, **JSON)

    outcome, words = answer(stale)
    assert outcome == "refused" and "changed since this page showed it" in words
    game.refresh_from_db()
    assert not game.confirmed


def test_a_swap_then_a_new_schedule_leaves_the_old_codes_off():
    night = night_with_schedule(4, confirm_results=True)
    old = {pair: code_path(night, pair) for pair in (1, 2)}

    nights_services.seats_swap(night=night, first=1, second=3)
    nights_services.night_schedule(night=night)

    assert [Phone().get(path).status_code for path in old.values()] == [403, 403]
    assert all(code_path(night, pair) != path for pair, path in old.items())


def test_play_offs_open_on_the_tied_pairs_cards():
    night = night_with_schedule(6, confirm_results=True)
    cards = {pair: code_path(night, pair) for pair in (1, 2, 3)}
    play_out(night, upsets=[(1, 3)])
    for game in Game.objects.filter(night=night, confirmed=False):
        confirmation.game_result_confirm(game=game, user=DirectorFactory())

    results_services.playoffs_start(night=night)

    for pair, card in cards.items():
        shown = Phone().get(card)
        assert shown.status_code == 200
        assert shown.context["game"].is_playoff and pair in shown.context["game"].pairs


def test_after_an_early_end_the_card_says_what_it_means_and_takes_no_entry(night):
    results_services.night_end_early(night=night)
    game, a, other = round_three(night)

    shown = Phone().get(code_path(night, a))
    posted = Phone().post(game_path(night, a, game, "result"), result_form(game, a), **JSON)

    assert shown.status_code == 200
    assert "ended the night early" in shown.content.decode()
    assert answer(posted)[0] == "refused"
    game.refresh_from_db()
    assert game.winner is None


@pytest.mark.parametrize("by", ["scorer", "device", "director"])
def test_a_result_typed_by_the_staff_is_offered_to_either_pair(night, by):
    game, a, other = round_three(night)
    typed = {"winner": game.pair_a, "score": [11, 3], "cinches": [0, 0]}
    if by == "device":
        device = scorers.device_add(night=night, user=DirectorFactory(), name="Scorer 2")
        games_services.game_result_record(
            game=game, result=typed, link=scorers.ScorerLink(game, device, device="d")
        )
    else:
        user = ScorerFactory() if by == "scorer" else DirectorFactory()
        games_services.game_result_record(game=game, result=typed, user=user)

    for pair in game.pairs:
        shown = Phone().get(code_path(night, pair))
        assert shown.context["game"].pk == game.pk, pair
        assert shown.context["can_confirm"], pair

    confirmed = Phone().post(game_path(night, game.pair_b, game, "confirm"), **JSON)
    assert answer(confirmed)[0] == "saved"


def test_a_directors_correction_is_confirmed_by_a_pairs_code_not_by_herself(night):
    game, a, other = round_three(night)
    director = DirectorFactory()
    phone = Phone()
    hand = {"bidder": str(a), "bid": "4", "high": str(a), "low": str(a)} | {"jack": str(a)}
    hand |= {"game": str(a)}
    for position in (1, 2, 3):
        phone.post(game_path(night, a, game), hand | {"position": str(position)})
    saved = game.hands.order_by("position").last()
    cards = {"high": a, "low": a, "jack": a, "game": None}
    games_services.hand_correct(
        hand=saved, data={"bidder": a, "bid": 3, **cards}, version=saved.version, user=director
    )
    with pytest.raises(ValidationError, match="someone other than who entered it"):
        confirmation.game_result_confirm(game=game, user=director)

    confirmed = Phone().post(game_path(night, a, game, "confirm"), **JSON)

    assert answer(confirmed)[0] == "saved"


def test_a_pair_on_the_bye_enters_nothing_before_its_round_begins():
    night = night_with_schedule(5, confirm_results=True)
    round_one = set(Game.objects.filter(night=night, round=1).values_list("pair_a", "pair_b"))
    bye = ({1, 2, 3, 4, 5} - {pair for game in round_one for pair in game}).pop()
    upcoming = game_in(night, 2, bye)

    shown = Phone().get(code_path(night, bye))
    posted = Phone().post(
        game_path(night, bye, upcoming),
        {"bidder": str(bye), "bid": "2"}
        | {"high": str(bye), "low": str(bye), "jack": "", "game": "", "position": "1"},
        **JSON,
    )

    assert shown.context["game"].pk == upcoming.pk and "hand_form" not in shown.context
    outcome, words = answer(posted)
    assert outcome == "refused" and "round 1 is still being played" in words
    assert not upcoming.hands.exists()


def test_only_the_pair_that_kept_the_hand_settles_it(night):
    game, a, other = round_three(night)
    ours = {"bidder": str(a), "bid": "2", "high": str(a), "low": str(a), "jack": "", "game": ""}
    theirs = {"bidder": str(other), "bid": "2", "high": str(other), "low": str(other)}
    theirs |= {"jack": "", "game": ""}
    Phone().post(game_path(night, other, game), theirs | {"position": "1"})
    kept = Phone().post(game_path(night, a, game), ours | {"position": "1"}, **JSON)
    assert answer(kept)[0] == "different"

    by_other = Phone().post(game_path(night, other, game, "settled"), **JSON)
    by_us = Phone().post(game_path(night, a, game, "settled"), **JSON)

    assert answer(by_other)[0] == "refused"
    assert answer(by_us)[0] == "saved"
    game.refresh_from_db()
    assert game.disputed_hand is None


def test_a_finished_game_takes_no_different_hand_and_is_not_marked_disputed(night):
    game = Game.objects.get(night=night, round=1, table=1)
    a = game.pair_a
    hand = {"bidder": str(a), "bid": "2", "high": str(a), "low": str(a), "jack": "", "game": ""}

    posted = Phone().post(game_path(night, a, game), hand | {"position": "1"}, **JSON)

    outcome, words = answer(posted)
    assert outcome == "refused" and "was confirmed at" in words
    game.refresh_from_db()
    assert game.disputed_hand is None


def test_the_author_is_the_pair_not_its_phones_cookie(night):
    game, a, other = round_three(night)
    Phone().post(game_path(night, a, game, "result"), result_form(game, a))

    fresh_phone_same_pair = Phone().post(game_path(night, a, game, "confirm"), **JSON)

    assert answer(fresh_phone_same_pair)[0] == "refused"
    game.refresh_from_db()
    assert not game.confirmed


def test_a_post_without_its_entry_is_refused_and_writes_nothing(night):
    game, a, other = round_three(night)
    bare = Phone().post(
        game_path(night, a, game, "result"), result_form(game, a) | {"entry": ""}, **JSON
    )

    outcome, words = answer(bare)
    assert outcome == "refused" and "out of date" in words
    game.refresh_from_db()
    assert game.winner is None


def test_a_key_sent_for_another_game_is_refused(night):
    game, a, other = round_three(night)
    pair_two = next(p for p in (1, 2, 3, 4, 5) if p not in game.pairs and game_in(night, 3, p))
    other_game = game_in(night, 3, pair_two)
    key = new_key()
    Phone().post(game_path(night, a, game, "result"), result_form(game, a), entry=key)

    reused = Phone().post(
        game_path(night, pair_two, other_game, "result"),
        result_form(other_game, pair_two),
        entry=key,
        **JSON,
    )

    refusal = "This entry was sent for another game: nothing was saved."
    assert answer(reused) == ("refused", refusal)
    other_game.refresh_from_db()
    assert other_game.winner is None


def test_a_redraw_keeps_no_code_of_the_draw_before():
    night = night_with_schedule(4)
    before = {code_path(night, pair) for pair in (1, 2, 3, 4)}

    nights_services.night_draw(night=night, chance=random.Random(5))

    assert not before & {code_path(night, pair) for pair in (1, 2, 3, 4)}


def test_a_scorer_device_link_is_a_phone_too(night):
    """Its posts carry their entry: a double tap is done, not two results."""
    game, a, other = round_three(night)
    device = scorers.device_add(night=night, user=DirectorFactory(), name="Scorer 2")
    token = scorers.device_token(device)
    path = f"/d/{token}/games/{game.pk}/result/"
    phone, key = Phone(), new_key()

    form, seen = result_form(game, a), game.version
    answers = [answer(phone.post(path, form, entry=key, seen=seen, **JSON))[0] for _ in "ab"]

    assert answers == ["saved", "done"]
