"""A pair's one code for the night (``/p/<code>/``, ``links.codes``): short enough to type,
stored and random; it opens the pair's game of the moment, shows the bye and a round to
come, leads to the next game by itself, and is refused once turned off or the night is
final."""

import random
import re

import pytest

from scoring.links import codes
from scoring.links import services as links_services
from scoring.models import Game, PairCode
from scoring.nights import services as nights_services
from tests.factories import night_with_schedule
from tests.phones import Phone, code_path, game_path

pytestmark = pytest.mark.django_db

RESULT = {"result-score_a": "11", "result-score_b": "6", "result-cinches_a": "1"}
RESULT |= {"result-cinches_b": "0"}


def won_by(game, pair: int) -> dict:
    """The pegboard result form with ``pair`` winning 11 to 6."""
    first = pair == game.pair_a
    scores = {"result-score_a": "11" if first else "6", "result-score_b": "6" if first else "11"}
    return RESULT | scores | {"result-winner": str(pair), "result-version": str(game.version)}


def build_night():
    # Three pairs: three rounds, two games and a bye each.
    return night_with_schedule(3, confirm_results=True)


def opened(client, night, pair: int):
    """What the pair's phone shows when its code is scanned."""
    response = client.get(code_path(night, pair))
    assert response.status_code == 200, response.content
    return response


def test_the_printed_code_is_short_and_without_look_alikes(night):
    for pair in (1, 2, 3):
        path = code_path(night, pair)
        code = path.removeprefix("/p/")
        assert len(code) <= 12, path
        assert re.fullmatch(r"[34679ACDEFHJKMNPRTWXY]{5}-[34679ACDEFHJKMNPRTWXY]{5}/", code)


def test_the_code_opens_as_typed_in_either_case_with_or_without_its_dash(night):
    spoken = code_path(night, 1).removeprefix("/p/").rstrip("/")

    for typed in (spoken.lower(), spoken.replace("-", ""), spoken.replace("-", "").lower()):
        assert Phone().get(f"/p/{typed}/").status_code == 200, typed


def test_a_pair_plays_three_rounds_on_one_code(night):
    games = {g.round: g for g in Game.objects.filter(night=night)}
    pair = ({1, 2, 3} - set(games[1].pairs)).pop()  # the bye first, then two games
    phone, others = Phone(), {p: Phone() for p in (1, 2, 3)}

    for round_number in (1, 2, 3):
        game = Game.objects.get(pk=games[round_number].pk)
        shown = opened(phone, night, pair)
        page = shown.content.decode()
        if round_number == 1:
            upcoming = games[2]
            assert shown.context["game"].pk == upcoming.pk
            assert "You have the bye in round 1." in page
            other = upcoming.pair_b if upcoming.pair_a == pair else upcoming.pair_a
            assert f"Round 2: table {upcoming.table} against pair {other}." in page
            assert "hand_form" not in shown.context  # its entries open when round 1 is over
            a, b = game.pairs
            others[a].post(game_path(night, a, game, "result"), won_by(game, a))
            others[b].post(game_path(night, b, game, "confirm"))
        else:
            assert shown.context["game"].pk == game.pk
            assert "pair-notice" not in page
            other = game.pair_b if game.pair_a == pair else game.pair_a
            entered = phone.post(game_path(night, pair, game, "result"), won_by(game, pair))
            assert entered["Location"] == code_path(night, pair)
            confirmed = others[other].post(game_path(night, other, game, "confirm"), follow=True)
            assert "Result confirmed" in confirmed.content.decode()
        game.refresh_from_db()
        assert game.finished

    night.is_final = True
    night.save(update_fields=["is_final"])
    refused = phone.get(code_path(night, pair))
    assert refused.status_code == 403
    assert "The night is final" in refused.content.decode()


def test_the_next_game_opens_once_the_pair_has_entered_its_result(night):
    first = Game.objects.filter(night=night).order_by("round").first()
    pair = first.pair_a
    phone = Phone()

    phone.post(game_path(night, pair, first, "result"), won_by(first, pair))
    shown = opened(phone, night, pair)

    following = shown.context["game"]
    assert following.pk != first.pk and pair in following.pairs


def test_the_other_pair_is_asked_to_confirm_on_its_own_code(night):
    first = Game.objects.filter(night=night).order_by("round").first()
    a, b = first.pairs
    Phone().post(game_path(night, a, first, "result"), won_by(first, a))

    shown = opened(Phone(), night, b)

    assert shown.context["game"].pk == first.pk
    assert shown.context["can_confirm"]


def test_the_phone_that_entered_cannot_confirm_with_the_other_pairs_code(night):
    first = Game.objects.filter(night=night).order_by("round").first()
    a, b = first.pairs
    phone = Phone()
    phone.post(game_path(night, a, first, "result"), won_by(first, a))

    phone.post(game_path(night, b, first, "confirm"))

    first.refresh_from_db()
    assert not first.confirmed


def test_a_code_opens_none_of_the_other_pairs_games(night):
    first = Game.objects.filter(night=night).order_by("round").first()
    bye = ({1, 2, 3} - set(first.pairs)).pop()

    shown = Phone().get(game_path(night, bye, first))
    posted = Phone().post(game_path(night, bye, first, "result"), won_by(first, first.pair_a))

    assert shown.status_code == posted.status_code == 403
    assert "your code opens no other" in shown.content.decode()
    first.refresh_from_db()
    assert first.winner is None


def test_revoking_a_table_turns_its_pairs_codes_off(night):
    first = Game.objects.filter(night=night).order_by("round").first()
    a, b = first.pairs
    old = code_path(night, a)
    bye = ({1, 2, 3} - {a, b}).pop()
    untouched = code_path(night, bye)

    links_services.game_links_revoke(game=first)

    assert Phone().get(old).status_code == 403
    assert "replaced by the director" in Phone().get(old).content.decode()
    assert Phone().get(code_path(night, a)).status_code == 200
    assert code_path(night, bye) == untouched
    assert Phone().get(untouched).status_code == 200


def test_a_redraw_turns_every_code_off_and_a_new_schedule_brings_none_back(night):
    old = [code_path(night, pair) for pair in (1, 2, 3)]

    nights_services.night_draw(night=night, chance=random.Random(99))
    nights_services.night_schedule(night=night)

    assert [Phone().get(path).status_code for path in old] == [403, 403, 403]
    assert not {code_path(night, pair) for pair in (1, 2, 3)} & set(old)


def test_a_forged_code_is_refused_and_counted(night):
    code = code_path(night, 1).removeprefix("/p/").rstrip("/")
    forged = ("3" if code[0] != "3" else "4") + code[1:]

    response = Phone().get(f"/p/{forged}/")

    assert response.status_code == 403
    assert "This link is not valid." in response.content.decode()
    for _ in range(25):
        last = Phone().get(f"/p/{forged}/")
    assert last.status_code == 429


def test_an_old_signed_pair_link_is_refused(night):
    response = Phone().get("/p/2.3.1795846222.6:WN5FxYZabc/")

    assert response.status_code == 403


def test_each_pair_has_one_code_in_use(night):
    for pair in (1, 2, 3):
        assert PairCode.objects.filter(night=night, pair=pair, revoked_at=None).count() == 1
    assert set(codes.night_codes(night)) == {1, 2, 3}
